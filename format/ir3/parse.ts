/**
 * Reads Adreno ir3 assembly as Mesa prints and reads it, in two forms:
 *
 * - computerator assembly (`.asm`): one shader per file, `@directive` lines, `;` comments,
 *   labels `name:`, instructions `(sy)(rpt3)mov.u32u32 r1.x, (r)c0.x`. As in Mesa's grammar,
 *   line ends carry no meaning, so flags written after an instruction (`nop(sy)`) or alone on a
 *   line belong to the next instruction.
 * - logs holding disassembly (cffdump, `.gitlab-ci/reference`): every line
 *   `<tabs>:cat:index:cycle[hhhhhhhhx_llllllllx] text` is an instruction (or, with the prefix of
 *   the instruction it labels, a branch target `lNNN:`); every other line is skipped. Each
 *   uninterrupted run of such lines is a shader (a new one also starts when the index drops to 0).
 *   The cycle column is checked against the repeats and nops of the lines before it.
 *
 * A file is read as a log when any line starts (after blanks) with `:digits:digits:`. Mistakes are
 * collected and thrown together as one `InputError`.
 */
import { InputError, type InputProblem } from '../error.js';
import { LineError, shorten } from '../lineSyntax.js';
import type {
  Ir3Component,
  Ir3ConstOperand,
  Ir3ImmediateOperand,
  Ir3Instruction,
  Ir3InstructionFlag,
  Ir3Listing,
  Ir3Operand,
  Ir3RegisterOperand,
  Ir3Shader,
  Ir3SpecialOperand,
} from './listing.js';

import { OPCODE_CATEGORY } from './opcodes.js';

const INSTRUCTION_FLAGS: ReadonlySet<string> = new Set<Ir3InstructionFlag>(['sy', 'ss', 'jp', 'eq', 'sat', 'ul']);
const FLAG_LIST = '(sy), (ss), (jp), (eq), (sat), (ul), (rptN) or (nopN)';

/** Opcode roots (the part before the first `.`) that write no register: the rest write their first operand. */
const NO_DESTINATION: ReadonlySet<string> = new Set([
  // category 0
  'nop', 'br', 'brao', 'braa', 'brac', 'bany', 'ball', 'brax', 'jump', 'call', 'ret', 'kill', 'demote', 'end', 'emit',
  'cut', 'chmask', 'chsh', 'flow_rev', 'bkt', 'stks', 'stkr', 'xset', 'xclr', 'getlast', 'getone', 'dbg', 'shps', 'shpe',
  'predt', 'predf', 'prede',
  // stores and other category-6 instructions without a destination
  'stg', 'stl', 'stp', 'stlw', 'stib', 'stgb', 'stc', 'stsc', 'l2g', 'prefetch',
  // category 5 / 7 without operands or destination
  'tcinv', 'bar', 'fence', 'sleep', 'icinv', 'dccln', 'dcinv', 'dcflu', 'ccinv', 'lock', 'unlock',
  // assembler pseudo-instructions
  'raw', 'print',
]);

/** Every opcode root Mesa's lexer and disassembler know. */
const OPCODE_ROOTS: ReadonlySet<string> = new Set(Object.keys(OPCODE_CATEGORY));

/** Types written in parentheses after an opcode: `sam (f32)(xyzw)r0.x, ...`. */
const TYPE_MODIFIERS: ReadonlySet<string> = new Set(['f16', 'f32', 'u16', 'u32', 's16', 's32', 'u8', 'u8_32', 'u64', 'b16', 'b32']);

/** Flags an operand may carry, besides `(r)` and write masks. */
const OPERAND_FLAGS: ReadonlySet<string> = new Set(['neg', 'abs', 'absneg', 'last', 'ei', 'even', 'pos_infinity', 'neg_infinity']);

/** Float constants cat2/cat3 immediates may name: `(0.5)`, `(pi)`, `(1/log2(e))`. */
const FLOAT_TABLE: ReadonlySet<string> = new Set(['0.0', '0.5', '1.0', '2.0', '4.0', 'e', 'pi', '1/pi', '1/log2(e)', 'log2(e)', '1/log2(10)', 'log2(10)', 'nan', 'inf']);

