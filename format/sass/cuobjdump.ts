/**
 * Importer for raw `cuobjdump -sass` and `nvdisasm -hex` output, where the control codes exist
 * only inside the hexadecimal encodings `/* 0x... *\/`:
 *
 * - sm_70 and later: 128-bit instructions, the low half printed at the end of the instruction
 *   line and the high half on a line of its own after it. The control field is bits 105..125,
 *   i.e. `(high >> 41) & 0x1fffff`.
 * - sm_50..sm_62 (Maxwell, Pascal): 64-bit instructions in groups of three behind a control word
 *   at each 32-byte boundary; instruction i (0..2) of a group has `(word >> 21*i) & 0x1fffff`.
 *   This is the layout of maxas' `processSassCtrlLine` and `printCtrl` (lib/MaxAs/MaxAsGrammar.pm
 *   @54eda7af) and of CuAssembler's `CCMask*_5x_6x` (CuAsm/CuSMVersion.py @96a9f72b), checked
 *   against the corpus: maxas prints the same fields 1-based (`--:-:6:Y:b` is write field 5),
 *   and ptxas' `DEPBAR.LE SB5, ...` waits on loads whose write field is 5.
 *   Around a dual-issue pair `{ ... }` cuobjdump shifts words to other lines (older versions even
 *   print the control word at the end of an instruction line), so a function's words are read
 *   as one stream in memory order, 8 bytes each, and matched to the instructions by address.
 *
 * Both share one 21-bit layout (`controlBits.ts`).
 *
 * CuAssembler's `dsass` (bin/dsass.py) writes the same dump with each instruction line behind
 * its control field decoded in CuAssembler's notation, `[B0-----:R-:W1:-:S02]  /*0040*\/ ...`,
 * and drops the lines holding only an encoding unless asked to keep them: in such a function the
 * fields are read and the encodings are not.
 *
 * CUDA 12.8's cuobjdump and nvdisasm also print the control field in words before the `;`
 * (`&req={1} &wr=0x2 ?trans4`, `annotations.ts`): beside the encodings, the two must agree;
 * without them (nvdisasm without `-hex`), the words are read.
 *
 * CUDA 13's cuobjdump prints demangled names (`Function : saxpy(float, const float *, float *,
 * unsigned int)`): a function's name is the whole text after `Function :`. A few lines pasted
 * from a dump, with no `Function :` or `.section .text.` line at all, are one function named
 * after the file (`excerptName`).
 */
import { basename } from 'node:path';
import type { Control } from '../../spec/scoreboard/program.js';
import { InputError, type InputProblem } from '../error.js';
import { LineError } from '../lineSyntax.js';
import { parseControl } from '../hp/control.js';
import { printAnnotations, sameControl, takeAnnotations, UNANNOTATED } from './annotations.js';
import { decodeControlBits } from './controlBits.js';
import type { SassKernel, SassListing } from './listing.js';
import { architectureFromFileName, listingLines, locateLineError, parseInstructionText, type InstructionText } from './operands.js';

/**
 * The end of the error for an instruction cuobjdump printed as bare encoding words: what to do
 * about it. `fuzz --ptxas` looks for it to list such a cubin again with a newer release's cuobjdump.
 */
export const UNLISTED_ENCODING_ADVICE = 'disassemble the cubin with a newer cuobjdump, or with nvdisasm';

/** How a function's control codes are stored. */
type Layout = 'maxwell' | 'volta';

/** One `/* 0x... *\/` word where it was printed. */
interface Word {
  readonly value: bigint;
  readonly line: number;
  readonly column: number;
  /** Printed at the end of an instruction line (else on a line of its own). */
  readonly inline: boolean;
}

