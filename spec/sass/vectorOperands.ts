/**
 * Registers of the vector instructions: texture (`TEX`, `TLD`, `TEXS`...), surface (`SULD`,
 * `SUST`...) and matrix (`HMMA`, `IMMA`...), whose operands name the first register of a vector
 * whose length the modifiers and trailing operands decide. Where the length is not written, the
 * longest plausible vector is taken: writing or reading more registers than the hardware does
 * can only raise a false alarm, never hide a hazard.
 */
import { accessWidth, addressRegisters, expandRegister, operandRegisters, registerOf } from './operandRegisters.js';

/** Registers written and read (possibly with duplicates; the caller removes them). */
export interface VectorEffects {
  destinations: string[];
  sources: string[];
}

const DIMENSION = /^(?:ARRAY_)?(1D|2D|3D|CUBE)(?:_ARRAY|_BUFFER)?$/;
/** Modifiers that add a parameter register after the coordinates (LOD, bias, depth compare, offsets, bindless handle, sample). */
const EXTRA_PARAMETERS = new Set(['LL', 'LB', 'DC', 'AOFFI', 'PTP', 'MS', 'B', 'DP', 'NDV']);

/** Coordinates a dimension token needs: `2D` 2, `CUBE` 3, `ARRAY_2D` 3; null when none is written. */
function coordinates(tokens: readonly string[]): number | null {
  for (const token of tokens) {
    const match = DIMENSION.exec(token);
    if (!match) continue;
    const base = match[1] === 'CUBE' ? 3 : Number(match[1]!.charAt(0));
    return base + (token.includes('ARRAY') ? 1 : 0);
  }
  return null;
}

/**
 * Components a texture instruction writes: the popcount of the write mask following the
 * dimension (`2D, 0x1` 1), or the length of a channel token (`R`, `RGBA`); 4 when neither.
 */
function components(operands: readonly string[]): number {
  const dimension = operands.findIndex((operand) => DIMENSION.test(operand));
  const after = dimension < 0 ? [] : operands.slice(dimension + 1);
  const mask = after.find((operand) => /^0x[0-9a-fA-F]+$/.test(operand) || /^\d+$/.test(operand));
  if (mask !== undefined) {
    const bits = Number(mask) & 0xf;
    return bits === 0 ? 4 : [0, 1, 2, 3].filter((bit) => (bits & (1 << bit)) !== 0).length;
  }
  const channels = operands.find((operand) => /^[RGBA]{1,4}$/.test(operand));
  return channels === undefined ? 4 : channels.length;
}

/**
 * Texture operands. `texture` (Maxwell/Pascal `TEX Rd, Ra, Rb, ...`): one destination vector of
 * as many registers as components. `texture2` (Volta+ `TEX.SCR.LL RZ, R6, R4, R11, 0x0, 0x5e, 2D,
 * 0x1`) and `textureScalar` (`TEXS.T RZ, R7, R9, R4, 0x56, 2D, R`): two destination operands,
 * each taken as min(components, 2) registers (the split between them is not written).
 * Sources: the first register operand after the destinations is the coordinate vector (as many
 * registers as the dimension needs, 4 when unwritten), the second holds the extra parameters
 * (one per `.LL`/`.LB`/`.DC`/`.AOFFI`/`.B`... modifier, at least 1). For the scalar forms the
 * coordinates and parameters are shared by both operands, at most 2 registers each.
 */
export function textureOperands(operands: readonly string[], modifiers: readonly string[], shape: string | undefined): VectorEffects {
  const twoDestinations = shape === 'texture2' || shape === 'textureScalar';
  const count = components(operands);
  const second = operands[1];
  const destinationOperands = twoDestinations && second !== undefined && (second === 'RZ' || registerOf(second) !== null) ? 2 : 1;
  const perDestination = destinationOperands === 2 ? Math.min(count, 2) : Math.min(count, 4);
  const destinations = operands.slice(0, destinationOperands).flatMap((operand) => operandRegisters(operand, perDestination));
  const coordinateCount = coordinates([...operands, ...modifiers]) ?? 4;
  const extras = modifiers.filter((m) => EXTRA_PARAMETERS.has(m)).length;
  const vectors = operands.slice(destinationOperands).filter((operand) => /^[-!|]*U?R(?:Z|\d+)/.test(operand));
  const widths = shape === 'textureScalar' ? scalarWidths(coordinateCount + extras, vectors.length) : [coordinateCount, Math.max(1, Math.min(4, extras))];
  const sources = vectors.flatMap((operand, index) => operandRegisters(operand, widths[index] ?? 1));
  return { destinations, sources };
}

