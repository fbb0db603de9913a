/**
 * Reads `.comp` programs: the component machine of seed 004 (`spec/components/`) written
 * directly, in an ir3-like notation. Example (the seed's `fmac` fragment):
 *
 * ```
 * # expect: proved-safe
 * .opcode fmac latency=4 class=alu keeps-destination
 * .opcode mul latency=5 class=alu
 * .opcode exp latency=variable sync=sy class=elu
 * .readlatency mul nonalu=7
 * (rpt1)fmac r18.z, r3.x, (r)r4.x
 * (nop1) mul r5.x, r6.x, r7.x
 * (rpt1)fmac r9.x, (r)r18.y, (r)r18.y
 * (sy)add r1.x, r2.x, r3.x
 * nop
 * ```
 *
 * Lines. Comments start with `#`, `;` or `//` and run to the end of the line (`# expect:` lines
 * are comments too). A line holds a directive, an instruction, a label `NAME:`, or a label
 * followed by an instruction. Directives may come anywhere; they apply to the whole file.
 *
 * Directives.
 * - `.opcode NAME latency=N|variable [sync=sy|ss] [class=CLASS] [keeps-destination]
 *   [no-destination] [branch=always|conditional]` declares an opcode; every opcode an
 *   instruction uses must be declared (except the built-in `nop`). `latency=N` (N >= 1): cycles
 *   from an execution to its result landing (reads in that cycle see it). `latency=variable`: the
 *   result lands at any later cycle (the seed's ELU and MEM); it needs `sync=sy` or `sync=ss`, the
 *   flag that waits for it. `class` is the reader class of its instructions (default `alu`), the
 *   key of producers' `.readlatency`. `keeps-destination`: the destination's component does not
 *   increment over repetitions (the seed's `fmac` accumulator: destination mask Z, not ZW).
 *   `no-destination`: every operand is a source (stores, compares into nothing, branches).
 *   `branch=always|conditional`: after its last execution the instruction jumps to the label
 *   written as its last operand (conditional: or falls through; either may happen).
 * - `.readlatency OPCODE CLASS=N...`: readers of class CLASS may use a result of OPCODE only N
 *   cycles after its execution (ir3: an ALU result reaches a non-ALU reader later). OPCODE must
 *   be declared with a fixed latency, and CLASS must be some opcode's class or some operand's
 *   `(read=CLASS)`.
 *
 * Instructions: `[flags] OPCODE [operands]`.
 * - Flags, before the opcode in any order, each at most once: `(sy)` `(ss)` wait until no
 *   variable-latency result of that sync class is pending; `(rptN)` executes N + 1 times, one
 *   execution per cycle; `(nopN)` adds N idle cycles after the last execution.
 * - Operands, comma separated: the first is the destination unless the opcode is declared
 *   `no-destination`; the others are sources. Registers are `rN.c` and `hrN.c` (c one of x, y, z,
 *   w; components past w continue in the next register) and the special registers `a0.x`, `a1.x`,
 *   `p0.c`. A source marked `(r)` moves to the next component at each repetition; the destination
 *   does unless its opcode keeps it. A source marked `(read=CLASS)` is read as a reader of CLASS
 *   (ir3: a `mad`'s late third source). Constants `cN.c`, `hcN.c` and immediates (`1`, `-2`,
 *   `0x1f`, `0.5`) are sources that carry no dependence.
 * - `nop` (with flags: `(rpt2)nop` is 3 idle cycles) is a built-in instruction without operands.
 *
 * Mistakes are collected and thrown together as one `InputError`, each as `file:line:col: message`.
 */
import type { ComponentInstruction, ComponentProgram, ComponentRegister, OtherOperand } from '../../spec/components/program.js';
import { InputError, type InputProblem } from '../error.js';
import { LineError, shorten, wholeNumberValue } from '../lineSyntax.js';

/** What a `.opcode` line (and its `.readlatency` lines) says about an opcode. */
export interface OpcodeDeclaration {
  readonly name: string;
  readonly latency: number | 'variable';
  readonly syncClass: 'sy' | 'ss' | null;
  readonly readerClass: string;
  readonly keepsDestination: boolean;
  readonly hasDestination: boolean;
  readonly branch: 'always' | 'conditional' | null;
  readonly readLatency: Readonly<Record<string, number>>;
  readonly line: number;
}

/** A `.comp` program with the declarations it was built from. */
export interface ParsedComponentProgram {
  readonly program: ComponentProgram;
  readonly file: string;
  readonly opcodes: ReadonlyMap<string, OpcodeDeclaration>;
}

