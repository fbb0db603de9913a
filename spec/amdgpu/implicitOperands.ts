/**
 * The special registers (SCC, VCC, EXEC, M0) an AMDGPU instruction writes or reads besides the
 * operands it names, by mnemonic, each family with its source: LLVM's instruction definitions
 * (`Defs = [SCC]`, `Uses = [SCC]`...) as the stored SOPInstructions.td lists them, and the implicit
 * operands llc-19 itself prints on each instruction of its MIR (`implicit-def $vcc`), which
 * `test/spec/amdgpu/implicitOperands.test.ts` compares with this table for every opcode llc emits
 * for a set of small kernels.
 *
 * Definitions only: `format/amdgpu/operandRoles.ts` reads the table to add these registers to an
 * instruction's destinations and sources; `lower.ts` reads `sccCounter` to learn that an SMEM
 * instruction's SCC result lands when a counter says.
 */

/** A special register written or read implicitly. VCC and EXEC are register pairs (`vcc_lo`, `vcc_hi`). */
export type SpecialRegister = 'scc' | 'vcc' | 'exec' | 'm0';

/** Citations of this table, by key. */
export const IMPLICIT_OPERAND_SOURCES = {
  'llvm-sop-defs':
    'llvm/llvm-project llvm/lib/Target/AMDGPU/SOPInstructions.td (stored copy @001d9a1c484f25b9ac49b09e11ac852f74555218): "let Defs = [SCC] in { // Carry out goes to SCC" over S_ADD_U32, S_ADD_I32, S_SUB_U32, S_SUB_I32, S_MIN_I32, S_MIN_U32, S_MAX_I32, S_MAX_U32, with "let Uses = [SCC] in { // Carry in comes from SCC" over S_ADDC_U32 and S_SUBB_U32; Defs = [SCC] over S_NOT_B32/B64, S_WQM_B32/B64, S_BCNT0/BCNT1_I32_B32/B64, S_ABS_I32, S_AND/OR/XOR/XNOR/NAND/NOR_B32/B64, S_ANDN2/ORN2_B32/B64, S_LSHL/LSHR_B32/B64, S_ASHR_I32/I64, S_BFE_U32/I32/U64/I64, S_ABSDIFF_I32, S_LSHL1..4_ADD_U32, S_ADDK_I32 (not S_MULK_I32), the SOPK compares S_CMPK_* (SOPK_SCC: "let Defs = [SCC]") and every SOPC instruction (SOPC_Pseudo: "let Defs = [SCC];": S_CMP_*, S_BITCMP0/1_B32/B64, S_SETVSKIP); "hasSideEffects = 1, Uses = [EXEC], Defs = [EXEC, SCC]" over the S_*_SAVEEXEC_B64/B32 and S_ANDN1/ANDN2_WREXEC forms; S_ALLOC_VGPR "Defs = [SCC]"; "let Uses = [SCC]" over S_CSELECT_B32/B64, S_CMOV_B32/B64 and S_CMOVK_I32; S_MUL_I32, S_BFM, S_PACK_*, S_MUL_HI_*, S_ADD_U64/S_SUB_U64/S_MUL_U64 (gfx12), the SALU float instructions and S_QUADMASK_B32/B64 are outside every Defs = [SCC] block. SOPP branches: "let Uses = [SCC]" over S_CBRANCH_SCC0/SCC1, "let Uses = [VCC]" over S_CBRANCH_VCCZ/VCCNZ, "let Uses = [EXEC]" over S_CBRANCH_EXECZ/EXECNZ; SOPK_32_BR (S_SUBVECTOR_LOOP_BEGIN/END) "let Defs = [EXEC]; let Uses = [EXEC];"; "let Uses = [M0]" over S_MOVRELS/MOVRELD_B32/B64, S_MOVRELSD_2_B32, S_TTRACEDATA and (with EXEC) S_SENDMSG, S_SENDMSGHALT; S_SET_GPR_IDX_ON "let Defs = [M0, MODE]; // No scc def", S_SET_GPR_IDX_IDX "let Defs = [M0, MODE];", S_SET_GPR_IDX_MODE "let Defs = [M0, MODE];".',
  'llvm-sop-barrier-scc':
    'llvm/llvm-project llvm/lib/Target/AMDGPU/SOPInstructions.td (stored copy @001d9a1c484f25b9ac49b09e11ac852f74555218): S_BARRIER_SIGNAL_ISFIRST_M0 and S_BARRIER_SIGNAL_ISFIRST_IMM "let Defs = [SCC];" (the IMM form\'s pattern "(set SCC, (int_amdgcn_s_barrier_signal_isfirst timm:$src0))"); llc-19 (19.1.7) prints "S_BARRIER_LEAVE implicit-def $scc" for llvm.amdgcn.s.barrier.leave at gfx1200 (-stop-after=si-insert-waitcnts) and llc-22 "S_BARRIER_LEAVE implicit-def dead $scc" and "S_BARRIER_SIGNAL_ISFIRST_IMM -1, implicit-def $scc, implicit killed $scc"; llvm/llvm-project pull request #157843 ("Track SCC. Insert KM_CNT waits for SCC writes."): "Add new event SCC_WRITE for s_barrier_signal_isfirst and s_barrier_leave, instructions that write to SCC, counter is KM_CNT." and "s_barrier_wait on the same barrier guarantees that the SCC write from s_barrier_signal_isfirst has landed, no need to insert s_wait_kmcnt."',
  'llc-19-mir-vop':
    'llc-19 (Debian 1:19.1.7-3~deb12u1) MIR after si-insert-waitcnts for gfx900-gfx1200 (test/spec/amdgpu/implicitOperands.test.ts compiles it): V_CMP_*_e32 "implicit-def $vcc" (the VOP3 V_CMP_*_e64 names its SGPR result as an operand); V_CMPX_*_nosdst_e32 (gfx10 and later) "implicit-def $exec"; V_ADD_CO_U32_e32 and V_SUB_CO_U32_e32 "implicit-def $vcc"; V_ADDC_U32_e32 "implicit-def $vcc, implicit $vcc" (vcc_lo on wave32); V_CNDMASK_B32_e32 "implicit $vcc"; V_DUAL_CNDMASK_B32_e32_X_* "implicit $vcc_lo" (printed as "v_dual_cndmask_b32 v0, v1, v0 :: v_dual_mov_b32 v1, 0", VCC unnamed); V_DIV_FMAS_F32_e64 "implicit $vcc" (a VOP3 instruction whose VCC operand the assembler does not print); every VALU instruction "implicit $exec". The assembler prints the VCC of the e32 forms as an operand (v_add_co_u32_e32 v2, vcc, s10, v1; v_cmp_gt_u64_e32 vcc, v[1:2], v[3:4]).',
} as const;

