/**
 * Reading an NVIDIA listing whatever its notation: the notation from `--from`, the file
 * extension or, for `.sass` files that several tools write, the content itself.
 */
import { InputError } from '../error.js';
import { parseCuasm } from './cuasm.js';
import { parseCuobjdump } from './cuobjdump.js';
import type { SassListing, SassNotation } from './listing.js';
import { parseMaxas } from './maxas.js';
import { parseTuringas } from './turingas.js';

/** Every notation an importer exists for. */
export const SASS_NOTATIONS: readonly SassNotation[] = ['cuasm', 'maxas', 'turingas', 'cuobjdump'];

const PARSERS: Readonly<Record<SassNotation, (text: string, file: string) => SassListing>> = {
  cuasm: parseCuasm,
  maxas: parseMaxas,
  turingas: parseTuringas,
  cuobjdump: parseCuobjdump,
};

/** True when a file name says it is a listing (rather than a `.hp` program or a JSON scenario). */
export function isListingFile(file: string): boolean {
  return /\.(cuasm|sass|sass\.txt|cuobjdump|nvdisasm)$/i.test(file);
}

/**
 * The notation of a listing: `.cuasm` is CuAssembler; otherwise the content decides. Hex
 * encodings in comments (`/* 0x... *\/`) mean `cuobjdump -sass`; a `# Kernel:`/`# Arch:`
 * header or a maxas block means maxas; `<PARAMS>`/`<REGS>` blocks mean TuringAs. Null when
 * the content does not tell (maxas and TuringAs control fields look alike).
 */
export function detectNotation(text: string, file: string): SassNotation | null {
  if (/\.cuasm$/i.test(file)) return 'cuasm';
  if (/\/\*\s*0x[0-9a-f]{16}\s*\*\//i.test(text)) return 'cuobjdump';
  if (/^\s*\.section\s+\.text\./m.test(text)) return 'cuasm';
  if (/^#\s*(Kernel|Arch|InsCnt):/m.test(text) || /<(CONSTANT_MAPPING|REGISTER_MAPPING|SCHEDULE_BLOCK)>/.test(text)) return 'maxas';
  if (/<(PARAMS|REGS|CONSTS|SMEM)>/i.test(text)) return 'turingas';
  return null;
}

/** Parses a listing in the given notation, or the detected one; an `InputError` when it cannot tell. */
export function parseListing(text: string, file: string, notation: SassNotation | null = null): SassListing {
  const chosen = notation ?? detectNotation(text, file);
  if (chosen === null) {
    throw new InputError([{ file, line: 1, column: 1, message: `cannot tell which notation this listing uses (maxas and TuringAs control fields look alike): pass --from ${SASS_NOTATIONS.join('|')}` }]);
  }
  return PARSERS[chosen](text, file);
}