/** An instruction line, before its control is known. */
interface Entry extends InstructionText {
  readonly address: number;
  /** Index into the function's words of the word printed on this line, or null. */
  readonly word: number | null;
  /** How many words the function had before this line. */
  readonly wordsBefore: number;
  /** 1-based column just after the instruction text (its `;` or `}`). */
  readonly end: number;
  /** A `}` line: cuobjdump may have printed a neighbouring word on it instead of its own. */
  readonly closesPair: boolean;
  /** The control field written in front of the line (CuAssembler's dsass), or null. */
  readonly decoded: Control | null;
  /** The control its annotations state (`&wr=0x1 ?trans1`, CUDA 12.8), or null when it has none. */
  readonly annotated: Control | null;
  /** 1-based column of its annotations (where they would be, when it has none), for messages. */
  readonly annotationColumn: number;
}

/** A function while it is being read. */
interface Draft {
  readonly name: string;
  readonly line: number;
  readonly entries: Entry[];
  readonly words: Word[];
  readonly labels: Record<string, number>;
  /** Whether a word came before the first instruction line (a Maxwell control word). */
  wordFirst: boolean | null;
  /** A line of it was malformed: its words cannot be matched to instructions reliably. */
  broken: boolean;
}

/** `Function : NAME`; since CUDA 13 NAME is demangled (`saxpy(float, const float *)`, `void foo<128, float>(float *)`), so all of it. */
const FUNCTION = /^\s*Function\s*:\s*(\S(?:.*\S)?)\s*$/;
const TEXT_SECTION = /^\s*\.section\s+\.text\.([^,\s]+)/;
const OTHER_SECTION = /^\s*\.section\b/;
const CODE_FOR = /^\s*code for (sm_\d+[a-z]?)\s*$/;
const TARGET = /^\s*\.target\s+(sm_\d+[a-z]?)\b/;
const HEADER_FLAG = /\bEF_CUDA_SM(\d+[a-z]?)\b/;
const FATBIN_HEADER = /^\s*(Fatbin (elf|ptx) code:|=+\s*$|arch = |code version = |producer = |host = |compile_size = |identifier = |ptxasOptions = |compressed\s*$)/;
const SEPARATOR = /^\s*\.{4,}\s*$/;
const INSTRUCTION = /^(\s*)\/\*([0-9a-fA-F]+)\*\/(.*)$/;
/** CuAssembler's dsass puts a decoded control field in front of each instruction line: `[B0-----:R-:W1:-:S02]  /*0040*\/ ...`. */
const DECODED = /^(\s*)(\[[^\]]*\])(?=\s*\/\*[0-9a-fA-F]+\*\/)/;
const WORD_AT_END = /\/\*\s*(\S*)\s*\*\/\s*$/;
const WORD_ONLY = /^\s*\/\*\s*(\S*)\s*\*\/\s*$/;
const WORD = /^0x[0-9a-fA-F]{16}$/;
const LABEL = /^\s*([A-Za-z_.$][\w.$@]*):\s*$/;
const WORD_HINT = "'/* 0x' and 16 hex digits ' */' (cuobjdump -sass prints them; nvdisasm needs -hex)";
/**
 * A comment nvdisasm adds after a line: `-plr`'s register life ranges (`// | 2 ^ :  |`). A `//`
 * after white space with no `*\/` after it, so an encoding `/* 0x... *\/` is never cut.
 */
const TRAILING_COMMENT = /\s\/\/(?!.*\*\/).*$/;