/** A citation key of `IMPLICIT_OPERAND_SOURCES`. */
export type ImplicitOperandSourceKey = keyof typeof IMPLICIT_OPERAND_SOURCES;

/** The implicit operands of one family of mnemonics. */
export interface ImplicitOperandRule {
  /**
   * Mnemonics without encoding suffix (`_e32`, `_e64`, `_sdwa`, `_dpp`) as the assembler prints
   * them, and LLVM's opcode names lowercased (`s_add_u32` matches S_ADD_U32 and gfx12's
   * `s_add_co_u32`).
   */
  readonly pattern: RegExp;
  /** Written in every encoding, never printed as an operand. */
  readonly writes: readonly SpecialRegister[];
  /** Read in every encoding, never printed as an operand. */
  readonly reads: readonly SpecialRegister[];
  /**
   * Written or read in the VOP1/VOP2/VOPC (`_e32`) encoding through an operand the assembler
   * prints (the VCC carry or condition); the VOP3 (`_e64`) encoding names an SGPR operand there.
   * An importer reads these from the operand text, never from here.
   */
  readonly e32?: { readonly writes: readonly SpecialRegister[]; readonly reads: readonly SpecialRegister[] };
  /**
   * For an instruction counted as SMEM: the counter its SCC result lands on (SCC is pending until
   * the counter says so).
   */
  readonly sccCounter?: 'kmcnt';
  /** Whether an `s_barrier_wait` on the same barrier also lands the SCC write (PR #157843 says so of s_barrier_signal_isfirst only). */
  readonly sccLandsAtBarrierWait?: boolean;
  /**
   * Set where the table writes more than LLVM's definition says, and why: an extra write can only
   * add a hazard, never hide one. The comparison with LLVM then checks the table writes at least
   * what LLVM writes.
   */
  readonly beyondLlvm?: string;
  readonly note: string;
  readonly source: readonly ImplicitOperandSourceKey[];
}

const NONE: readonly SpecialRegister[] = [];
const SOP: readonly ImplicitOperandSourceKey[] = ['llvm-sop-defs'];
const VOP: readonly ImplicitOperandSourceKey[] = ['llc-19-mir-vop'];

