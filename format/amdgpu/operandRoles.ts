/**
 * Which registers an AMDGPU instruction reads and which it writes, from its mnemonic, its
 * operands as written and its class (`spec/amdgpu/instructionKinds.ts`). AMD's syntax puts the
 * destination first where there is one; the exceptions are listed here: stores and atomics
 * without return have none, a compare writing EXEC only (`v_cmpx` from gfx10) has none written,
 * carry-out forms write a second scalar result, returning buffer/image atomics use their data
 * operand as destination too. The special registers an instruction writes or reads without
 * naming them (SCC, EXEC, VCC, M0) come from `spec/amdgpu/implicitOperands.ts`, each family with
 * its source; EXEC is read by every VALU and vector memory instruction.
 *
 * Where a rule can err, it errs the sound way for a wait-counter checker: a register read
 * needlessly makes a hazard suspected where a result is pending (and LLVM waits before any
 * overwrite of a pending result anyway), but a destination left out could hide a
 * write-after-write hazard, so destinations are never dropped on a guess.
 */
import type { AmdgpuGeneration, InstructionKind } from '../../spec/amdgpu/counters.js';
import type { AmdgpuOperation } from '../../spec/amdgpu/instructionKinds.js';
import { branchCondition } from '../../spec/amdgpu/controlFlow.js';
import { implicitOperandRule, specialRegisterNames, type SpecialRegister } from '../../spec/amdgpu/implicitOperands.js';
import type { AmdgpuPart, AmdgpuToken } from './listing.js';
import { isScalarRegister, operandRegisters, RegisterSyntaxError } from './registers.js';

/** A malformed register in an operand, at its column. */
export class OperandError extends Error {
  constructor(message: string, readonly column: number) {
    super(message);
  }
}

/** The registers an instruction reads and writes. */
export interface OperandRoles {
  readonly destinations: readonly string[];
  readonly sources: readonly string[];
}

const EXEC = ['exec_lo', 'exec_hi'];
const VCC = ['vcc_lo', 'vcc_hi'];

/** VALU and SALU instructions whose first operand is no destination. */
const NO_DESTINATION = /^(s_cmp|s_cmpk_|s_bitcmp|s_setreg|s_rfe|s_set_gpr_idx_on|s_set_gpr_idx_idx|s_alloc_vgpr|s_sleep_var|s_setvskip|s_cbranch|s_subvector_loop|s_ttracedata|s_monitor|v_nop)/;

/** Forms that write a second, scalar result (carry or borrow out, division scale flag, 64-bit MAD carry). */
const CARRY_OUT = /^v_(add|sub|subrev)(_co|_i32|_u32_co)|^v_(addc|subb|subbrev)_co_u32|^v_(add|sub|subrev)_co_ci_u32|^v_div_scale_|^v_mad_(u64_u32|i64_i32|co_u64_u32|co_i64_i32)/;

/** Forms that also read their destination (accumulators, partial writes, lane writes, swaps). */
const READS_DESTINATION = /^v_(mac|fmac|pk_fmac|dot2c|dot4c|dot8c|dot2acc|dual_fmac|dual_dot2acc|writelane|swap|swaprel|movreld|movrelsd|interp_p2|mad_mixhi|mad_mixlo|mfma|smfmac|cvt_pk_)|_sdwa$|_dpp$|^s_(addk|mulk|cmovk|cmov|bitset0|bitset1)_/;

/** The register names of special registers. */
function namesOf(registers: readonly SpecialRegister[]): string[] {
  return registers.flatMap(specialRegisterNames);
}

/**
 * The special registers `mnemonic` writes and reads without naming them (`implicitOperands.ts`).
 * The VCC of an e32 form is printed as an operand, so it comes from the operand text instead.
 */
export function implicitRegisters(mnemonic: string): { writes: string[]; reads: string[] } {
  const rule = implicitOperandRule(mnemonic);
  return rule === null ? { writes: [], reads: [] } : { writes: namesOf(rule.writes), reads: namesOf(rule.reads) };
}

/** DS instructions that return data to their first operand. */
const DS_RETURNS = /^ds_(read|load|swizzle|permute|bpermute|append|consume|ordered_count)|_rtn(_|$)/;

/** The registers of one token, with located errors. */
function registersOf(token: AmdgpuToken): string[] {
  try {
    return operandRegisters(token.text);
  } catch (error) {
    if (error instanceof RegisterSyntaxError) throw new OperandError(error.message, token.column + error.offset);
    throw error;
  }
}

function unique(names: readonly string[]): string[] {
  return [...new Set(names)];
}

/** Whether a memory instruction of `kind` written as `mnemonic` returns data to its first operand. */
export function returnsData(kind: InstructionKind, mnemonic: string): boolean {
  switch (kind) {
    case 'vmem-load':
    case 'vmem-atomic-return':
    case 'image-sample':
    case 'image-bvh':
    case 'flat-load':
    case 'ldsdir':
      return true;
    case 'lds':
    case 'gds':
      return DS_RETURNS.test(mnemonic);
    case 'smem':
      return /^s_(load|buffer_load|scratch_load|memtime|memrealtime|get_waveid_in_workgroup|get_barrier_state)/.test(mnemonic) || (/^s_(buffer_)?atomic_/.test(mnemonic));
    case 'message':
      return /_rtn_/.test(mnemonic);
    default:
      return false;
  }
}

