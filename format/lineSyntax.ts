import type { Operand } from '../spec/operand.js';
import type { Token } from './hp/tokens.js';

/**
 * The pieces of line syntax every instruction notation shares (the scoreboard `.hp` text and the
 * `.machine lrc` text): operand lists around `<-`, comma lists, integers, and located errors.
 */

/** A problem on the line being parsed, at a column; each parser turns it into an `InputProblem`. */
export class LineError extends Error {
  constructor(readonly column: number, message: string) {
    super(message);
  }
}

/** What a register operand looks like: `R0`, `r3.x`, `hr4.x`, `P1`. */
export const REGISTER = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/;

/**
 * Splits `DESTINATIONS <- SOURCES` into operands. `end` is the column after the opcode (where a
 * missing destination belongs); `opcodeWord` is how the notation writes an opcode in the hint
 * (`OP` or `op`); `examples` the register examples its messages name.
 */
export function operandsAroundArrow(tokens: readonly Token[], end: number, opcodeWord: string, examples: string): { destinations: { token: Token; operand: Operand }[]; sources: Operand[] } {
  if (tokens.length === 0) return { destinations: [], sources: [] };
  const arrows = tokens.filter((token) => token.text === '<-');
  if (arrows.length === 0) {
    throw new LineError(tokens[0]!.column, `expected '<-' between destinations and sources (write '${opcodeWord} <- sources' when there is no destination)`);
  }
  if (arrows.length > 1) throw new LineError(arrows[1]!.column, `expected one '<-', found a second`);
  const arrow = tokens.indexOf(arrows[0]!);
  const destinations = commaList(tokens.slice(0, arrow), end, 'a destination', 'operands', true).map((token) => ({ token, operand: operand(token, true, examples) }));
  const sources = commaList(tokens.slice(arrow + 1), arrows[0]!.column + 2, 'a source', 'operands', true).map((token) => operand(token, false, examples));
  return { destinations, sources };
}

/** One operand: `RZ`/`PT` constants, immediates (sources only), registers. */
export function operand(token: Token, destination: boolean, examples: string): Operand {
  if (token.text === 'RZ' || token.text === 'PT') return { kind: 'constant', name: token.text };
  if (token.kind === 'number') {
    if (destination) throw new LineError(token.column, `expected a register as destination, got the immediate '${token.text}'`);
    return { kind: 'immediate', text: token.text };
  }
  if (token.kind === 'word' && REGISTER.test(token.text)) return { kind: 'register', name: token.text };
  throw new LineError(token.column, `expected a register (${examples}), RZ, PT${destination ? '' : ' or an immediate'}, got '${token.text}'`);
}

/** `A, B, C` -> [A, B, C]; empty input allowed only when `allowEmpty`. `items` names the list in the separator message. */
export function commaList(tokens: readonly Token[], column: number, what: string, items = 'operands', allowEmpty = false): Token[] {
  if (tokens.length === 0) {
    if (allowEmpty) return [];
    throw new LineError(column, `expected ${what}`);
  }
  const list: Token[] = [];
  for (let i = 0; i < tokens.length; i += 2) {
    const item = tokens[i]!;
    if (item.kind === 'punct') throw new LineError(item.column, `expected ${what}, got '${item.text}'`);
    list.push(item);
    const separator = tokens[i + 1];
    if (separator && separator.text !== ',') throw new LineError(separator.column, `expected ',' between ${items}, got '${separator.text}'`);
    if (separator && i + 2 >= tokens.length) throw new LineError(separator.column + 1, `expected ${what} after ','`);
  }
  return list;
}

/**
 * The value of a whole number written in decimal or `0x` hex, `'too-large'` past
 * `Number.MAX_SAFE_INTEGER` (where doubles stop counting exactly, and long hex would become
 * Infinity), or null when the text is not such a number.
 */
export function wholeNumberValue(text: string): number | 'too-large' | null {
  let value: number;
  if (/^[0-9]+$/.test(text)) value = Number(text);
  else if (/^0[xX][0-9a-fA-F]+$/.test(text)) value = parseInt(text.slice(2), 16);
  else return null;
  return Number.isSafeInteger(value) ? value : 'too-large';
}

/**
 * A decimal or 0x-hex integer; `column` locates the problem when the token is missing. A number
 * too large to hold exactly is refused here, so range checks downstream only see real values.
 */
export function expectInteger(token: Token | undefined, column: number, message: string): number {
  if (!token) throw new LineError(column, message);
  const value = wholeNumberValue(token.text);
  if (value === null) throw new LineError(token.column, `${message}, got '${token.text}'`);
  if (value === 'too-large') throw new LineError(token.column, `${message}, got '${shorten(token.text)}', which is too large`);
  return value;
}

/** A token as a message quotes it: at most 24 characters, so a megabyte of digits does not flood the report. */
export function shorten(text: string): string {
  return text.length <= 24 ? text : `${text.slice(0, 20)}...`;
}

/** Nothing may follow the first `used` tokens. */
export function expectEnd(tokens: readonly Token[], used: number): void {
  const extra = tokens[used];
  if (extra) throw new LineError(extra.column, `unexpected '${extra.text}' at end of line`);
}
