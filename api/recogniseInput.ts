import { InputError } from '../format/error.js';
import { readInputFile } from '../format/readInputFile.js';
import { isListingInput } from '../format/sass/load.js';
import { isScenarioText } from '../format/streamout/detect.js';
import { isComponentFile, isIr3File } from './components/notation.js';
import type { InputKind } from './inputKind.js';

/**
 * Which reader an input goes to, before it is read: `program` is a `.hp` program or its JSON form,
 * whose `.machine` directive then says `scoreboard` or `lrc` (`format/anyProgram.ts`); the other
 * values are already the input's kind.
 */
export type RecognisedInput = Exclude<InputKind, 'scoreboard' | 'lrc'> | 'program';

/** What besides the name tells an input's kind. */
export interface RecogniseOptions {
  /** `check --from`: `ir3`, or an NVIDIA notation (`cuasm`, `maxas`...), which makes any file but a `.comp`, `.asm` or `.log` one a listing. */
  readonly from?: string;
  /** The input's text, when the caller has it; otherwise the file is read, and only when its name does not decide. */
  readonly text?: string;
}

/**
 * The one rule `hazardproof check` and the library's `load` tell inputs apart by, in this order:
 * `--from ir3`; the component machine's names (`.asm`/`.log`: ir3, `.comp`); any other `--from`
 * (an NVIDIA notation); a listing by name or content (`isListingFile`); a stream-output scenario
 * by content (its JSON `format` tag); anything else is a program. Never throws: an input that
 * cannot be read is a `program`, whose reader then says why (as a file the CLI cannot read is).
 */
export function recogniseInput(file: string, options: RecogniseOptions = {}): RecognisedInput {
  const { from } = options;
  if (from === 'ir3') return 'ir3';
  if (isIr3File(file)) return 'ir3';
  if (isComponentFile(file)) return 'components';
  if (from !== undefined) return 'listing';
  // Read once, whichever test asks first (standard input can be read once only; the reader keeps it).
  let text: string | undefined = options.text;
  const content = (): string => {
    text ??= readInputFile(file, 'input');
    return text;
  };
  if (isListingInput(file, content)) return 'listing';
  // A `.hp` file is a program whatever it holds; a JSON or unnamed input may be a scenario.
  if (/\.hp$/i.test(file)) return 'program';
  try {
    return isScenarioText(content()) ? 'streamout' : 'program';
  } catch (error) {
    // Unreadable: the program reader reports it, in the CLI's words.
    if (error instanceof InputError) return 'program';
    throw error;
  }
}
