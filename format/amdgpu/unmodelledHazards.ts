/**
 * The hazards of `spec/amdgpu/hazards.ts` the model does not time, found where a function may have
 * them: each gives an `unchecked` note (no proof; a hazard shown elsewhere stands), so the verdict
 * is `unknown` rather than a proof that leaves them out. Searches follow LLVM 19.1.7's
 * GCNHazardRecognizer (`llvm-hazard-recognizer`) where the hazard is a pattern in the code
 * (soft clauses, VALU use of a transcendental result); where it is not, the instructions it is
 * about are enough (MFMA on gfx90a/gfx942, LDS direct loads, permlane, WMMA, s_denorm_mode, and the
 * wave64-only gfx11 hazards in a function that may run as wave64).
 */
import type { AmdgpuTarget } from '../../spec/amdgpu/counters.js';
import { AMDGPU_TARGET_INFO } from '../../spec/amdgpu/counters.js';
import type { AmdgpuOperation } from '../../spec/amdgpu/instructionKinds.js';
import type { LoweringNote } from '../sass/lower.js';
import type { AmdgpuFunction, AmdgpuLine, AmdgpuPart } from './listing.js';
import { operandRegisters } from './registers.js';
import { TRANS, VMEM_KINDS } from './waitStateRoles.js';

/** A line as the lowering reads it: its parts with their class and registers. */
export interface HazardLine {
  readonly line: AmdgpuLine;
  readonly parts: readonly { readonly part: AmdgpuPart; readonly operation: AmdgpuOperation | null; readonly destinations: readonly string[]; readonly sources: readonly string[] }[];
}

type Note = (kind: LoweringNote['kind'], at: { line: number; column: number }, message: string) => void;

/**
 * Notes the hazards the model does not time that `fn` may have on `target`. `before[i]` lists the
 * lines control can come to line i from (a line's own predecessor in order included).
 */
export function noteUnmodelledHazards(fn: AmdgpuFunction, read: readonly HazardLine[], target: AmdgpuTarget, before: readonly (readonly number[])[], note: Note): void {
  if (AMDGPU_TARGET_INFO[target].generation === 'gfx9') noteGfx9(fn, read, target, note);
  else noteLater(fn, read, target, before, note);
}

/**
 * The gfx9 wait-state hazards the model does not time, where a function has what they are about:
 * MFMA, DOT and DGEMM pairs (gfx90a, gfx942: figures per MFMA pass count), and SMEM soft clauses
 * whose instructions overwrite a register another of the clause reads (with XNACK, which llc's
 * default target ID enables, they "may return out of order and/or may be replayed"). Each makes
 * the verdict `unknown` at its first line.
 */
function noteGfx9(fn: AmdgpuFunction, read: readonly HazardLine[], target: AmdgpuTarget, note: Note): void {
  // On gfx90a and later every such rule has an MFMA, DOT or DGEMM producer or consumer
  // (checkMAIHazards90A returns at once for others, checkMAILdStHazards "On gfx90a+ relevant
  // hazards are checked in checkMAIVALUHazards()"), so ACC VGPR spills alone need nothing.
  const matrix = read.find(({ parts }) => parts.some(({ part }) => /^v_(mfma|smfmac|dot)/.test(part.mnemonic)));
  if (matrix && target !== 'gfx900') {
    note('unchecked', matrix.line, `${matrix.parts[0]!.part.mnemonic}: the wait states LLVM requires around MFMA, DOT and DGEMM instructions on ${target} (checkMAIHazards90A, checkMAIVALUHazards: figures per MFMA pass count) are not modelled`);
  }
  // Soft clauses: runs of consecutive SMEM, or of consecutive VMEM/FLAT, lines within a block (a
  // label starts a new one). As checkSoftClauseHazards has it: once the clause so far writes
  // anything, a store may not join it, and no instruction may join that makes its writes meet
  // its reads. LLVM looks back only over the instructions its recognizer keeps (EmittedInstrs,
  // MaxLookAhead: 19 where AGPRs are used, else 5), so that is the clause it judges, and the one
  // judged here.
  const usesAgprs = read.some(({ parts }) => parts.some(({ destinations, sources }) => [...destinations, ...sources].some((name) => /^a\d+$/.test(name))));
  const lookAhead = usesAgprs ? 19 : 5;
  // A label (control may enter there) or an inline-assembly statement (an instruction to LLVM) starts a new clause.
  const labelled = new Set([...Object.values(fn.labels), ...(fn.inlineAsm ?? [])]);
  let clause: SoftClause | null = null;
  for (const [index, { line, parts }] of read.entries()) {
    const kind = clauseKind(parts);
    const defs = parts.flatMap((p) => p.destinations);
    // A 16-bit load into one half of a register keeps the other: LLVM ties its destination as an
    // input (vdata_in), so to the clause check it reads it too (the merge itself happens when the
    // data lands, which is why the counters need no wait for it).
    const uses = parts.flatMap((p) => [...p.sources, ...(PRESERVES_HALF.test(p.part.mnemonic) ? p.destinations : [])]);
    const current: SoftClause | null = kind === null || labelled.has(index) || clause === null || clause.kind !== kind ? null : clause;
    if (kind === null) {
      clause = null;
      continue;
    }
    if (current === null) {
      clause = { kind, members: [{ defs, uses }] };
      continue;
    }
    const window = current.members.slice(-lookAhead);
    const clauseDefs = new Set(window.flatMap((member) => member.defs));
    const clauseUses = new Set(window.flatMap((member) => member.uses));
    current.members.push({ defs, uses });
    if (clauseDefs.size === 0) continue;
    const stores = parts.some(({ part }) => /store|atomic/.test(part.mnemonic));
    defs.forEach((name) => clauseDefs.add(name));
    uses.forEach((name) => clauseUses.add(name));
    if (stores || [...clauseDefs].some((name) => clauseUses.has(name))) {
      const what = kind === 'smem' ? 'SMEM' : 'VMEM';
      note('unchecked', line, `a soft clause of consecutive ${what} instructions ends here with ${stores ? 'a store after instructions that write registers' : 'a register written that one of them reads'}: with XNACK they may return out of order or be replayed, and checkSoftClauseHazards breaks such clauses with s_nop 0; whether ${target} runs with XNACK the listing does not say, and replays are not modelled`);
      return;
    }
  }
}