/** The built-in `nop`: one idle issue slot per execution. */
export const NOP_OPCODE = 'nop';

/** Opcode names: `fmac`, `mad.f32`, and printed variants of one opcode with other timing, `mov@2`. */
const OPCODE = /^[A-Za-z_][A-Za-z0-9_.]*(?:@[A-Za-z0-9_]+)?$/;
const LABEL = /^[A-Za-z_][A-Za-z0-9_.]*$/;
const CLASS = /^[A-Za-z_][A-Za-z0-9_]*$/;
const REGISTER = /^(h?r\d+|a[01]|p0)\.([xyzw])$/;
const CONSTANT = /^h?c\d+\.[xyzw]$/;
const IMMEDIATE = /^-?(?:0[xX][0-9a-fA-F]+|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)$/;
const REGISTER_EXAMPLES = 'a register (r3.x, hr4.y, a0.x, p0.x)';
/**
 * Longest latency (`latency=N`, `.readlatency ... CLASS=N`), in cycles: ir3's longest fixed delay
 * is 6 slots and the seed's ALU 5. The machine counts a result down cycle by cycle, each cycle a
 * state on the way.
 */
export const MAX_COMPONENT_LATENCY = 64;
/** Highest register number, as in ir3 (6 bits of register number: r0.x..r63.w). */
export const MAX_COMPONENT_REGISTER = 63;

/** A piece of a line with its 1-based column. */
interface Piece {
  readonly text: string;
  readonly column: number;
}

/** An instruction as written, resolved once every directive is known. */
interface WrittenInstruction {
  readonly line: number;
  readonly text: string;
  readonly waits: ('sy' | 'ss')[];
  readonly repeat: number;
  readonly nops: number;
  readonly opcode: Piece;
  readonly operands: Piece[];
  /** Instruction count before the end of the operand list (for errors after the last operand). */
  readonly end: number;
}

interface WrittenReadLatency {
  readonly line: number;
  readonly opcode: Piece;
  readonly entries: { readonly name: Piece; readonly cycles: number }[];
}

interface Labels {
  readonly at: Map<string, { index: number; line: number }>;
}

/** Parses a `.comp` program (see the file comment). Throws `InputError` listing every mistake. */
export function parseComponentProgram(text: string, file = '<input>'): ParsedComponentProgram {
  const problems: InputProblem[] = [];
  const report = (line: number, column: number, message: string) => problems.push({ file, line, column, message });
  const opcodes = new Map<string, OpcodeDeclaration>();
  const readLatencies: WrittenReadLatency[] = [];
  const written: WrittenInstruction[] = [];
  const labels: Labels = { at: new Map() };
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    try {
      parseLine(raw, line, { opcodes, readLatencies, written, labels });
    } catch (error) {
      if (!(error instanceof LineError)) throw error;
      report(line, error.column, error.message);
    }
  });
  const instructions: ComponentInstruction[] = [];
  const usedClasses = new Set([...opcodes.values()].map((declaration) => declaration.readerClass));
  for (const instruction of written) {
    try {
      const built = buildInstruction(instruction, opcodes, labels, written.length);
      for (const source of built.sources) if (source.kind === 'register' && source.readerClass) usedClasses.add(source.readerClass);
      instructions.push(built);
    } catch (error) {
      if (!(error instanceof LineError)) throw error;
      report(instruction.line, error.column, error.message);
    }
  }
  // Read latencies apply after every declaration is known, to every instruction of their opcode.
  for (const entry of readLatencies) {
    try {
      const declaration = opcodes.get(entry.opcode.text);
      if (!declaration) throw new LineError(entry.opcode.column, `opcode '${entry.opcode.text}' is not declared: write '.opcode ${entry.opcode.text} latency=N' first`);
      if (declaration.latency === 'variable') throw new LineError(entry.opcode.column, `'${entry.opcode.text}' has a variable latency: read latencies apply to fixed-latency opcodes`);
      for (const { name } of entry.entries) {
        if (!usedClasses.has(name.text)) {
          throw new LineError(name.column, `no opcode has class '${name.text}' and no operand is read as it (classes: ${[...usedClasses].sort().join(', ')})`);
        }
      }
      const readLatency = { ...declaration.readLatency, ...Object.fromEntries(entry.entries.map(({ name, cycles }) => [name.text, cycles])) };
      opcodes.set(declaration.name, { ...declaration, readLatency });
    } catch (error) {
      if (!(error instanceof LineError)) throw error;
      report(entry.line, error.column, error.message);
    }
  }
  if (problems.length > 0) throw new InputError(problems);
  const timed = instructions.map((instruction) => {
    const readLatency = opcodes.get(instruction.opcode)?.readLatency ?? {};
    return Object.keys(readLatency).length === 0 ? instruction : { ...instruction, readLatency };
  });
  return { program: { instructions: timed }, file, opcodes };
}