const NUMBER = /^-?(?:0x[0-9a-fA-F]+|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|inf|nan)$/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const OPCODE = /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*/;
const LOG_LINE = /^[ \t]*:\d+:\d+:/;
const COMPONENTS = 'xyzw';
/** Highest register number: ir3 encodes a register as 6 bits of number and 2 of component (r0.x..r63.w). */
export const MAX_IR3_REGISTER = 63;
/** Highest constant number: the largest Adreno constant file has 4096 vec4 registers (c0.x..c4095.w). */
export const MAX_IR3_CONSTANT = 4095;

interface FlagSet {
  readonly flags: Set<Ir3InstructionFlag>;
  repeat: number;
  nops: number;
}

/** An instruction as read from its text, before the listing gives it a place. */
interface ParsedText {
  readonly labels: { readonly name: string; readonly column: number }[];
  /** Null when the text holds only labels (and flags, in assembly). */
  readonly instruction: {
    readonly column: number;
    readonly flagSet: FlagSet;
    readonly opcode: string;
    readonly modifiers: string[];
    readonly destination: Ir3Operand | null;
    readonly sources: Ir3Operand[];
    readonly text: string;
  } | null;
  /** Flags written after the instruction (assembly only), for the next instruction. */
  readonly trailing: { readonly flagSet: FlagSet; readonly column: number } | null;
}

class ShaderBuilder {
  readonly instructions: Ir3Instruction[] = [];
  readonly labels: Record<string, number> = {};
  readonly directives: { line: number; text: string }[] = [];
  readonly references: { name: string; line: number; column: number }[] = [];
  constructor(readonly index: number, readonly line: number) {}

  build(): Ir3Shader {
    return { index: this.index, name: null, line: this.line, instructions: this.instructions, labels: this.labels, directives: this.directives };
  }
}

/** Reads a computerator `.asm` file or a log holding ir3 disassembly. Throws one `InputError` listing every mistake. */
export function parseIr3(text: string, file: string): Ir3Listing {
  const lines = text.split(/\r?\n/);
  const problems: InputProblem[] = [];
  const report = (line: number, column: number, message: string): void => {
    problems.push({ file, line, column, message });
  };
  const form = lines.some((line) => LOG_LINE.test(line)) ? 'log' : 'asm';
  const shaders = form === 'log' ? readLog(lines, report) : readAsm(lines, report);
  if (problems.length > 0) throw new InputError(problems);
  return { file, form, shaders };
}

type Report = (line: number, column: number, message: string) => void;

function addLabel(shader: ShaderBuilder, name: string, lineNumber: number, column: number, report: Report): void {
  if (Object.hasOwn(shader.labels, name)) {
    report(lineNumber, column, `label '${name}' is defined twice in this shader`);
    return;
  }
  shader.labels[name] = shader.instructions.length;
}

function checkReferences(shader: ShaderBuilder, report: Report): void {
  for (const reference of shader.references) {
    if (!Object.hasOwn(shader.labels, reference.name)) report(reference.line, reference.column, `branch target '${reference.name}' is not a label of this shader`);
  }
}

function noteReferences(shader: ShaderBuilder, operands: readonly Ir3Operand[], lineNumber: number): void {
  for (const operand of operands) {
    if (operand.kind === 'label') shader.references.push({ name: operand.name, line: lineNumber, column: operand.column });
  }
}

