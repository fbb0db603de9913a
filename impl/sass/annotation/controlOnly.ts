import type { SassInstruction } from '../../../spec/sass/program.js';

/**
 * A `DEPBAR` (or a `DEPBAR` a pass made inert): an unguarded instruction with no unit that only
 * holds issue, which a pass may add or drop; it draws nothing from a schedule.
 */
export function isControlOnly(instruction: SassInstruction): boolean {
  return instruction.unit.kind === 'none' && instruction.guard === null && instruction.flow.kind === 'next' && /^DEPBAR\b/.test(instruction.opcode);
}
