/**
 * Which wait-state roles (`spec/amdgpu/waitStates.ts`) one instruction plays for each register it
 * writes or reads, following LLVM 19.1.7's GCNHazardRecognizer predicates: which instructions are
 * VMEM, DPP, `v_div_fmas`, lane reads and writes, M0 readers, `s_setreg`/`s_getreg`, which
 * operands are lane selects and which stores hold their data long enough to be overwritten.
 *
 * Where a rule can err it errs towards more roles: a role too many can only make a proof ask for
 * more wait states than LLVM inserts (a false `hazard` a test would show), a role too few could
 * hide a hazard.
 */
import type { AmdgpuGeneration, InstructionKind } from '../../spec/amdgpu/counters.js';
import type { AmdgpuOperation } from '../../spec/amdgpu/instructionKinds.js';
import type { WaitStateReader, WaitStateWriter } from '../../spec/amdgpu/waitStates.js';
import type { AmdgpuPart } from './listing.js';
import { isScalarRegister, operandRegisters } from './registers.js';

/** Roles per register of one instruction. */
export interface WaitStateRoles {
  readonly writes: ReadonlyMap<string, readonly WaitStateWriter[]>;
  readonly reads: ReadonlyMap<string, readonly WaitStateReader[]>;
  /** Registers the operand rules do not list: hardware registers (`hwreg:HW_REG_MODE`), and M0 where an M0 reader does not name it. */
  readonly extraReads: readonly string[];
  readonly extraWrites: readonly string[];
}

/** The prefix of a hardware register as a model register. */
export const HWREG_PREFIX = 'hwreg:';

/** The suffix of a VGPR's store-data shadow (`v4!store-data`): written by a store that holds it, read by a VALU overwriting it. */
export const STORE_DATA_SHADOW = '!store-data';

/** VMEM and FLAT kinds (LLVM's isVMEM or isFLAT): their scalar sources are `vmem-sgpr` reads, and consecutive ones form a soft clause. */
export const VMEM_KINDS: ReadonlySet<InstructionKind> = new Set<InstructionKind>(['vmem-load', 'vmem-store', 'vmem-atomic-return', 'vmem-atomic-no-return', 'image-sample', 'image-bvh', 'lds-dma', 'flat-load', 'flat-store']);

/** Transcendental VALU opcodes (VOP1Instructions.td, `let TRANS = 1`). */
export const TRANS = /^v_(exp|log|rcp|rcp_iflag|rsq|sqrt|sin|cos)(_legacy|_clamp)?_f(16|32|64)(_e32|_e64|_sdwa|_dpp)?$/;

/**
 * M0 readers the recognizer checks on gfx9 (PreEmitNoopsCommon): VINTRP, s_movrel, the two
 * `ds_*_addtid_b32`, s_sendmsg/s_sendmsghalt/s_ttracedata, always-GDS DS opcodes or the gds
 * modifier, LDS DMA, and any instruction reading `src_lds_direct`.
 */
function readsM0ForHazard(part: AmdgpuPart, kind: InstructionKind | null): boolean {
  const { mnemonic } = part;
  if (/^(v_interp|s_movrel[sd]_b(32|64)$|ds_(read|write)_addtid_b32$|s_sendmsg$|s_sendmsghalt$|s_ttracedata$)/.test(mnemonic)) return true;
  if (kind === 'gds' || kind === 'lds-dma') return true;
  return part.operands.some((token) => /src_lds_direct|lds_direct/.test(token.text));
}

