/**
 * Importer for `llvm-objdump -d` of an AMDGPU code object (`file format elf64-amdgpu`): function
 * headers `0000000000000100 <name>:`, instruction lines `\tMNEMONIC OPERANDS // ADDR: ENCODING`
 * with an optional `<name+0x84>` after a branch. It gives the same `AmdgpuListing` the llc
 * importer gives (lowering is shared).
 *
 * Branches are printed as a signed 16-bit word offset, unsigned (`s_cbranch_scc1 65516` is -20).
 * Target = address of the branch + 4 + 4 * simm16, as LLVM's disassembler decodes it
 * (llvm/lib/Target/AMDGPU/Disassembler/AMDGPUDisassembler.cpp, decodeSOPPBrTarget:
 * `APInt SignedOffset(18, Imm * 4, true); Offset = SignedOffset.sext(64) + 4 + Addr`; and
 * llvm/docs/AMDGPU/gfx*_label.rst: "a 16-bit signed integer treated as a PC-relative dword
 * offset"). A SOPP branch is 4 bytes, so that is the next instruction's address. Targets are
 * resolved to instructions by address; each becomes a label named as objdump names it
 * (`<name+0x84>`), so `lower.ts` follows it as it follows `.LBB` labels. A `<name+0xNN>`
 * annotation that disagrees with the offset is an error.
 *
 * The dump does not say which processor the code is for (not even with `--mcpu`): `target` is
 * null, and the caller asks for `--arch`. Padding after the last end-of-program, return or branch
 * of a function (`s_code_end`, `s_nop`, llc's fill up to the next function) is dropped.
 */
import { InputError, type InputProblem } from '../error.js';
import type { AmdgpuFunction, AmdgpuLine, AmdgpuListing } from './listing.js';
import { instructionLine, type AmdgpuParseOptions } from './parse.js';

/** The `file format` line llvm-objdump prints for an AMDGPU ELF object. */
const FILE_FORMAT = /^\S.*:\s+file format elf(?:32|64)-amdgpu\s*$/m;
/** A function header: `0000000000000100 <name>:`. */
const HEADER = /^([0-9a-fA-F]+) <(.+)>:\s*$/;
/** The comment after an instruction: `// 00000000001C: BF850012 <name+0x68>`. */
const COMMENT = /\/\/ ([0-9a-fA-F]+): ((?:[0-9a-fA-F]{8} ?)+)(?:\s*<([^<>]+)>)?\s*$/;
const BRANCH = /^s_(?:branch|cbranch_\w+)$/;
const PADDING = /^(?:s_code_end|s_nop)$/;
const END = /^(?:s_endpgm\w*|s_setpc_b64|s_branch)$/;

/** True when a text is `llvm-objdump -d` output of AMDGPU code (its file-format line, or a header with an addressed instruction). */
export function isAmdgpuObjdumpText(text: string): boolean {
  return FILE_FORMAT.test(text) || (/^[0-9a-fA-F]{8,16} <[^>]+>:\s*$/m.test(text) && /^\s+[a-z]\w*\b.*\/\/ [0-9a-fA-F]{8,16}: [0-9A-F]{8}/m.test(text));
}

interface Draft {
  readonly name: string;
  readonly address: number;
  readonly line: number;
  readonly column: number;
  readonly instructions: { line: AmdgpuLine; address: number; words: number; annotation: string | null; annotationColumn: number }[];
}

/**
 * Parses `llvm-objdump -d` text. Throws one `InputError` listing every malformed line, or "no
 * function with instructions" at line 1 when there is no code; with `whole`, also when the dump
 * looks cut short: its last function does not end with an end of program, a return or a jump
 * (padding after one aside). A dump shows each function's every byte, and code cannot run off
 * the end of a function, so that is where the file was cut. Functions before the last are
 * followed by the next header, so only the last can be cut.
 */
