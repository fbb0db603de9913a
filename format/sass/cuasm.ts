/**
 * Importer for CuAssembler `.cuasm` files (cloudcores/CuAssembler): a whole cubin written out as
 * text — ELF header directives, then one `.section` after another. Only the kernel text sections
 * (`.section .text.NAME,"ax",@progbits`) matter here; everything else is skipped unread.
 *
 * CuAssembler's first layout (2019, `saveAsCuAsm` and `genKernelText` in CuAsm/CubinFile.py
 * @7b3bbfe7) is read too: `# section NAME` lines, `.FileHeader`/`.SectionHeader`/`.SectionData`
 * directives each followed by `#` comments and hex bytes, and instruction lines
 * `L00010: [----:B0-----:R-:W-:Y:S12]  ISETP... ;  /* 0x...; 0x... *\/` whose label is the address.
 */
import { InputError, type InputProblem } from '../error.js';
import { parseControl } from '../hp/control.js';
import { LineError } from '../lineSyntax.js';
import type { SassKernel, SassLine, SassListing } from './listing.js';
import { architectureFromFileName, listingLines, locateLineError, parseInstructionText } from './operands.js';

/** A kernel while its section is being read. */
interface KernelDraft {
  readonly name: string;
  readonly line: number;
  readonly instructions: SassLine[];
  readonly labels: Record<string, number>;
  /** Line of each label's definition, to point a redefinition at the first one. */
  readonly labelLines: Map<string, number>;
}

