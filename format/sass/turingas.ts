/**
 * Importer for TuringAs sources (daadaada/turingas, Volta/Turing/Ampere): one kernel per file,
 * each line `--:-:1:-:2    LDG.E tmp, [input_0];`, with `<REGS>`/`<PARAMS>`/`<CONSTS>` blocks
 * that name registers and kernel parameters. The rules below follow turingas's own parser
 * (`turingas/turas.py`, `grammar.py` @f7c1a74e).
 */
import type { Control } from '../../spec/scoreboard/program.js';
import { InputError, type InputProblem } from '../error.js';
import { LineError } from '../lineSyntax.js';
import type { SassLine, SassListing } from './listing.js';
import { architectureFromFileName, listingLines, locateLineError, parseInstructionText } from './operands.js';

/**
 * The architecture turingas assembles for without `-arch` (turingas/main.py @f7c1a74e:
 * `add_argument('-arch', ..., default=75)`; its examples' Makefiles build for sm_75 too).
 */
export const TURINGAS_DEFAULT_ARCHITECTURE = 'sm_75';

/** The kernel name turingas gives when its `-name` option is not passed. */
export const TURINGAS_DEFAULT_KERNEL = 'kern';

const CONTROL_EXAMPLE = "a control field like '--:-:1:-:2' (wait mask:read SB:write SB:yield:stall)";

/**
 * Parses a TuringAs source into one kernel named `kern` (turingas takes the name from its `-name`
 * option, default `kern`; the file does not say). The control field `--:-:1:-:2` is wait mask :
 * read scoreboard : write scoreboard : yield : stall, scoreboards 0-based; the wait mask is two
 * DECIMAL digits whose bits are scoreboards (`10` = scoreboards 1 and 3, `--` = none) and the
 * stall is one HEX digit, both as turingas reads them. Comments run from `#` to the end of the
 * line; anything after an instruction's `;` is ignored, as turingas does. Labels are `NAME:` on
 * their own line and branch targets are bare label names (`BRA LOOP;`). Operands are given after
 * turingas's name substitution (`<REGS>` names become `R4`, parameters `c[0x0][0x160]`,
 * `blockDim.x` `c[0x0][0x0]`); `text` stays as written.
 *
 * Architecture: turingas assembles for sm_70, sm_75, sm_80 and sm_86, chosen by its `-arch`
 * option, never by the file: the file name's when it states one (`kernel.sm_75.sass`), else
 * the one turingas assembles for when `-arch` is not given, sm_75 (`TURINGAS_DEFAULT_ARCHITECTURE`);
 * `--arch` overrides either.
 *
 * Python that turingas runs while assembling (`<CODE>` blocks, inline `{...}`) cannot be read
 * here: it is reported as a problem at its location, like every other mistake, in one
 * `InputError`.
 */
export function parseTuringas(text: string, file: string): SassListing {
  const problems: InputProblem[] = [];
  const { blocks, code } = readBlocks(listingLines(text), file, problems);
  const names = parseNameBlocks(blocks, file, problems);
  const instructions: SassLine[] = [];
  const labels: Record<string, number> = {};
  const labelLines = new Map<string, number>();

  for (const { line, content } of code) {
    const column = content.length - content.trimStart().length + 1;
    const trimmed = content.trim();
    const label = /^([A-Za-z]\w*):(.*)$/.exec(trimmed);
    if (label) {
      const name = label[1]!;
      const rest = label[2]!;
      if (rest.trim() !== '') {
        problems.push({ file, line, column: column + name.length + 1 + (rest.length - rest.trimStart().length), message: `expected nothing after the label '${name}:' (put the instruction on its own line)` });
      } else if (labelLines.has(name)) {
        problems.push({ file, line, column, message: `label '${name}' is already defined at line ${labelLines.get(name)!}` });
      } else {
        labels[name] = instructions.length;
        labelLines.set(name, line);
      }
      continue;
    }
    const instruction = locateLineError(problems, file, line, () => parseLine({ line, content }, column, file, names));
    if (instruction) instructions.push(instruction);
  }

  if (instructions.length === 0 && problems.length === 0) {
    problems.push({ file, line: 1, column: 1, message: `no instructions: expected lines like '--:-:-:-:2    MOV R0, R1;'` });
  }
  if (problems.length > 0) throw new InputError(problems);
  return {
    notation: 'turingas',
    file,
    architecture: architectureFromFileName(file) ?? TURINGAS_DEFAULT_ARCHITECTURE,
    kernels: [{ name: TURINGAS_DEFAULT_KERNEL, line: 1, instructions, labels }],
  };
}

