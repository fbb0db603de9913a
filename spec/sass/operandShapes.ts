/**
 * Which registers one listed instruction writes and reads, by its opcode's operand shape
 * (`OperandShape`). Registers are expanded by width: `LDG.E.128 R4` writes R4..R7, `DADD R2`
 * writes R2, R3. Where the width cannot be known from the text, the rules take the wider
 * reading: an extra destination can only produce a false alarm, never hide a hazard; an extra
 * source likewise. The guard predicate is added by `instructionEffects`, not here.
 */
import type { SassLine } from '../../format/sass/listing.js';
import type { ArchitectureTable, OpcodeInfo } from './architecture.js';
import type { RegisterClasses } from './program.js';
import {
  accessWidth,
  addressRegisters,
  baseOpcode,
  fileOf,
  isPredicateOperand,
  isRegisterOperand,
  modifiersOf,
  operandRegisters,
  registerOf,
} from './operandRegisters.js';
import { bulkCopyOperands, matrixOperands, surfaceOperands, textureOperands, warpgroupMatrixOperands } from './vectorOperands.js';

/** Registers an instruction writes and reads (the guard excluded), in operand order, without duplicates. */
export interface OperandEffects {
  readonly destinations: readonly string[];
  readonly sources: readonly string[];
  /** Latency classes of particular registers, where the operand's position decides its timing (`IMAD.WIDE`). */
  readonly registerClasses?: RegisterClasses;
}

/**
 * The latency classes of IMAD.WIDE's registers in NVIDIA's tables (Mesa NAK: sm75
 * `IMADWideAB`/`IMADWideLower`/`IMADWideUpper`, sm80 `IMADWideReadAB/ReadCL/ReadCH` and
 * `IMADWideWriteDL/WriteDH`, B100 `imad_wide_read_ab/cl/ch`, `imad_wide_write_dl/dh`): the low and
 * high result registers as writers, the A and B operands and the low and high registers of the
 * 64-bit addend C as readers. The instruction's own class (`imadWide`) stays the slowest of them,
 * for the tables that do not time them apart.
 */
export const IMAD_WIDE_CLASSES = {
  low: 'imadWideLow',
  high: 'imadWideHigh',
  ab: 'imadWideAB',
  cl: 'imadWideCL',
  ch: 'imadWideCH',
} as const;

/** Opcodes whose `.E` makes the address operand a 64-bit register pair (Maxwell to Turing print no `.64`). */
const GLOBAL_ADDRESS = new Set(['LDG', 'STG', 'LD', 'ST', 'ATOM', 'ATOMG', 'RED', 'CCTL', 'LDGSTS']);

/** What a shape needs to know about the line. */
export interface ShapeInput {
  readonly line: SassLine;
  readonly info: OpcodeInfo;
  readonly table: ArchitectureTable;
  readonly base: string;
  readonly modifiers: readonly string[];
}

/** The registers `line` writes and reads according to `info` (its opcode's entry in `table`). */
export function operandEffects(line: SassLine, info: OpcodeInfo, table: ArchitectureTable): OperandEffects {
  const input: ShapeInput = { line, info, table, base: baseOpcode(line.opcode), modifiers: modifiersOf(line.opcode) };
  const effects = shapeEffects(input);
  return withConditionCode(input, effects);
}

/**
 * Conservative effects of an opcode the table does not know: the first operand is written when it
 * is a register (as wide as a `.64`/`.128` modifier says), every other register is read, addresses
 * as 64-bit pairs when the opcode has `.E`.
 */
export function unknownOperandEffects(line: SassLine, table: ArchitectureTable): OperandEffects {
  const modifiers = modifiersOf(line.opcode);
  const first = line.operands[0];
  const writesFirst = first !== undefined && !first.includes('[') && registerOf(first) !== null;
  const destinations = writesFirst ? operandRegisters(first, accessWidth(modifiers)) : [];
  const wide = modifiers.includes('E') || modifiers.includes('64');
  const sources = readOperands(line.operands.slice(writesFirst ? 1 : 0), 1, wide, table.conditionCode === true);
  return { destinations: unique(destinations), sources: unique(sources) };
}

