import type { SassInstruction, SassProgram } from '../../spec/sass/program.js';

/** The protections a mutant removes. */
export type MutationKind = 'drop-wait' | 'lower-stall' | 'raise-depbar' | 'move-scoreboard';

/** One mutant: the kernel with one protection removed, and what was changed. */
export interface Mutant {
  readonly kind: MutationKind;
  /** Index of the changed instruction. */
  readonly instruction: number;
  /** What changed, for reports: `wait mask loses SB2`. */
  readonly change: string;
  readonly program: SassProgram;
}

/**
 * Every single-protection mutant of a kernel: each wait-mask bit dropped; each stall that lets
 * a fixed-latency result mature lowered to 1; each `DEPBAR` immediate raised by one; each
 * write scoreboard moved to another counter (its waiters then wait on the wrong one). Many
 * mutants stay safe (the protection was redundant); the checker must prove those and show a
 * schedule for the rest. Each mutant builds its program when `program` is read.
 */
export function mutants(program: SassProgram): Mutant[] {
  const result: Mutant[] = [];
  // Each mutant's program is built when asked for: built at once, a kernel of n instructions would hold n copies of itself.
  const mutant = (kind: MutationKind, index: number, change: string, instruction: SassInstruction): Mutant => ({
    kind, instruction: index, change,
    get program() {
      return { ...program, instructions: program.instructions.map((old, i) => (i === index ? instruction : old)) };
    },
  });
  program.instructions.forEach((instruction, index) => {
    const { control } = instruction;
    for (const scoreboard of control.wait) {
      const wait = control.wait.filter((other) => other !== scoreboard);
      result.push(mutant('drop-wait', index, `wait mask loses SB${scoreboard}`, { ...instruction, control: { ...control, wait } }));
    }
    if (control.stall > 1 && instruction.unit.kind === 'fixed') {
      result.push(mutant('lower-stall', index, `stall ${control.stall} -> 1`, { ...instruction, control: { ...control, stall: 1 } }));
    }
    if (instruction.depbar) {
      const depbar = { ...instruction.depbar, limit: instruction.depbar.limit + 1 };
      result.push(mutant('raise-depbar', index, `DEPBAR limit ${instruction.depbar.limit} -> ${depbar.limit}`, { ...instruction, depbar }));
    }
    if (control.writeScoreboard !== null) {
      const moved = (control.writeScoreboard + 1) % program.scoreboards;
      result.push(mutant('move-scoreboard', index, `write scoreboard SB${control.writeScoreboard} -> SB${moved}`, { ...instruction, control: { ...control, writeScoreboard: moved } }));
    }
  });
  return result;
}
