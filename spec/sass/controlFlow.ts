/**
 * Where control goes after a listed instruction, and what a `DEPBAR` waits for, read from the
 * opcode's kind and its operands as written (targets stay labels or addresses; the program
 * builder resolves them).
 */
import type { SassLine } from '../../format/sass/listing.js';
import type { OpcodeInfo } from './architecture.js';
import type { FlowEffect } from './effects.js';
import { baseOpcode, registerOf } from './operandRegisters.js';

const OPENERS = { SSY: 'SSY', PBK: 'PBK', PCNT: 'PCNT', BSSY: 'BSSY' } as const;
const SYNC_OPENER = { SYNC: 'SSY', BRK: 'PBK', CONT: 'PCNT' } as const;

/**
 * A target written as an operand: `` `(.L_x_1) `` gives `.L_x_1`, `` `(vprintf) `` `vprintf`,
 * a bare label `LOOP` itself, an address `0x130` itself; null for anything else (registers,
 * predicates, `CC.EQ`, immediates with a sign, `B0`...).
 */
export function targetOf(operand: string): string | null {
  const text = operand.trim();
  const quoted = /^`\((.+)\)`?$/.exec(text) ?? /^`(.+)`$/.exec(text);
  if (quoted) return quoted[1]!.trim();
  if (/^0x[0-9a-fA-F]+$/.test(text)) return text;
  if (registerOf(text, true) !== null || /^!?U?P(?:T|\d+)$/.test(text) || /^~?U?RZ$/.test(text)) return null;
  if (/^B\d+$/.test(text) || /^SB\d+$/.test(text) || /^\d/.test(text) || /^CC\./.test(text)) return null;
  return /^[A-Za-z_.$][\w.$@#]*$/.test(text) ? text : null;
}

/** The last operand that reads as a target, or null. */
function lastTarget(line: SassLine): string | null {
  for (let index = line.operands.length - 1; index >= 0; index--) {
    const target = targetOf(line.operands[index]!);
    if (target !== null) return target;
  }
  return null;
}

/** Whether an operand names a register that holds the target (`CALL.REL.NOINC R6`, `BRX R2 -0x110`). */
function hasRegisterTarget(line: SassLine): boolean {
  return line.operands.some((operand) => /^U?R\d+/.test(operand.trim()));
}

/**
 * The flow of `line` given its table entry: `BRA` to its label or address, `BRX`/`JMX` indirect
 * (null target; a `BRX` nvdisasm notes as `INDIRECT_CALL` is a call), `CALL`/`CAL`/`JCAL` to the
 * label unless the target is in a register, `RET` return, `EXIT`/`KIL` exit, `SYNC`/`BRK`/`CONT`
 * back to their opener, `SSY`/`PBK`/`PCNT`/`BSSY` open a region ending at their target, anything
 * else falls through. Returns null when an opener or direct branch names no target (the caller
 * reports the line as not understood and lets it fall through).
 */
export function flowOf(line: SassLine, info: OpcodeInfo): FlowEffect | null {
  const base = baseOpcode(line.opcode);
  if (base in OPENERS) {
    const target = lastTarget(line);
    return target === null ? null : { kind: 'open', opener: OPENERS[base as keyof typeof OPENERS], target };
  }
  switch (info.kind) {
    case 'branch': {
      if (base === 'BRX' || base === 'JMX') {
        return { kind: line.text.includes('INDIRECT_CALL') ? 'call' : 'branch', target: null };
      }
      if (hasRegisterTarget(line)) return { kind: 'branch', target: null };
      const target = lastTarget(line);
      return target === null ? null : { kind: 'branch', target };
    }
    case 'call':
      return { kind: 'call', target: hasRegisterTarget(line) ? null : lastTarget(line) };
    case 'return':
      return { kind: 'return' };
    case 'exit':
      return { kind: 'exit' };
    case 'sync': {
      const opener = SYNC_OPENER[base as keyof typeof SYNC_OPENER];
      return opener === undefined ? null : { kind: 'sync', opener };
    }
    default:
      return { kind: 'next' };
  }
}

/**
 * `DEPBAR.LE SB0, 0x2` (limit in hex or decimal, `SB1, 5` as maxas writes it) -> scoreboard 0,
 * limit 2. A form with a scoreboard set `{5,4}` also waits for those scoreboards to drain; that
 * extra wait is left out (modelling less waiting can only raise false alarms), so `DEPBAR {5,4}`
 * alone gives null, as does any other opcode.
 */
export function depbarOf(line: SassLine): { scoreboard: number; limit: number } | null {
  if (baseOpcode(line.opcode) !== 'DEPBAR') return null;
  const scoreboard = line.operands.map((operand) => /^SB([0-5])$/.exec(operand.trim())).find((match) => match !== null);
  if (!scoreboard) return null;
  const index = line.operands.findIndex((operand) => operand.trim() === scoreboard[0]);
  const limitText = line.operands[index + 1]?.trim() ?? '';
  if (!/^(?:0x[0-9a-fA-F]+|\d+)$/.test(limitText)) return null;
  return { scoreboard: Number(scoreboard[1]), limit: Number(limitText) };
}
