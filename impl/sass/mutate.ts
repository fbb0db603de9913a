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
 * schedule for the rest.
 */
export function mutants(program: SassProgram): Mutant[] {
  const result: Mutant[] = [];
  const replace = (index: number, instruction: SassInstruction): SassProgram => ({
    ...program,
    instructions: program.instructions.map((old, i) => (i === index ? instruction : old)),
  });
  program.instructions.forEach((instruction, index) => {
    const { control } = instruction;
    for (const scoreboard of control.wait) {
      const wait = control.wait.filter((other) => other !== scoreboard);
      result.push({ kind: 'drop-wait', instruction: index, change: `wait mask loses SB${scoreboard}`, program: replace(index, { ...instruction, control: { ...control, wait } }) });
    }
    if (control.stall > 1 && instruction.unit.kind === 'fixed') {
      result.push({ kind: 'lower-stall', instruction: index, change: `stall ${control.stall} -> 1`, program: replace(index, { ...instruction, control: { ...control, stall: 1 } }) });
    }
    if (instruction.depbar) {
      const depbar = { ...instruction.depbar, limit: instruction.depbar.limit + 1 };
      result.push({ kind: 'raise-depbar', instruction: index, change: `DEPBAR limit ${instruction.depbar.limit} -> ${depbar.limit}`, program: replace(index, { ...instruction, depbar }) });
    }
    if (control.writeScoreboard !== null) {
      const moved = (control.writeScoreboard + 1) % program.scoreboards;
      result.push({ kind: 'move-scoreboard', instruction: index, change: `write scoreboard SB${control.writeScoreboard} -> SB${moved}`, program: replace(index, { ...instruction, control: { ...control, writeScoreboard: moved } }) });
    }
  });
  return result;
}