/**
 * Parses `cuobjdump -sass` (or `nvdisasm -hex`, or CuAssembler's dsass) output. Functions start at `Function : NAME`
 * (cuobjdump; NAME is all the rest of the line, demangled or not) or `.section .text.NAME`
 * (nvdisasm) and end at the `....` separator, the next function or a fatbin header; a file with
 * neither header is one function named after the file (an excerpt). Labels (`.L_x_0:`) map to
 * the next instruction's index; branch targets stay as written (`` `(.L_x_0) `` or an absolute
 * `0x130`, resolved later through `SassLine.address`). Dual-issue braces `{ ... }` of Maxwell
 * listings are accepted, and so are nvdisasm's trailing `//` comments (`-plr`). The
 * architecture comes from `code for sm_XX`, `.target sm_XX` or an `EF_CUDA_SMXX` header flag, else
 * the file's name (`k.sm_75.sass`), and picks the control layout (without one, a word before the
 * first instruction means Maxwell); `code for sm_120a` and `EF_CUDA_SM120` (with
 * `EF_CUDA_ACCELERATORS`) state one architecture. Control annotations (`&wr=0x1 ?trans1`, CUDA
 * 12.8) are read where there are no encodings and checked against them where there are.
 * Throws one `InputError` with every missing, extra or malformed encoding or annotation, an
 * annotation the encoding contradicts, every misplaced line, a listing with neither encodings
 * nor annotations (nvdisasm without -hex), a dump holding code for two architectures, or code
 * for Kepler and older.
 */
export function parseCuobjdump(text: string, file: string): SassListing {
  const problems: InputProblem[] = [];
  const drafts: Draft[] = [];
  let draft: Draft | null = null;
  let architecture: { readonly name: string; readonly line: number } | null = null;
  const lines = listingLines(text).map((raw) => raw.replace(TRAILING_COMMENT, ''));
  // A listing with no function header at all is an excerpt (lines pasted from a dump): its code
  // is one function, begun at its first line of code, unless that line is in one of nvdisasm's
  // data sections or after a fatbin header (then it is refused as code outside any function).
  const excerpt = !lines.some((raw) => FUNCTION.test(raw) || TEXT_SECTION.test(raw));
  let outsideCode = false;

  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    const stated = statedArchitecture(raw);
    if (stated) {
      const column = raw.search(/sm_\d|EF_CUDA_SM\d/) + 1;
      if (parseInt(stated.slice(3), 10) < 50) {
        throw new InputError([{ file, line, column, message: `expected code for sm_50 or later, got ${stated}: Kepler and older code carries no scoreboard control codes` }]);
      }
      // `code for sm_120a` goes with `EF_CUDA_SM120` (with or without EF_CUDA_ACCELERATORS): one chip, the suffix a feature set.
      if (architecture && withoutSuffix(architecture.name) !== withoutSuffix(stated)) {
        problems.push({ file, line, column, message: `expected code for one architecture, got ${stated} after ${architecture.name} (line ${architecture.line}); dump one at a time (cuobjdump -sass -arch ${stated})` });
      }
      if (architecture === null) architecture = { name: stated, line };
      else if (withoutSuffix(stated) === architecture.name && stated !== architecture.name) architecture = { name: stated, line: architecture.line };
      if (CODE_FOR.test(raw)) draft = null;
      continue;
    }
    const header = FUNCTION.exec(raw) ?? TEXT_SECTION.exec(raw);
    if (header) {
      draft = newDraft(header[1]!, line);
      drafts.push(draft);
      continue;
    }
    if (OTHER_SECTION.test(raw) || SEPARATOR.test(raw) || FATBIN_HEADER.test(raw)) {
      draft = null;
      outsideCode = true;
      continue;
    }
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('//')) continue;
    const column = raw.length - raw.trimStart().length + 1;
    const decoded = DECODED.exec(raw);
    // The field is blanked, not cut, so the columns of the rest stay as written.
    const instruction = INSTRUCTION.exec(decoded ? raw.replace(DECODED, (field) => ' '.repeat(field.length)) : raw);
    const code = (instruction !== null && !instruction[3]!.trim().startsWith('.')) || WORD_ONLY.test(raw) || LABEL.test(raw);
    if (draft === null && excerpt && drafts.length === 0 && !outsideCode && code) {
      draft = newDraft(excerptName(file), line);
      drafts.push(draft);
    }
    const current: Draft | null = draft;
    if (current === null) {
      // Outside code, nvdisasm's data sections have lines like `/*0000*/ .byte 0x04, 0x2f`.
      if (instruction && !instruction[3]!.trim().startsWith('.')) {
        problems.push({ file, line, column, message: "expected a 'Function : NAME' line (cuobjdump) or '.section .text.NAME' (nvdisasm) before the first instruction" });
      }
      continue;
    }
    const before = problems.length;
    if (LABEL.test(raw)) {
      current.labels[LABEL.exec(raw)![1]!] = current.entries.length;
    } else if (instruction) {
      const entry = locateLineError(problems, file, line, () => readInstruction(current, instruction, raw, file, line, decoded ? decodedControl(decoded[2]!, decoded[1]!.length + 1) : null));
      if (entry) current.entries.push(entry);
    } else if (WORD_ONLY.test(raw)) {
      locateLineError(problems, file, line, () => readWord(current, raw.slice(raw.indexOf('/*')), raw.indexOf('/*') + 3, line, false));
    } else if (!trimmed.startsWith('.')) {
      problems.push({ file, line, column, message: `expected an instruction line like '/*0010*/  MOV R1, c[0x0][0x28] ;  /* 0x... */', an encoding line ${WORD_HINT} or a label like '.L_x_0:'` });
    }
    if (problems.length > before) current.broken = true;
  }

  const entries = drafts.flatMap((each) => each.entries);
  const annotated = entries.some((entry) => entry.annotated !== null);
  const first = entries[0];
  let kernels: SassKernel[];
  if (first !== undefined && problems.length === 0 && !annotated && entries.every((entry) => entry.decoded === null) && drafts.every((each) => each.words.length === 0)) {
    // nvdisasm without -hex (or -raw): instructions and nothing that says how they are scheduled.
    // Every line would be refused alike; one message says what to do.
    problems.push({ file, line: first.line, column: first.end, message: NO_CONTROLS });
    kernels = [];
  } else {
    kernels = drafts.map((each) => finish(each, layoutOf(architecture?.name ?? null), annotated, file, problems));
  }
  if (!kernels.some((kernel) => kernel.instructions.length > 0) && problems.length === 0) {
    problems.push({ file, line: 1, column: 1, message: "no instructions found: expected cuobjdump -sass output, a 'Function : NAME' line followed by lines like '/*0000*/  MOV R1, c[0x0][0x28] ;  /* 0x... */'" });
  }
  if (problems.length > 0) throw new InputError(problems);
  // A file that states nothing may be named after its architecture (`excerpt.sm_75.sass`), as the other notations' files are.
  return { notation: 'cuobjdump', file, architecture: architecture?.name ?? architectureFromFileName(file), kernels };
}