/** The rules, first match wins; a mnemonic no rule matches has no implicit operand but EXEC, which every VALU and vector memory instruction reads (added by the importer by class). */
export const IMPLICIT_OPERAND_RULES: readonly ImplicitOperandRule[] = [
  // SCC results counted on kmcnt (gfx12 barrier instructions).
  { pattern: /^s_barrier_signal_isfirst(_imm|_m0)?$/, writes: ['scc'], reads: ['scc'], sccCounter: 'kmcnt', sccLandsAtBarrierWait: true, note: 'Writes SCC (whether the wave was first to signal) when kmcnt says; an s_barrier_wait on the same barrier lands it too. llc-22 also marks it as reading SCC (llc-19 does not): read, which can only add a hazard.', source: ['llvm-sop-barrier-scc'] },
  { pattern: /^s_barrier_leave$/, writes: ['scc'], reads: NONE, sccCounter: 'kmcnt', note: 'Writes SCC when kmcnt says (an SCC_WRITE event on KM_CNT, as s_barrier_signal_isfirst).', source: ['llvm-sop-barrier-scc'] },
  // SALU: EXEC and SCC.
  { pattern: /^s_\w+_(saveexec|wrexec)_b(32|64)$/, writes: ['exec', 'scc'], reads: ['exec'], note: 'Save-EXEC and write-EXEC forms: Uses = [EXEC], Defs = [EXEC, SCC].', source: SOP },
  { pattern: /^s_(addc|subb)_u32$|^s_(add|sub)_co_ci_u32$/, writes: ['scc'], reads: ['scc'], note: 'Add with carry, subtract with borrow: carry in and out in SCC (gfx12 spells them s_add_co_ci_u32, s_sub_co_ci_u32).', source: SOP },
  { pattern: /^s_(add|sub)_(u32|i32|co_u32|co_i32)$/, writes: ['scc'], reads: NONE, note: 'Add and subtract: carry out or overflow in SCC (gfx12 spells them s_add_co_u32...).', source: SOP },
  { pattern: /^s_(min|max)_[iu]32$/, writes: ['scc'], reads: NONE, note: 'Integer min and max (not the SALU float ones).', source: SOP },
  { pattern: /^s_(and|or|xor|xnor|nand|nor|andn1|andn2|orn1|orn2|and_not0|and_not1|or_not0|or_not1)_b(32|64)$/, writes: ['scc'], reads: NONE, note: 'Bitwise logic: SCC = result != 0 (gfx12 spells andn2 and_not1, orn2 or_not1).', source: SOP },
  { pattern: /^s_(lshl|lshr)_b(32|64)$|^s_ashr_i(32|64)$|^s_lshl[1-4]_add_u32$|^s_bfe_[iu](32|64)$/, writes: ['scc'], reads: NONE, note: 'Shifts, shift-and-add, bit-field extracts.', source: SOP },
  { pattern: /^s_(not|wqm)_b(32|64)$|^s_bcnt[01]_i32_b(32|64)$|^s_abs_i32$|^s_absdiff_i32$|^s_addk_i32$/, writes: ['scc'], reads: NONE, note: 'Not, whole-quad mode, bit counts, absolute values, s_addk_i32 (not s_mulk_i32).', source: SOP },
  { pattern: /^s_quadmask_b(32|64)$/, writes: ['scc'], reads: NONE, beyondLlvm: 'LLVM declares no Defs for S_QUADMASK; the checker kept it as an SCC writer before this table, and an extra write can only add a hazard', note: 'Quad mask: kept as an SCC writer (conservative).', source: SOP },
  { pattern: /^s_cmpk?_\w+$|^s_bitcmp[01]_b(32|64)$|^s_setvskip$/, writes: ['scc'], reads: NONE, note: 'SOPC compares and bit tests (SOPC_Pseudo: Defs = [SCC], s_setvskip too) and the SOPK compares.', source: SOP },
  { pattern: /^s_alloc_vgpr$/, writes: ['scc'], reads: NONE, note: 'gfx12 VGPR allocation: SCC says whether it succeeded.', source: SOP },
  { pattern: /^s_cselect_b(32|64)$|^s_cmov_b(32|64)$|^s_cmovk_i32$/, writes: NONE, reads: ['scc'], note: 'Select and conditional moves on SCC.', source: SOP },
  // Branches on SCC, VCC, EXEC; the gfx10 subvector loop.
  { pattern: /^s_cbranch_scc[01]$/, writes: NONE, reads: ['scc'], note: 'Branch on SCC.', source: SOP },
  { pattern: /^s_cbranch_vccn?z$/, writes: NONE, reads: ['vcc'], note: 'Branch on VCC.', source: SOP },
  { pattern: /^s_cbranch_execn?z$/, writes: NONE, reads: ['exec'], note: 'Branch on EXEC.', source: SOP },
  { pattern: /^s_subvector_loop_(begin|end)$/, writes: ['exec'], reads: ['exec'], note: 'Subvector loops (gfx10-gfx11) write and read EXEC.', source: SOP },
  // M0.
  { pattern: /^s_set_gpr_idx_(on|idx)$/, writes: ['m0'], reads: ['m0'], note: 'VGPR indexing mode: Defs = [M0, MODE], Uses = [M0, MODE].', source: SOP },
  { pattern: /^s_set_gpr_idx_mode$/, writes: ['m0'], reads: NONE, note: 'VGPR indexing mode: Defs = [M0, MODE].', source: SOP },
  { pattern: /^s_sendmsg(halt)?$/, writes: NONE, reads: ['m0', 'exec'], note: 'Messages: Uses = [EXEC, M0].', source: SOP },
  { pattern: /^(s_movrel\w*|v_movrel\w*|s_ttracedata|v_interp\w*|ds_gws\w*|ds_ordered_count|ds_(read|write|load|store)_addtid\w*|lds_(direct|param)_load|ds_(direct|param)_load)$/, writes: NONE, reads: ['m0'], note: 'Read M0 without naming it: messages, relative moves, trace data, interpolation, GWS and ordered-count DS, addtid DS, LDS parameter and direct loads.', source: [...SOP, ...VOP] },
  // VALU: VCC through printed e32 operands, EXEC for v_cmpx, VCC for v_div_fmas.
  { pattern: /^v_cmpx_\w+$/, writes: ['exec'], reads: NONE, e32: { writes: ['vcc'], reads: NONE }, note: 'Compare writing EXEC; on gfx9 its e32 form also writes VCC, printed as its first operand (from gfx10 the e32 form has no scalar result).', source: VOP },
  { pattern: /^v_cmp_\w+$/, writes: NONE, reads: NONE, e32: { writes: ['vcc'], reads: NONE }, note: 'Compare: the e32 form writes VCC, printed as its first operand; the e64 form an SGPR operand.', source: VOP },
  { pattern: /^v_(addc|subb|subbrev)(_co)?_u32$|^v_(add|sub|subrev)_co_ci_u32$/, writes: NONE, reads: NONE, e32: { writes: ['vcc'], reads: ['vcc'] }, note: 'Add with carry: the e32 form takes carry in and out in VCC, printed as operands.', source: VOP },
  { pattern: /^v_(add|sub|subrev)_co_u32$/, writes: NONE, reads: NONE, e32: { writes: ['vcc'], reads: NONE }, note: 'Add with carry out: the e32 form writes VCC, printed as its second operand.', source: VOP },
  { pattern: /^v_cndmask_b(16|32)$/, writes: NONE, reads: NONE, e32: { writes: NONE, reads: ['vcc'] }, note: 'Select: the e32 form reads VCC, printed as its last operand.', source: VOP },
  { pattern: /^v_dual_cndmask_b32$/, writes: NONE, reads: ['vcc'], note: 'The VOPD half of v_cndmask_b32 reads VCC without printing it (gfx11 and later).', source: VOP },
  { pattern: /^v_div_fmas_f(32|64)$/, writes: NONE, reads: ['vcc'], note: 'Division step: reads VCC (set by v_div_scale), never printed.', source: VOP },
];