/**
 * Registers read and written by one instruction (one half of a VOPD pair). `returning` says, for
 * a memory instruction, whether it returns data (`returnsData`, and for SMEM atomics the glc bit).
 */
export function operandRoles(part: AmdgpuPart, operation: AmdgpuOperation, generation: AmdgpuGeneration, returning: boolean): OperandRoles {
  const { mnemonic, operands } = part;
  const each = operands.map(registersOf);
  const all = unique(each.flat());
  const first = each[0] ?? [];
  switch (operation.class) {
    case 'memory': {
      const kind = operation.kind!;
      const special = implicitRegisters(mnemonic);
      const implicit = [...(kind === 'smem' || kind === 'message' ? [] : EXEC), ...special.reads, ...(kind === 'lds-dma' ? ['m0'] : [])];
      if (kind === 'export') return { destinations: [], sources: unique([...part.modifiers.flatMap(registersOf), ...all, ...EXEC]) };
      // A counted instruction's implicit result (s_barrier_signal_isfirst's and s_barrier_leave's
      // SCC, `sccCounter`) lands when its counter says, as a returned register does; LLVM 19
      // does not wait for it.
      if (special.writes.length > 0) return { destinations: unique([...(returning ? first : []), ...special.writes]), sources: unique([...(returning ? each.slice(1).flat() : all), ...implicit]) };
      if (!returning) return { destinations: [], sources: unique([...all, ...implicit]) };
      // Buffer, image and scalar atomics return into their data operand: it is read and written; a
      // returning compare-and-swap returns only the first half of its data.
      const tied = /^(buffer|image|s|s_buffer)_atomic_/.test(mnemonic) || /^s_(buffer_)?atomic_/.test(mnemonic);
      const destinations = tied && /cmpswap/.test(mnemonic) ? first.slice(0, Math.max(1, first.length / 2)) : first;
      const rest = each.slice(1).flat();
      return { destinations, sources: unique([...(tied ? first : []), ...rest, ...implicit]) };
    }
    case 'valu':
    case 'salu': {
      const valu = operation.class === 'valu';
      const destinations: string[] = [];
      // v_cmpx writes EXEC; before gfx10 it also writes its scalar first operand, from gfx10 it has none.
      const cmpx = /^v_cmpx/.test(mnemonic);
      if (!NO_DESTINATION.test(mnemonic) && !(cmpx && generation !== 'gfx9')) destinations.push(...first);
      const carryOut = CARRY_OUT.test(mnemonic) && (each[1] ?? []).length > 0 && each[1]!.every(isScalarRegister);
      if (carryOut) destinations.push(...each[1]!);
      if (/^v_swap/.test(mnemonic)) destinations.push(...(each[1] ?? []));
      const special = implicitRegisters(mnemonic);
      destinations.push(...special.writes);
      const partial = part.operands[0] !== undefined && /\.[lh]\b/.test(part.operands[0].text);
      const readsOwn = READS_DESTINATION.test(mnemonic) || partial;
      const sources = [...(readsOwn || !destinations.some((name) => first.includes(name)) ? first : []), ...each.slice(carryOut ? 2 : 1).flat()];
      if (valu) sources.push(...EXEC);
      sources.push(...special.reads);
      return { destinations: unique(destinations), sources: unique(sources) };
    }
    case 'call':
      // s_swappc_b64 RETURN_ADDRESS, TARGET: writes the return address, reads the target.
      return { destinations: first, sources: unique(each.slice(1).flat()) };
    default:
      // Branches, jumps (s_setpc reads its target), waits, no-effect instructions.
      return { destinations: [], sources: operation.class === 'jump' ? all : [] };
  }
}

/**
 * The register a conditional branch tests, as the guard predicate of the model: SCC, VCC or EXEC
 * (their low half names the pair), or, for the debug-flag branches, a flag no instruction of the
 * listing writes (`cdbgsys`...: set by a debugger), read from no register. Null for a mnemonic that
 * is no known conditional branch: its caller must not guess a condition.
 */
export function branchPredicate(mnemonic: string): { predicate: string; negated: boolean; reads: readonly string[] } | null {
  const condition = branchCondition(mnemonic);
  switch (condition) {
    case 'scc1': return { predicate: 'scc', negated: false, reads: ['scc'] };
    case 'scc0': return { predicate: 'scc', negated: true, reads: ['scc'] };
    case 'vccnz': return { predicate: 'vcc_lo', negated: false, reads: VCC };
    case 'vccz': return { predicate: 'vcc_lo', negated: true, reads: VCC };
    case 'execnz': return { predicate: 'exec_lo', negated: false, reads: EXEC };
    case 'execz': return { predicate: 'exec_lo', negated: true, reads: EXEC };
    case null: return null;
    default: return { predicate: `debug:${condition}`, negated: false, reads: [] };
  }
}