/** Scalar texture forms split `total` values over their (at most two) source operands, 2 registers at most each. */
function scalarWidths(total: number, operandCount: number): number[] {
  if (operandCount < 2) return [Math.min(2, total)];
  const first = Math.min(2, Math.max(1, total - 1));
  return [first, Math.min(2, Math.max(1, total - first))];
}

/**
 * Surface operands: `SULD.D.BA.2D R2, [R16], 0x58` writes R2 and reads the coordinate vector
 * R16, R17; `SUST.D.BA.2D [R16], R2, 0x59` reads R16, R17 and R2; `SUATOM`/`SURED` like an
 * atomic. Data width: raw `.D` accesses by size (`.64` 2, `.128` 4, else 1), formatted `.P` by
 * channel token (`.RGBA` 4), atomics by `.64`/`.U64`; an unsized formatted access is taken as 4.
 * Coordinates: as many as the dimension modifier needs (4 when none is written).
 */
export function surfaceOperands(operands: readonly string[], modifiers: readonly string[], base: string, load: boolean): VectorEffects {
  const coordinateCount = coordinates(modifiers) ?? 4;
  const width = surfaceDataWidth(modifiers, base);
  const destinations: string[] = [];
  const sources: string[] = [];
  operands.forEach((operand, index) => {
    if (operand.includes('[')) {
      for (const register of addressRegisters(operand, false)) sources.push(...expandRegister(register, coordinateCount));
    } else if (load && index === 0) {
      destinations.push(...operandRegisters(operand, width));
    } else {
      sources.push(...operandRegisters(operand, isData(index, load) ? width : 1));
    }
  });
  return { destinations, sources };
}

/** The data operand of a surface store follows its address; a surface atomic's data follows result and address. */
function isData(index: number, load: boolean): boolean {
  return load ? index === 2 : index === 1;
}

function surfaceDataWidth(modifiers: readonly string[], base: string): number {
  if (base === 'SUATOM' || base === 'SURED') return accessWidth(modifiers);
  if (modifiers.includes('P')) {
    const channels = modifiers.find((m) => /^[RGBA]{1,4}$/.test(m));
    return channels === undefined ? 4 : channels.length;
  }
  return accessWidth(modifiers);
}

/** Bits of an element type: F16/BF16 16, TF32/F32/S32 32, F64 64, S8/U8 8, S4/U4 4, B1 1; null when unknown. */
function typeBits(type: string | undefined): number | null {
  if (type === undefined) return null;
  const match = /^(?:BF|TF|[FSUB])(\d+)$/.exec(type);
  return match ? Number(match[1]) : null;
}

/**
 * The FP8, FP6 and FP4 element types (`E4M3`, `E5M2`, `E3M2`, `E2M3`, `E2M1`), whose registers
 * hold them in containers (`minifloatBits`). Scale-factor types (`UE4M3`, `UE8M0` printed `E8`)
 * are not element types.
 */
const MINIFLOAT = /^E[2-5]M[1-3]$/;

/**
 * Bits one FP8/FP6/FP4 element takes in a fragment register (PTX ISA, `mma`: "When .kind is
 * either of .kind::mxf8f6f4 or .kind::f8f6f4, the individual 4-bit and the 6-bit floating point
 * type elements must be packed in an 8-bit container ... when using mma with .kind::mxf4 or
 * .kind::mxf4nvf4, no explicit padding is necessary"). The kinds are told apart by their shapes:
 * `.kind::f8f6f4`/`.kind::mxf8f6f4` are m16n8k32 (k64 sparse), `.kind::mxf4`/`.kind::mxf4nvf4`
 * (`.e2m1` only) m16n8k64 (k128 sparse): 4 bits when both types are E2M1 and the dense K is 64,
 * else 8.
 */
