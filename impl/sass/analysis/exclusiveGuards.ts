import { oppositeGuards, type SassInstruction, type SassProgram } from '../../../spec/sass/program.js';
import type { PendingEntry } from './domain.js';

/**
 * Whether a pending entry and the instruction now issuing cannot both execute: guarded by the same
 * predicate in opposite senses (`@P0 MOV R9, RZ` then `@!P0 IADD32I R9, R9, 0x40`, ptxas 11.8 -O3
 * for sm_50; `@P0 F2F.F64.F32 R4, R9` then `@!P0 FFMA R9, ...` on Volta to Hopper), with the
 * predicate not written since the entry issued (`PendingEntry.guardIntact`: one instance pending).
 * The instruction reads and writes only when its guard holds, and then the entry's did not: no
 * RAW, WAR or WAW between them. The reference machine agrees: a predicate keeps the value its
 * first guard read until it is rewritten (`spec/sass/system.ts`). A wrong read of the predicate
 * itself is the predicate's own RAW, found apart.
 */
export function exclusiveGuards(program: SassProgram, entry: Pick<PendingEntry, 'instruction' | 'guardIntact'>, instruction: SassInstruction): boolean {
  return entry.guardIntact && oppositeGuards(program.instructions[entry.instruction]!.guard, instruction.guard);
}