/** Said of a listing whose instructions carry neither encodings nor annotations. */
const NO_CONTROLS =
  "expected each instruction's encoding after it, '/* 0x... */', or its control annotations ('&wr=0x1 ?trans1'): without them this listing does not say how its instructions are scheduled (stalls, yield, scoreboards, waits), and nothing is guessed; disassemble with 'nvdisasm -hex' (--print-instruction-encoding), or 'cuobjdump -sass', which prints them";

/** An empty function begun at a header (or, for an excerpt, its first line of code). */
function newDraft(name: string, line: number): Draft {
  return { name, line, entries: [], words: [], labels: {}, wordFirst: null, broken: false };
}

/**
 * The name of the one function of an excerpt (no `Function :` line): the file's name without its
 * folder and extension (`kernel.sass.txt` -> `kernel`, `saxpy.sm_80.sass` -> `saxpy.sm_80`);
 * `stdin` for standard input.
 */
export function excerptName(file: string): string {
  if (file === '-') return 'stdin';
  const name = basename(file).replace(/(?:\.sass)?\.[^.]+$/i, '');
  return name === '' ? basename(file) : name;
}

/** `sm_75` from `code for sm_75`, `.target sm_75` or `.headerflags @"EF_CUDA_SM75 ..."`. */
function statedArchitecture(raw: string): string | null {
  const named = CODE_FOR.exec(raw) ?? TARGET.exec(raw);
  if (named) return named[1]!;
  const flag = /^\s*\.headerflags\b/.test(raw) ? HEADER_FLAG.exec(raw) : null;
  if (!flag) return null;
  // ptxas marks `sm_90a`/`sm_120a` code with EF_CUDA_ACCELERATORS beside the plain EF_CUDA_SM120.
  const accelerated = /\bEF_CUDA_ACCELERATORS\b/.test(raw) && !/[a-z]$/.test(flag[1]!);
  return `sm_${flag[1]!}${accelerated ? 'a' : ''}`;
}