function minifloatBits(types: readonly string[], denseK: number): number {
  return denseK >= 64 && types.every((type) => type === 'E2M1') ? 4 : 8;
}

/**
 * Matrix operands `D, A, B, C` (C as wide as D), then single registers (sparsity metadata, scale
 * factors). Per-thread fragment sizes of an m×n×k shape written `16816`, `1688`, `884`, `8816`,
 * `16832`, `16864`, `168128`, `8x8x4` (PTX ISA, "Matrix Fragments for mma.mMnNkK"): D holds m·n/32
 * elements, A m·k/32 (half of it with `.SP`, the 2:4 sparse A of `mma.sp`), B k·n/32, at the
 * element widths of the types (`HMMA.16816.F32.BF16`: D F32, A and B BF16; HMMA inputs default
 * to F16, IMMA results are S32, DMMA is all F64; `QMMA.16832.F32.E4M3.E2M1`: D F32, A E4M3, B
 * E2M1, FP8/FP6/FP4 elements in the containers `minifloatBits` gives). Volta's
 * `HMMA.884.F32.F32.STEPn` writes and reads 2 registers per operand per step (1 for F16).
 * An unreadable shape gives the widest fragments (8, 8, 4).
 */
export function matrixOperands(operands: readonly string[], base: string, modifiers: readonly string[]): VectorEffects {
  const widths = fragmentWidths(base, modifiers) ?? { d: 8, a: 8, b: 4 };
  const [d, a, b, c, ...rest] = operands;
  const destinations = d === undefined ? [] : operandRegisters(d, widths.d);
  const sources = [
    ...(a === undefined ? [] : operandRegisters(a, widths.a)),
    ...(b === undefined ? [] : operandRegisters(b, widths.b)),
    ...(c === undefined ? [] : operandRegisters(c, widths.d)),
    ...rest.flatMap((operand) => operandRegisters(operand, 1)),
  ];
  return { destinations, sources };
}

/** Register counts of D (and C), A and B from the shape, sparsity and type modifiers; null when the shape is unreadable. */
export function fragmentWidths(base: string, modifiers: readonly string[]): { d: number; a: number; b: number } | null {
  // Hopper's cuobjdump spells DMMA's shape with separators (`DMMA.8x8x4`), Ampere's without (`DMMA.884`).
  const shape = modifiers.map((m) => (/^\d+x\d+x\d+$/.test(m) ? m.replaceAll('x', '') : m)).find((m) => /^\d{3,6}$/.test(m));
  if (shape === undefined) return null;
  const m = shape.startsWith('16') ? 16 : 8;
  const rest = shape.slice(String(m).length);
  if (!rest.startsWith('8')) return null;
  const n = 8;
  const k = Number(rest.slice(1));
  if (!Number.isInteger(k) || k <= 0) return null;
  const sparse = modifiers.includes('SP');
  const types = modifiers.filter((mod) => typeBits(mod) !== null || MINIFLOAT.test(mod));
  let dBits: number;
  let aBits: number;
  let bBits: number;
  const minifloats = types.filter((type) => MINIFLOAT.test(type));
  if (base === 'DMMA') {
    dBits = 64;
    aBits = bBits = 64;
  } else if (minifloats.length > 0) {
    // QMMA/OMMA: the accumulator type (when written) first, then A's and B's.
    dBits = MINIFLOAT.test(types[0]!) ? 32 : (typeBits(types[0]) ?? 32);
    aBits = bBits = minifloatBits(minifloats, sparse ? k / 2 : k);
  } else if (base === 'HMMA') {
    dBits = typeBits(types[0]) ?? 32;
    aBits = bBits = typeBits(types[1]) ?? 16;
  } else {
    dBits = 32;
    aBits = bBits = base === 'BMMA' ? 1 : (typeBits(types[0]) ?? 8);
  }
  const registers = (elements: number, bits: number) => Math.max(1, Math.ceil((elements * bits) / 32));
  if (modifiers.some((mod) => mod.startsWith('STEP'))) {
    const step = dBits <= 16 ? 1 : 2;
    return { d: step, a: 2, b: 2 };
  }
  if (base === 'HMMA' && m === 8 && k === 4) {
    // m8n8k4 is computed by quad-pairs: 8 results, 4 A and 4 B elements per thread.
    return { d: registers(8, dBits), a: registers(4, aBits), b: registers(4, bBits) };
  }
  const aElements = (m * k) / 32 / (sparse ? 2 : 1);
  return { d: registers((m * n) / 32, dBits), a: registers(aElements, aBits), b: registers((k * n) / 32, bBits) };
}

