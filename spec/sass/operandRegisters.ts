/**
 * Reading registers out of SASS operand text: `R5`, `-|R9|.reuse`, `!P0`, `R0.H1`, `UR4`,
 * addresses `[R2.64+UR4+0x10]`, constants `c[0x2][R2]`. Which operands are destinations and how
 * wide each is are decided by `operandShapes.ts`; this file only takes operands apart.
 */

/** A register file the model tracks: general, uniform, predicate, uniform predicate, condition code. */
export type RegisterFile = 'R' | 'UR' | 'P' | 'UP' | 'CC';

/** Highest index of each numbered file; the next one up is the zero/true register (RZ = R255...). */
const LAST_INDEX: Readonly<Record<'R' | 'UR' | 'P' | 'UP', number>> = { R: 254, UR: 62, P: 6, UP: 6 };

/** Pattern of a register name once its decorations are gone: R5, UR4, P0, UP1 (RZ, PT... excluded). */
const REGISTER = /^(UR|UP|R|P)(\d+)$/;

/** nvdisasm notes `(*"INDIRECT_CALL"*)`, when an importer leaves them in an operand. */
const NOTE = /\(\*.*?\*\)/g;

/**
 * The register an operand names, without decorations, or null when it names none: `-|R9|.reuse`
 * is R9, `!P0` is P0, `~UR4` UR4, `R0.F32x2.HI_LO` R0, `R6.CC` R6, `R2 -0x110` (BRX) R2; RZ, PT,
 * URZ, UPT, SR_*, constants, immediates, labels, barriers `B0` and `SB0` give null. With
 * `conditionCode`, `CC` and `CC.EQ` give CC.
 */
export function registerOf(operand: string, conditionCode = false): string | null {
  const token = operand.replace(NOTE, ' ').trim().split(/\s+/)[0] ?? '';
  const bare = token.replace(/^[-!~+|]+/, '').replace(/\|/g, '');
  const base = bare.split('.')[0] ?? '';
  if (conditionCode && base === 'CC') return 'CC';
  const match = REGISTER.exec(base);
  if (!match) return null;
  const file = match[1] as 'R' | 'UR' | 'P' | 'UP';
  return Number(match[2]) <= LAST_INDEX[file] ? base : null;
}

/** The file of a register name returned by `registerOf`. */
export function fileOf(register: string): RegisterFile {
  const match = /^(UR|UP|R|P|CC)/.exec(register);
  return (match?.[1] ?? 'R') as RegisterFile;
}

/** Whether an operand is a predicate (P0..P6, PT, UP0..UP6, UPT, possibly negated): the carry-out and leading-predicate rules look for these. */
export function isPredicateOperand(operand: string): boolean {
  return /^!?U?P(?:T|\d+)$/.test(operand.trim());
}

/** Whether an operand is a general or uniform register (RZ and URZ included): a destination slot. */
export function isRegisterOperand(operand: string): boolean {
  const bare = operand.trim().replace(/^[-!~|]+/, '').replace(/\|/g, '').split('.')[0] ?? '';
  return /^U?R(?:Z|\d+)$/.test(bare);
}

/**
 * `count` consecutive registers from `register` (`R4`, 4 -> R4..R7), stopping before the zero
 * register (R255, UR63) and P7: a vector that runs off the file is cut, never wrapped.
 */
export function expandRegister(register: string, count: number): string[] {
  const match = REGISTER.exec(register);
  if (!match || count <= 1) return [register];
  const file = match[1] as 'R' | 'UR' | 'P' | 'UP';
  const first = Number(match[2]);
  const out: string[] = [];
  for (let index = first; index < first + count && index <= LAST_INDEX[file]; index++) out.push(`${file}${index}`);
  return out;
}

/** The registers an operand names, expanded to `width` (`R4`, 2 -> R4, R5); [] for none. */
export function operandRegisters(operand: string, width: number, conditionCode = false): string[] {
  if (operand.includes('[')) return addressRegisters(operand, false);
  const register = registerOf(operand, conditionCode);
  if (register === null) return [];
  return register === 'CC' || fileOf(register) === 'P' || fileOf(register) === 'UP' ? [register] : expandRegister(register, width);
}

/**
 * Registers read by an address or constant operand: `[R2.64]` R2, R3; `[R1+0x18]` R1;
 * `[R2+UR4]` R2, UR4; `c[0x2][R2+0x2c]` R2; `desc[UR4][R2.64]` UR4, UR5, R2, R3. The first
 * register inside a bracket is a 64-bit base when written `R2.64`, or when `wide` (a `.E`
 * global access on Maxwell-Turing: `LDG.E [R18]` reads R18, R19). A descriptor `desc[URn]` is
 * taken as a uniform pair.
 */
export function addressRegisters(operand: string, wide: boolean): string[] {
  const out: string[] = [];
  const brackets = [...operand.matchAll(/(\w*)\[([^\]]*)\]/g)];
  for (const [, prefix, inside] of brackets) {
    const parts = (inside ?? '').split(/[+\s]+/).map((part) => part.trim()).filter((part) => part !== '');
    let first = true;
    for (const part of parts) {
      const register = registerOf(part);
      if (register === null) continue;
      const pair = prefix === 'desc' || part.includes('.64') || (first && wide && prefix === '');
      out.push(...expandRegister(register, pair ? 2 : 1));
      first = false;
    }
  }
  return out;
}

/** The modifiers of an opcode as written: `LDG.E.128.SYS` -> E, 128, SYS. */
export function modifiersOf(opcode: string): string[] {
  return opcode.split('.').slice(1);
}

/** The base opcode: `LDG.E.128.SYS` -> LDG. */
export function baseOpcode(opcode: string): string {
  return opcode.split('.')[0] ?? opcode;
}

/** Register count of a memory access from its size modifier: `.64` 2, `.128` 4, otherwise 1. */
export function accessWidth(modifiers: readonly string[]): number {
  if (modifiers.includes('128')) return 4;
  if (modifiers.some((m) => m === '64' || m === 'U64' || m === 'S64' || m === 'F64')) return 2;
  return 1;
}