/** `sm_120a` -> `sm_120`. */
function withoutSuffix(architecture: string): string {
  return architecture.replace(/[a-z]$/, '');
}

/** `sm_75` -> 'volta', `sm_52` -> 'maxwell', null when unknown. */
function layoutOf(architecture: string | null): Layout | null {
  if (architecture === null) return null;
  return parseInt(architecture.slice(3), 10) >= 70 ? 'volta' : 'maxwell';
}

/** `/*0030*\/   @!P0 LDG.E.SYS R5, [UR36] ;   /* 0x0000000024057981 *\/`, already matched by `INSTRUCTION`. */
function readInstruction(draft: Draft, match: RegExpExecArray, raw: string, file: string, line: number, decoded: Control | null): Entry {
  let rest = match[3]!;
  const restColumn = raw.length - rest.length + 1;
  const printed = WORD_AT_END.exec(rest);
  let word: number | null = null;
  const wordsBefore = draft.words.length;
  draft.wordFirst ??= false;
  if (printed) {
    word = readWord(draft, rest.slice(printed.index), restColumn + printed.index + 2, line, true);
    rest = rest.slice(0, printed.index);
  }
  // CUDA 12.8 prints the control field in words before the `;`: blanked, they leave the instruction.
  const annotations = takeAnnotations(rest, restColumn);
  rest = annotations.text;
  const body = rest.trimEnd();
  if (!body.endsWith(';') && !body.endsWith('}')) throw new LineError(restColumn + body.length, `expected ';' at the end of the instruction`);
  const parsed = parseInstructionText(rest, restColumn, file, line);
  return { ...parsed, address: parseInt(match[2]!, 16), word, wordsBefore, end: restColumn + body.length, closesPair: body.endsWith('}'), decoded, annotated: annotations.control, annotationColumn: annotations.column };
}

/** A dsass control field `[B0-----:R-:W1:-:S02]` (CuAssembler's notation, `CuControlCode.decode`) at `column`. */
function decodedControl(field: string, column: number): Control {
  const control = parseControl(field, column);
  if (!control.ok) throw new LineError(control.column, control.message);
  return control.control;
}

/** Reads the `/* 0x... *\/` that `text` starts with (`column`: just after its `/*`), adds it to the function's words and returns its index. */
function readWord(draft: Draft, text: string, column: number, line: number, inline: boolean): number {
  const value = WORD_ONLY.exec(text)![1]!;
  const at = column + text.slice(2).length - text.slice(2).trimStart().length;
  if (!WORD.test(value)) throw new LineError(at, `expected an encoding ${WORD_HINT}, got '${value}'`);
  draft.wordFirst ??= true;
  draft.words.push({ value: BigInt(value), line, column: at, inline });
  return draft.words.length - 1;
}

/**
 * A function's instructions with their controls; problems go to `problems`. `annotated`: the
 * listing prints control annotations (CUDA 12.8), so a line without them has the all-zero control.
 */