/** Registers of a wgmma A fragment held in registers: m64·k elements over 128 threads, 16 bytes each (PTX ISA, "Register Fragments" of wgmma: 4 .b32 registers for every input type). */
const WARPGROUP_A_REGISTERS = 4;
/** The widest wgmma accumulator: m64n256 in F32, 128 registers per thread. */
const WARPGROUP_WIDEST_ACCUMULATOR = 128;

/**
 * Operands of a warpgroup MMA (wgmma.mma_async, sm_90a): `HGMMA.64x256x16.F32.BF16 R24,
 * gdesc[UR8], RZ, !UPT`, `HGMMA.64x64x16.F16 R184, R200, gdesc[UR8], RZ, !UPT`,
 * `IGMMA.64x64x32.S8.S8 R152, gdesc[UR8], RZ, !UPT, gsb0`. D, the accumulator, is written; C
 * (the same registers, or RZ when scale-d is off) read, as wide as D: an m64nNkK shape holds N/2
 * elements per thread (PTX ISA, wgmma "Register Fragments": 64·N over 128 threads), one register
 * each for F32 and S32 accumulators (IGMMA and BGMMA are always S32), two per register for F16.
 * A, when it is in registers, is 4 registers. `gdesc[URa]` holds the two 64-bit matrix
 * descriptors, URa..URa+3 (read whole: reading more can only raise a false alarm). Predicates
 * (the scale-d `!UPT`, `UP0`) are read; `gsb0` names the warpgroup's scoreboard (lowered
 * apart), immediates nothing. An unreadable shape gives the widest accumulator.
 */
export function warpgroupMatrixOperands(operands: readonly string[], base: string, modifiers: readonly string[]): VectorEffects {
  const width = warpgroupAccumulatorRegisters(base, modifiers);
  const [d, ...rest] = operands;
  const destinations = d === undefined ? [] : operandRegisters(d, width);
  const sources: string[] = [];
  let seenDescriptor = false;
  for (const operand of rest) {
    const descriptor = operand.trim().startsWith('gdesc[') ? bracketedUniform(operand) : null;
    if (descriptor !== null) {
      sources.push(...expandRegister(descriptor, 4));
      seenDescriptor = true;
    } else if (operand.includes('[')) {
      sources.push(...addressRegisters(operand, false));
    } else {
      // Before the descriptor: A in registers; after it: C, then predicates.
      sources.push(...operandRegisters(operand, seenDescriptor ? width : WARPGROUP_A_REGISTERS));
    }
  }
  return { destinations, sources };
}

/** Accumulator registers per thread of a warpgroup MMA's shape and type; the widest when the shape is unreadable. */
export function warpgroupAccumulatorRegisters(base: string, modifiers: readonly string[]): number {
  const shape = modifiers.map((modifier) => /^64x(\d+)x\d+$/.exec(modifier)).find((match) => match !== null);
  const n = shape === undefined ? NaN : Number(shape![1]);
  if (!Number.isInteger(n) || n < 8 || n > 256) return WARPGROUP_WIDEST_ACCUMULATOR;
  const after = modifiers.slice(modifiers.findIndex((modifier) => /^64x\d+x\d+$/.test(modifier)) + 1);
  const halfAccumulator = (base === 'HGMMA' || base === 'QGMMA') && after[0] === 'F16';
  return halfAccumulator ? n / 4 : n / 2;
}