function shapeEffects(input: ShapeInput): OperandEffects {
  const { info, modifiers, base, line, table } = input;
  const cc = table.conditionCode === true;
  switch (info.operands ?? 'alu') {
    case 'alu': {
      // `.64` makes every register operand a pair: `IADD.64 R2, R2, -UR6` (R2:R3 from R2:R3 and
      // UR6:UR7), `MOV.64 R6, UR4`, `UMOV.64 UR4, 0x3bf9...` (ptxas for sm_120).
      const width = modifiers.includes('64') ? 2 : 1;
      return leading(input, info.destinationWidth ?? width, () => info.sourceWidth ?? width);
    }
    case 'imad': {
      const wide = modifiers.includes('WIDE');
      // IMAD.WIDE d, a, b, c: the addend c (third source) is 64-bit like the result.
      const effects = leading(input, wide ? 2 : 1, (index) => (wide && index === 2 ? 2 : 1));
      return wide ? { ...effects, registerClasses: imadWideClasses(input) } : effects;
    }
    case 'cs2r':
      return leading(input, modifiers.includes('32') ? 1 : 2, () => 1);
    case 'double':
      return leading(input, base === 'DSET' ? 1 : 2, () => 2);
    case 'convert': {
      const { destination, source } = conversionWidths(base, modifiers);
      return leading(input, destination, () => source);
    }
    case 'load':
    case 'atomic':
      return leading(input, accessWidth(modifiers), () => accessWidth(modifiers));
    case 'matrixLoad':
      return leading(input, matrixRegisters(modifiers), () => 1);
    case 'matrixStore':
      return { destinations: [], sources: unique(readOperands(line.operands, matrixRegisters(modifiers), false, cc)) };
    case 'store':
    case 'reduction':
      return { destinations: [], sources: unique(readOperands(line.operands, accessWidth(modifiers), wideAddress(input), cc)) };
    case 'asyncCopy': {
      // LDGSTS [shared], [global]: only the global address can be 64-bit.
      const [shared, ...rest] = line.operands;
      const sources = [...(shared === undefined ? [] : addressRegisters(shared, false)), ...readOperands(rest, 1, wideAddress(input), cc)];
      return { destinations: [], sources: unique(sources) };
    }
    case 'texture':
    case 'texture2':
    case 'textureScalar':
      return dedupe(textureOperands(line.operands, modifiers, info.operands));
    case 'surfaceLoad':
    case 'surfaceStore':
      return dedupe(surfaceOperands(line.operands, modifiers, base, info.operands === 'surfaceLoad'));
    case 'matrix':
      return dedupe(matrixOperands(line.operands, base, modifiers));
    case 'warpgroupMatrix':
      return dedupe(warpgroupMatrixOperands(line.operands, base, modifiers));
    case 'bulkCopy':
      return dedupe(bulkCopyOperands(line.operands, base, modifiers));
    case 'predicateSave':
      return predicateSave(line.operands);
    case 'predicateRestore':
      return predicateRestore(line.operands);
  }
}

/**
 * The common layout: an optional leading predicate (`predicateFirst`), `destinations` operands of
 * `destinationWidth` registers, carry-out predicates right after a register destination
 * (`carryOut`), then sources, the i-th of them `sourceWidth(i)` registers wide.
 */
function leading(input: ShapeInput, destinationWidth: number, sourceWidth: (index: number) => number): OperandEffects {
  const { info, line, table } = input;
  const cc = table.conditionCode === true;
  const operands = line.operands;
  const destinations: string[] = [];
  let at = 0;
  if (info.predicateFirst === true && operands[0] !== undefined && isPredicateOperand(operands[0])) {
    destinations.push(...operandRegisters(operands[0], 1));
    at = 1;
  }
  const count = info.destinations ?? (info.kind === 'fixed' || info.kind === 'variable' ? 1 : 0);
  let lastWasRegister = false;
  for (let taken = 0; taken < count && at < operands.length; taken++, at++) {
    const operand = operands[at]!;
    if (operand.includes('[')) break;
    destinations.push(...operandRegisters(operand, destinationWidth, cc));
    lastWasRegister = isRegisterOperand(operand);
  }
  if (lastWasRegister) {
    for (let taken = 0; taken < (info.carryOut ?? 0) && at < operands.length && isPredicateOperand(operands[at]!); taken++, at++) {
      destinations.push(...operandRegisters(operands[at]!, 1));
    }
  }
  const wide = wideAddress(input);
  const sources: string[] = [];
  operands.slice(at).forEach((operand, index) => {
    sources.push(...(operand.includes('[') ? addressRegisters(operand, wide) : operandRegisters(operand, sourceWidth(index), cc)));
  });
  return { destinations: unique(destinations), sources: unique(sources) };
}