function finish(draft: Draft, stated: Layout | null, annotated: boolean, file: string, problems: InputProblem[]): SassKernel {
  const { name, line, labels } = draft;
  if (draft.broken) return { name, line, labels, instructions: [] };
  if (draft.entries.some((entry) => entry.decoded !== null)) return decodedControls(draft, file, problems);
  if (annotated && draft.words.length === 0) return annotatedControls(draft);
  const layout = stated ?? (draft.wordFirst ? 'maxwell' : 'volta');
  const report = (at: { line: number; column: number }, message: string) => problems.push({ file, line: at.line, column: at.column, message });
  const instructions = layout === 'volta' ? voltaControls(draft, report) : maxwellControls(draft, report);
  return { name, line, labels, instructions: instructions.map(({ entry, word, bits }) => {
    const control = locateLineError(problems, file, word.line, () => decodeControlBits(bits, word.column));
    if (control !== undefined && annotated) {
      // Both notations of one field: a listing edited in one place but not the other is refused, not read either way.
      const stated = entry.annotated ?? UNANNOTATED;
      if (!sameControl(stated, control)) {
        const where = word.line === entry.line ? 'on this line' : `on line ${word.line}`;
        const said = entry.annotated === null ? 'no annotations (stall 0, no scoreboard)' : `'${printAnnotations(stated)}'`;
        report({ line: entry.line, column: entry.annotationColumn }, `expected the annotations to agree with the encoding ${where}, which says '${printAnnotations(control)}'; the line has ${said}`);
      }
    }
    const { address, guard, opcode, operands, operandColumns, text, column } = entry;
    return { line: entry.line, column, address, control: control ?? NO_CONTROL, guard, opcode, operands, operandColumns, text };
  }) };
}

/**
 * A function of a listing that prints control annotations but no encodings (nvdisasm of CUDA
 * 12.8 without -hex): each line's annotations are its control, no annotations the all-zero one.
 */
function annotatedControls(draft: Draft): SassKernel {
  const { name, line, labels } = draft;
  const instructions = draft.entries.map((entry) => {
    const { address, guard, opcode, operands, operandColumns, text, column } = entry;
    return { line: entry.line, column, address, control: entry.annotated ?? UNANNOTATED, guard, opcode, operands, operandColumns, text };
  });
  return { name, line, labels, instructions };
}

/**
 * A dsass function (`dsass` and `CuInsFeeder.trans` in CuAssembler's bin/dsass.py and
 * CuAsm/CuInsFeeder.py @96a9f72b): every instruction line carries its control field, decoded
 * from the same words, which dsass may keep or drop; so the fields are read and the words are not.
 */
function decodedControls(draft: Draft, file: string, problems: InputProblem[]): SassKernel {
  const { name, line, labels } = draft;
  const instructions = draft.entries.flatMap((entry) => {
    const { address, guard, opcode, operands, operandColumns, text, column } = entry;
    if (entry.decoded === null) {
      problems.push({ file, line: entry.line, column: 1, message: "expected a control field like '[B------:R-:W-:-:S01]' in front of this instruction, as the function's other lines have (CuAssembler dsass)" });
      return [];
    }
    return [{ line: entry.line, column, address, control: entry.decoded, guard, opcode, operands, operandColumns, text }];
  });
  return { name, line, labels, instructions };
}

/** Stands in for a control that could not be decoded; the listing is rejected anyway. */
const NO_CONTROL: Control = { wait: [], readScoreboard: null, writeScoreboard: null, yield: false, stall: 0 };

/** Records a problem at a line and column of the file being read. */
type Report = (at: { line: number; column: number }, message: string) => void;

/** An instruction, the word holding its control and the control's 21 bits. */
interface Placed {
  readonly entry: Entry;
  readonly word: Word;
  readonly bits: number;
}

