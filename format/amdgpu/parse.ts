/**
 * Importer for AMDGPU assembly as `llc -mtriple=amdgcn-amd-amdhsa` prints it (and hand-written
 * code in the same syntax): functions from `.type NAME,@function` and `.amdhsa_kernel NAME`,
 * local labels, instruction lines split into mnemonic, operands and modifiers. Directives are
 * skipped (the kernel descriptor and the metadata blocks too, but for `.amdhsa_tg_split`), as are
 * comments (`;`, `//`, `/* *\/`, and `#` at the start of a line). Every line that is none of these
 * is a located error.
 */
import { InputError, type InputProblem } from '../error.js';
import type { AmdgpuFunction, AmdgpuLine, AmdgpuListing, AmdgpuPart, AmdgpuToken } from './listing.js';

/** A function while it is being read. */
interface FunctionDraft {
  readonly name: string;
  readonly line: number;
  readonly column: number;
  readonly instructions: AmdgpuLine[];
  readonly labels: Record<string, number>;
  readonly labelLines: Map<string, number>;
  /** Other names of the same entry (`NAME$local:` right after `NAME:`, as llc writes local aliases). */
  readonly aliases: string[];
  /** Indices of instructions that follow an inline-assembly marker. */
  readonly inlineAsm: Set<number>;
  /** Where llc wrote `; return to shader part epilog`: the instruction count before it, line and column. */
  epilog?: { readonly index: number; readonly line: number; readonly column: number };
  /** Its end was written: a `.Lfunc_end` label or its `.size` directive. */
  closed: boolean;
}

// A symbol, or a quoted one (`"non-uniform_load":`, as llc writes names that are not identifiers).
const LABEL = /^("[^"]*"|[A-Za-z_.$][\w.$@]*)\s*:(?!:)/;

/** A symbol as written, without the quotes a quoted one has. */
function symbol(text: string): string {
  return text.startsWith('"') && text.endsWith('"') && text.length >= 2 ? text.slice(1, -1) : text;
}
const MNEMONIC = /^[a-z][a-z0-9_]*(?=\s|$)/;
/** Where a function may end without its `.size` (hand-written code): the end of the program, a return, a jump. */
const LAST_INSTRUCTION = /^(?:s_endpgm\w*|s_setpc_b64|s_branch|s_rfe_b64)$/;
/** llc's comment in front of each function it prints (`.globl\tk ; -- Begin function k`): that function then ends with `.Lfunc_endN:` and `.size`. */
const BEGIN_FUNCTION = /;\s*-- Begin function\s+("[^"]*"|\S+)/;
const LINE_FORMS = "an instruction (lower-case mnemonic and operands), a label 'NAME:' or a directive '.NAME'";
/** Blocks whose lines are not assembly: YAML metadata (skipped whole) and the kernel descriptor (read for tg_split). */
const SKIPPED_BLOCKS: Readonly<Record<string, string>> = {
  '.amdgpu_metadata': '.end_amdgpu_metadata',
  '.amd_amdgpu_hsa_metadata': '.end_amd_amdgpu_hsa_metadata',
  '.amdgpu_pal_metadata': '.end_amdgpu_pal_metadata',
};

/** The processor in an `.amdgcn_target` string: `"amdgcn-amd-amdhsa--gfx90a:xnack-"` gives `gfx90a`. */
export function targetOfDirective(text: string): string | null {
  const match = /--(gfx[0-9a-f]+)/i.exec(text) ?? /\b(gfx[0-9a-f]+)\b/i.exec(text);
  return match ? match[1]!.toLowerCase() : null;
}

/** How strictly `parseAmdgpuListing` reads. */
export interface AmdgpuParseOptions {
  /**
   * The text is a whole file, to be checked: refuse one that looks cut short
   * (`truncationProblems`). Off for snippets of a few instructions (unit tests, one line read
   * on its own), which need not end as a function does.
   */
  readonly whole?: boolean;
}

/**
 * Parses a file. Throws one `InputError` listing every malformed line, "no function with
 * instructions" at line 1 when there is no code at all, and, with `whole`, where the listing
 * looks cut short.
 */
