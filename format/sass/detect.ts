/**
 * Telling an NVIDIA listing's notation from its content, whatever the file is named: `.sass`
 * is written by five different tools and dumps arrive as `.sass.txt`, `all.txt` or on standard
 * input. Only marks no `.hp` program has are taken (`.hp` writes CuAssembler's control fields
 * too, so a bare `[B------:R-:W-:-:S01]` proves nothing); the file name decides only where the
 * content does not.
 */
import { isAmdgpuText } from '../amdgpu/detect.js';
import type { SassNotation } from './listing.js';

/** One mark of a notation, in the order they are tried (the first that matches wins). */
interface Mark {
  readonly notation: SassNotation;
  readonly pattern: RegExp;
}

/** nvaa's decoded control braces before the `;` (`{!4,Y,+1.W,^2}`, `{Y}`), or its `HIGH`LOW` encodings. */
const NVAA_CONTROL = /\{(?:!\d+|Y|\+\d\.[WR]|\^\d)(?:,(?:!\d+|Y|\+\d\.[WR]|\^\d))*\};/;
const NVAA_ENCODING = /\/\*\s*[0-9a-fA-F]{16}`[0-9a-fA-F]{16}\s*\*\//;

const MARKS: readonly Mark[] = [
  // nvaa first: its files also have nvdisasm's `.section .text.NAME` lines.
  { notation: 'nvaa', pattern: NVAA_ENCODING },
  { notation: 'nvaa', pattern: NVAA_CONTROL },
  // cuobjdump -sass, nvdisasm -hex and CuAssembler's dsass: the headers or the hex encodings.
  { notation: 'cuobjdump', pattern: /^[^\S\n]*(?:code for sm_\d|Function[^\S\n]*:[^\S\n]*\S)/m },
  { notation: 'cuobjdump', pattern: /\/\*[^\S\n]*0x[0-9a-fA-F]{16}[^\S\n]*\*\// },
  // CUDA 12.8's control annotations before an instruction's `;` (`&wr=0x1 ?trans1`, `?WAIT5_END_GROUP`), with or without the encodings.
  { notation: 'cuobjdump', pattern: /[^\S\n](?:&(?:wr|rd|wr_early)=0x[0-9a-fA-F]|&req=\{[0-9,]*\}|\?trans\d|\?WAIT\d+_END_GROUP)/ },
  // nvdisasm without -hex (no control codes to read: its importer says to add -hex): an address, then an instruction.
  { notation: 'cuobjdump', pattern: /^[^\S\n]*\/\*[0-9a-fA-F]{4,}\*\/[^\S\n]+@?!?[A-Z]/m },
  // CuAssembler: a text section (`.section .text.NAME`, or `# section .text.NAME` in its 2019 layout) or its ELF header directives.
  { notation: 'cuasm', pattern: /^[^\S\n]*(?:\.section[^\S\n]+\.text\.|#[^\S\n]*section[^\S\n]+\.text\.|\.__elf_\w|\.SectionHeader\b)/m },
  // maxas: its header comments (what maxas.pl -e writes) or the blocks its preprocessor expands.
  { notation: 'maxas', pattern: /^[^\S\n]*#[^\S\n]*(?:Kernel|Arch|InsCnt):/m },
  { notation: 'maxas', pattern: /<(?:CONSTANT_MAPPING|REGISTER_MAPPING|SCHEDULE_BLOCK)>/ },
  { notation: 'turingas', pattern: /<(?:PARAMS|REGS|CONSTS|SMEM)>/i },
];

/** A maxas or TuringAs control field in front of an instruction (`--:-:1:Y:d  LDG ...`): a listing, but not which of the two. */
const MAXAS_OR_TURINGAS_LINE = /^[^\S\n]*[-0-9a-fA-F]{2}:[-0-9]:[-0-9]:[-yY]:[-0-9a-fA-F][^\S\n]+@?!?[A-Z]/m;

/** File names that say the notation when the content does not. */
const EXTENSIONS: readonly { readonly notation: SassNotation; readonly pattern: RegExp }[] = [
  { notation: 'cuasm', pattern: /\.cuasm$/i },
  { notation: 'cuobjdump', pattern: /\.(cuobjdump|nvdisasm|dsass)$/i },
];

/** File names of listings, whatever they hold. */
const LISTING_NAMES = /\.(cuasm|sass|sass\.txt|cuobjdump|nvdisasm|dsass)$/i;

/**
 * The notation of a listing from its content (see `MARKS`), else from its file name (`.cuasm`,
 * `.cuobjdump`, `.nvdisasm`, `.dsass`); null when neither tells (maxas and TuringAs control
 * fields look alike).
 */
export function detectNotation(text: string, file: string): SassNotation | null {
  return MARKS.find((mark) => mark.pattern.test(text))?.notation ?? EXTENSIONS.find((extension) => extension.pattern.test(file))?.notation ?? null;
}

/**
 * True when a text is a GPU listing: one of the NVIDIA notations' marks, maxas/TuringAs control
 * fields in front of instructions (which `parseListing` then asks to be told apart), or AMDGPU
 * assembly (`format/amdgpu/detect.ts`, read by its own importer through the same listing path).
 */
export function isListingText(text: string): boolean {
  return MARKS.some((mark) => mark.pattern.test(text)) || MAXAS_OR_TURINGAS_LINE.test(text) || isAmdgpuText(text);
}

/** True when a file's name is that of a listing (`.cuasm`, `.sass`, `.sass.txt`, `.cuobjdump`, `.nvdisasm`, `.dsass`). */
export function hasListingName(file: string): boolean {
  return LISTING_NAMES.test(file);
}