export function parseAmdgpuObjdump(text: string, file: string, options: AmdgpuParseOptions = {}): AmdgpuListing {
  const problems: InputProblem[] = [];
  const problem = (line: number, column: number, message: string) => problems.push({ file, line, column, message });
  const drafts: Draft[] = [];
  let current: Draft | null = null;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed === '...' || /^Disassembly of section /.test(trimmed) || /:\s+file format /.test(trimmed)) return;
    const header = HEADER.exec(raw);
    if (header) {
      current = { name: header[2]!, address: parseInt(header[1]!, 16), line, column: raw.indexOf('<') + 2, instructions: [] };
      drafts.push(current);
      return;
    }
    const column = raw.length - raw.trimStart().length + 1;
    const comment = COMMENT.exec(raw);
    if (!comment || !/^\s/.test(raw)) {
      problem(line, column, `expected a function header '0000000000000100 <name>:' or an instruction line 'MNEMONIC OPERANDS // ADDRESS: ENCODING' of llvm-objdump -d, got '${trimmed.length > 40 ? `${trimmed.slice(0, 40)}...` : trimmed}'`);
      return;
    }
    if (current === null) {
      problem(line, column, `instruction outside a function: expected a header '0000000000000100 <name>:' before it`);
      return;
    }
    const content = raw.slice(0, comment.index);
    if (content.trim() === '') {
      problem(line, column, 'expected an instruction before the address comment');
      return;
    }
    const parsed = instructionLine(content.replace(/\s+$/, ''), line, column, problem);
    if (!parsed) return;
    const draft: Draft = current;
    draft.instructions.push({ line: parsed, address: parseInt(comment[1]!, 16), words: comment[2]!.trim().split(/\s+/).length, annotation: comment[3] ?? null, annotationColumn: comment[3] ? raw.lastIndexOf('<') + 1 : column });
  });

  const last = drafts.at(-1);
  if (options.whole === true && problems.length === 0 && last !== undefined) {
    let end = last.instructions.length;
    while (end > 0 && PADDING.test(last.instructions[end - 1]!.line.parts[0]!.mnemonic)) end--;
    const final = last.instructions[end - 1]?.line;
    if (final === undefined) {
      problem(last.line, last.column, `function ${last.name} has no instructions before the end of the file: the dump looks cut short (a partial copy?): give the whole file`);
    } else if (!END.test(final.parts[0]!.mnemonic)) {
      problem(final.line, final.column, `the function ${last.name} ends at line ${final.line} with ${final.parts[0]!.mnemonic}, without s_endpgm, a return (s_setpc_b64) or a jump (s_branch): code cannot run off the end of a function, so the dump looks cut short (a partial copy?): give the whole file`);
    }
  }
  const functions = drafts.map((draft) => resolve(draft, drafts, problem)).filter((fn) => fn.instructions.length > 0);
  if (functions.length === 0 && problems.length === 0) problem(1, 1, "no function with instructions: expected llvm-objdump -d output ('0000000000000000 <name>:' then instruction lines)");
  if (problems.length > 0) throw new InputError(problems);
  return { file, target: null, functions };
}

/** A function with its padding dropped and its branch targets turned into labels by address. */
function resolve(draft: Draft, all: readonly Draft[], problem: (line: number, column: number, message: string) => void): AmdgpuFunction {
  let end = draft.instructions.length;
  while (end > 0 && PADDING.test(draft.instructions[end - 1]!.line.parts[0]!.mnemonic)) end--;
  // Keep padding that no end-of-program, return or jump comes before (it would be executed).
  if (end > 0 && !END.test(draft.instructions[end - 1]!.line.parts[0]!.mnemonic)) end = draft.instructions.length;
  const kept = draft.instructions.slice(0, end);
  const indexOf = new Map(kept.map((entry, index) => [entry.address, index]));
  const labels: Record<string, number> = {};
  const instructions = kept.map((entry): AmdgpuLine => {
    const part = entry.line.parts[0]!;
    const operand = part.operands[0];
    if (!BRANCH.test(part.mnemonic) || operand === undefined || !/^\d+$/.test(operand.text)) return entry.line;
    const simm16 = ((parseInt(operand.text, 10) & 0xffff) << 16) >> 16;
    const target = entry.address + 4 + 4 * simm16;
    if (entry.annotation !== null) {
      const annotated = /^(.+?)(?:\+0x([0-9a-fA-F]+))?$/.exec(entry.annotation)!;
      const base = all.find((fn) => fn.name === annotated[1]);
      const at = base && base.address + parseInt(annotated[2] ?? '0', 16);
      if (at !== undefined && at !== target) {
        problem(entry.line.line, entry.annotationColumn, `branch target <${entry.annotation}> (0x${at.toString(16)}) disagrees with the offset ${operand.text}, which gives 0x${target.toString(16)} (address + 4 + 4 * ${simm16})`);
      }
    }
    const offset = target - draft.address;
    const label = `<${draft.name}${offset === 0 ? '' : `${offset < 0 ? '-' : '+'}0x${Math.abs(offset).toString(16)}`}>`;
    const last = kept.at(-1)!;
    const index = indexOf.get(target) ?? (target === last.address + 4 * last.words ? kept.length : undefined);
    if (index !== undefined) labels[label] = index;
    return { ...entry.line, parts: [{ ...part, operands: [{ ...operand, text: label }, ...part.operands.slice(1)] }, ...entry.line.parts.slice(1)] };
  });
  const mnemonics = instructions.flatMap((line) => line.parts.map((part) => part.mnemonic));
  return {
    name: draft.name, line: draft.line, column: draft.column,
    // No kernel descriptor in the dump: a function that ends the wave and never returns is a kernel (as parse.ts does without descriptors).
    kernel: mnemonics.some((m) => m.startsWith('s_endpgm')) && !mnemonics.includes('s_setpc_b64'),
    tgSplit: false,
    instructions, labels,
  };
}
