/**
 * A copy of a register onto itself (`MOV R8, R8`, `IMAD.MOV.U32 R8, RZ, RZ, R8`, `UMOV UR4, UR4`):
 * ptxas -O0 copies a tensor-core result so one cycle after the HMMA that writes it (11.8 for
 * sm_80 to sm_89, LLVM 19.1.7's mma-no-sink-after-laneid-check.ll: HMMA.1684.F32.TF32 R8 with a
 * stall of 0 setting scoreboard 0, then MOV R8, R8 waiting on scoreboard 0, which a wait mask
 * sees only 2 cycles after its setter, nak-visibility).
 *
 * Such a copy writes back the value it read. Reading the register before an earlier write lands
 * is then no wrong value by itself: the register ends up right when the earlier write lands after
 * the copy's own, and wrong only when it lands sooner, which needs a lower bound on the earlier
 * instruction's latency to show. So a read too early by a self-copy is a reason for `unknown`,
 * not a finding; its write still counts as a write (WAW, WAR) everywhere.
 */
import { baseOpcode } from './operandRegisters.js';
import type { SassInstruction } from './program.js';

/** Opcodes whose only effect, with their one source equal to their destination, is to rewrite it. */
const COPIES: ReadonlySet<string> = new Set(['MOV', 'UMOV', 'IMAD.MOV', 'IMAD.MOV.U32']);

/** The register `instruction` copies onto itself, or null when it is not such a copy. */
export function selfCopiedRegister(instruction: Pick<SassInstruction, 'opcode' | 'guard' | 'sources' | 'destinations'>): string | null {
  const opcode = instruction.opcode;
  if (!COPIES.has(opcode) && !COPIES.has(baseOpcode(opcode))) return null;
  const guard = instruction.guard?.predicate;
  const read = instruction.sources.filter((source) => source !== guard);
  const [written] = instruction.destinations;
  return instruction.destinations.length === 1 && read.length === 1 && read[0] === written ? written! : null;
}
