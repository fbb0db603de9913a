/**
 * Where control goes after each AMDGPU scalar control instruction: the successor set the importer
 * (`format/amdgpu/lower.ts`) gives it, each family with its source. An `s_` mnemonic that looks
 * like a control transfer (branch, call, jump, return, fork, join, loop, end) and no rule here
 * knows is `unknown`: the function's verdict is then `unknown`, naming it, and the instruction is
 * never read as a plain instruction or as an unconditional branch. Definitions only.
 */

/**
 * What an instruction does to control:
 * - `next`: falls through (`s_getpc_b64`, `s_sethalt`: the wave resumes where it stopped);
 * - `branch`: to its label only (`s_branch`);
 * - `conditional-branch`: to its label or the next instruction, on `condition`;
 * - `call`: to a callee that returns to the next instruction (`s_swappc_b64`, `s_call_b64`);
 * - `jump`: `s_setpc_b64`, a return where it jumps to the return address, else a transfer to an
 *   address the listing does not say;
 * - `exit`: the wave ends (`s_endpgm`...);
 * - `trap`: to the trap handler, which may end the wave or return to the next instruction;
 * - `unknown`: a target or effect the model cannot follow: the verdict is `unknown`.
 */
export type AmdgpuControlKind = 'next' | 'branch' | 'conditional-branch' | 'call' | 'jump' | 'exit' | 'trap' | 'unknown';

/**
 * What a conditional branch tests: SCC, VCC or EXEC (as the register the model's guard names),
 * or the debug flags the model has no register for (`cdbgsys`, `cdbguser`: set by a debugger).
 */
export type AmdgpuBranchCondition = 'scc1' | 'scc0' | 'vccnz' | 'vccz' | 'execnz' | 'execz' | 'cdbgsys' | 'cdbguser' | 'cdbgsys_and_user' | 'cdbgsys_or_user';

/** Citations of this table, by key. */
export const CONTROL_FLOW_SOURCES = {
  'llvm-sopp-control':
    'llvm/llvm-project llvm/lib/Target/AMDGPU/SOPInstructions.td (stored copy @001d9a1c484f25b9ac49b09e11ac852f74555218): S_BRANCH "let isBranch = 1 ... let isBarrier = 1" with the pattern "(br bb:$simm16)"; S_CBRANCH_SCC0/SCC1 (Uses = [SCC]), S_CBRANCH_VCCZ/VCCNZ (Uses = [VCC]), S_CBRANCH_EXECZ/EXECNZ (Uses = [EXEC]), S_CBRANCH_CDBGSYS, S_CBRANCH_CDBGSYS_AND_USER, S_CBRANCH_CDBGSYS_OR_USER and S_CBRANCH_CDBGUSER are "isBranch = 1" SOPP instructions with a SOPPBrTarget and no isBarrier (they may fall through); S_ENDPGM, S_ENDPGM_SAVED and S_ENDPGM_ORDERED_PS_DONE "isBarrier = 1 ... isReturn = 1"; S_CODE_END "isBarrier = 1, isReturn = 1" (padding); S_SETPC_B64 "isBranch = 1, isIndirectBranch = 1" under "isTerminator = 1, isBarrier = 1", and its "S_SETPC_B64_return" variant "marked as return rather than branch"; S_SWAPPC_B64 "let isCall = 1"; S_CALL_B64 (isGFX9Plus) "(outs SReg_64:$sdst), (ins SOPPBrTarget:$simm16)" with "let isCall = 1"; S_GETPC_B64 a SOP1_64_0 (no branch flag); S_RFE_B64 and S_RFE_RESTORE_B64 (return from exception to the address in an SGPR pair, no branch flag); S_CBRANCH_JOIN (isGFX6GFX7GFX8GFX9, SOP1_0_32R: its operand an SGPR), S_CBRANCH_G_FORK (SOP2, two SGPR-pair operands) and S_CBRANCH_I_FORK (SOPK, an SGPR pair and a SOPPBrTarget); S_SETVSKIP (isGFX6GFX7GFX8GFX9, a SOPC); S_SUBVECTOR_LOOP_BEGIN/END (isGFX10GFX11) SOPK_32_BR "let Defs = [EXEC]; let Uses = [EXEC]; let isBranch = 1; let isTerminator = 1;"; S_TRAP "let isTrap = 1;"; S_SETHALT with the pattern "(int_amdgcn_s_sethalt timm:$simm16)" and no branch flag.',
  'llvm-call-convention':
    'llvm/llvm-project llvm/lib/Target/AMDGPU/SIRegisterInfo.cpp getReturnAddressReg: "return AMDGPU::SGPR30_SGPR31;"; SIInsertWaitcnts.cpp generateWaitcntInstBefore treats "MI.isReturn() && MI.isCall()" as a tail call (read at llvmorg-19.1.7, as spec/amdgpu/sources.ts llvm-waitcnt-call-sites cites).',
} as const;