/** Tensor dimensions of a TMA instruction's `1D`..`5D` modifier; the most (5) when none is written. */
function tensorDimensions(modifiers: readonly string[]): number {
  const dimension = modifiers.map((modifier) => /^([1-5])D$/.exec(modifier)).find((match) => match !== null);
  return dimension === undefined ? 5 : Number(dimension![1]);
}

/**
 * The uniform register a bracketed operand names (`[UR8]`, `desc[UR6]`, `gdesc[UR16].tnspB`: a
 * suffix names no register), or null (URZ, or another form).
 */
function bracketedUniform(operand: string): string | null {
  const match = /^(?:g?desc)?\[(UR\d+)\](?:\.\w+)*$/.exec(operand.trim());
  return match === null ? null : match[1]!;
}

/**
 * Registers the first operand of a TMA or bulk-copy instruction names, `[URa]`, a group of
 * consecutive uniform registers (ptxas 12.5 for sm_90, ptxas-sm90-tma; the PTX ISA's operand lists
 * of cp.async.bulk.tensor and cp.async.bulk): UTMALDG.nD the shared-memory destination, the
 * mbarrier and n coordinates; UTMASTG.nD and UTMAREDG.nD the shared-memory source and n
 * coordinates; UTMAPF.nD n coordinates; UTMACCTL the tensor map's 64-bit address; UBLKCP,
 * UBLKRED and UBLKPF the destination (a shared address and its mbarrier, or a 64-bit global address).
 */
function bulkCopyGroup(base: string, modifiers: readonly string[]): number {
  const n = tensorDimensions(modifiers);
  switch (base) {
    case 'UTMALDG':
      return n + 2;
    case 'UTMASTG':
    case 'UTMAREDG':
      return n + 1;
    case 'UTMAPF':
      return n;
    default:
      return 2;
  }
}

/**
 * Operands of Hopper's TMA and bulk-copy instructions, which write no register and read uniform
 * registers only: `UTMALDG.2D [UR8], [UR16]`, `UTMALDG.5D.IM2COL.MULTICAST [UR8], [UR20], UR4,
 * desc[UR18]`, `UTMASTG.3D [UR4], [UR8]`, `UTMAPF.L2.4D [UR12], [UR8], desc[UR6]`, `UTMACCTL.PF
 * [UR16]`, `UBLKCP.S.G [UR4], [UR8], UR6`, `UBLKCP.G.S [UR8], [UR4], UR5, desc[UR6]`,
 * `UBLKPF.L2 [UR8], UR4, desc[UR6]`. The first operand is a group (`bulkCopyGroup`); the second,
 * bracketed, is a 64-bit address (the tensor map's, or a global source) except for a bulk copy
 * from shared memory (`.G.S`, `.S.S`: one register, the size following it); `desc[URn]`, the L2
 * cache policy, a pair; every other register (size, multicast mask, im2col offsets) one.
 */
export function bulkCopyOperands(operands: readonly string[], base: string, modifiers: readonly string[]): VectorEffects {
  const fromShared = (base === 'UBLKCP' || base === 'UBLKRED') && modifiers[1] === 'S';
  const sources: string[] = [];
  operands.forEach((operand, index) => {
    const uniform = bracketedUniform(operand);
    if (uniform !== null) {
      const width = operand.trim().startsWith('desc') ? 2 : index === 0 ? bulkCopyGroup(base, modifiers) : index === 1 && fromShared ? 1 : 2;
      sources.push(...expandRegister(uniform, width));
    } else if (operand.includes('[')) {
      sources.push(...addressRegisters(operand, false));
    } else {
      sources.push(...operandRegisters(operand, 1));
    }
  });
  return { destinations: [], sources };
}
