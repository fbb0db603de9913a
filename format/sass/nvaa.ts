/**
 * Importer for the listings of nvaa's `nva` (trbauer/nvaa): nvdisasm's layout (`.headerflags`,
 * `.section .text.NAME`, directives, labels, `// file.cu:12:` source lines) with each
 * instruction's control record decoded into braces before its `;`:
 *
 *     /*0090*\/       LDG.E     R0,     desc[UR4][R2.64]   {!2,+3.W};  /* 000EA4000C1E1900`0000000402007981 *\/
 *           IMAD      R0,     R0,     c0[0x0], R3              {!4,Y,^0};
 *
 * the first with encodings (an address in front, the 128-bit instruction at the end as two hex
 * halves, high first), the second without. The brace tokens are what `decodeDepInfo` in nvaa's
 * src/NVT/RawInst.hs prints from the 21 control bits (see `controlBits.ts`): `!N` the stall
 * (decimal, 0 not printed), `Y` when the yield bit is 0, `+N.W` / `+N.R` the write / read
 * scoreboard (none not printed), `^N` one token per scoreboard waited on; no braces at all when
 * every token is empty. Scoreboards are printed 1-based (`show (val + 1)`) by nvaa before 1.1.9
 * (RawInst.hs @fd748cbc, @7fdc76e0) and 0-based, as `DEPBAR.LE SBn` names them, since (commit
 * d49f9f9a "DepBar names match DEPBAR", RawInst.hs @12238fce). The file does not say which nvaa
 * wrote it, so the numbering is read from the file: the encodings when it has them, else a `0`
 * (only 0-based) or a `6` (only 1-based) among the numbers, else the `DEPBAR`s (see `numbering`).
 *
 * `fmtOpnd` and `mne` in RawInst.hs shorten what they print: `c[0x0][0x28]` is `c0[0x28]`, a
 * `.reuse` suffix `.reu`, and a LOP3-family opcode shows its function instead of `.LUT`
 * (`LOP3.(s0&s1)`). Operands and opcode are written back in full (`c[0x0][0x28]`, `R4.reuse`,
 * `LOP3.LUT`) so the opcode tables read them as they read cuobjdump's; `text` stays as written.
 */
import type { Control } from '../../spec/scoreboard/program.js';
import { InputError, type InputProblem } from '../error.js';
import { LineError } from '../lineSyntax.js';
import { decodeControlBits } from './controlBits.js';
import type { SassKernel, SassLine, SassListing } from './listing.js';
import { architectureFromFileName, listingLines, locateLineError, parseInstructionText } from './operands.js';

/** A control record as the braces print it, numbers as written (0- or 1-based). */
interface PrintedControl {
  readonly stall: number;
  readonly yield: boolean;
  readonly write: PrintedNumber | null;
  readonly read: PrintedNumber | null;
  readonly waits: readonly PrintedNumber[];
}

/** A scoreboard number in the braces, with its column. */
interface PrintedNumber {
  readonly value: number;
  readonly column: number;
}

/** An instruction line before the numbering of its file is known. */
interface Entry {
  readonly line: Omit<SassLine, 'control'>;
  readonly printed: PrintedControl;
  /** 1-based column of the braces (or of the `;` when there are none). */
  readonly controlColumn: number;
  /** The control the encoding holds, when the line has one. */
  readonly encoded: Control | null;
}

/** A kernel while its section is being read. */
interface Draft {
  readonly name: string;
  readonly line: number;
  readonly entries: Entry[];
  readonly labels: Record<string, number>;
}

/** The number a listing prints for scoreboard 0. */
type Numbering = 0 | 1;