/** Every register named by `operands`, each `width` wide (predicates and CC single), addresses per `wide`. */
function readOperands(operands: readonly string[], width: number, wide: boolean, cc: boolean): string[] {
  return operands.flatMap((operand) => (operand.includes('[') ? addressRegisters(operand, wide) : operandRegisters(operand, width, cc)));
}

/** Whether the address operand is a 64-bit pair: a global access with `.E` (`[R2.64]` says so itself). */
function wideAddress(input: ShapeInput): boolean {
  return GLOBAL_ADDRESS.has(input.base) && input.modifiers.includes('E');
}

/**
 * Result and source widths of a conversion from its type modifiers. Two types: destination then
 * source (`F2F.F32.F64`, `I2F.F64.S64`, maxas' `I2I.U32.U8`). One type is the side it can
 * belong to: `F2I.U64` an integer result, `I2F.F64` a float result, `I2F.U32` an integer source;
 * for `F2F`, `I2I` and `FRND` it applies to both sides.
 */
export function conversionWidths(base: string, modifiers: readonly string[]): { destination: number; source: number } {
  const types = modifiers.filter((m) => /^(?:[FUS](?:8|16|32|64)|BF16|TF32)$/.test(m));
  const width = (type: string | undefined) => (type !== undefined && type.endsWith('64') ? 2 : 1);
  if (types.length >= 2) return { destination: width(types[0]), source: width(types[1]) };
  const type = types[0];
  if (type === undefined) return { destination: 1, source: 1 };
  const isFloat = type.startsWith('F') || type.startsWith('BF') || type.startsWith('TF');
  if (base === 'F2I') return isFloat ? { destination: 1, source: width(type) } : { destination: width(type), source: 1 };
  if (base === 'I2F') return isFloat ? { destination: width(type), source: 1 } : { destination: 1, source: width(type) };
  return { destination: width(type), source: width(type) };
}

/**
 * Registers of each thread an `LDSM` writes or an `STSM` reads (PTX `ldmatrix`/`stmatrix`): the
 * destination or source "is a brace-enclosed vector expression consisting of 1, 2, or 4 32-bit
 * registers as per the value of .num", one fragment of each matrix per thread. The modifiers are
 * the element size, the shape and the count: `LDSM.16.M88.4` (`.b16`, 8x8, `.x4`), `STSM.8.MT168.2`
 * (`.b8`, 16x8 transposed, `.x2`). The count is a 2-bit field that cuobjdump prints only when it
 * is not `.x1` (Mesa NAK sm70_encode.rs `OpLdsm`: bits 72..73 are 0 for `.x1`, 1 for `.x2`, 2 for
 * `.x4`; every LDSM and STSM of shared/corpus/sass-king with no count has 0 there, `.2` 1 and `.4`
 * 2), so `LDSM.16.M88` is `.x1`: 1 register, not 16. A matrix gives each of the 32 threads
 * rows * columns * element bits / 32 bits; a shape or size this cannot read gives 4 registers,
 * the most the PTX ISA allows.
 */
export function matrixRegisters(modifiers: readonly string[]): number {
  const at = modifiers.findIndex((m) => /^MT?\d+$/.test(m));
  const bits = at > 0 && /^(?:4|8|16|32)$/.test(modifiers[at - 1]!) ? Number(modifiers[at - 1]) : null;
  const dimensions = at < 0 ? null : matrixDimensions(modifiers[at]!.replace(/^MT?/, ''));
  if (bits === null || dimensions === null) return 4;
  const count = modifiers.slice(at + 1).find((m) => m === '1' || m === '2' || m === '4');
  const perMatrix = (dimensions.rows * dimensions.columns * bits) / (32 * 32);
  if (!Number.isInteger(perMatrix) || perMatrix < 1) return 4;
  return Math.min(4, perMatrix * (count === undefined ? 1 : Number(count)));
}

/** `88` is 8x8, `168` 16x8, `816` 8x16, `1616` 16x16 (PTX `.m8n8`, `.m16n8`, `.m8n16`, `.m16n16`). */
function matrixDimensions(digits: string): { rows: number; columns: number } | null {
  for (const rows of [8, 16]) {
    const rest = digits.startsWith(String(rows)) ? digits.slice(String(rows).length) : null;
    if (rest === '8' || rest === '16') return { rows, columns: Number(rest) };
  }
  return null;
}