// The label form CuAssembler accepts (`#` appears in its offset labels, `$` in nvdisasm's
// `$_Z7argtestPiS_S_$_Z2f7ii`); checked before directives, since `.L_x_1:` starts with a dot too.
const LABEL = /^([A-Za-z0-9._$@#]+?)\s*:(.*)$/;
const DIRECTIVE = /^\.[A-Za-z0-9_]+/;
// `.section NAME,...`, or `# section NAME` in the 2019 layout.
const SECTION = /^(?:\.section|#\s*section)\s+([^,\s]*)/;
/** A 2019 instruction line's label, its address in hex: `L001a0:` before the control field. */
const ADDRESS_LABEL = /^L([0-9a-fA-F]+):\s*(?=\[)/;
/** The encodings a 2019 instruction line ends with, `/* 0x...; 0x... *\/`. */
const ENCODINGS = /\/\*\s*0x[0-9a-fA-F]+(?:\s*;\s*0x[0-9a-fA-F]+)*\s*\*\/\s*$/;
/** A line of hex bytes (section headers and data in the 2019 layout). */
const HEX_BYTES = /^[0-9a-fA-F]+$/;
const ADDRESS = /^\/\*([0-9a-fA-F]+)\*\//;
const LINE_FORMS = "an instruction line like '[B------:R-:W-:-:S01] /*0000*/ MOV R1, R2 ;', a label 'NAME:' or a directive '.NAME'";

/**
 * Parses a CuAssembler listing. Each `.text.NAME` section is a kernel named NAME, starting at its
 * `.section` line; labels inside it (`.L_x_1:`, the kernel's own `NAME:` and `.text.NAME:`)
 * map to the index of the next instruction. Control fields use CuAssembler's 0-based scoreboards;
 * the older layout with 4 reuse characters first (`[----:B------:R-:W-:Y:S08]`) is accepted.
 * The architecture comes from `.__elf_flags` (or the 2019 layout's `# e_flags : 4916555`; the low
 * byte is the SM version, as CuAssembler reads it), else an `EF_CUDA_SMnn` header flag, else the
 * file name (`*.sm_75.cuasm`), else null.
 * Throws one `InputError` listing every malformed line of a text section, or "no .text section
 * with instructions" at line 1 when there is no kernel code at all.
 */
export function parseCuasm(text: string, file: string): SassListing {
  const problems: InputProblem[] = [];
  const kernels: KernelDraft[] = [];
  let kernel: KernelDraft | null = null;
  let flagsArchitecture: string | null = null;
  // `# section` lines mark the 2019 layout, whose sections hold lines of hex bytes.
  let layout2019 = false;

  for (const [index, raw] of listingLines(text).entries()) {
    const line = index + 1;
    const content = stripComment(raw);
    const trimmed = content.trim();
    if (trimmed === '') continue;
    const section = SECTION.exec(trimmed);
    if (section) {
      const name = section[1]!;
      if (trimmed.startsWith('#')) layout2019 = true;
      kernel = name.startsWith('.text.') ? { name: name.slice('.text.'.length), line, instructions: [], labels: {}, labelLines: new Map() } : null;
      if (kernel) kernels.push(kernel);
      continue;
    }
    const flags = /^\.__elf_flags\s+0x([0-9a-fA-F]+)\b/.exec(trimmed);
    if (flags) flagsArchitecture = `sm_${parseInt(flags[1]!, 16) & 0xff}`;
    const oldFlags = /^#\s*e_flags\s*:\s*(\d+)\s*$/.exec(trimmed);
    if (oldFlags) flagsArchitecture = `sm_${Number(oldFlags[1]) & 0xff}`;
    if (kernel === null || trimmed.startsWith('#') || (layout2019 && HEX_BYTES.test(trimmed))) continue;
    const column = content.length - content.trimStart().length + 1;
    const addressLabel = ADDRESS_LABEL.exec(trimmed);
    const label = addressLabel ? null : LABEL.exec(trimmed);
    if (addressLabel) {
      const at = column - 1 + addressLabel[0].length;
      const instruction = locateLineError(problems, file, line, () => parseInstructionLine(content.replace(ENCODINGS, ''), at + 1, file, line));
      if (instruction) kernel.instructions.push({ ...instruction, address: parseInt(addressLabel[1]!, 16) });
    } else if (label) {
      defineLabel(kernel, label[1]!, label[2]!, line, column, file, problems);
    } else if (DIRECTIVE.test(trimmed)) {
      continue;
    } else if (trimmed.startsWith('[')) {
      const instruction = locateLineError(problems, file, line, () => parseInstructionLine(content, column, file, line));
      if (instruction) kernel.instructions.push(instruction);
    } else {
      problems.push({ file, line, column, message: `expected ${LINE_FORMS}` });
    }
  }

  // Bad lines in a text section are reported instead: they were meant as kernel code.
  if (problems.length === 0 && !kernels.some((draft) => draft.instructions.length > 0)) {
    problems.push({ file, line: 1, column: 1, message: 'no .text section with instructions: expected a kernel section like \'.section .text.NAME,"ax",@progbits\' holding instruction lines' });
  }
  if (problems.length > 0) throw new InputError(problems);
  const architecture = flagsArchitecture ?? headerFlagArchitecture(text) ?? architectureFromFileName(file);
  const finished: SassKernel[] = kernels.map(({ name, line, instructions, labels }) => ({ name, line, instructions, labels }));
  return { notation: 'cuasm', file, architecture, kernels: finished };
}

/** `[B------:R-:W2:-:S01]  /*0030*\/  LDG.E.SYS R5, [UR36] ;` starting at `column`. */
function parseInstructionLine(content: string, column: number, file: string, line: number): SassLine {
  const open = column - 1;
  const close = content.indexOf(']', open);
  if (close < 0) throw new LineError(column, `expected ']' closing the control field`);
  const control = parseControl(content.slice(open, close + 1), column);
  if (!control.ok) throw new LineError(control.column, control.message);
  let at = skipSpace(content, close + 1);
  let address: number | null = null;
  if (content.startsWith('/*', at)) {
    const match = ADDRESS.exec(content.slice(at));
    if (!match) throw new LineError(at + 1, 'expected a hexadecimal address like /*0120*/');
    address = parseInt(match[1]!, 16);
    at = skipSpace(content, at + match[0].length);
  }
  if (at >= content.trimEnd().length) throw new LineError(at + 1, 'expected an instruction after the control field');
  const parsed = parseInstructionText(content.slice(at), at + 1, file, line);
  return { ...parsed, address, control: control.control };
}

function defineLabel(kernel: KernelDraft, name: string, rest: string, line: number, column: number, file: string, problems: InputProblem[]): void {
  // CuAssembler ignores anything after a label's colon; an instruction there would vanish unseen.
  if (rest.trim() !== '') {
    const restColumn = column + name.length + 1 + (rest.length - rest.trimStart().length);
    problems.push({ file, line, column: restColumn, message: `expected nothing after the label '${name}:' (put the instruction on its own line)` });
  }
  const first = kernel.labelLines.get(name);
  if (first !== undefined) {
    problems.push({ file, line, column, message: `label '${name}' is already defined at line ${first}` });
    return;
  }
  kernel.labels[name] = kernel.instructions.length;
  kernel.labelLines.set(name, line);
}

/** Drops a `//` comment; the other comment forms (`/*addr*\/`, `(*note*)`) carry data and stay. */
function stripComment(raw: string): string {
  const at = raw.indexOf('//');
  return at < 0 ? raw : raw.slice(0, at);
}

/** The `EF_CUDA_SM75` flag of a `.headerflags` line (CuAssembler keeps it in a comment). */
function headerFlagArchitecture(text: string): string | null {
  const match = /\bEF_CUDA_SM(\d{2,3})\b/.exec(text);
  return match ? `sm_${match[1]!}` : null;
}

function skipSpace(text: string, from: number): number {
  let at = from;
  while (at < text.length && /\s/.test(text[at]!)) at++;
  return at;
}
