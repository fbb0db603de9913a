import { protectedDependencies, type ProtectedDependency } from '../impl/depbar/protectedDependencies.js';
import { eventOrder, type EventOrder } from '../spec/scoreboard/depbar/eventOrder.js';
import { MAX_DEPBAR_LIMIT } from '../format/hp/validate.js';
import type { Program } from '../spec/scoreboard/program.js';
import type { BreakingOrder, QueryAnswer } from './immediateQuery.js';
import { ImmediateSolver } from './immediateSolver.js';
import { withZ3, type Z3Context } from './z3.js';

/** The verdicts of `prove` for one DEPBAR. */
export type DepbarVerdict = 'sound-tight' | 'sound' | 'unsound' | 'unknown';

/** Everything proved (or refuted) about one DEPBAR. */
export interface DepbarProof {
  readonly index: number;
  readonly scoreboard: number;
  readonly immediate: number;
  readonly verdict: DepbarVerdict;
  /** The largest immediate proved safe for every dependency it protects (null: none is; 63 when it protects nothing). */
  readonly largestSafe: number | null;
  readonly reason: string;
  readonly dependencies: readonly ProtectedDependency[];
  readonly order: EventOrder;
  /** For `unsound`: the order that breaks the immediate; for `sound-tight`: the one that breaks immediate + 1. */
  readonly breaking: { readonly dependency: ProtectedDependency; readonly immediate: number; readonly order: BreakingOrder } | null;
  /** Every query asked, as SMT-LIB 2, with its answer. */
  readonly obligations: readonly { readonly name: string; readonly smt2: string; readonly answer: QueryAnswer['verdict'] }[];
  readonly elapsedMs: number;
}

/**
 * Proves a DEPBAR's immediate sound for every dependency it protects (all orders of the counted
 * events the machine allows), then that immediate + 1 is unsafe (tight), with the breaking order.
 * When the immediate is not tight, or unsound, the largest safe value is established by the
 * solver too (safe at L for every dependency, unsafe at L + 1 for one). All of its queries are
 * asked on one incremental solver holding the event order (`ImmediateSolver`).
 */
export function proveDepbar(program: Program, index: number, timeoutMs: number): Promise<DepbarProof> {
  const started = performance.now();
  return withZ3((z3) => proveWith(z3, program, index, timeoutMs, started));
}

async function proveWith(z3: Z3Context, program: Program, index: number, timeoutMs: number, started: number): Promise<DepbarProof> {
  const barrier = program.instructions[index]!;
  if (barrier.kind !== 'depbar') throw new Error(`instruction ${index} is not a DEPBAR`);
  const { scoreboard, limit: immediate } = barrier;
  const order = eventOrder(program, index, scoreboard);
  const dependencies = protectedDependencies(program, index);
  const obligations: { name: string; smt2: string; answer: QueryAnswer['verdict'] }[] = [];
  const unknowns: string[] = [];
  let solver: ImmediateSolver | null = null; // made at the first query: a DEPBAR that protects nothing needs none
  /** Checks k for every dependency: the first breaking one, or 'proved', or 'unknown'. */
  const check = async (k: number) => {
    for (const dependency of dependencies) {
      const name = `depbar${index}_k${k}_${dependency.kind}_${dependency.register}_${dependency.producer}_${dependency.consumer}`;
      solver ??= new ImmediateSolver(z3, order, timeoutMs);
      const answer = await solver.check(dependency.eventIndex, k,
        `DEPBAR.LE SB${scoreboard}, ${k} (instruction ${index}) protects the ${dependency.event} of instruction ${dependency.producer} for ${dependency.kind} on ${dependency.register} by instruction ${dependency.consumer}`);
      obligations.push({ name, smt2: answer.smt2, answer: answer.verdict });
      if (answer.verdict === 'counterexample') return { dependency, order: answer.order };
      if (answer.verdict === 'unknown') unknowns.push(`${name}: ${answer.reason}`);
    }
    return unknowns.length > 0 ? 'unknown' as const : 'proved' as const;
  };
  const all = dependencies.length === 1 ? 'its one dependency' : `all ${dependencies.length} dependencies`;
  const done = (verdict: DepbarVerdict, largestSafe: number | null, reason: string, breaking: DepbarProof['breaking']): DepbarProof =>
    ({ index, scoreboard, immediate, verdict, largestSafe, reason, dependencies, order, breaking, obligations, elapsedMs: performance.now() - started });

  if (dependencies.length === 0) return done('sound', MAX_DEPBAR_LIMIT, 'protects no dependency: no later instruction needs an event it tracks', null);
  const atK = await check(immediate);
  if (atK === 'unknown') return done('unknown', null, `the solver could not decide: ${unknowns.join('; ')}`, null);
  if (atK === 'proved') {
    if (immediate === MAX_DEPBAR_LIMIT) return done('sound-tight', immediate, `proved safe for ${all}; ${immediate} is the largest immediate there is`, null);
    const above = await check(immediate + 1);
    if (above === 'unknown') return done('unknown', null, `sound, but whether ${immediate + 1} is unsafe could not be decided: ${unknowns.join('; ')}`, null);
    if (above !== 'proved') return done('sound-tight', immediate, `proved safe for ${all}, and ${immediate + 1} is unsafe`, { ...above, immediate: immediate + 1 });
  }
  const largest = await largestSafe(check, dependencies);
  if (largest.verdict === 'unknown') return done('unknown', null, `the largest safe immediate could not be decided: ${unknowns.join('; ')}`, null);
  if (atK === 'proved') return done('sound', largest.value, `proved safe, but not tight: ${largest.value} is the largest safe immediate`, null);
  return done('unsound', largest.value, largest.value === null
    ? 'no immediate protects every dependency'
    : `an allowed order lets the consumer go too early; ${largest.value} is the largest safe immediate`, { ...atK, immediate });
}

/** The largest k the solver proves safe for every dependency, with k + 1 refuted; starts from the closed form's answer. */
async function largestSafe(
  check: (k: number) => Promise<'proved' | 'unknown' | { dependency: ProtectedDependency; order: BreakingOrder }>,
  dependencies: readonly ProtectedDependency[],
): Promise<{ verdict: 'decided'; value: number | null } | { verdict: 'unknown' }> {
  let candidate = Math.min(...dependencies.map((d) => d.largestSafe));
  for (;;) {
    if (candidate < 0) return { verdict: 'decided', value: null };
    const at = await check(candidate);
    if (at === 'unknown') return { verdict: 'unknown' };
    if (at !== 'proved') {
      candidate--; // the closed form overestimated: keep going down, the solver has the last word
      continue;
    }
    if (candidate === MAX_DEPBAR_LIMIT) return { verdict: 'decided', value: candidate };
    const above = await check(candidate + 1);
    if (above === 'unknown') return { verdict: 'unknown' };
    if (above === 'proved') {
      candidate++;
      continue;
    }
    return { verdict: 'decided', value: candidate };
  }
}
