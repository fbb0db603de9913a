import { checkInputText } from '../format/readInputFile.js';
import { loadAnyProgram, parseAnyProgram, type LoadedProgram } from '../format/anyProgram.js';
import { loadScenario, parseScenario } from '../format/streamout/load.js';
import { loadComponentProgram, parseComponentProgram } from './components/load.js';
import type { InputSource } from './inputSource.js';
import type { LoadedInput } from './loadedInput.js';
import type { LoadOptions } from './loadOptions.js';
import { loadListing, parseListing } from './listing/load.js';
import type { ListingLoadOptions } from './listing/loadOptions.js';
import { recogniseInput, type RecognisedInput } from './recogniseInput.js';

/**
 * The library's front door: reads any input `hazardproof check` takes, tells its kind by name and
 * content exactly as the command does (one rule, `recogniseInput`, shared with it), and returns
 * it tagged with its `kind`, ready for `check`:
 *
 * ```ts
 * const report = await check(load('kernel.sm_75.cuasm'), { signal: AbortSignal.timeout(10_000) });
 * if (report.kind === 'listing') for (const kernel of report.kernels) console.log(kernel.kernel, kernel.verdict);
 * ```
 *
 * Recognised: `.hp` programs and their JSON form (`scoreboard`, or `lrc` by `.machine lrc`);
 * NVIDIA listings by name (`.cuasm`, `.sass`, ...) or content (`listing`); `.comp` programs
 * (`components`); ir3 `.asm`/`.log` listings (`ir3`); stream-output scenarios by their JSON
 * `format` tag (`streamout`, which the command runs with `hazardproof streamout run`).
 *
 * @param source a path (`-` reads standard input), or `{ text, file? }`.
 * @throws InputError with file, line and column for every mistake in the input, or one that cannot be read.
 * @throws RangeError for an option no input can have (an unknown `from`, a malformed `architecture`, ...).
 */
export function load(source: InputSource, options: LoadOptions = {}): LoadedInput {
  const text = typeof source === 'string' ? null : source.text;
  const file = typeof source === 'string' ? source : source.file ?? '<input>';
  // A text handed over is checked as a file read is (`readInputFile`): empty or binary is no input.
  if (text !== null) checkInputText(text, file, 'input');
  // `comp` is the component machine's own notation, which the command line never needs to name.
  const recognised: RecognisedInput = options.from === 'comp'
    ? 'components'
    : recogniseInput(file, { ...(options.from === undefined ? {} : { from: options.from }), ...(text === null ? {} : { text }) });
  switch (recognised) {
    case 'listing': {
      const listingOptions: ListingLoadOptions = {
        ...(options.from === undefined || options.from === 'ir3' || options.from === 'comp' ? {} : { from: options.from }),
        ...(options.architecture === undefined ? {} : { architecture: options.architecture }),
        ...(options.kernels === undefined ? {} : { kernels: options.kernels }),
      };
      return { kind: 'listing', ...(text === null ? loadListing(file, listingOptions) : parseListing(text, { ...listingOptions, file })) };
    }
    case 'components':
    case 'ir3': {
      const componentOptions = recognised === 'ir3'
        ? { from: 'ir3' as const, ...(options.shaders === undefined ? {} : { shaders: options.shaders }) }
        : { from: 'comp' as const };
      return { kind: recognised, ...(text === null ? loadComponentProgram(file, componentOptions) : parseComponentProgram(text, { ...componentOptions, file })) };
    }
    case 'streamout':
      return { kind: 'streamout', ...(text === null ? loadScenario(file) : parseScenario(text, file)) };
    case 'program':
      return tagged(text === null ? loadAnyProgram(file) : parseAnyProgram(text, file));
  }
}

/** A program tagged with its machine as its kind. */
function tagged(program: LoadedProgram): LoadedInput {
  return program.machine === 'lrc'
    ? { kind: 'lrc', file: program.parsed.file, ...program }
    : { kind: 'scoreboard', file: program.parsed.file, ...program };
}