function readAsm(lines: readonly string[], report: Report): Ir3Shader[] {
  const shader = new ShaderBuilder(0, 1);
  let pending: { flagSet: FlagSet; line: number; column: number } | null = null;
  lines.forEach((raw, i) => {
    const lineNumber = i + 1;
    const comment = raw.indexOf(';');
    const end = comment < 0 ? raw.length : comment;
    const body = raw.slice(0, end);
    const start = body.search(/\S/);
    if (start < 0) return;
    if (body[start] === '@') {
      shader.directives.push({ line: lineNumber, text: body.trim() });
      return;
    }
    let parsed: ParsedText;
    try {
      parsed = parseText(raw, start, end, true);
    } catch (error) {
      if (!(error instanceof LineError)) throw error;
      report(lineNumber, error.column, error.message);
      pending = null;
      return;
    }
    for (const label of parsed.labels) {
      if (pending !== null) {
        report(pending.line, pending.column, `flags written here belong to the next instruction, but label '${label.name}' (line ${lineNumber}) comes first`);
        pending = null;
      }
      addLabel(shader, label.name, lineNumber, label.column, report);
    }
    if (parsed.instruction !== null) {
      const own = parsed.instruction;
      const flagSet: FlagSet = pending === null ? own.flagSet : mergeFlags(pending.flagSet, own.flagSet);
      pending = null;
      shader.instructions.push({
        line: lineNumber,
        column: own.column,
        flags: flagSet.flags,
        repeat: flagSet.repeat,
        nops: flagSet.nops,
        category: null,
        opcode: own.opcode,
        modifiers: own.modifiers,
        destination: own.destination,
        sources: own.sources,
        index: null,
        cycle: null,
        raw: null,
        text: own.text,
      });
      noteReferences(shader, own.sources, lineNumber);
    }
    if (parsed.trailing !== null) {
      pending = pending === null
        ? { flagSet: parsed.trailing.flagSet, line: lineNumber, column: parsed.trailing.column }
        : { ...pending, flagSet: mergeFlags(pending.flagSet, parsed.trailing.flagSet) };
    }
  });
  const left = pending as { line: number; column: number } | null;
  if (left !== null) report(left.line, left.column, 'flags written here belong to the next instruction, but the file ends first');
  checkReferences(shader, report);
  return [shader.build()];
}

function mergeFlags(first: FlagSet, second: FlagSet): FlagSet {
  return {
    flags: new Set([...first.flags, ...second.flags]),
    repeat: second.repeat !== 0 ? second.repeat : first.repeat,
    nops: second.nops !== 0 ? second.nops : first.nops,
  };
}

interface LogPrefix {
  readonly category: number;
  readonly index: number;
  readonly cycle: number;
  readonly raw: string;
  /** Offset where the instruction text starts. */
  readonly bodyStart: number;
}

function readLog(lines: readonly string[], report: Report): Ir3Shader[] {
  const shaders: Ir3Shader[] = [];
  let shader: ShaderBuilder | null = null;
  /** Index and cycle the next line should carry; null when unknown (after an unreadable line). */
  let expectedIndex: number | null = 0;
  let expectedCycle: number | null = 0;
  let pendingLabelIndex: number | null = null;
  const close = (): void => {
    if (shader === null) return;
    checkReferences(shader, report);
    shaders.push(shader.build());
    shader = null;
  };
  lines.forEach((raw, i) => {
    const lineNumber = i + 1;
    if (!LOG_LINE.test(raw)) {
      close();
      return;
    }
    let prefix: LogPrefix;
    try {
      prefix = readPrefix(raw);
    } catch (error) {
      if (!(error instanceof LineError)) throw error;
      report(lineNumber, error.column, error.message);
      expectedIndex = null;
      expectedCycle = null;
      return;
    }
    const bodyColumn = prefix.bodyStart + 1;
    const encoded = Number.parseInt(prefix.raw.slice(0, 8), 16) >>> 29;
    if (encoded !== prefix.category) report(lineNumber, prefix.bodyStart === 0 ? 1 : categoryColumn(raw), `the category column says ${prefix.category} but the encoding's top 3 bits say ${encoded}`);
    const startsShader = shader === null || (prefix.index === 0 && expectedIndex !== 0 && pendingLabelIndex === null);
    if (startsShader) {
      // Mesa starts every shader at index 0, cycle 0; an excerpt may start anywhere.
      close();
      shader = new ShaderBuilder(shaders.length, lineNumber);
      expectedIndex = prefix.index;
      expectedCycle = prefix.index === 0 ? 0 : null;
      pendingLabelIndex = null;
    }
    const current = shader as unknown as ShaderBuilder;
    if (expectedIndex !== null && prefix.index !== expectedIndex) {
      report(lineNumber, indexColumn(raw), `expected instruction index ${expectedIndex} after the line before, found ${prefix.index}`);
    } else if (expectedCycle !== null && prefix.cycle !== expectedCycle) {
      report(lineNumber, cycleColumn(raw), `expected cycle ${expectedCycle} (the index plus the repeats and nops of the instructions before), found ${prefix.cycle}`);
    }
    let parsed: ParsedText;
    try {
      parsed = parseText(raw, prefix.bodyStart, raw.length, false);
    } catch (error) {
      if (!(error instanceof LineError)) throw error;
      report(lineNumber, error.column, error.message);
      expectedIndex = prefix.index + 1;
      expectedCycle = null;
      pendingLabelIndex = null;
      return;
    }
    for (const label of parsed.labels) addLabel(current, label.name, lineNumber, label.column, report);
    if (parsed.instruction === null) {
      // A branch-target line: the instruction it labels follows with the same index and cycle.
      pendingLabelIndex = prefix.index;
      expectedIndex = prefix.index;
      expectedCycle = prefix.cycle;
      return;
    }
    const own = parsed.instruction;
    pendingLabelIndex = null;
    current.instructions.push({
      line: lineNumber,
      column: bodyColumn,
      flags: own.flagSet.flags,
      repeat: own.flagSet.repeat,
      nops: own.flagSet.nops,
      category: prefix.category,
      opcode: own.opcode,
      modifiers: own.modifiers,
      destination: own.destination,
      sources: own.sources,
      index: prefix.index,
      cycle: prefix.cycle,
      raw: prefix.raw,
      text: own.text,
    });
    noteReferences(current, own.sources, lineNumber);
    expectedIndex = prefix.index + 1;
    expectedCycle = prefix.cycle + 1 + own.flagSet.repeat + own.flagSet.nops;
  });
  close();
  return shaders;
}