/** A run of consecutive SMEM or VMEM lines: what each of its instructions writes and reads. */
interface SoftClause {
  readonly kind: 'smem' | 'vmem';
  readonly members: { readonly defs: readonly string[]; readonly uses: readonly string[] }[];
}

/** Which soft clause a line can belong to: SMEM, VMEM/FLAT, or none. */
function clauseKind(parts: HazardLine['parts']): 'smem' | 'vmem' | null {
  const kinds = parts.map(({ operation }) => operation?.kind ?? null);
  if (kinds.every((kind) => kind === 'smem')) return 'smem';
  if (kinds.every((kind) => kind !== null && VMEM_KINDS.has(kind))) return 'vmem';
  return null;
}

/** Loads into one half of a register that keep the other half (the `_d16` and `_d16_hi` forms, not the packed `format_d16` ones). */
const PRESERVES_HALF = /^(buffer|global|flat|scratch)_load_(short|ubyte|sbyte)_d16(_hi)?$|^ds_read_(u8|i8|u16)_d16(_hi)?$|^buffer_load_format_d16_hi_x$/;

/** The gfx10+ hazards: the transcendental-use search, and the instructions the others are about. */
function noteLater(fn: AmdgpuFunction, read: readonly HazardLine[], target: AmdgpuTarget, before: readonly (readonly number[])[], note: Note): void {
  const generation = AMDGPU_TARGET_INFO[target].generation;
  const mnemonics = (index: number) => read[index]!.parts.map(({ part }) => part.mnemonic);
  const first = (pattern: RegExp) => read.findIndex((_, index) => mnemonics(index).some((m) => pattern.test(m)));
  const about = (pattern: RegExp, hazard: string, why: string) => {
    const index = first(pattern);
    if (index >= 0) note('unchecked', read[index]!.line, `${mnemonics(index).join('::')}: ${why} (${hazard} in spec/amdgpu/hazards.ts) is not checked`);
  };
  if (generation === 'gfx10.3') noteDenormMode(read, before, note);
  if (generation === 'gfx11' || generation === 'gfx12') {
    about(/^(lds|ds)_(direct|param)_load$/, 'lds-direct-after-valu, lds-direct-after-vmem', 'the wait_vdst/wait_vsrc fields and vm_vsrc waits an LDS direct load needs against recent VALU and VMEM use');
    notePermlane(read, before, note);
    about(/^v_(wmma|swmmac)/, 'wmma-operand-overlap', 'a WMMA reading the result of the previous one, which LLVM separates with a v_nop,');
  }
  if (generation === 'gfx11') {
    // fixVALUPartialForwardingHazard and fixVALUMaskWriteHazard return at once unless wave64: a
    // kernel's descriptor says which it is; a callable function might be either.
    const wave64 = fn.wave64 ?? waveOfCode(read);
    if (wave64 !== false) {
      const execWrite = read.findIndex(({ parts }) => parts.some(({ operation, destinations }) => operation?.class === 'salu' && destinations.some((name) => /^exec_/.test(name))));
      if (execWrite >= 0) note('unchecked', read[execWrite]!.line, `${mnemonics(execWrite).join('::')}: an SALU write of EXEC between VALU instructions, in a function that ${wave64 === true ? 'runs' : 'may run'} as wave64, can need s_waitcnt_depctr (valu-partial-forwarding in spec/amdgpu/hazards.ts), which is not checked`);
      const maskRead = read.findIndex(({ parts }) => parts.some(({ part }) => /^v_(cndmask|addc|subb|subbrev|add_co_ci|sub_co_ci|subrev_co_ci|div_fmas)/.test(part.mnemonic)));
      if (maskRead >= 0) note('unchecked', read[maskRead]!.line, `${mnemonics(maskRead).join('::')}: a VALU reading an SGPR as lane mask, in a function that ${wave64 === true ? 'runs' : 'may run'} as wave64, needs s_waitcnt_depctr sa_sdst(0) before an SALU overwrites and reads it (valu-mask-write in spec/amdgpu/hazards.ts), which is not checked`);
    }
    noteTransUse(read, before, note);
  }
}