/** The encoding suffixes the assembler may print after a VALU mnemonic, and LLVM puts on its opcode names. */
const ENCODING = /_(e32|e64|sdwa|dpp|dpp8|dpp16|nosdst)$/;

/** A mnemonic without its encoding suffixes, and the encoding they name (null where none is printed). */
export function splitEncoding(mnemonic: string): { stem: string; encoding: 'e32' | 'e64' | null } {
  let stem = mnemonic;
  let encoding: 'e32' | 'e64' | null = null;
  for (let match = ENCODING.exec(stem); match; match = ENCODING.exec(stem)) {
    if (match[1] === 'e64') encoding = 'e64';
    else if (match[1] !== 'nosdst' && encoding === null) encoding = 'e32';
    stem = stem.slice(0, match.index);
  }
  return { stem, encoding };
}

/** The rule of a mnemonic (with or without encoding suffix); null where it has no implicit operand. */
export function implicitOperandRule(mnemonic: string): ImplicitOperandRule | null {
  const { stem } = splitEncoding(mnemonic);
  return IMPLICIT_OPERAND_RULES.find((rule) => rule.pattern.test(stem)) ?? null;
}

/** The register names of a special register (VCC and EXEC are pairs). */
export function specialRegisterNames(register: SpecialRegister): readonly string[] {
  switch (register) {
    case 'vcc': return ['vcc_lo', 'vcc_hi'];
    case 'exec': return ['exec_lo', 'exec_hi'];
    default: return [register];
  }
}