/** sm_70+: each instruction line's own word, then one word on a line of its own, the high half. */
function voltaControls({ entries, words }: Draft, report: Report): Placed[] {
  const placed: Placed[] = [];
  const highs = new Set<number>();
  for (const entry of entries) {
    // The standalone word after the line is this instruction's (high half or, without a word on the line, its encoding).
    const next = entry.word === null ? entry.wordsBefore : entry.wordsBefore + 1;
    if (words[next]?.inline === false) highs.add(next);
    if (entry.address % 16 !== 0) {
      report(entry, `expected an address that is a multiple of 0x10 (sm_70 and later), got 0x${entry.address.toString(16)}; a Maxwell/Pascal dump needs its 'code for sm_5x' line or its control-word lines`);
    } else if (entry.word === null) {
      report({ line: entry.line, column: entry.end }, `expected the instruction's encoding after it, ${WORD_HINT}`);
    } else if (!highs.has(next)) {
      report(entry, `expected the line after this instruction to hold the second half of its encoding, ${WORD_HINT}`);
    } else {
      const high = words[next]!;
      placed.push({ entry, word: high, bits: Number((high.value >> 41n) & 0x1fffffn) });
    }
  }
  const unclaimed = (index: number) => words[index] !== undefined && !words[index]!.inline && !highs.has(index);
  for (let index = 0; index < words.length; index++) {
    if (!unclaimed(index)) continue;
    // Two unclaimed words on consecutive lines are one instruction's two halves printed with no
    // text: cuobjdump does so for an encoding its disassembler does not know (11.8's, on some of
    // ptxas 11.8's own sm_90 output).
    if (unclaimed(index + 1) && words[index + 1]!.line === words[index]!.line + 1) {
      report(words[index]!, `expected an instruction line before this encoding: this line and the next are an instruction's two encoding words with no instruction text, as cuobjdump prints an encoding its disassembler does not know; ${UNLISTED_ENCODING_ADVICE}`);
      index++;
      continue;
    }
    report(words[index]!, 'expected an instruction line before this encoding (on sm_70 and later each instruction line is followed by one encoding line)');
  }
  return placed;
}

/**
 * sm_5x/6x: the words are the code in memory order, so the word printed on an ordinary
 * instruction line must be the one at its address; a control word every 32 bytes; as many words
 * as the code is long. The first such line fixes where the function starts.
 */
function maxwellControls({ entries, words, line }: Draft, report: Report): Placed[] {
  const placed: Placed[] = [];
  const anchor = entries.find((entry) => entry.word !== null && !entry.closesPair);
  const base = anchor ? anchor.address - 8 * anchor.word! : 0;
  if (base % 32 !== 0) {
    report(anchor!, `expected this instruction's encoding to be word ${(anchor!.address % 32) / 8} of its 32-byte group (Maxwell/Pascal), found word ${anchor!.word! % 4}: an encoding or control-word line is missing or extra before it`);
    return placed;
  }
  let previous: Entry | null = null;
  for (const entry of entries) {
    const offset = entry.address - base;
    const own = offset / 8;
    const slot = (offset % 32) / 8 - 1;
    if (offset % 8 !== 0 || slot < 0) {
      report(entry, `expected an address 8, 16 or 24 bytes into a 32-byte group (Maxwell/Pascal), got 0x${entry.address.toString(16)}`);
      return placed;
    }
    if (entry.word !== null && !entry.closesPair && entry.word !== own) {
      const since = previous ? ` since line ${previous.line}` : '';
      report(entry, `expected this line's encoding to be word ${own} of the function (address 0x${entry.address.toString(16)}), found word ${entry.word}: an encoding or control-word line is missing or extra${since}`);
      return placed;
    }
    if (own >= words.length) {
      report(entry, `expected this instruction's encoding, ${WORD_HINT}`);
      return placed;
    }
    const word = words[own - slot - 1]!;
    placed.push({ entry, word, bits: Number((word.value >> BigInt(21 * slot)) & 0x1fffffn) });
    previous = entry;
  }
  const extra = words[previous ? (previous.address - base) / 8 + 1 : 0];
  if (extra) report(extra, `expected no more encodings after the instruction at line ${previous?.line ?? line}, got this one`);
  return placed;
}