/** One instruction line; `column` is where its control field starts. */
function parseLine({ line, content }: CodeLine, column: number, file: string, names: NameMaps): SassLine {
  const open = content.indexOf('{');
  if (open >= 0) throw new LineError(open + 1, `turingas evaluates '{...}' as inline Python when assembling; expand it first (hazardproof reads only plain instruction lines)`);
  const fieldEnd = content.slice(column - 1).search(/\s/);
  const controlText = fieldEnd < 0 ? content.slice(column - 1).trimEnd() : content.slice(column - 1, column - 1 + fieldEnd);
  const control = parseTuringasControl(controlText, column);
  const after = column - 1 + controlText.length;
  const semicolon = content.indexOf(';', after);
  if (content.slice(after).trim() === '') throw new LineError(after + 1, 'expected an instruction after the control field');
  if (semicolon < 0) throw new LineError(content.trimEnd().length + 1, `expected ';' ending the instruction`);
  const parsed = parseInstructionText(content.slice(after, semicolon + 1), after + 1, file, line);
  const operands = parsed.operands.map((operand, index) => substituteNames(operand, names, parsed.operandColumns[index]!));
  return { ...parsed, operands, address: null, control };
}

/**
 * Reads a TuringAs control field `--:-:1:-:2` written at `column` into a `Control`. A stall of
 * `-` (turingas then picks a per-opcode default from its grammar table) is refused: the stall
 * must be written.
 */
export function parseTuringasControl(text: string, column: number): Control {
  const fields = text.split(':');
  if (fields.length !== 5) throw new LineError(column, `expected ${CONTROL_EXAMPLE}, got '${text}'`);
  const starts: number[] = [];
  let offset = column;
  for (const field of fields) {
    starts.push(offset);
    offset += field.length + 1;
  }
  const [waitField, readField, writeField, yieldField, stallField] = fields as [string, string, string, string, string];
  const [waitAt, readAt, writeAt, yieldAt, stallAt] = starts as [number, number, number, number, number];
  const wait: number[] = [];
  if (waitField !== '--') {
    if (!/^\d\d$/.test(waitField)) throw new LineError(waitAt, `expected the wait mask as two decimal digits whose bits are scoreboards (01 = scoreboard 0, 10 = scoreboards 1 and 3) or '--', got '${waitField}'`);
    const mask = Number(waitField);
    if (mask > 63) throw new LineError(waitAt, `wait mask ${mask} sets bits above scoreboard 5: expected 00..63`);
    for (let scoreboard = 0; scoreboard < 6; scoreboard++) if (mask & (1 << scoreboard)) wait.push(scoreboard);
  }
  const readScoreboard = scoreboard(readField, readAt, 'read');
  const writeScoreboard = scoreboard(writeField, writeAt, 'write');
  if (!/^[-yY]$/.test(yieldField)) throw new LineError(yieldAt, `expected the yield flag 'Y' or '-', got '${yieldField}'`);
  if (stallField === '-') throw new LineError(stallAt, `a '-' stall makes turingas pick a per-opcode default; write the stall as a hex digit 0..f`);
  if (!/^[0-9a-fA-F]$/.test(stallField)) throw new LineError(stallAt, `expected the stall as one hex digit 0..f, got '${stallField}'`);
  return { wait, readScoreboard, writeScoreboard, yield: yieldField !== '-', stall: parseInt(stallField, 16) };
}

function scoreboard(field: string, column: number, which: string): number | null {
  if (field === '-') return null;
  if (!/^[0-5]$/.test(field)) throw new LineError(column, `expected the ${which} scoreboard as a digit 0..5 or '-', got '${field}'`);
  return Number(field);
}

/** A line outside any block, with its `#` comment removed. */
interface CodeLine {
  readonly line: number;
  readonly content: string;
}

/** A `<NAME> ... </NAME>` block: its tag and its content lines (comments removed). */
interface Block {
  readonly name: string;
  readonly line: number;
  readonly column: number;
  readonly lines: CodeLine[];
}

const BLOCKS = ['REGS', 'PARAMS', 'CONSTS', 'SMEM', 'CODE'];