interface LineContext {
  readonly opcodes: Map<string, OpcodeDeclaration>;
  readonly readLatencies: WrittenReadLatency[];
  readonly written: WrittenInstruction[];
  readonly labels: Labels;
}

/** Where the code of a line ends: at the first `#`, `;` or `//`. */
function codeEnd(raw: string): number {
  const found = [raw.indexOf('#'), raw.indexOf(';'), raw.indexOf('//')].filter((at) => at >= 0);
  return found.length === 0 ? raw.length : Math.min(...found);
}

function parseLine(raw: string, line: number, context: LineContext): void {
  const code = raw.slice(0, codeEnd(raw));
  let position = skipSpace(code, 0);
  if (position >= code.length) return;
  // A label: `NAME:` at the start of the line.
  const label = /^([A-Za-z_][A-Za-z0-9_.]*)\s*:/.exec(code.slice(position));
  if (label) {
    const name = label[1]!;
    const earlier = context.labels.at.get(name);
    if (earlier) throw new LineError(position + 1, `label '${name}' is defined twice (first on line ${earlier.line})`);
    context.labels.at.set(name, { index: context.written.length, line });
    position = skipSpace(code, position + label[0].length);
    if (position >= code.length) return;
  }
  if (code[position] === '.') parseDirective(words(code, position), line, context);
  else context.written.push(parseInstruction(code, position, line));
}

function skipSpace(code: string, from: number): number {
  let position = from;
  while (position < code.length && /\s/.test(code[position]!)) position++;
  return position;
}

/** Splits at white space, keeping columns. */
function words(code: string, from: number): Piece[] {
  const pieces: Piece[] = [];
  const pattern = /\S+/g;
  pattern.lastIndex = from;
  for (let match = pattern.exec(code); match; match = pattern.exec(code)) pieces.push({ text: match[0], column: match.index + 1 });
  return pieces;
}

const OPCODE_ATTRIBUTES = "latency=N|variable, sync=sy|ss, class=CLASS, keeps-destination, no-destination or branch=always|conditional";

function parseDirective(pieces: Piece[], line: number, context: LineContext): void {
  const [directive, ...rest] = pieces as [Piece, ...Piece[]];
  const after = directive.column + directive.text.length;
  if (directive.text === '.opcode') {
    const name = rest[0];
    if (!name) throw new LineError(after, `expected an opcode name after .opcode`);
    if (!OPCODE.test(name.text)) throw new LineError(name.column, `expected an opcode name (letters, digits, '_' and '.'), got '${name.text}'`);
    if (name.text === NOP_OPCODE) throw new LineError(name.column, `'nop' is built in (one idle cycle per execution) and cannot be declared`);
    const earlier = context.opcodes.get(name.text);
    if (earlier) throw new LineError(name.column, `opcode '${name.text}' is declared twice (first on line ${earlier.line})`);
    context.opcodes.set(name.text, opcodeDeclaration(name, rest.slice(1), line));
    return;
  }
  if (directive.text === '.readlatency') {
    const opcode = rest[0];
    if (!opcode) throw new LineError(after, `expected an opcode after .readlatency`);
    if (!OPCODE.test(opcode.text)) throw new LineError(opcode.column, `expected an opcode name, got '${opcode.text}'`);
    if (rest.length < 2) throw new LineError(opcode.column + opcode.text.length, `expected CLASS=CYCLES after the opcode (for example nonalu=7)`);
    const seen = new Set<string>();
    const entries = rest.slice(1).map((piece) => {
      const match = /^([^=]*)=(.*)$/.exec(piece.text);
      if (!match || !CLASS.test(match[1]!)) throw new LineError(piece.column, `expected CLASS=CYCLES (for example nonalu=7), got '${piece.text}'`);
      if (seen.has(match[1]!)) throw new LineError(piece.column, `class '${match[1]}' is given twice`);
      seen.add(match[1]!);
      const cycles = wholeNumber(match[2]!);
      if (cycles === null || cycles < 1 || cycles > MAX_COMPONENT_LATENCY) {
        throw new LineError(piece.column + match[1]!.length + 1, `expected a whole number of cycles from 1 to ${MAX_COMPONENT_LATENCY}, got '${shorten(match[2]!)}'`);
      }
      return { name: { text: match[1]!, column: piece.column }, cycles };
    });
    context.readLatencies.push({ line, opcode, entries });
    return;
  }
  throw new LineError(directive.column, `unknown directive '${directive.text}': expected .opcode or .readlatency`);
}