function categoryColumn(raw: string): number {
  return raw.indexOf(':') + 2;
}

function indexColumn(raw: string): number {
  const first = raw.indexOf(':');
  return raw.indexOf(':', first + 1) + 2;
}

function cycleColumn(raw: string): number {
  const first = raw.indexOf(':');
  const second = raw.indexOf(':', first + 1);
  return raw.indexOf(':', second + 1) + 2;
}

/** Reads `<blanks>:cat:index:cycle[hhhhhhhhx_llllllllx] `. */
function readPrefix(raw: string): LogPrefix {
  let at = raw.search(/[^ \t]/);
  const expect = (char: string, what: string): void => {
    if (raw[at] !== char) throw new LineError(at + 1, `expected ${what}, got ${describe(raw, at)}`);
    at++;
  };
  const decimal = (what: string): number => {
    const match = /^\d+/.exec(raw.slice(at));
    if (!match) throw new LineError(at + 1, `expected ${what} (decimal digits), got ${describe(raw, at)}`);
    // Mesa prints at most a few digits; a longer run would not count exactly (or would be Infinity).
    if (match[0].length > 9) throw new LineError(at + 1, `expected ${what} of at most 9 digits, got ${shorten(match[0])}`);
    at += match[0].length;
    return Number.parseInt(match[0], 10);
  };
  const word = (what: string): string => {
    const match = /^[0-9a-fA-F]{8}/.exec(raw.slice(at));
    if (!match) throw new LineError(at + 1, `expected the ${what} as 8 hex digits, got '${/^[^\]_ ]*/.exec(raw.slice(at))![0]}'`);
    at += 8;
    expect('x', `'x' after the ${what}`);
    return match[0].toLowerCase();
  };
  expect(':', `':' starting a disassembly line`);
  const categoryAt = at;
  const category = decimal('the category');
  if (category > 7) throw new LineError(categoryAt + 1, `expected a category 0..7, got ${category}`);
  expect(':', `':' after the category`);
  const index = decimal('the instruction index');
  expect(':', `':' after the instruction index`);
  const cycle = decimal('the cycle');
  expect('[', `'[' before the encoding`);
  const high = word('high encoding word');
  expect('_', `'_' between the encoding words`);
  const low = word('low encoding word');
  expect(']', `']' after the encoding`);
  if (raw[at] === ' ') at++;
  return { category, index, cycle, raw: high + low, bodyStart: at };
}

