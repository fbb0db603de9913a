/**
 * Line syntax shared by the NVIDIA listing importers (CuAssembler, TuringAs, maxas, cuobjdump):
 * the instruction text after the control field and address — guard, opcode, operands — is
 * written the same way in all of them.
 */
import { basename } from 'node:path';
import type { InputProblem } from '../error.js';
import { LineError } from '../lineSyntax.js';
import type { SassGuard } from './listing.js';

/** An instruction's text taken apart; the fields of `SassLine` that do not depend on the notation. */
export interface InstructionText {
  readonly guard: SassGuard | null;
  readonly opcode: string;
  readonly operands: string[];
  readonly operandColumns: number[];
  /** The instruction as written, without dual-issue braces and the trailing `;`. */
  readonly text: string;
  /** 1-based column where the guard (or else the opcode) starts. */
  readonly column: number;
  /** The line passed in, so callers can spread the result into a `SassLine`. */
  readonly line: number;
}

const OPENERS: Readonly<Record<string, string>> = { '[': ']', '{': '}', '(': ')' };
const CLOSERS = new Set([']', '}', ')']);

/**
 * Splits an operand list at top-level commas (commas inside `[]`, `{}`, `()` and so inside
 * backquoted `` `(...) `` do not split) and trims each operand. A backquoted branch target written
 * after a space without a comma (`CALL.REL.NOINC R6 `(_Z4funcv)`, as nvdisasm prints it) is split
 * off as an operand of its own, so a target is always a whole operand. `column` is the 1-based
 * column of `text[0]`; `columns` gives each operand's first character. Throws `LineError` for an
 * empty operand or unbalanced brackets. Whitespace-only text has no operands.
 */
export function splitOperands(text: string, column: number): { operands: string[]; columns: number[] } {
  const operands: string[] = [];
  const columns: number[] = [];
  if (text.trim() === '') return { operands, columns };
  const open: { char: string; at: number }[] = [];
  let start = 0;
  const finish = (end: number, separator: boolean) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    if (raw.trim() === '') {
      throw new LineError(column + end, separator ? `expected an operand before ','` : `expected an operand after ','`);
    }
    operands.push(raw.trim());
    columns.push(column + start + lead);
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (OPENERS[char] !== undefined) {
      open.push({ char, at: i });
    } else if (CLOSERS.has(char)) {
      const top = open.pop();
      if (top === undefined) throw new LineError(column + i, `unexpected '${char}' with no matching opening bracket`);
      if (OPENERS[top.char] !== char) throw new LineError(column + i, `expected '${OPENERS[top.char]!}' closing the '${top.char}' at column ${column + top.at}, got '${char}'`);
    } else if (open.length === 0 && char === ',') {
      finish(i, true);
      start = i + 1;
    } else if (open.length === 0 && char === '`' && i > start && text.slice(start, i).trim() !== '' && /\s/.test(text[i - 1]!)) {
      finish(i, true);
      start = i;
    }
  }
  const unclosed = open[open.length - 1];
  if (unclosed !== undefined) throw new LineError(column + unclosed.at, `expected '${OPENERS[unclosed.char]!}' closing this '${unclosed.char}'`);
  finish(text.length, false);
  return { operands, columns };
}

/**
 * Reads a guard `@P0`, `@!P3`, `@UP1`, `@!UPT` written at `column`. An always-true guard (`@PT`,
 * `@UPT`) is no guard and gives null; `@!PT` (never executes) is kept as a negated guard.
 */
export function parseGuard(text: string, column: number): SassGuard | null {
  const match = /^@(!?)(U?P(?:T|[0-9]+))$/.exec(text);
  if (!match) throw new LineError(column, `expected a predicate guard like @P0, @!P0 or @UP1, got '${text}'`);
  const negated = match[1] === '!';
  const predicate = match[2]!;
  if (!negated && (predicate === 'PT' || predicate === 'UPT')) return null;
  return { predicate, negated };
}