function opcodeDeclaration(name: Piece, attributes: Piece[], line: number): OpcodeDeclaration {
  let latency: { value: number | 'variable'; column: number } | null = null;
  let sync: { value: 'sy' | 'ss'; column: number } | null = null;
  let readerClass = 'alu';
  let keepsDestination = false;
  let hasDestination = true;
  let branch: 'always' | 'conditional' | null = null;
  const seen = new Set<string>();
  for (const attribute of attributes) {
    const [key, value] = attribute.text.includes('=') ? [attribute.text.slice(0, attribute.text.indexOf('=')), attribute.text.slice(attribute.text.indexOf('=') + 1)] : [attribute.text, null];
    if (seen.has(key)) throw new LineError(attribute.column, `'${key}' is given twice`);
    seen.add(key);
    const valueColumn = attribute.column + key.length + 1;
    switch (key) {
      case 'latency': {
        const cycles = value === null ? null : wholeNumber(value);
        if (value !== 'variable' && (cycles === null || cycles < 1 || cycles > MAX_COMPONENT_LATENCY)) {
          throw new LineError(value === null ? attribute.column : valueColumn, `expected latency=N (N from 1 to ${MAX_COMPONENT_LATENCY} cycles) or latency=variable, got '${shorten(attribute.text)}'`);
        }
        latency = { value: value === 'variable' ? 'variable' : cycles!, column: attribute.column };
        break;
      }
      case 'sync':
        if (value !== 'sy' && value !== 'ss') throw new LineError(value === null ? attribute.column : valueColumn, `expected sync=sy or sync=ss, got '${attribute.text}'`);
        sync = { value, column: attribute.column };
        break;
      case 'class':
        if (value === null || !CLASS.test(value)) throw new LineError(value === null ? attribute.column : valueColumn, `expected class=NAME (letters, digits, '_'), got '${attribute.text}'`);
        readerClass = value;
        break;
      case 'keeps-destination':
      case 'no-destination':
        if (value !== null) throw new LineError(attribute.column, `'${key}' takes no value`);
        if (key === 'keeps-destination') keepsDestination = true;
        else hasDestination = false;
        break;
      case 'branch':
        if (value !== 'always' && value !== 'conditional') throw new LineError(value === null ? attribute.column : valueColumn, `expected branch=always or branch=conditional, got '${attribute.text}'`);
        branch = value;
        break;
      default:
        throw new LineError(attribute.column, `unknown opcode attribute '${attribute.text}': expected ${OPCODE_ATTRIBUTES}`);
    }
  }
  if (latency === null) throw new LineError(attributes.at(-1) ? attributes.at(-1)!.column + attributes.at(-1)!.text.length : name.column + name.text.length, `expected latency=N or latency=variable for opcode '${name.text}'`);
  if (latency.value === 'variable' && sync === null) throw new LineError(latency.column, `a variable latency needs the flag that waits for it: add sync=sy or sync=ss`);
  if (latency.value !== 'variable' && sync !== null) throw new LineError(sync.column, `sync= applies to variable latencies; '${name.text}' has latency ${latency.value}`);
  if (keepsDestination && !hasDestination) throw new LineError(name.column, `'${name.text}' cannot both keep its destination and have none`);
  return { name: name.text, latency: latency.value, syncClass: sync?.value ?? null, readerClass, keepsDestination, hasDestination, branch, readLatency: {}, line };
}

/** A decimal (no leading zeros) or 0x-hex number; Infinity when too large to hold exactly, so range checks refuse it. */
function wholeNumber(text: string): number | null {
  if (!/^(0|[1-9][0-9]*)$/.test(text) && !/^0[xX]/.test(text)) return null;
  const value = wholeNumberValue(text);
  return value === 'too-large' ? Infinity : value;
}

const FLAG_LIST = '(sy), (ss), (rptN) or (nopN)';