function describe(text: string, at: number): string {
  return at >= text.length ? 'the end of the line' : `'${text[at]}'`;
}

/** Offset of the `)` closing the `(` at `open`, counting nested parentheses; -1 when unclosed. */
function closing(text: string, open: number, end: number): number {
  let depth = 0;
  for (let i = open; i < end; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function skipBlanks(text: string, at: number, end: number): number {
  while (at < end && (text[at] === ' ' || text[at] === '\t')) at++;
  return at;
}

/** Reads `(sy)`, `(rpt3)`, ... at `at` into `into`; returns the offset after it, or null when the group is not an instruction flag. */
function instructionFlag(text: string, at: number, end: number, into: FlagSet): number | null {
  const close = closing(text, at, end);
  if (close < 0) return null;
  const content = text.slice(at + 1, close);
  if (INSTRUCTION_FLAGS.has(content)) {
    into.flags.add(content as Ir3InstructionFlag);
    return close + 1;
  }
  const counted = /^(rpt|nop)(\d+)$/.exec(content);
  if (counted) {
    const count = Number.parseInt(counted[2]!, 10);
    if (count > 7) throw new LineError(at + 1 + counted[1]!.length + 1, `expected a ${counted[1] === 'rpt' ? 'repeat' : 'nop'} count 0..7, got ${shorten(counted[2]!)}`);
    if (counted[1] === 'rpt') into.repeat = count;
    else into.nops = count;
    return close + 1;
  }
  return null;
}

function emptyFlags(): FlagSet {
  return { flags: new Set(), repeat: 0, nops: 0 };
}

/** Splits off flags written after the instruction (assembly): `nop(sy)` -> `nop` and `(sy)`. */
function trailingFlags(text: string, start: number, end: number): { end: number; flagSet: FlagSet; column: number } | null {
  const pattern = /(?:\(\s*(?:sy|ss|jp|eq|sat|ul|rpt\d+|nop\d+)\s*\)[ \t]*)+$/;
  const match = pattern.exec(text.slice(start, end));
  if (!match) return null;
  const from = start + match.index;
  const flagSet = emptyFlags();
  let at = from;
  while (at < end) {
    at = skipBlanks(text, at, end);
    if (at >= end) break;
    const after = instructionFlag(text, at, end, flagSet);
    if (after === null) return null;
    at = after;
  }
  return { end: from, flagSet, column: from + 1 };
}

/** Reads labels, flags, opcode and operands from `text[start, end)`. */
function parseText(text: string, start: number, end: number, assembly: boolean): ParsedText {
  const labels: { name: string; column: number }[] = [];
  let at = skipBlanks(text, start, end);
  for (;;) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)[ \t]*:/.exec(text.slice(at, end));
    if (!match) break;
    labels.push({ name: match[1]!, column: at + 1 });
    at = skipBlanks(text, at + match[0].length, end);
  }
  // ';' starts a comment in Mesa's assembly and the disassembler never prints one in an
  // instruction: a log line holding one could not be written back as assembly the same way.
  const semicolon = assembly ? -1 : text.slice(at, end).indexOf(';');
  if (semicolon >= 0) throw new LineError(at + semicolon + 1, "unexpected ';' in a disassembly line (';' starts a comment in ir3 assembly; Mesa's disassembler prints none)");
  let trailing: { flagSet: FlagSet; column: number } | null = null;
  if (assembly) {
    const found = trailingFlags(text, at, end);
    if (found !== null) {
      trailing = { flagSet: found.flagSet, column: found.column };
      end = found.end;
    }
  }
  while (end > at && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  if (at >= end) return { labels, instruction: null, trailing };

  const column = at + 1;
  const flagSet = emptyFlags();
  while (at < end && text[at] === '(') {
    const after = instructionFlag(text, at, end, flagSet);
    if (after === null) {
      const close = closing(text, at, end);
      const group = close < 0 ? text.slice(at, end) : text.slice(at, close + 1);
      throw new LineError(at + 1, close < 0 ? `expected ')' closing '${group}'` : `unknown instruction flag '${group}' (expected ${FLAG_LIST})`);
    }
    at = skipBlanks(text, after, end);
  }
  const opcodeMatch = OPCODE.exec(text.slice(at, end));
  if (!opcodeMatch) throw new LineError(at + 1, `expected an opcode (such as mov.f32f32, mad.f32, nop), got ${describe(text.slice(0, end), at)}`);
  const opcode = opcodeMatch[0];
  const root = opcode.split('.')[0]!;
  if (!OPCODE_ROOTS.has(root)) throw new LineError(at + 1, `unknown opcode '${opcode}' (Mesa's ir3 has no '${root}')`);
  at += opcode.length;
  if (at < end && text[at] !== ' ' && text[at] !== '\t' && text[at] !== '(') {
    throw new LineError(at + 1, `expected a blank after the opcode '${opcode}', got '${text[at]}'`);
  }
  at = skipBlanks(text, at, end);
  const modifiers: string[] = [];
  while (at < end && text[at] === '(') {
    const close = closing(text, at, end);
    if (close < 0 || !TYPE_MODIFIERS.has(text.slice(at + 1, close))) break;
    modifiers.push(text.slice(at, close + 1));
    at = skipBlanks(text, close + 1, end);
  }
  const operands = splitOperands(text, at, end).map((part) => parseOperand(part.text, part.column));
  const writes = !NO_DESTINATION.has(root);
  if (writes && operands.length === 0) throw new LineError(end + 1, `expected a destination operand after '${opcode}'`);
  const destination = writes ? asDestination(operands[0]!) : null;
  const sources = writes ? operands.slice(1) : operands;
  return {
    labels,
    instruction: { column, flagSet, opcode, modifiers, destination, sources, text: text.slice(column - 1, end) },
    trailing,
  };
}

/** Destinations always advance under `(rptN)` (Mesa sets IR3_REG_R on every dst). */
function asDestination(operand: Ir3Operand): Ir3Operand {
  return operand.kind === 'register' ? { ...operand, repeatIncrements: true } : operand;
}

/** Splits at commas outside `[]` and `()`; every piece must be non-empty. */
function splitOperands(text: string, start: number, end: number): { text: string; column: number }[] {
  if (start >= end) return [];
  const parts: { text: string; column: number }[] = [];
  const stack: { char: string; at: number }[] = [];
  let from = start;
  const push = (to: number): void => {
    const first = skipBlanks(text, from, to);
    let last = to;
    while (last > first && (text[last - 1] === ' ' || text[last - 1] === '\t')) last--;
    if (first >= last) throw new LineError(first + 1, `expected an operand, got ${to < end ? `','` : 'the end of the line'}`);
    parts.push({ text: text.slice(first, last), column: first + 1 });
  };
  for (let i = start; i < end; i++) {
    const char = text[i]!;
    if (char === '[' || char === '(') stack.push({ char, at: i });
    else if (char === ']' || char === ')') {
      const open = stack.pop();
      const want = char === ']' ? '[' : '(';
      if (open === undefined || open.char !== want) throw new LineError(i + 1, `unmatched '${char}'`);
    } else if (char === ',' && stack.length === 0) {
      push(i);
      from = i + 1;
    }
  }
  if (stack.length > 0) {
    const open = stack[stack.length - 1]!;
    throw new LineError(open.at + 1, `expected '${open.char === '[' ? ']' : ')'}' closing this '${open.char}'`);
  }
  push(end);
  return parts;
}

function component(char: string): Ir3Component {
  return COMPONENTS.indexOf(char) as Ir3Component;
}

const WRITE_MASK = /^x?y?z?w?$/;

/** One operand: flags in parentheses, then a register, constant, special register, immediate, label or memory reference. */
export function parseOperand(text: string, column: number): Ir3Operand {
  const flags: string[] = [];
  let repeatIncrements = false;
  let at = 0;
  while (text[at] === '(') {
    const close = closing(text, at, text.length);
    if (close < 0) throw new LineError(column + at, `expected ')' closing '${text.slice(at)}'`);
    const content = text.slice(at + 1, close);
    if (content === 'r') repeatIncrements = true;
    else if (OPERAND_FLAGS.has(content) || (content.length > 0 && WRITE_MASK.test(content))) flags.push(content);
    else break;
    at = close + 1;
  }
  const body = text.slice(at);
  const bodyColumn = column + at;
  const operand = readOperandBody(body, bodyColumn, text, column, flags, repeatIncrements);
  if (!repeatIncrements || operand.kind === 'register' || operand.kind === 'const') return operand;
  if (takesRepeatFlag(operand, body)) return { ...operand, repeatIncrements: true };
  throw new LineError(column, `(r) applies to a source register, constant, a0.x, a1.x, p0.x or immediate, not to '${body}'`);
}

/**
 * Whether `(r)` may stand before this operand (`body`: its text after the flags). Mesa's grammar (src/freedreno/ir3/ir3_parser.y)
 * has `(r)` (T_R) as one of the `src_reg_flags`, with `(neg)`, `(abs)`, `(absneg)` and `(last)`,
 * and puts them before `src` (a register, a0.x, a1.x or p0.x), `const`, `relative`, and also
 * before an immediate in `src_reg_or_const_or_rel_or_imm` (category 2 and 4 sources) and
 * `mova_src` (`mova`, `mova1`): `mova1 a1.x, (r)0` is Mesa's own output, since ir3_legalize.c
 * sets `IR3_REG_R` on "every mova1 in early preambles". Never before a `#label` (cat0_immed),
 * a negated `!p0.x` (cat0_src1/2 take no flags), a memory or constant-file reference `g[...]`,
 * `c[...]`, a sampler `s#N` or texture `t#N`. This reader does not check which instruction takes
 * which operand form (nor does it for the other source flags), so it takes `(r)` wherever some
 * instruction of the grammar does.
 */
function takesRepeatFlag(operand: Ir3Operand, body: string): operand is Ir3SpecialOperand | Ir3ImmediateOperand {
  if (operand.kind === 'immediate') return !body.startsWith('#');
  return operand.kind === 'special' && /^(?:p0\.[xyzw]|a0\.x|a1\.x)$/.test(operand.name) && !operand.flags.includes('not');
}

function readOperandBody(body: string, bodyColumn: number, text: string, column: number, flags: string[], repeatIncrements: boolean): Ir3Operand {
  const base = { text, column, flags };
  if (body.length === 0) throw new LineError(bodyColumn, `expected a register, constant or immediate after the flags`);
  let match = /^(h?)([rc])(\d+)\.([xyzw])$/.exec(body);
  if (match) {
    const file = match[1] === 'h' ? 'half' : 'full';
    const index = Number.parseInt(match[3]!, 10);
    const max = match[2] === 'r' ? MAX_IR3_REGISTER : MAX_IR3_CONSTANT;
    if (index > max) throw new LineError(bodyColumn, `${match[2] === 'r' ? 'register' : 'constant'} number out of range: expected ${match[1]}${match[2]}0..${match[1]}${match[2]}${max}, got '${body}'`);
    if (match[2] === 'r') return { ...base, kind: 'register', file, index, component: component(match[4]!), repeatIncrements };
    return { ...base, kind: 'const', file, index, component: component(match[4]!), repeatIncrements };
  }
  match = /^(h?)([rc])<\s*a0\.x\s*(?:([+-])\s*(\d+)\s*)?>$/.exec(body);
  if (match) {
    const file = match[1] === 'h' ? 'half' : 'full';
    const offset = match[4] === undefined ? 0 : (match[3] === '-' ? -1 : 1) * Number.parseInt(match[4], 10);
    // Past the last component of the file an offset means nothing (and past 2^31 `>> 2` would wrap).
    const last = 4 * ((match[2] === 'r' ? MAX_IR3_REGISTER : MAX_IR3_CONSTANT) + 1) - 1;
    if (Math.abs(offset) > last) throw new LineError(bodyColumn, `relative offset out of range: expected -${last}..${last} components, got '${body}'`);
    const shared = { ...base, file, index: offset >> 2, component: (offset & 3) as Ir3Component, repeatIncrements, relative: true, offset } as const;
    return match[2] === 'r' ? { ...shared, kind: 'register' } : { ...shared, kind: 'const' };
  }
  const split = /^([^\s<[(]+)([ \t]+)(\S.*)$/.exec(body);
  if (split && parsesAlone(split[1]!)) throw new LineError(bodyColumn + split[1]!.length + split[2]!.length, `expected ',' between operands, got '${split[3]}'`);
  if (/^h?[rc](\d|<)/.test(body)) {
    throw new LineError(bodyColumn, `expected a register such as r3.x, hr4.y, c12.z or r<a0.x + 4>, got '${body}'`);
  }
  match = /^(!?)(p0\.[xyzw]|up0\.[xyzw]|a0\.x|a1\.x|rt[0-7]\.[xyzw])$/.exec(body);
  if (match) return { ...base, flags: match[1] === '!' ? [...flags, 'not'] : flags, kind: 'special', name: match[2]! };
  if (/^!?(p|a|up)\d/.test(body)) throw new LineError(bodyColumn, `expected a special register p0.x..p0.w, a0.x or a1.x, got '${body}'`);
  match = /^#(.*)$/.exec(body);
  if (match) {
    const target = match[1]!;
    if (IDENTIFIER.test(target)) return { ...base, kind: 'label', name: target };
    if (/^-?(?:0x[0-9a-fA-F]+|\d+)$/.test(target)) return { ...base, kind: 'immediate' };
    throw new LineError(bodyColumn + 1, `expected a label or an integer after '#', got '${target}'`);
  }
  if (NUMBER.test(body)) return { ...base, kind: 'immediate' };
  match = /^h?\((.*)\)$/.exec(body);
  if (match) {
    const inner = match[1]!;
    if (NUMBER.test(inner) || FLOAT_TABLE.has(inner)) return { ...base, kind: 'immediate' };
    if (IDENTIFIER.test(inner)) throw new LineError(bodyColumn, `unknown operand flag '(${inner})' (expected (neg), (abs), (absneg), (r), (last), (ei) or a write mask)`);
    throw new LineError(bodyColumn, `expected an immediate inside '(...)', got '${inner}'`);
  }
  match = /^([gplc]?)\[(.*)\]$/.exec(body);
  if (match) return { ...base, kind: 'other', registers: innerRegisters(match[2]!, bodyColumn + match[1]!.length + 1) };
  if (/^[st]#\d+$/.test(body) || /^w\d+$/.test(body)) return { ...base, kind: 'other', registers: [] };
  if (/^\(\w*\)/.test(body)) {
    throw new LineError(bodyColumn, `unknown operand flag '${body.slice(0, body.indexOf(')') + 1)}' (expected (neg), (abs), (absneg), (r), (last), (ei) or a write mask)`);
  }
  throw new LineError(bodyColumn, `expected an operand (register r0.x/hr0.x, constant c0.x, immediate, #label, p0.x, a0.x, or memory g[...]), got '${body}'`);
}

function parsesAlone(text: string): boolean {
  try {
    readOperandBody(text, 1, text, 1, [], false);
    return true;
  } catch {
    return false;
  }
}

/** The registers named inside a memory reference such as `g[r1.x+r0.y<<4+2<<2]` or `c[a1.x]`. */
function innerRegisters(inner: string, column: number): (Ir3RegisterOperand | Ir3ConstOperand | Ir3SpecialOperand)[] {
  const found: (Ir3RegisterOperand | Ir3ConstOperand | Ir3SpecialOperand)[] = [];
  const pattern = /(?<![A-Za-z0-9_.])(h?[rc]\d+\.[xyzw]|a0\.x|a1\.x|p0\.[xyzw])(?![A-Za-z0-9_])/g;
  for (let match = pattern.exec(inner); match !== null; match = pattern.exec(inner)) {
    const operand = parseOperand(match[1]!, column + match.index);
    if (operand.kind === 'register' || operand.kind === 'const' || operand.kind === 'special') found.push(operand);
  }
  return found;
}