/** The hardware register an `s_setreg`/`s_getreg` names: `hwreg(HW_REG_MODE, 0, 4)` -> `hwreg:HW_REG_MODE`. */
export function hwregOf(part: AmdgpuPart): string {
  const text = part.operands.map((token) => token.text).join(',') + part.modifiers.map((token) => token.text).join(' ');
  const match = /hwreg\(\s*([A-Za-z_0-9]+)/.exec(text);
  return `${HWREG_PREFIX}${match ? match[1] : '?'}`;
}

/** Bits of the data operand of a store (its register count x 32). */
function dataBits(part: AmdgpuPart, index: number): number {
  const token = part.operands[index];
  if (!token) return 0;
  try {
    return operandRegisters(token.text).filter((name) => /^[va]\d+$/.test(name)).length * 32;
  } catch {
    return 0;
  }
}

/**
 * The data VGPRs of a store that createsVALUHazard names: MUBUF/MTBUF data over 64 bits whose
 * soffset is not a register, FLAT (flat, global, scratch) data over 64 bits, atomics included
 * (they may store). Image stores use a 256-bit T# and are exempt. Empty otherwise.
 */
export function heldStoreData(part: AmdgpuPart, kind: InstructionKind | null, returning: boolean): string[] {
  if (kind === null) return [];
  const { mnemonic } = part;
  let dataIndex: number;
  if (/^t?buffer_(store|atomic)/.test(mnemonic)) {
    // buffer_store_dwordx4 v[0:3], v4, s[0:3], s5 offen: data, vaddr, srsrc, soffset.
    const soffset = part.operands[3]?.text ?? '';
    const soffsetIsRegister = (() => {
      try {
        return operandRegisters(soffset).some(isScalarRegister);
      } catch {
        return false;
      }
    })();
    if (soffsetIsRegister) return [];
    // A returning atomic's first operand is its destination and its data alike.
    dataIndex = 0;
  } else if (/^(flat|global|scratch)_(store|atomic)/.test(mnemonic)) {
    // global_store_dwordx4 v0, v[1:4], s[0:1]: vaddr, data; a returning atomic: vdst, vaddr, data.
    dataIndex = returning ? 2 : 1;
  } else {
    return [];
  }
  if (dataBits(part, dataIndex) <= 64) return [];
  const token = part.operands[dataIndex]!;
  try {
    return operandRegisters(token.text).filter((name) => /^[va]\d+$/.test(name));
  } catch {
    return [];
  }
}

/** Whether a VALU writes part of its VGPR destination with the result bits shifted (SDWA dst_sel, or op_sel's destination bit). */
function shiftsDestination(part: AmdgpuPart): boolean {
  const modifiers = part.modifiers.map((token) => token.text);
  const dstSel = modifiers.find((text) => text.startsWith('dst_sel:'));
  if (dstSel !== undefined) return dstSel !== 'dst_sel:DWORD';
  const opSel = modifiers.find((text) => text.startsWith('op_sel:['));
  if (opSel === undefined || /^v_pk_/.test(part.mnemonic)) return false;
  const bits = opSel.slice('op_sel:['.length, -1).split(',').map((bit) => bit.trim());
  // The destination's bit comes after one bit per source operand.
  return bits.length === part.operands.length && bits[bits.length - 1] === '1';
}

/**
 * Whether a VOP3P instruction has src0's op_sel_hi bit set: `v_pk_*` by default (the printer omits
 * an all-ones op_sel_hi), the mixed-precision `v_fma_mix*`/`v_mad_mix*` only when op_sel_hi says so.
 */
function setsSrc0OpSelHi(part: AmdgpuPart): boolean {
  const packed = /^v_pk_/.test(part.mnemonic);
  const mixed = /^v_(fma|mad)_mix/.test(part.mnemonic);
  if (!packed && !mixed) return false;
  const opSelHi = part.modifiers.map((token) => token.text).find((text) => text.startsWith('op_sel_hi:['));
  if (opSelHi === undefined) return packed;
  return opSelHi.slice('op_sel_hi:['.length).split(',')[0]!.trim() === '1';
}

function add<T>(map: Map<string, T[]>, register: string, role: T): void {
  const list = map.get(register);
  if (list) {
    if (!list.includes(role)) list.push(role);
  } else {
    map.set(register, [role]);
  }
}

/**
 * The roles of one instruction part, with `destinations` and `sources` as the operand rules read
 * them. `generation` decides nothing but is kept so the gfx9-only readers stay gfx9-only.
 */
export function waitStateRoles(part: AmdgpuPart, operation: AmdgpuOperation, generation: AmdgpuGeneration, destinations: readonly string[], sources: readonly string[]): WaitStateRoles {
  const writes = new Map<string, WaitStateWriter[]>();
  const reads = new Map<string, WaitStateReader[]>();
  const extraReads: string[] = [];
  const extraWrites: string[] = [];
  const none = { writes, reads, extraReads, extraWrites };
  if (generation !== 'gfx9') return none;
  const { mnemonic } = part;
  const kind = operation.kind;
  const vgpr = (name: string) => /^v\d+$/.test(name);
  const explicitSources = new Set(part.operands.slice(1).flatMap((token) => {
    try {
      return operandRegisters(token.text);
    } catch {
      return [];
    }
  }));

  if (operation.class === 'valu') {
    const trans = TRANS.test(mnemonic);
    const shifted = shiftsDestination(part);
    const opSelHi = setsSrc0OpSelHi(part);
    for (const name of destinations) {
      if (vgpr(name)) {
        add(writes, name, 'valu-vgpr');
        if (trans) add(writes, name, 'trans-vgpr');
        if (shifted) add(writes, name, 'dst-sel-vgpr');
        if (opSelHi) add(writes, name, 'op-sel-hi-vgpr');
      } else if (isScalarRegister(name)) {
        add(writes, name, 'valu-sgpr');
        if (/^vcc_/.test(name)) add(writes, name, 'valu-vcc');
        if (/^exec_/.test(name)) add(writes, name, 'valu-exec');
      }
    }
    const dpp = /_dpp$/.test(mnemonic);
    const rwLane = /^v_(readlane|writelane)_b32/.test(mnemonic);
    const readLane = /^v_(readlane|readfirstlane)_b32/.test(mnemonic);
    for (const name of sources) {
      if (vgpr(name)) {
        if (dpp) add(reads, name, 'dpp-vgpr');
        // LLVM's forwarding rules look at explicit operands only (explicit_uses): an SDWA or DPP
        // write that keeps the rest of its destination reads it through a tied implicit operand.
        if (explicitSources.has(name)) {
          add(reads, name, 'valu-vgpr-read');
          if (!trans) add(reads, name, 'non-trans-vgpr-read');
        }
      } else if (isScalarRegister(name)) {
        if (/^exec_/.test(name)) {
          if (dpp) add(reads, name, 'dpp-exec');
          if (rwLane || readLane) add(reads, name, 'rwlane-exec');
          if (explicitSources.has(name)) add(reads, name, 'valu-sgpr-read');
        } else {
          add(reads, name, 'valu-sgpr-read');
        }
        if (/^vcc_/.test(name) && /^v_div_fmas/.test(mnemonic)) add(reads, name, 'div-fmas-vcc');
      }
    }
    if (readLane) {
      // v_readlane_b32 sdst, vsrc0, ssrc1 / v_readfirstlane_b32 sdst, vsrc0: the source VGPR.
      for (const name of safeRegisters(part, 1)) if (vgpr(name)) add(reads, name, 'readlane-vgpr');
    }
    if (rwLane) {
      // The lane select is the third operand of both (src1).
      for (const name of safeRegisters(part, 2)) if (isScalarRegister(name)) add(reads, name, 'lane-select');
    }
    readsM0(part, kind, sources, reads, extraReads);
    // Every VGPR a VALU writes may be a store's held data.
    for (const name of destinations) if (vgpr(name) || /^a\d+$/.test(name)) add(reads, `${name}${STORE_DATA_SHADOW}`, 'valu-overwrite');
    return none;
  }
  if (operation.class === 'salu') {
    if (destinations.includes('m0')) add(writes, 'm0', 'salu-m0');
    if (/^s_setreg_(b32|imm32_b32)$/.test(mnemonic)) {
      const hwreg = hwregOf(part);
      extraWrites.push(hwreg);
      extraReads.push(hwreg);
      add(writes, hwreg, 'setreg');
      add(reads, hwreg, 'setreg');
    }
    if (/^s_getreg_b32$/.test(mnemonic)) {
      const hwreg = hwregOf(part);
      extraReads.push(hwreg);
      add(reads, hwreg, 'getreg');
    }
    if (/^s_rfe_b64$/.test(mnemonic)) {
      const hwreg = `${HWREG_PREFIX}HW_REG_TRAPSTS`;
      extraReads.push(hwreg);
      add(reads, hwreg, 'rfe');
    }
    readsM0(part, kind, sources, reads, extraReads);
    return none;
  }
  if (operation.class === 'memory' && kind !== null) {
    if (VMEM_KINDS.has(kind)) for (const name of sources) if (isScalarRegister(name)) add(reads, name, 'vmem-sgpr');
    readsM0(part, kind, sources, reads, extraReads);
    return none;
  }
  readsM0(part, kind, sources, reads, extraReads);
  return none;
}

/** Adds the `m0-reader` role where the recognizer checks M0, and M0 itself where the operand rules did not list it (s_ttracedata). */
function readsM0(part: AmdgpuPart, kind: InstructionKind | null, sources: readonly string[], reads: Map<string, WaitStateReader[]>, extraReads: string[]): void {
  if (!readsM0ForHazard(part, kind)) return;
  add(reads, 'm0', 'm0-reader');
  if (!sources.includes('m0')) extraReads.push('m0');
}

/** The registers of operand `index`, none where it is missing or malformed (the operand rules report malformed ones). */
function safeRegisters(part: AmdgpuPart, index: number): string[] {
  const token = part.operands[index];
  if (!token) return [];
  try {
    return operandRegisters(token.text);
  } catch {
    return [];
  }
}