/** Sorts the lines into blocks and code lines; an unclosed or unknown block is a problem. */
function readBlocks(lines: readonly string[], file: string, problems: InputProblem[]): { blocks: Block[]; code: CodeLine[] } {
  const blocks: Block[] = [];
  const code: CodeLine[] = [];
  let open: Block | null = null;
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    let content = raw.replace(/#.*/, '');
    let lead = 0;
    if (open === null) {
      const tag = /^(\s*)<(\w+)>/.exec(content);
      if (!tag) {
        if (content.trim() !== '') code.push({ line, content });
        continue;
      }
      const name = tag[2]!.toUpperCase();
      if (!BLOCKS.includes(name)) {
        problems.push({ file, line, column: tag[1]!.length + 1, message: `unknown block <${tag[2]!}>: turingas knows <REGS>, <PARAMS>, <CONSTS>, <SMEM> and <CODE>` });
        continue;
      }
      open = { name, line, column: tag[1]!.length + 1, lines: [] };
      blocks.push(open);
      lead = tag[0].length;
      content = ' '.repeat(lead) + content.slice(lead);
    }
    const close = content.toUpperCase().indexOf(`</${open.name}>`, lead);
    const inside = close < 0 ? content : content.slice(0, close);
    if (inside.trim() !== '') open.lines.push({ line, content: inside });
    if (close < 0) continue;
    const after = close + open.name.length + 3;
    if (content.slice(after).trim() !== '') problems.push({ file, line, column: after + 1, message: `expected nothing after </${open.name}> on its line` });
    open = null;
  }
  if (open !== null) problems.push({ file, line: open.line, column: open.column, message: `expected </${open.name}> closing the <${open.name}> block opened here` });
  return { blocks, code };
}

/** What turingas substitutes into operands: register names and parameter/constant slots. */
interface NameMaps {
  readonly registers: Map<string, number>;
  readonly parameters: Map<string, { offset: number; size: number }>;
  readonly constants: Map<string, { offset: number; size: number }>;
}

/** Reads `<REGS>`, `<PARAMS>`, `<CONSTS>`; checks `<SMEM>`; refuses `<CODE>` (Python). */
function parseNameBlocks(blocks: readonly Block[], file: string, problems: InputProblem[]): NameMaps {
  const maps: NameMaps = { registers: new Map(), parameters: new Map(), constants: new Map() };
  const ends = { PARAMS: 0, CONSTS: 0 };
  for (const block of blocks) {
    if (block.name === 'CODE') {
      problems.push({ file, line: block.line, column: block.column, message: 'turingas runs <CODE> blocks as Python when assembling; expand them first (hazardproof reads only plain instruction lines)' });
      continue;
    }
    for (const { line, content } of block.lines) {
      locateLineError(problems, file, line, () => {
        if (block.name === 'REGS') registerLine(content, maps);
        else if (block.name === 'SMEM') {
          if (!/^\s*\d+\s*$/.test(content)) throw new LineError(firstColumn(content), `expected the shared memory size in bytes, got '${content.trim()}'`);
        } else {
          const kind = block.name as 'PARAMS' | 'CONSTS';
          ends[kind] = slotLine(content, kind === 'PARAMS' ? maps.parameters : maps.constants, ends[kind], maps);
        }
      });
    }
  }
  return maps;
}

/** Bytes in one constant bank (`c[0x0][...]`), where parameters and constants are placed. */
const CONSTANT_BANK_BYTES = 0x10000;

/** The highest general register a name can stand for (R255 is RZ). */
const LAST_REGISTER = 254;

/** `0-3, 8 : a0, a1, b<0-2>` (exact count) or `0-16 ~ x, y` (names take the first indices). */
function registerLine(content: string, maps: NameMaps): void {
  const separator = content.search(/[:~]/);
  if (separator < 0) throw new LineError(firstColumn(content), `expected 'REGISTERS : NAMES' like '0-3 : a0, a1, a2, a3', got '${content.trim()}'`);
  const second = content.slice(separator + 1).search(/[:~]/);
  if (second >= 0) throw new LineError(separator + second + 2, `expected one ':' or '~' between registers and names`);
  const indices: number[] = [];
  for (const { text, column } of items(content.slice(0, separator), 1)) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(text);
    if (!range) throw new LineError(column, `expected a register number or range like 4 or 0-63, got '${text}'`);
    const first = Number(range[1]);
    const last = range[2] === undefined ? first : Number(range[2]);
    if (last > LAST_REGISTER) throw new LineError(column, `register ${last} out of range: expected R0..R${LAST_REGISTER} (R${LAST_REGISTER + 1} is RZ), got '${text}'`);
    if (last < first) throw new LineError(column, `register range ${text} is empty`);
    for (let index = first; index <= last; index++) indices.push(index);
  }
  const names: { name: string; column: number }[] = [];
  for (const { text, column } of items(content.slice(separator + 1), separator + 2)) {
    const vector = /^(\w+)<(\d+)-(\d+)>(\w*)$/.exec(text);
    if (vector && Number(vector[3]) - Number(vector[2]) > LAST_REGISTER) {
      throw new LineError(column, `name range ${text} names more than the ${LAST_REGISTER + 1} registers there are`);
    }
    if (vector) {
      for (let i = Number(vector[2]); i <= Number(vector[3]); i++) names.push({ name: `${vector[1]!}${i}${vector[4]!}`, column });
    } else if (/^\w+$/.test(text)) {
      names.push({ name: text, column });
    } else {
      throw new LineError(column, `expected a register name like a0 or a<0-3>, got '${text}'`);
    }
  }
  const automatic = content[separator] === '~';
  if (automatic ? indices.length < names.length : indices.length !== names.length) {
    throw new LineError(separator + 1, `${indices.length} registers for ${names.length} names: expected ${automatic ? 'at least as many registers as' : 'as many registers as'} names`);
  }
  names.forEach(({ name, column }, i) => {
    if (maps.registers.has(name) || maps.parameters.has(name) || maps.constants.has(name)) throw new LineError(column, `name '${name}' is already defined`);
    maps.registers.set(name, indices[i]!);
  });
}