function parseInstruction(code: string, start: number, line: number): WrittenInstruction {
  let position = start;
  const waits: ('sy' | 'ss')[] = [];
  let repeat: number | null = null;
  let nops: number | null = null;
  while (code[position] === '(') {
    const close = code.indexOf(')', position);
    if (close < 0) throw new LineError(position + 1, `expected ')' closing the flag`);
    const flag = code.slice(position + 1, close);
    const column = position + 1;
    const counted = /^(rpt|nop)(\d+)$/.exec(flag);
    if (flag === 'sy' || flag === 'ss') {
      if (waits.includes(flag)) throw new LineError(column, `flag (${flag}) is given twice`);
      waits.push(flag);
    } else if (counted) {
      const count = Number(counted[2]);
      if (counted[1] === 'rpt') {
        if (repeat !== null) throw new LineError(column, `flag (rptN) is given twice`);
        if (count > 63) throw new LineError(column, `(rpt${shorten(counted[2]!)}): at most 63 repetitions`);
        repeat = count;
      } else {
        if (nops !== null) throw new LineError(column, `flag (nopN) is given twice`);
        if (count > 63) throw new LineError(column, `(nop${shorten(counted[2]!)}): at most 63 idle cycles`);
        nops = count;
      }
    } else if (flag === 'r') {
      throw new LineError(column, `(r) marks a source whose component increments: write it before that source register (expected ${FLAG_LIST} here)`);
    } else {
      throw new LineError(column, `unknown flag '(${flag})': expected ${FLAG_LIST}`);
    }
    position = skipSpace(code, close + 1);
  }
  if (position >= code.length) throw new LineError(position + 1, `expected an opcode after the flags`);
  const opcodeMatch = /^\S+/.exec(code.slice(position))!;
  const opcodeText = opcodeMatch[0].replace(/,.*$/, '');
  if (!OPCODE.test(opcodeText)) throw new LineError(position + 1, `expected an opcode (or a flag ${FLAG_LIST}), got '${opcodeText}'`);
  const opcode = { text: opcodeText, column: position + 1 };
  const operands = operandPieces(code, position + opcodeText.length);
  const text = code.slice(start).trim();
  return { line, text, waits, repeat: repeat ?? 0, nops: nops ?? 0, opcode, operands, end: code.trimEnd().length + 1 };
}

/** The comma-separated operands after the opcode, each trimmed, with its column. */
function operandPieces(code: string, from: number): Piece[] {
  const rest = code.slice(from);
  if (rest.trim() === '') return [];
  if (!/^\s/.test(rest)) throw new LineError(from + 1, `expected a space between the opcode and its operands`);
  const pieces: Piece[] = [];
  let offset = from;
  const parts = rest.split(',');
  parts.forEach((part, index) => {
    const lead = part.length - part.trimStart().length;
    const trimmed = part.trim();
    if (trimmed === '') {
      throw new LineError(offset + lead + 1, index === 0 ? `expected an operand` : index === parts.length - 1 ? `expected an operand after ','` : `expected an operand between commas`);
    }
    const gap = trimmed.search(/\s/);
    if (gap >= 0) {
      const next = gap + trimmed.slice(gap).search(/\S/);
      throw new LineError(offset + lead + 1 + next, `expected ',' between operands, got '${trimmed.slice(next)}' after '${trimmed.slice(0, gap)}'`);
    }
    pieces.push({ text: trimmed, column: offset + lead + 1 });
    offset += part.length + 1;
  });
  return pieces;
}