/**
 * Takes apart the instruction text that follows the control field and address, e.g.
 * `@!P0 BRA `(.L_x_2) ;` or `LDG.E.SYS R5, [UR36] ;`, which starts at 1-based `column` of `line`.
 * Accepted around it: a dual-issue `{` in front and `}` at the end (Maxwell/Pascal listings), a
 * trailing `;` (optional, as in CuAssembler). nvdisasm notes `(*"BRANCH_TARGETS .L_x_1"*)` are
 * comments to CuAssembler: they stay in `text` but are no operands. Throws `LineError` at the
 * offending column. `file` is accepted so every importer calls this alike; problems are located by
 * the caller (see `locateLineError`).
 */
export function parseInstructionText(text: string, column: number, _file: string, line: number): InstructionText {
  let begin = text.length - text.trimStart().length;
  if (text[begin] === '{') begin = skipSpace(text, begin + 1);
  let end = text.trimEnd().length;
  // A closing `}` is the dual issue's only where it closes no `{` of the instruction (`DEPBAR {1}`).
  const unopened = (until: number) => (text.slice(begin, until).match(/\}/g)?.length ?? 0) > (text.slice(begin, until).match(/\{/g)?.length ?? 0);
  for (const closer of ['}', ';']) {
    if (end > begin && text[end - 1] === closer && (closer !== '}' || unopened(end))) end = text.slice(0, end - 1).trimEnd().length;
  }
  if (end <= begin) throw new LineError(column + begin, 'expected an instruction (an opcode like MOV)');
  const body = text.slice(0, end);
  const semicolon = body.indexOf(';', begin);
  if (semicolon >= 0) throw new LineError(column + semicolon, `expected the instruction to end at ';', found more text after it`);

  let at = begin;
  let guard: SassGuard | null = null;
  if (body[at] === '@') {
    const guardEnd = wordEnd(body, at);
    guard = parseGuard(body.slice(at, guardEnd), column + at);
    at = skipSpace(body, guardEnd);
    if (at >= body.length) throw new LineError(column + at, 'expected an opcode after the guard');
  }
  const opcodeMatch = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(body.slice(at));
  if (!opcodeMatch) throw new LineError(column + at, `expected an opcode like MOV or LDG.E, got '${body.slice(at, wordEnd(body, at))}'`);
  const opcode = opcodeMatch[0];
  const afterOpcode = at + opcode.length;
  if (afterOpcode < body.length && !/\s/.test(body[afterOpcode]!)) {
    throw new LineError(column + afterOpcode, `expected a space after the opcode '${opcode}', got '${body[afterOpcode]!}'`);
  }
  // Notes are blanked, not cut, so the operand columns still match the line.
  const rest = body.slice(afterOpcode).replace(/\(\*.*?\*\)/g, (note) => ' '.repeat(note.length));
  const { operands, columns } = splitOperands(rest, column + afterOpcode);
  return { guard, opcode, operands, operandColumns: columns, text: body.slice(begin), column: column + begin, line };
}

/**
 * Runs `parse` for one line; a `LineError` it throws becomes a located problem in `problems`
 * and the result is undefined, so an importer can report every bad line of a file at once.
 */
export function locateLineError<T>(problems: InputProblem[], file: string, line: number, parse: () => T): T | undefined {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof LineError)) throw error;
    problems.push({ file, line, column: error.column, message: error.message });
    return undefined;
  }
}

/**
 * The architecture a listing's file name states, as tools name their outputs
 * (`cudatest.7.sm_75.cuasm`, `ptxas_memory.sm_52.sass`): `sm_75`, or null.
 */
export function architectureFromFileName(file: string): string | null {
  const match = /(?:^|[^A-Za-z0-9])sm_?(\d{2,3}[a-z]?)(?![A-Za-z0-9])/i.exec(basename(file));
  return match ? `sm_${match[1]!.toLowerCase()}` : null;
}

/** Splits a listing into lines, whatever its line endings (the CuAssembler corpus uses CRLF). */
export function listingLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

function skipSpace(text: string, from: number): number {
  let at = from;
  while (at < text.length && /\s/.test(text[at]!)) at++;
  return at;
}

function wordEnd(text: string, from: number): number {
  let at = from;
  while (at < text.length && !/\s/.test(text[at]!)) at++;
  return at;
}