const TEXT_SECTION = /^\s*\.section\s+\.text\.([^,\s]+)/;
const OTHER_SECTION = /^\s*\.section\b/;
const HEADER_FLAG = /^\s*\.headerflags\b.*?\bEF_CUDA_SM(\d+[a-z]?)\b/i;
const LABEL = /^\s*([A-Za-z_.$][\w.$@]*):\s*$/;
const ADDRESS = /^\/\*([0-9a-fA-F]+)\*\//;
const ENCODING = /\/\*\s*([0-9a-fA-F]{16})`([0-9a-fA-F]{16})\s*\*\/\s*$/;
const TRAILING_COMMENT = /\/\*[^]*\*\/\s*$/;
/** Braces before the `;` that hold a control record (an operand list such as DEPBAR's `{5,4}` starts with a digit). */
const CONTROL_BRACES = /\{([^{}]*)\}\s*$/;
const CONTROL_START = /^\s*(?:$|[!Y+^])/;
const LOP3_FUNCTION = /^((?:@!?U?P(?:T|\d+)\s+)?(?:U?P?LOP3))\.\(\S*\)(?=\s|$)/;
const TOKEN_HINT = "'!4' (stall), 'Y' (yield), '+1.W' / '+1.R' (write / read scoreboard) or '^1' (wait)";

/**
 * Parses an nvaa listing: one kernel per `.section .text.NAME`, starting at that line; labels
 * (`.L_x_0:`, the kernel's own names) map to the next instruction's index; addresses, when
 * printed, are kept for absolute branch targets. The control comes from the encoding when the
 * line has one (and must agree with the braces), else from the braces. The architecture comes
 * from the `.headerflags` line's `EF_CUDA_SMXX`, else the file name. Throws one `InputError`
 * with every malformed line, control token or encoding, or "no instructions" at line 1.
 */
export function parseNvaa(text: string, file: string): SassListing {
  const problems: InputProblem[] = [];
  const drafts: Draft[] = [];
  let draft: Draft | null = null;
  let architecture: string | null = null;

  for (const [index, raw] of listingLines(text).entries()) {
    const line = index + 1;
    const flag = HEADER_FLAG.exec(raw);
    if (flag) architecture ??= `sm_${flag[1]!.toLowerCase()}`;
    const section = TEXT_SECTION.exec(raw);
    if (section) {
      draft = { name: section[1]!, line, entries: [], labels: {} };
      drafts.push(draft);
      continue;
    }
    if (OTHER_SECTION.test(raw)) {
      draft = null;
      continue;
    }
    const trimmed = raw.trim();
    // Outside kernel code: headers and data sections (`/*0000*/ .byte 0x04, ...`), not read.
    if (draft === null || trimmed === '' || trimmed.startsWith('//')) continue;
    const label = LABEL.exec(raw);
    if (label) {
      draft.labels[label[1]!] ??= draft.entries.length;
      continue;
    }
    if (trimmed.startsWith('.')) continue;
    const column = raw.length - raw.trimStart().length + 1;
    const entry = locateLineError(problems, file, line, () => readInstruction(raw, column, file, line));
    if (entry) draft.entries.push(entry);
  }

  const entries = drafts.flatMap((each) => each.entries);
  if (entries.length === 0 && problems.length === 0) {
    problems.push({ file, line: 1, column: 1, message: "no instructions found: expected nvaa output, a '.section .text.NAME' line followed by lines like 'MOV R1, c0[0x28] {!2};'" });
  }
  if (problems.length > 0) throw new InputError(problems);
  const base = numbering(drafts, file);
  const kernels: SassKernel[] = drafts.map(({ name, line, entries: lines, labels }) => ({
    name, line, labels,
    instructions: lines.map((entry) => ({ ...entry.line, control: entry.encoded ?? controlOf(entry.printed, base) })),
  }));
  return { notation: 'nvaa', file, architecture: architecture ?? architectureFromFileName(file), kernels };
}

/** One instruction line starting at `column`: `[/*addr*\/] [@P0] OP operands [{control}] ; [/* HIGH`LOW *\/]`. */
function readInstruction(raw: string, column: number, file: string, line: number): Entry {
  let at = column - 1;
  let address: number | null = null;
  if (raw.startsWith('/*', at)) {
    const match = ADDRESS.exec(raw.slice(at));
    if (!match) throw new LineError(at + 1, "expected an address like '/*00a0*/' or an instruction");
    address = parseInt(match[1]!, 16);
    at += match[0].length;
  }
  let end = raw.trimEnd().length;
  let encoded: Control | null = null;
  const comment = TRAILING_COMMENT.exec(raw.slice(at));
  if (comment) {
    const start = at + comment.index;
    const encoding = ENCODING.exec(raw.slice(start));
    if (!encoding) throw new LineError(start + 1, "expected the encoding as '/* HIGH`LOW */', two halves of 16 hex digits (nvaa prints them so)");
    const high = BigInt(`0x${encoding[1]!}`);
    encoded = decodeControlBits(Number((high >> 41n) & 0x1fffffn), start + 1 + encoding[0].indexOf(encoding[1]!));
    end = raw.slice(0, start).trimEnd().length;
  }
  if (raw[end - 1] !== ';') throw new LineError(end + 1, "expected ';' at the end of the instruction (nvaa ends each one so)");
  const body = raw.slice(0, end - 1);
  const braces = CONTROL_BRACES.exec(body);
  const isControl = braces !== null && braces.index >= at && CONTROL_START.test(braces[1]!);
  const controlColumn = isControl ? braces.index + 1 : end;
  const printed = isControl ? readControl(braces[1]!, braces.index + 2) : { stall: 0, yield: false, write: null, read: null, waits: [] };
  const written = body.slice(at, isControl ? braces.index : body.length);
  const instruction = readInstructionText(written, at + 1, file, line);
  if (encoded !== null) checkAgainstEncoding(printed, encoded, controlColumn);
  return { line: { ...instruction, address }, printed, controlColumn, encoded };
}

/** The instruction text with nvaa's shorthand written back (see the file comment); `text` as written. */
function readInstructionText(written: string, column: number, file: string, line: number): Omit<SassLine, 'control' | 'address'> {
  const lead = written.length - written.trimStart().length;
  // The function replaces `.LUT`; padding keeps every later column where it was written.
  const expanded = written.slice(0, lead) + written.slice(lead).replace(LOP3_FUNCTION, (whole, opcode: string) => `${opcode}.LUT`.padEnd(whole.length));
  // The `;` keeps a trailing operand list (DEPBAR's `{5,4}`) from being taken for a dual-issue brace.
  const parsed = parseInstructionText(`${expanded};`, column, file, line);
  const offset = parsed.column - column;
  return {
    line: parsed.line,
    column: parsed.column,
    guard: parsed.guard,
    opcode: parsed.opcode,
    operands: parsed.operands.map(expandOperand),
    operandColumns: parsed.operandColumns,
    text: written.slice(offset, offset + parsed.text.length),
  };
}

/** `c0[0x28]` -> `c[0x0][0x28]`, `-c2[0x10]` -> `-c[0x2][0x10]`, `R4.reu` -> `R4.reuse`. */
function expandOperand(operand: string): string {
  return operand.replace(/(?<![\w.])c(\d+)\[/g, (_whole, bank: string) => `c[0x${Number(bank).toString(16)}][`).replace(/\.reu\b/g, '.reuse');
}

/** The tokens of `{!4,Y,+1.W,^2}`; `column` is that of the first character inside the braces. */
function readControl(inside: string, column: number): PrintedControl {
  let stall: number | null = null;
  let yieldHint = false;
  let write: PrintedNumber | null = null;
  let read: PrintedNumber | null = null;
  const waits: PrintedNumber[] = [];
  let offset = 0;
  for (const piece of inside.split(',')) {
    const token = piece.trim();
    const at = column + offset + (piece.length - piece.trimStart().length);
    offset += piece.length + 1;
    if (token === '' && inside.trim() === '') continue;
    const stallMatch = /^!(\d+)$/.exec(token);
    const scoreboard = /^\+(\d)\.([WR])$/.exec(token);
    const wait = /^\^(\d)$/.exec(token);
    if (stallMatch) {
      if (stall !== null) throw new LineError(at, `expected one stall token, got a second '${token}'`);
      stall = Number(stallMatch[1]);
      if (stall > 15) throw new LineError(at, `expected a stall of 0..15 cycles, got ${stall}`);
    } else if (token === 'Y') {
      if (yieldHint) throw new LineError(at, "expected one 'Y', got a second");
      yieldHint = true;
    } else if (scoreboard) {
      const number = { value: Number(scoreboard[1]), column: at + 1 };
      checkNumber(number);
      if (scoreboard[2] === 'W') {
        if (write !== null) throw new LineError(at, `expected one write scoreboard, got a second '${token}'`);
        write = number;
      } else {
        if (read !== null) throw new LineError(at, `expected one read scoreboard, got a second '${token}'`);
        read = number;
      }
    } else if (wait) {
      const number = { value: Number(wait[1]), column: at + 1 };
      checkNumber(number);
      if (waits.some((other) => other.value === number.value)) throw new LineError(at, `expected each wait once, got '${token}' again`);
      waits.push(number);
    } else {
      throw new LineError(at, `expected a control token like ${TOKEN_HINT}, got '${token}'`);
    }
  }
  return { stall: stall ?? 0, yield: yieldHint, write, read, waits };
}

/** A printed scoreboard is 0..5 (nvaa 1.1.9 and later) or 1..6 (before): 7 and up are neither. */
function checkNumber({ value, column }: PrintedNumber): void {
  if (value > 6) throw new LineError(column, `expected a scoreboard 0..5 (or 1..6 as nvaa before 1.1.9 numbers them), got ${value}`);
}

/** The control the braces mean when scoreboard 0 is printed `base`. */
function controlOf(printed: PrintedControl, base: Numbering): Control {
  const index = (number: PrintedNumber | null) => (number === null ? null : number.value - base);
  return {
    wait: printed.waits.map((number) => number.value - base).sort((a, b) => a - b),
    readScoreboard: index(printed.read),
    writeScoreboard: index(printed.write),
    yield: printed.yield,
    stall: printed.stall,
  };
}

/** The braces as nvaa prints `control` with scoreboard 0 numbered `base`. */
function printControl(control: Control, base: Numbering): string {
  const tokens = [
    control.stall === 0 ? '' : `!${control.stall}`,
    control.yield ? 'Y' : '',
    control.writeScoreboard === null ? '' : `+${control.writeScoreboard + base}.W`,
    control.readScoreboard === null ? '' : `+${control.readScoreboard + base}.R`,
    ...control.wait.map((index) => `^${index + base}`),
  ].filter((token) => token !== '');
  return `{${tokens.join(',')}}`;
}

const sameControl = (a: Control, b: Control) => printControl(a, 0) === printControl(b, 0);

/** Numberings under which the braces say what the encoding holds. */
function fittingNumberings(printed: PrintedControl, encoded: Control): Numbering[] {
  return ([0, 1] as const).filter((base) => sameControl(controlOf(printed, base), encoded));
}

/** The braces must say what the encoding holds, in one numbering or the other. */
function checkAgainstEncoding(printed: PrintedControl, encoded: Control, column: number): void {
  if (fittingNumberings(printed, encoded).length > 0) return;
  const [zero, one] = [printControl(encoded, 0), printControl(encoded, 1)];
  throw new LineError(column, `expected the control to match the encoding, ${zero === one ? zero : `${zero} (nvaa 1.1.9 and later) or ${one} (before)`}`);
}

/**
 * The number this listing prints for scoreboard 0. With encodings, the numbering under which
 * the braces match them (the first line that tells decides; the others must agree). Without,
 * a printed 0 means 0-based and a 6 1-based. When nothing tells, the two readings differ only
 * in which scoreboard a `DEPBAR.LE SBn` (which names scoreboards 0-based in both) waits on: the
 * numbering under which every such `SBn` is a scoreboard some instruction of its kernel writes;
 * with no DEPBAR either reading gives the same verdict, and 0-based is taken. Throws a located
 * `InputError` when the file contradicts itself or its DEPBARs fit both readings or neither.
 */
function numbering(drafts: readonly Draft[], file: string): Numbering {
  const entries = drafts.flatMap((draft) => draft.entries);
  const fail = (line: number, column: number, message: string) => new InputError([{ file, line, column, message }]);
  let decided: { base: Numbering; line: number; why: string } | null = null;
  for (const entry of entries) {
    const fits = entry.encoded === null ? printedFits(entry.printed) : fittingNumberings(entry.printed, entry.encoded);
    if (fits.length !== 1) continue;
    const base = fits[0]!;
    if (decided !== null && decided.base !== base) {
      throw fail(entry.line.line, entry.controlColumn, `expected scoreboards numbered from ${decided.base} as at line ${decided.line} (${decided.why}), but this control numbers them from ${base}`);
    }
    decided ??= { base, line: entry.line.line, why: entry.encoded === null ? `a scoreboard printed ${base === 0 ? 0 : 6}` : 'its encoding' };
  }
  if (decided !== null) return decided.base;
  const depbars = drafts.flatMap((draft) => draft.entries.filter((entry) => /^DEPBAR\b/.test(entry.line.opcode)).map((entry) => ({ draft, entry })));
  if (depbars.length === 0) return 0;
  const fitting = ([0, 1] as const).filter((base) => depbars.every(({ draft, entry }) => {
    const named = entry.line.operands.map((operand) => /^SB(\d)$/.exec(operand)).find((match) => match !== null);
    return named === undefined || draft.entries.some((other) => other.printed.write?.value === Number(named![1]) + base);
  }));
  if (fitting.length === 1) return fitting[0]!;
  const first = depbars[0]!.entry.line;
  throw fail(first.line, first.column, `cannot tell whether this listing numbers scoreboards from 0 (nvaa 1.1.9 and later) or from 1 (before): no scoreboard is printed 0 or 6 and the DEPBARs fit ${fitting.length === 0 ? 'neither' : 'both'}; print it with its encodings`);
}

/** Numberings a line without encoding allows: a printed 0 rules out 1-based, a 6 rules out 0-based. */
function printedFits(printed: PrintedControl): Numbering[] {
  const numbers = [printed.write, printed.read, ...printed.waits].filter((number) => number !== null).map((number) => number.value);
  return ([0, 1] as const).filter((base) => numbers.every((value) => value - base >= 0 && value - base <= 5));
}