function buildInstruction(written: WrittenInstruction, opcodes: ReadonlyMap<string, OpcodeDeclaration>, labels: Labels, count: number): ComponentInstruction {
  const base = { repeat: written.repeat, nops: written.nops, waits: written.waits, line: written.line, text: written.text };
  if (written.opcode.text === NOP_OPCODE) {
    if (written.operands.length > 0) throw new LineError(written.operands[0]!.column, `'nop' takes no operands`);
    return { ...base, opcode: NOP_OPCODE, destination: null, sources: [], latency: 1, readerClass: 'nop', syncClass: null };
  }
  const declaration = opcodes.get(written.opcode.text);
  if (!declaration) {
    throw new LineError(written.opcode.column, `opcode '${written.opcode.text}' is not declared: add '.opcode ${written.opcode.text} latency=N' (or latency=variable sync=sy)`);
  }
  let operands = written.operands;
  let branch: ComponentInstruction['branch'];
  if (declaration.branch !== null) {
    const target = operands.at(-1);
    if (!target) throw new LineError(written.end, `expected the branch target: a label as the last operand of '${written.opcode.text}'`);
    if (REGISTER.test(target.text) || !LABEL.test(target.text)) throw new LineError(target.column, `expected the branch target, a label, as the last operand of '${written.opcode.text}', got '${target.text}'`);
    const found = labels.at.get(target.text);
    if (!found) throw new LineError(target.column, `branch target '${target.text}' is not a label of this program`);
    branch = { target: Math.min(found.index, count), conditional: declaration.branch === 'conditional' };
    operands = operands.slice(0, -1);
  }
  let destination: ComponentRegister | null = null;
  if (declaration.hasDestination) {
    const first = operands[0];
    if (!first) throw new LineError(written.end, `expected a destination register after '${written.opcode.text}' (declare it no-destination if it writes none)`);
    destination = destinationOperand(first, declaration);
    operands = operands.slice(1);
  }
  const sources = operands.map(sourceOperand);
  return {
    ...base, opcode: declaration.name, destination, sources, latency: declaration.latency, readerClass: declaration.readerClass, syncClass: declaration.syncClass,
    ...(branch ? { branch } : {}),
  };
}

function destinationOperand(piece: Piece, declaration: OpcodeDeclaration): ComponentRegister {
  if (piece.text.startsWith('(')) {
    throw new LineError(piece.column, `the destination takes no flags: it increments at each repetition unless '${declaration.name}' is declared keeps-destination; (r) and (read=) are for sources`);
  }
  const match = REGISTER.exec(piece.text);
  if (!match) {
    const what = CONSTANT.test(piece.text) || IMMEDIATE.test(piece.text) ? `a constant or immediate cannot be written` : `got '${piece.text}'`;
    throw new LineError(piece.column, `expected ${REGISTER_EXAMPLES} as destination: ${what}`);
  }
  return { kind: 'register', register: registerName(match[1]!, piece.column), component: 'xyzw'.indexOf(match[2]!), increments: !declaration.keepsDestination };
}

/**
 * The register's canonical name (`r018` is `r18`: one register, one name, or a dependence would
 * be missed), refused past `MAX_COMPONENT_REGISTER`.
 */
function registerName(written: string, column: number): string {
  const number = /^(h?r)(\d+)$/.exec(written);
  if (number === null) return written;
  const value = Number(number[2]);
  if (value > MAX_COMPONENT_REGISTER) {
    throw new LineError(column, `register number out of range: expected ${number[1]}0..${number[1]}${MAX_COMPONENT_REGISTER}, got '${shorten(written)}'`);
  }
  return `${number[1]}${value}`;
}

function sourceOperand(piece: Piece): ComponentRegister | OtherOperand {
  let text = piece.text;
  let column = piece.column;
  let increments = false;
  let readerClass: string | undefined;
  for (let flag = /^\(([^)]*)\)/.exec(text); flag; flag = /^\(([^)]*)\)/.exec(text)) {
    const read = /^read=(.*)$/.exec(flag[1]!);
    if (flag[1] === 'r') {
      if (increments) throw new LineError(column, `(r) is given twice`);
      increments = true;
    } else if (read) {
      if (!CLASS.test(read[1]!)) throw new LineError(column + 6, `expected (read=CLASS), got '${flag[0]}'`);
      if (readerClass !== undefined) throw new LineError(column, `(read=CLASS) is given twice`);
      readerClass = read[1]!;
    } else {
      throw new LineError(column, `unknown operand flag '${flag[0]}': expected (r) or (read=CLASS)`);
    }
    text = text.slice(flag[0].length);
    column += flag[0].length;
  }
  const match = REGISTER.exec(text);
  if (match) {
    return { kind: 'register', register: registerName(match[1]!, column), component: 'xyzw'.indexOf(match[2]!), increments, ...(readerClass === undefined ? {} : { readerClass }) };
  }
  if (CONSTANT.test(text) || IMMEDIATE.test(text)) {
    if (readerClass !== undefined) throw new LineError(piece.column, `(read=CLASS) applies to register sources; '${text}' carries no dependence`);
    return { kind: 'other', text: piece.text };
  }
  if (text === '') throw new LineError(column, `expected ${REGISTER_EXAMPLES}, a constant (c0.x) or an immediate after the operand flags`);
  throw new LineError(column, `expected ${REGISTER_EXAMPLES}, a constant (c0.x) or an immediate (1, 0x10, 0.5), got '${text}'`);
}