/** A citation key of `CONTROL_FLOW_SOURCES`. */
export type ControlFlowSourceKey = keyof typeof CONTROL_FLOW_SOURCES;

/** One family of control instructions. */
export interface ControlFlowRule {
  readonly pattern: RegExp;
  readonly kind: AmdgpuControlKind;
  /** For `unknown`: why the model cannot follow it, for the note that names it. */
  readonly why?: string;
  readonly note: string;
  readonly source: readonly ControlFlowSourceKey[];
}

const SOPP: readonly ControlFlowSourceKey[] = ['llvm-sopp-control'];

/** The rules, first match wins. The last rule catches every other control-looking `s_` mnemonic. */
export const CONTROL_FLOW_RULES: readonly ControlFlowRule[] = [
  { pattern: /^s_branch$/, kind: 'branch', note: 'Unconditional branch to its label (isBarrier: no fall-through).', source: SOPP },
  { pattern: /^s_cbranch_(scc0|scc1|vccz|vccnz|execz|execnz|cdbgsys|cdbguser|cdbgsys_and_user|cdbgsys_or_user)$/, kind: 'conditional-branch', note: 'Branch to its label or fall through: on SCC, VCC, EXEC, or the debug flags a debugger sets.', source: SOPP },
  { pattern: /^s_(swappc_b64|call_b64)$/, kind: 'call', note: 'Call: writes the return address to its first operand, to a callee that returns to the next instruction.', source: [...SOPP, 'llvm-call-convention'] },
  { pattern: /^s_setpc_b64$/, kind: 'jump', note: 'Jump to the address in an SGPR pair: a return through s[30:31] in a callable function, else an indirect jump or tail call.', source: [...SOPP, 'llvm-call-convention'] },
  { pattern: /^s_endpgm(_saved|_ordered_ps_done)?$/, kind: 'exit', note: 'End of the wave.', source: SOPP },
  { pattern: /^s_trap$/, kind: 'trap', note: 'Trap: to the trap handler, which may end the wave or return (s_rfe_b64) to the next instruction.', source: SOPP },
  { pattern: /^s_(getpc_b64|sethalt)$/, kind: 'next', note: 'No control transfer: s_getpc_b64 reads the PC; a wave halted by s_sethalt resumes at the next instruction.', source: SOPP },
  { pattern: /^s_rfe(_restore)?_b64$/, kind: 'unknown', why: 'a return from exception to the address in an SGPR pair (trap handler code): its target is not in the listing', note: 'Return from exception.', source: SOPP },
  { pattern: /^s_cbranch_join$/, kind: 'unknown', why: 'a join to the program counter saved in an SGPR by s_cbranch_g_fork or s_cbranch_i_fork (gfx6-gfx9): its target and the EXEC it restores are not in the listing', note: 'Join of a fork.', source: SOPP },
  { pattern: /^s_cbranch_[gi]_fork$/, kind: 'unknown', why: 'a fork (gfx6-gfx9) that splits EXEC and saves the other half and its program counter in an SGPR pair: its paths are not modelled', note: 'Fork.', source: SOPP },
  { pattern: /^s_setvskip$/, kind: 'unknown', why: 'sets vector-skip mode (gfx6-gfx9), in which later vector instructions are not executed: the model cannot follow which are skipped', note: 'Vector skip mode.', source: SOPP },
  { pattern: /^s_subvector_loop_(begin|end)$/, kind: 'unknown', why: 'a subvector loop (gfx10-gfx11) that runs its body once per half of a wave64 with EXEC halved: its paths are not modelled', note: 'Subvector loop.', source: SOPP },
  { pattern: /^s_code_end$/, kind: 'unknown', why: 'code padding (s_code_end, isReturn in LLVM) reached by execution: what the wave does there is not in the listing', note: 'Padding after the code.', source: SOPP },
  { pattern: /^s_(c?branch|cbranch|call|setpc|swappc|rfe|endpgm|subvector|fork|join|jump|return|ret)\w*$/, kind: 'unknown', why: 'a control transfer the model does not know', note: 'Any other control-looking scalar instruction.', source: SOPP },
];

/** The control-flow rule of an `s_` mnemonic; null for an instruction that is no control transfer. */
export function amdgpuControlFlow(mnemonic: string): ControlFlowRule | null {
  return CONTROL_FLOW_RULES.find((rule) => rule.pattern.test(mnemonic)) ?? null;
}

/** The condition of a conditional branch, from its mnemonic; null for no known condition. */
export function branchCondition(mnemonic: string): AmdgpuBranchCondition | null {
  const match = /^s_cbranch_(scc0|scc1|vccz|vccnz|execz|execnz|cdbgsys|cdbguser|cdbgsys_and_user|cdbgsys_or_user)$/.exec(mnemonic);
  return match ? (match[1] as AmdgpuBranchCondition) : null;
}
