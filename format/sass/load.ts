/**
 * Reading an NVIDIA listing whatever its notation: the notation from `--from`, else the content
 * itself (`detect.ts`), else the file extension.
 */
import { InputError } from '../error.js';
import { readInputFile } from '../readInputFile.js';
import { parseCuasm } from './cuasm.js';
import { parseCuobjdump } from './cuobjdump.js';
import { detectNotation, hasListingName, isListingText } from './detect.js';
import type { SassListing, SassNotation } from './listing.js';
import { parseMaxas } from './maxas.js';
import { parseNvaa } from './nvaa.js';
import { parseTuringas } from './turingas.js';

export { detectNotation } from './detect.js';

/** Every notation an importer exists for. */
export const SASS_NOTATIONS: readonly SassNotation[] = ['cuasm', 'maxas', 'turingas', 'cuobjdump', 'nvaa'];

const PARSERS: Readonly<Record<SassNotation, (text: string, file: string) => SassListing>> = {
  cuasm: parseCuasm,
  maxas: parseMaxas,
  turingas: parseTuringas,
  cuobjdump: parseCuobjdump,
  nvaa: parseNvaa,
};

/** Files of the other kinds, read as such whatever they hold: `.hp` and JSON programs, `.comp` programs, Mesa's ir3 `.asm`/`.log`. */
const OTHER_KINDS = /\.(hp|json|comp|asm|log)$/i;

/**
 * True when a file is an NVIDIA listing (rather than a `.hp` program or a JSON scenario): its
 * name says so (`.cuasm`, `.sass`, `.sass.txt`, ...), or, for a name of no other kind (`all.txt`,
 * `-` for standard input), its content does (`isListingText`). A file that cannot be read is not
 * one; reading it later says why.
 */
export function isListingFile(file: string): boolean {
  return isListingInput(file, () => readInputFile(file, 'listing'));
}

/**
 * `isListingFile` for an input whose text the caller supplies (the library's `load` of a text
 * under a name): the same rule, one copy of it. `content` is called only when the name does not
 * decide; an `InputError` from it means "not a listing", as an unreadable file does.
 */
export function isListingInput(file: string, content: () => string): boolean {
  if (hasListingName(file)) return true;
  if (OTHER_KINDS.test(file)) return false;
  try {
    return isListingText(content());
  } catch (error) {
    if (error instanceof InputError) return false;
    throw error;
  }
}

/** Parses a listing in the given notation, or the detected one; an `InputError` when it cannot tell. */
export function parseListing(text: string, file: string, notation: SassNotation | null = null): SassListing {
  const chosen = notation ?? detectNotation(text, file);
  if (chosen === null) {
    throw new InputError([{ file, line: 1, column: 1, message: `cannot tell which notation this listing uses (maxas and TuringAs control fields look alike): pass --from ${SASS_NOTATIONS.join('|')}` }]);
  }
  return PARSERS[chosen](text, file);
}