/** Instructions with a lane mask operand in SGPRs, and its position. */
const MASK_OPERAND: readonly (readonly [RegExp, number])[] = [
  [/^v_(add|sub|subrev)_co(_ci)?_u32(_e64)?$/, 1],
  [/^v_cmp_\w+_e64$/, 0],
  [/^v_cndmask_b(16|32)_e64$/, 3],
];

/**
 * Whether the code is written for wave64, where no descriptor says: lane masks are register pairs
 * there (`vcc`, `s_and_saveexec_b64`) and single registers in wave32 (`vcc_lo`, `s_and_saveexec_b32`).
 * Undefined where the code shows neither, or both.
 */
function waveOfCode(read: readonly HazardLine[]): boolean | undefined {
  let wide = false;
  let narrow = false;
  for (const { parts } of read) {
    for (const { part } of parts) {
      if (/^s_\w+_saveexec_b64$|^s_\w+_wrexec_b64$/.test(part.mnemonic) || part.operands.some((token) => token.text === 'vcc')) wide = true;
      if (/^s_\w+_saveexec_b32$|^s_\w+_wrexec_b32$/.test(part.mnemonic) || part.operands.some((token) => token.text === 'vcc_lo')) narrow = true;
      // A lane mask in SGPRs (a carry-out, a compare's result, a select's mask): one register in wave32, a pair in wave64.
      const mask = MASK_OPERAND.find(([pattern]) => pattern.test(part.mnemonic))?.[1];
      const operand = mask === undefined ? undefined : part.operands[mask];
      if (operand !== undefined) {
        const width = safeRegisters(operand.text).filter((name) => /^s\d+$/.test(name)).length;
        if (width === 1) narrow = true;
        if (width === 2) wide = true;
      }
    }
  }
  return wide === narrow ? undefined : wide;
}

/**
 * A backward search from line `start` along the lines control can come from, LLVM's hasHazard:
 * `visit` says of each line whether the hazard is found there, has expired, or goes on with a new
 * state. The first line found, or null. States are few (bounded counters), so each (line, state)
 * is visited once.
 */
