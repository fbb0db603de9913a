/** The parts of a Z3 solver and model that model reduction uses. */
interface ReducibleSolver<Model, Constraint> {
  push(): void;
  pop(): void;
  add(...constraints: Constraint[]): void;
  check(): Promise<'sat' | 'unsat' | 'unknown'>;
  model(): Model;
}

/**
 * Alive2-style model reduction: starting from a satisfying model, keep asking for a "smaller" one
 * (`tighter(model)` gives the constraints that say so) until the solver finds none, at most
 * `rounds` times. Returns the last model found; the solver's assertions are left as they were.
 */
export async function reduceModel<Model, Constraint>(
  solver: ReducibleSolver<Model, Constraint>,
  first: Model,
  tighter: (model: Model) => Constraint[],
  rounds = 32,
): Promise<Model> {
  let model = first;
  for (let round = 0; round < rounds; round++) {
    solver.push();
    solver.add(...tighter(model));
    const result = await solver.check();
    if (result === 'sat') model = solver.model();
    solver.pop();
    if (result !== 'sat') break;
  }
  return model;
}