export function parseAmdgpuListing(text: string, file: string, options: AmdgpuParseOptions = {}): AmdgpuListing {
  const problems: InputProblem[] = [];
  const problem = (line: number, column: number, message: string) => problems.push({ file, line, column, message });
  const rawLines = text.split(/\r?\n/);
  const lines = stripComments(rawLines);
  const declared = declarations(lines);
  const functions: FunctionDraft[] = [];
  let current: FunctionDraft | null = null;
  let skipUntil: string | null = null;
  let target: string | null = null;
  // What is open when the text stops: a skipped block, a kernel descriptor (either left open
  // means the listing was cut short: llc always closes both).
  let openBlock: { readonly directive: string; readonly line: number; readonly column: number } | null = null;
  let openDescriptor: { readonly name: string; readonly line: number; readonly column: number } | null = null;
  let lastLine = 0;
  // Functions llc says it begins: each must reach its `.Lfunc_end`/`.size` (`truncationProblems`).
  const begun = new Set(rawLines.flatMap((raw) => {
    const begin = BEGIN_FUNCTION.exec(raw);
    return begin ? [symbol(begin[1]!)] : [];
  }));

  lines.forEach((raw, index) => {
    const line = index + 1;
    // llc marks inline assembly with comments (;;#ASMSTART, ;;#ASMEND): the statement is an
    // instruction of its own to LLVM (it ends a soft clause), whatever it holds.
    if (current !== null && /^\s*;;#ASM(START|END)\b/.test(rawLines[index]!)) current.inlineAsm.add(current.instructions.length);
    // SI_RETURN_TO_EPILOG, which llc prints as this comment, ends only a shader entry point
    // (amdgpu_ps, _vs, _gs, _hs, _ls, _es, _cs) that hands its results to the driver's epilog.
    const epilog = current === null ? null : EPILOG_RETURN.exec(rawLines[index]!);
    if (current !== null && epilog !== null) current.epilog = { index: current.instructions.length, line, column: epilog.index + 1 };
    let content = raw;
    let trimmed = content.trim();
    if (rawLines[index]!.trim() !== '') lastLine = line;
    if (skipUntil !== null) {
      if (trimmed.split(/\s+/)[0] === skipUntil) {
        skipUntil = null;
        openBlock = null;
      }
      return;
    }
    if (trimmed === '') return;
    // Labels (several may share a line with an instruction after them).
    for (let label = LABEL.exec(trimmed); label; label = LABEL.exec(trimmed)) {
      const name = symbol(label[1]!);
      const column = content.indexOf(label[1]!) + 1;
      if (declared.names.has(name) || (declared.names.size === 0 && !name.startsWith('.'))) {
        // A second function label before any code names the same entry: one function, not two
        // (llc writes `NAME$local:` after `NAME:`; the kernel descriptor names only one of them).
        if (current !== null && current.instructions.length === 0 && Object.keys(current.labels).length === 0) current.aliases.push(name);
        else {
          current = { name, line, column, instructions: [], labels: {}, labelLines: new Map(), aliases: [], inlineAsm: new Set(), closed: false };
          functions.push(current);
        }
      } else if (/^\.Lfunc_end/.test(name)) {
        if (current !== null) current.closed = true;
        current = null;
      } else if (current !== null) {
        const first = current.labelLines.get(name);
        if (first !== undefined) problem(line, column, `label ${name} is defined twice in function ${current.name} (first at line ${first})`);
        else {
          current.labels[name] = current.instructions.length;
          current.labelLines.set(name, line);
        }
      }
      const after = content.indexOf(label[0]) + label[0].length;
      content = ' '.repeat(after) + content.slice(after);
      trimmed = content.trim();
    }
    if (trimmed === '') return;
    const column = content.length - content.trimStart().length + 1;
    if (trimmed.startsWith('.')) {
      const directive = trimmed.split(/[\s,]+/)[0]!;
      if (directive in SKIPPED_BLOCKS) {
        skipUntil = SKIPPED_BLOCKS[directive]!;
        openBlock = { directive, line, column };
      }
      if (directive === '.amdgcn_target') target = targetOfDirective(trimmed);
      if (directive === '.amdhsa_kernel') openDescriptor = { name: trimmed.split(/\s+/)[1] ?? '', line, column };
      if (directive === '.end_amdhsa_kernel') openDescriptor = null;
      if (directive === '.size' && current !== null && [current.name, ...current.aliases].includes(symbol(trimmed.split(/[\s,]+/)[1] ?? ''))) {
        current.closed = true;
        current = null;
      }
      return;
    }
    const mnemonic = MNEMONIC.exec(trimmed);
    if (!mnemonic) {
      problem(line, column, `expected ${LINE_FORMS}, got '${trimmed.length > 40 ? `${trimmed.slice(0, 40)}...` : trimmed}'`);
      return;
    }
    if (current === null) {
      problem(line, column, `instruction ${mnemonic[0]} outside a function: expected a function label ('NAME:') before it`);
      return;
    }
    const parsed = instructionLine(content, line, column, problem);
    if (parsed) current.instructions.push(parsed);
  });

  if (options.whole === true && problems.length === 0) {
    for (const cut of truncationProblems(functions.at(-1) ?? null, begun, openBlock, openDescriptor, lastLine)) problem(cut.line, cut.column, cut.message);
  }
  const withCode = functions.filter((fn) => fn.instructions.length > 0);
  if (withCode.length === 0 && problems.length === 0) problem(1, 1, 'no function with instructions: expected a label (NAME:) followed by AMDGPU instructions');
  if (problems.length > 0) throw new InputError(problems);
  return {
    file,
    target,
    functions: withCode.map((draft): AmdgpuFunction => ({
      name: draft.name, line: draft.line, column: draft.column,
      kernel: [draft.name, ...draft.aliases].some((name) => declared.kernels.has(name) || declared.entryPoints.has(name)) || draft.epilog !== undefined
        || (declared.kernels.size === 0 && looksLikeKernel(draft.instructions)),
      ...(draft.epilog === undefined ? {} : { returnsToEpilog: draft.epilog }),
      tgSplit: [draft.name, ...draft.aliases].some((name) => declared.tgSplit.has(name)),
      descriptorField: [draft.name, ...draft.aliases].map((name) => declared.gfx10Fields.get(name)).find((field) => field !== undefined) ?? (declared.descriptors.has(draft.name) ? null : undefined),
      instructions: draft.instructions, labels: draft.labels,
      ...(draft.inlineAsm.size > 0 ? { inlineAsm: [...draft.inlineAsm] } : {}),
      ...waveOf([draft.name, ...draft.aliases].map((name) => declared.wave32.get(name)).find((value) => value !== undefined)),
      ...(declared.descriptors.has(draft.name) ? { accumOffset: [draft.name, ...draft.aliases].some((name) => declared.accumOffset.has(name)) } : {}),
    })),
  };
}

/** llc's comment for SI_RETURN_TO_EPILOG. */
const EPILOG_RETURN = /;\s*return to shader part epilog\b/;

/** Said of every listing that stops where llc (or a hand-written kernel) never stops. */
const CUT_SHORT = 'the listing looks cut short (a partial copy or download?): give the whole file';

/**
 * Why a listing that parsed looks cut short, so that no verdict comes from a kernel cut in the
 * middle (the lines before a cut are a valid program of their own, and a missing end of a kernel
 * is never a hazard of the caller's code). Only what the notation guarantees counts:
 *
 * - a metadata block or a kernel descriptor (`.amdhsa_kernel`) must reach its end directive;
 * - a function llc began (`; -- Begin function NAME`, which llc writes in front of each one) must
 *   reach its `.Lfunc_endN:` label or `.size NAME`: llc writes both after every function, and its
 *   kernel descriptor comes between the code and them;
 * - any other last function (hand-written code, which need not have `.size`) must end with an
 *   instruction that never falls through: the end of the program, a return or a jump. A kernel
 *   cannot run off its end, so a last line that does is a cut.
 *
 * Functions before the last are followed by another one, so only the last can be cut.
 */
function truncationProblems(
  last: FunctionDraft | null,
  begun: ReadonlySet<string>,
  openBlock: { readonly directive: string; readonly line: number; readonly column: number } | null,
  openDescriptor: { readonly name: string; readonly line: number; readonly column: number } | null,
  lastLine: number,
): { line: number; column: number; message: string }[] {
  const problems: { line: number; column: number; message: string }[] = [];
  if (openBlock !== null) {
    problems.push({ line: openBlock.line, column: openBlock.column, message: `the ${openBlock.directive} block has no ${SKIPPED_BLOCKS[openBlock.directive]} before the end of the file (line ${lastLine}): ${CUT_SHORT}` });
  }
  if (openDescriptor !== null) {
    problems.push({ line: openDescriptor.line, column: openDescriptor.column, message: `the kernel descriptor '.amdhsa_kernel ${openDescriptor.name}' has no .end_amdhsa_kernel before the end of the file (line ${lastLine}): ${CUT_SHORT}` });
  }
  if (last === null || last.closed) return problems;
  if ([last.name, ...last.aliases].some((name) => begun.has(name))) {
    problems.push({ line: last.line, column: last.column, message: `function ${last.name} has no end: llc ends every function it begins with '.Lfunc_endN:' and '.size ${last.name}, ...', but the file stops at line ${lastLine}: ${CUT_SHORT}` });
    return problems;
  }
  const final = last.instructions.at(-1);
  const mnemonic = final?.parts.at(-1)?.mnemonic;
  if (final === undefined || mnemonic === undefined) {
    problems.push({ line: last.line, column: last.column, message: `function ${last.name} has no instructions before the end of the file (line ${lastLine}): expected its code, ending with s_endpgm or a return; ${CUT_SHORT}` });
  } else if (!LAST_INSTRUCTION.test(mnemonic) && !final.parts.some((part) => LAST_INSTRUCTION.test(part.mnemonic))) {
    problems.push({ line: final.line, column: final.column, message: `the function ${last.name} ends at line ${final.line} with ${mnemonic}, without s_endpgm, a return (s_setpc_b64) or a jump (s_branch): code cannot run off the end of a function, so ${CUT_SHORT}` });
  }
  return problems;
}

/** `wave64` from a descriptor's `.amdhsa_wavefront_size32`, nothing where it does not say. */
function waveOf(wave32: boolean | undefined): { wave64?: boolean } {
  return wave32 === undefined ? {} : { wave64: !wave32 };
}

/**
 * Without any kernel descriptor in the file (hand-written code, other OSes than amdhsa), a
 * function that ends the wave (`s_endpgm`) and never returns (`s_setpc_b64`) is taken as a kernel.
 */
function looksLikeKernel(instructions: readonly AmdgpuLine[]): boolean {
  const mnemonics = instructions.flatMap((line) => line.parts.map((part) => part.mnemonic));
  return mnemonics.some((m) => m.startsWith('s_endpgm')) && !mnemonics.includes('s_setpc_b64');
}

/** What the directives of the file declare, read before the code (a kernel descriptor follows its code). */
function declarations(lines: readonly string[]): { names: Set<string>; kernels: Set<string>; entryPoints: Set<string>; functions: Set<string>; tgSplit: Set<string>; descriptors: Set<string>; gfx10Fields: Map<string, string>; wave32: Map<string, boolean>; accumOffset: Set<string> } {
  const kernels = new Set<string>();
  // PAL metadata names each hardware stage's entry point (`.entry_point_symbol: ps`): an entry function.
  const entryPoints = new Set<string>();
  const functions = new Set<string>();
  const tgSplit = new Set<string>();
  const descriptors = new Set<string>();
  const gfx10Fields = new Map<string, string>();
  const wave32 = new Map<string, boolean>();
  const accumOffset = new Set<string>();
  let descriptor: string | null = null;
  for (const raw of lines) {
    const trimmed = raw.trim();
    const type = /^\.type\s+("[^"]*"|[^\s,]+)\s*,\s*[@%](function|gnu_indirect_function)\b/.exec(trimmed);
    if (type) functions.add(symbol(type[1]!));
    const entryPoint = /^\.entry_point_symbol:\s*("[^"]*"|\S+)/.exec(trimmed);
    if (entryPoint) entryPoints.add(symbol(entryPoint[1]!));
    const kernel = /^\.(?:amdhsa_kernel|amdgpu_hsa_kernel)\s+("[^"]*"|\S+)/.exec(trimmed);
    if (kernel) {
      kernels.add(symbol(kernel[1]!));
      if (trimmed.startsWith('.amdhsa_kernel')) descriptor = symbol(kernel[1]!);
    }
    if (trimmed.startsWith('.end_amdhsa_kernel')) descriptor = null;
    if (descriptor !== null && /^\.amdhsa_tg_split\s+1\b/.test(trimmed)) tgSplit.add(descriptor);
    // A descriptor as llc prints it in full (it always gives the VGPR count); a hand-written stub tells nothing.
    if (descriptor !== null && /^\.amdhsa_next_free_vgpr\b/.test(trimmed)) descriptors.add(descriptor);
    const field = /^(\.amdhsa_(?:wavefront_size32|workgroup_processor_mode|memory_ordered|forward_progress|shared_vgpr_count))\b/.exec(trimmed);
    if (descriptor !== null && /^\.amdhsa_accum_offset\b/.test(trimmed)) accumOffset.add(descriptor);
    if (descriptor !== null && field && !gfx10Fields.has(descriptor)) gfx10Fields.set(descriptor, field[1]!);
    const size = /^\.amdhsa_wavefront_size32\s+([01])\b/.exec(trimmed);
    if (descriptor !== null && size) wave32.set(descriptor, size[1] === '1');
  }
  return { names: new Set([...functions, ...kernels]), kernels, entryPoints, functions, tgSplit, descriptors, gfx10Fields, wave32, accumOffset };
}

/** Lines with comments blanked out (columns kept): `;` and `//` to the end of the line, `/* ... *\/` across lines, `#` lines. */
function stripComments(lines: readonly string[]): string[] {
  let inBlock = false;
  return lines.map((line) => {
    let out = '';
    let quoted = false;
    for (let at = 0; at < line.length; at++) {
      const char = line[at]!;
      if (inBlock) {
        if (line.startsWith('*/', at)) {
          inBlock = false;
          out += '  ';
          at++;
        } else out += ' ';
        continue;
      }
      if (char === '"') quoted = !quoted;
      if (!quoted && line.startsWith('/*', at)) {
        inBlock = true;
        out += '  ';
        at++;
        continue;
      }
      if (!quoted && (char === ';' || line.startsWith('//', at))) break;
      out += char;
    }
    return /^\s*#/.test(out) ? '' : out.replace(/\s+$/, '');
  });
}

/** One instruction line: the halves of a VOPD pair, each mnemonic with its operands and modifiers. */
export function instructionLine(content: string, line: number, column: number, problem: (line: number, column: number, message: string) => void): AmdgpuLine | null {
  const text = content.trim();
  const parts: AmdgpuPart[] = [];
  let start = column - 1;
  for (const half of splitTopLevel(content.slice(start), '::')) {
    const offset = start + half.offset;
    const body = half.text;
    const lead = body.length - body.trimStart().length;
    const mnemonic = MNEMONIC.exec(body.trimStart());
    if (!mnemonic) {
      problem(line, offset + lead + 1, `expected a mnemonic after '::' (a VOPD pair is 'v_dual_X ... :: v_dual_Y ...')`);
      return null;
    }
    const operandStart = offset + lead + mnemonic[0].length;
    const { operands, modifiers } = tokens(content.slice(operandStart, offset + body.length), operandStart + 1);
    parts.push({ mnemonic: mnemonic[0], operands, modifiers });
  }
  const first = MNEMONIC.exec(text)![0];
  const operandOffset = content.indexOf(first, start) + first.length;
  const operandText = content.slice(operandOffset).trim();
  start = operandOffset + (content.slice(operandOffset).length - content.slice(operandOffset).trimStart().length);
  return { line, column, parts, operandText, operandColumn: start + 1, text };
}

/** Splits at a separator outside parentheses and brackets, with each piece's offset. */
function splitTopLevel(text: string, separator: string): { text: string; offset: number }[] {
  const pieces: { text: string; offset: number }[] = [];
  let depth = 0;
  let from = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0 && text.startsWith(separator, at)) {
      pieces.push({ text: text.slice(from, at), offset: from });
      from = at + separator.length;
      at += separator.length - 1;
    }
  }
  pieces.push({ text: text.slice(from), offset: from });
  return pieces;
}

