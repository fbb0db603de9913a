import type { LoweredKernel } from '../../format/sass/lower.js';
import type { CounterexampleProgram } from '../../spec/sass/architectures/counterexample.js';
import type { SassInstruction, SassProgram } from '../../spec/sass/program.js';

/** The protections a mutant removes. */
export type MutationKind = 'drop-wait' | 'lower-stall' | 'raise-depbar' | 'move-scoreboard';

/** One mutant: the kernel with one protection removed, and what was changed. */
export interface Mutant {
  readonly kind: MutationKind;
  /** Index of the changed instruction (the same on both sides of the kernel). */
  readonly instruction: number;
  /** What changed, for reports: `wait mask loses SB2`. */
  readonly change: string;
  /** The proof program with the change. */
  readonly program: SassProgram;
  /**
   * The kernel's counterexample side with the same change at the same index (null when the
   * kernel has none: its two sides agree). A check needs it so that only a schedule of behaviour
   * a source shows counts as catching the mutant.
   */
  readonly counterexample: CounterexampleProgram | null;
}

/**
 * Every single-protection mutant of a kernel: each wait-mask bit dropped; each stall that lets
 * a fixed-latency result mature lowered to 1; each `DEPBAR` immediate raised by one; each
 * write scoreboard moved to another counter (its waiters then wait on the wrong one). Many
 * mutants stay safe (the protection was redundant); the checker must prove those and show a
 * schedule for the rest. A mutant changes only a control record or a `DEPBAR` limit, which the
 * two sides of a kernel share, so the same change applies to the counterexample side. Each
 * mutant builds its programs when `program` or `counterexample` is read.
 */
export function mutants(kernel: Pick<LoweredKernel, 'program' | 'counterexample'>): Mutant[] {
  const { program } = kernel;
  const result: Mutant[] = [];
  const mutant = (kind: MutationKind, index: number, change: string, edit: (instruction: SassInstruction) => SassInstruction): Mutant => mutantOf(kernel, kind, index, change, edit);
  program.instructions.forEach((instruction, index) => {
    const { control } = instruction;
    // Each edit writes the proof side's new field values into the instruction it is given: the
    // counterexample side gets the very same record, not a change recomputed from its own.
    for (const scoreboard of control.wait) {
      const wait = control.wait.filter((other) => other !== scoreboard);
      result.push(mutant('drop-wait', index, `wait mask loses SB${scoreboard}`, (old) => ({ ...old, control: { ...old.control, wait } })));
    }
    if (control.stall > 1 && instruction.unit.kind === 'fixed') {
      result.push(mutant('lower-stall', index, `stall ${control.stall} -> 1`, (old) => ({ ...old, control: { ...old.control, stall: 1 } })));
    }
    if (instruction.depbar) {
      const depbar = { ...instruction.depbar, limit: instruction.depbar.limit + 1 };
      result.push(mutant('raise-depbar', index, `DEPBAR limit ${instruction.depbar.limit} -> ${depbar.limit}`, (old) => ({ ...old, depbar })));
    }
    if (control.writeScoreboard !== null) {
      const moved = (control.writeScoreboard + 1) % program.scoreboards;
      result.push(mutant('move-scoreboard', index, `write scoreboard SB${control.writeScoreboard} -> SB${moved}`, (old) => ({ ...old, control: { ...old.control, writeScoreboard: moved } })));
    }
  });
  return result;
}

/**
 * One mutant of a kernel: instruction `index` edited by `edit` on both sides of the kernel (the
 * proof program and, when it has one, the counterexample side). Each mutant's programs are built
 * when asked for: built at once, a kernel of n instructions would hold n copies of itself.
 */
export function mutantOf(
  kernel: Pick<LoweredKernel, 'program' | 'counterexample'>, kind: MutationKind, index: number, change: string,
  edit: (instruction: SassInstruction) => SassInstruction,
): Mutant {
  const { program } = kernel;
  const counterexample = kernel.counterexample ?? null;
  return {
    kind, instruction: index, change,
    get program() {
      return changed(program, index, edit);
    },
    get counterexample() {
      return counterexample === null ? null : { ...counterexample, program: changed(counterexample.program, index, edit) };
    },
  };
}

/** `program` with instruction `index` edited. */
function changed(program: SassProgram, index: number, edit: (instruction: SassInstruction) => SassInstruction): SassProgram {
  return { ...program, instructions: program.instructions.map((old, i) => (i === index ? edit(old) : old)) };
}