function searchBack<State>(before: readonly (readonly number[])[], start: number, initial: State, visit: (at: number, state: State) => 'found' | 'expired' | State): number | null {
  const seen = new Set<string>();
  const stack = before[start]!.map((at) => ({ at, state: initial }));
  while (stack.length > 0) {
    const { at, state } = stack.pop()!;
    const key = `${at}:${JSON.stringify(state)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const next = visit(at, state);
    if (next === 'found') return at;
    if (next === 'expired') continue;
    for (const previous of before[at]!) stack.push({ at: previous, state: next });
  }
  return null;
}

/**
 * A permlane right after a compare that writes EXEC (gfx11, gfx12: fixVcmpxPermlaneHazards): LLVM
 * puts a v_mov_b32 between ("V_NOP will be discarded by SQ"); any VALU but v_nop between ends it.
 */
function notePermlane(read: readonly HazardLine[], before: readonly (readonly number[])[], note: Note): void {
  const permlane = /^v_permlane(16|x16|64)(_var)?_b32/;
  for (const [index, { parts }] of read.entries()) {
    if (!parts.some(({ part }) => permlane.test(part.mnemonic))) continue;
    const found = searchBack(before, index, 0, (at) => {
      const lineParts = read[at]!.parts;
      if (lineParts.some(({ part, destinations }) => /^v_cmpx?_/.test(part.mnemonic) && destinations.some((name) => /^exec/.test(name)))) return 'found';
      return lineParts.some(({ operation, part }) => operation?.class === 'valu' && !/^v_nop/.test(part.mnemonic)) ? 'expired' : 0;
    });
    if (found !== null) {
      note('unchecked', read[index]!.line, `a permlane right after the compare writing EXEC at line ${read[found]!.line.line}, with no VALU between (vcmpx-then-permlane in spec/amdgpu/hazards.ts: LLVM puts a v_mov_b32 there), which the model does not time`);
      return;
    }
  }
}

/**
 * s_denorm_mode after a floating-point atomic (gfx10, checkFPAtomicToDenormModeHazard): fewer than
 * 3 wait states between, with no VALU and no s_waitcnt between, needs s_nop.
 */
function noteDenormMode(read: readonly HazardLine[], before: readonly (readonly number[])[], note: Note): void {
  const fpAtomic = /^(buffer|global|flat)_atomic_\w*(f16|f32|f64|fmin|fmax|fcmpswap)/;
  const waitStatesOf = (at: number) => read[at]!.parts.reduce((sum, { part }) => sum + (part.mnemonic === 's_nop' ? (Number(part.operands[0]?.text ?? 0) || 0) + 1 : 1), 0);
  for (const [index, { parts }] of read.entries()) {
    if (!parts.some(({ part }) => part.mnemonic === 's_denorm_mode')) continue;
    const found = searchBack(before, index, 0, (at, waitStates) => {
      const lineParts = read[at]!.parts;
      if (lineParts.some(({ part }) => fpAtomic.test(part.mnemonic))) return 'found';
      const passed = waitStates + waitStatesOf(at);
      const expires = passed >= 3 || lineParts.some(({ operation, part }) => operation?.class === 'valu' || /^s_waitcnt(_vscnt|_vmcnt|_expcnt|_lgkmcnt)?$|^s_wait_idle$/.test(part.mnemonic));
      return expires ? 'expired' : passed;
    });
    if (found !== null) {
      note('unchecked', read[index]!.line, `s_denorm_mode fewer than 3 wait states after the floating-point atomic at line ${read[found]!.line.line}, with no VALU or s_waitcnt between (fp-atomic-then-denorm-mode in spec/amdgpu/hazards.ts: checkFPAtomicToDenormModeHazard), which the model does not time`);
      return;
    }
  }
}

/**
 * gfx11's VALU use of a transcendental result (fixVALUTransUseHazard): a VALU reading, as an
 * explicit operand, a VGPR a TRANS instruction wrote with at most 5 VALU instructions and at most
 * one TRANS between, and nothing between that waits for VA_VDST=0 (a VMEM, FLAT, DS or export
 * instruction, or s_waitcnt_depctr 0x0fff). LLVM puts s_waitcnt_depctr va_vdst(0) before such a
 * use; where the search finds one without it, the hazard is noted (the model does not time VALU
 * forwarding).
 */
function noteTransUse(read: readonly HazardLine[], before: readonly (readonly number[])[], note: Note): void {
  const isValu = (index: number) => read[index]!.parts.some(({ operation }) => operation?.class === 'valu');
  const isTrans = (index: number) => read[index]!.parts.some(({ part }) => TRANS.test(part.mnemonic));
  const waitsForValu = (index: number) => read[index]!.parts.some(({ part, operation }) =>
    ['vmem-load', 'vmem-store', 'vmem-atomic-return', 'vmem-atomic-no-return', 'image-sample', 'image-bvh', 'lds-dma', 'flat-load', 'flat-store', 'lds', 'gds', 'export'].includes(operation?.kind ?? '') ||
    (part.mnemonic === 's_waitcnt_depctr' && /^(0x0?fff|4095|depctr_va_vdst\(0\))$/i.test(part.operands.map((t) => t.text).join(' ').trim())));
  for (const [index, { parts }] of read.entries()) {
    if (!isValu(index)) continue;
    const sources = new Set(parts.flatMap(({ part }) => part.operands.slice(1).flatMap((token) => safeRegisters(token.text).filter((name) => /^v\d+$/.test(name)))));
    if (sources.size === 0) continue;
    // Backward over the lines control can come from, with the VALUs and TRANS seen so far.
    const found = searchBack(before, index, { valus: 0, trans: 0 }, (at, { valus, trans }) => {
      if (valus > 5 || trans > 1 || waitsForValu(at)) return 'expired';
      if (isTrans(at) && read[at]!.parts.some(({ destinations }) => destinations.some((name) => sources.has(name)))) return 'found';
      return { valus: valus + (isValu(at) ? 1 : 0), trans: trans + (isTrans(at) ? 1 : 0) };
    });
    if (found !== null) {
      note('unchecked', read[index]!.line, `a VALU reads the result of the transcendental ${read[found]!.parts[0]!.part.mnemonic} at line ${read[found]!.line.line} with at most 5 VALUs and one TRANS between and no s_waitcnt_depctr va_vdst(0) (valu-trans-use in spec/amdgpu/hazards.ts: fixVALUTransUseHazard), which the model does not time`);
      return;
    }
  }
}

/** The registers of an operand, none where it is malformed (the operand rules report those). */
function safeRegisters(text: string): string[] {
  try {
    return operandRegisters(text);
  } catch {
    return [];
  }
}