/**
 * IMAD.WIDE's register classes (`IMAD_WIDE_CLASSES`): the result pair's low and high registers,
 * and as readers the A and B operands (the first two sources) and the addend C's low and high
 * registers. A register read in several positions takes the slowest reader class (A/B, then C
 * low, then C high: so in every table that times them).
 */
function imadWideClasses(input: ShapeInput): RegisterClasses {
  const { line, info } = input;
  const operands = line.operands;
  let at = info.predicateFirst === true && operands[0] !== undefined && isPredicateOperand(operands[0]) ? 1 : 0;
  const result = operands[at] ?? '';
  at++;
  while (at < operands.length && isPredicateOperand(operands[at]!)) at++;
  const [a, b, c] = operands.slice(at);
  const write: Record<string, string> = {};
  const [low, high] = result.includes('[') ? [] : operandRegisters(result, 2);
  if (low !== undefined && fileOf(low) === 'R') write[low] = IMAD_WIDE_CLASSES.low;
  if (high !== undefined && fileOf(high) === 'R') write[high] = IMAD_WIDE_CLASSES.high;
  const read: Record<string, string> = {};
  const [addendLow, addendHigh] = c === undefined || c.includes('[') ? [] : operandRegisters(c, 2);
  if (addendHigh !== undefined) read[addendHigh] = IMAD_WIDE_CLASSES.ch;
  if (addendLow !== undefined) read[addendLow] = IMAD_WIDE_CLASSES.cl;
  for (const operand of [a, b]) {
    if (operand === undefined || operand.includes('[')) continue;
    for (const register of operandRegisters(operand, 1)) read[register] = IMAD_WIDE_CLASSES.ab;
  }
  // Only general registers are timed per position (NAK's reg_raw tables); UR operands keep the instruction's class.
  for (const register of Object.keys(read)) if (fileOf(register) !== 'R') delete read[register];
  return { write, read };
}

/** The predicates P0..P6 a `P2R`/`R2P` mask selects (`0x0f` -> P0..P3); all seven when no mask is readable. */
function maskedPredicates(operands: readonly string[]): string[] {
  const mask = [...operands].reverse().find((operand) => /^(?:0x[0-9a-fA-F]+|\d+)$/.test(operand));
  const bits = mask === undefined ? 0x7f : Number(mask) & 0x7f;
  return [0, 1, 2, 3, 4, 5, 6].filter((bit) => (bits & (1 << bit)) !== 0).map((bit) => `P${bit}`);
}

/** `P2R Rd, PR, Rs, mask`: writes Rd, reads Rs and the masked predicates. */
function predicateSave(operands: readonly string[]): OperandEffects {
  const [destination, ...rest] = operands;
  const destinations = destination === undefined ? [] : operandRegisters(destination, 1);
  const sources = rest.flatMap((operand) => (operand === 'PR' ? maskedPredicates(operands) : operandRegisters(operand, 1)));
  return { destinations: unique(destinations), sources: unique(sources) };
}

/** `R2P PR, Rs, mask`: writes the masked predicates, reads Rs. */
function predicateRestore(operands: readonly string[]): OperandEffects {
  const sources = operands.filter((operand) => operand !== 'PR').flatMap((operand) => operandRegisters(operand, 1));
  return { destinations: maskedPredicates(operands), sources: unique(sources) };
}

/**
 * Maxwell/Pascal condition code: `.CC` (on the opcode or on the first destination, `R6.CC`)
 * writes CC; `.X` reads it (`IADD.X`, `IADD3.X`, `LEA.HI.X`, `ISETP...X`).
 */
function withConditionCode(input: ShapeInput, effects: OperandEffects): OperandEffects {
  if (input.table.conditionCode !== true) return effects;
  const first = input.line.operands[input.info.predicateFirst === true && isPredicateOperand(input.line.operands[0] ?? '') ? 1 : 0];
  const writes = input.modifiers.includes('CC') || (first !== undefined && /\.CC(?:\.|$)/.test(first));
  const reads = input.modifiers.includes('X');
  return {
    destinations: writes ? unique([...effects.destinations, 'CC']) : effects.destinations,
    sources: reads ? unique([...effects.sources, 'CC']) : effects.sources,
  };
}

function dedupe(effects: { destinations: string[]; sources: string[] }): OperandEffects {
  return { destinations: unique(effects.destinations), sources: unique(effects.sources) };
}

function unique(registers: readonly string[]): string[] {
  return [...new Set(registers)];
}