/**
 * Operands and modifiers of the text after a mnemonic (`column` is where it starts): pieces at
 * top-level commas; the first word of each piece is an operand, the words after it modifiers
 * (`s[2:3] offset:16 glc`).
 */
function tokens(text: string, column: number): { operands: AmdgpuToken[]; modifiers: AmdgpuToken[] } {
  const operands: AmdgpuToken[] = [];
  const modifiers: AmdgpuToken[] = [];
  if (text.trim() === '') return { operands, modifiers };
  for (const piece of splitTopLevel(text, ',')) {
    words(piece.text).forEach((word, index) => (index === 0 ? operands : modifiers).push({ text: word.text, column: column + piece.offset + word.offset }));
  }
  return { operands, modifiers };
}

/** The words of a piece: split at white space outside parentheses and brackets. */
function words(text: string): { text: string; offset: number }[] {
  const out: { text: string; offset: number }[] = [];
  let depth = 0;
  let from = -1;
  for (let at = 0; at <= text.length; at++) {
    const char = text[at];
    const space = char === undefined || (depth === 0 && /\s/.test(char));
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth = Math.max(0, depth - 1);
    if (space && from >= 0) {
      out.push({ text: text.slice(from, at), offset: from });
      from = -1;
    } else if (!space && from < 0) {
      from = at;
    }
  }
  return out;
}