/** `input, 8`: a parameter (or constant) of 8 bytes placed after the previous ones; returns the new end. */
function slotLine(content: string, slots: Map<string, { offset: number; size: number }>, end: number, maps: NameMaps): number {
  const parts = items(content, 1);
  if (parts.length !== 2) throw new LineError(firstColumn(content), `expected 'NAME, SIZE' like 'input, 8', got '${content.trim()}'`);
  const [name, size] = parts as [{ text: string; column: number }, { text: string; column: number }];
  if (!/^\w+$/.test(name.text)) throw new LineError(name.column, `expected a name, got '${name.text}'`);
  if (!/^\d+$/.test(size.text) || Number(size.text) % 4 !== 0) throw new LineError(size.column, `expected a size in bytes that is a multiple of 4, got '${size.text}'`);
  // Parameters and constants live in one 64 KB constant bank; the slot's offset is printed as an address.
  if (end + Number(size.text) > CONSTANT_BANK_BYTES) throw new LineError(size.column, `'${name.text}' would end at byte ${end + Number(size.text)}: a constant bank holds ${CONSTANT_BANK_BYTES} bytes`);
  if (slots.has(name.text) || maps.registers.has(name.text)) throw new LineError(name.column, `name '${name.text}' is already defined`);
  slots.set(name.text, { offset: end, size: Number(size.text) });
  return end + Number(size.text);
}

const BUILTIN_CONSTANTS: Readonly<Record<string, string>> = {
  'blockDim.x': 'c[0x0][0x0]', 'blockDim.y': 'c[0x0][0x4]', 'blockDim.z': 'c[0x0][0x8]',
  'gridDim.x': 'c[0x0][0xc]', 'gridDim.y': 'c[0x0][0x10]', 'gridDim.z': 'c[0x0][0x14]',
};

/**
 * Replaces names in one operand the way turingas does: a register name by `R<n>`, a parameter
 * `p` or `p[i]` (i-th 4-byte word) by its slot in bank 0 from 0x160, a constant by its slot in
 * bank 3; then `blockDim.x`-style names. `column` locates an out-of-range index.
 */
function substituteNames(operand: string, maps: NameMaps, column: number): string {
  const replaced = operand.replace(/(?<!\.)\b([A-Za-z_]\w*)(?:\[(\d+)\]|\b)(?!\[0x)/g, (match: string, name: string, index: string | undefined, at: number) => {
    const register = maps.registers.get(name);
    if (register !== undefined) return `R${register}`;
    const parameter = maps.parameters.get(name);
    const constant = maps.constants.get(name);
    const slot = parameter ?? constant;
    if (slot === undefined) return match;
    const word = index === undefined ? 0 : Number(index);
    if (word * 4 >= slot.size) throw new LineError(column + at, `'${name}' is ${slot.size} bytes: word ${word} is out of range`);
    return parameter ? `c[0x0][0x${(0x160 + slot.offset + word * 4).toString(16)}]` : `c[0x3][0x${(slot.offset + word * 4).toString(16)}]`;
  });
  return replaced.replace(/\b(?:blockDim|gridDim)\.[xyz]\b/g, (name) => BUILTIN_CONSTANTS[name] ?? name);
}

/** Comma-separated items with all whitespace removed (as turingas does), each with its column. */
function items(text: string, column: number): { text: string; column: number }[] {
  const result: { text: string; column: number }[] = [];
  let start = 0;
  for (const piece of text.split(',')) {
    result.push({ text: piece.replace(/\s+/g, ''), column: column + start + (piece.length - piece.trimStart().length) });
    start += piece.length + 1;
  }
  return result;
}

function firstColumn(content: string): number {
  return content.length - content.trimStart().length + 1;
}
