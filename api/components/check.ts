import { DEFAULT_CHECK_OPTIONS } from '../../impl/check.js';
import type { ComponentCheckReport } from '../../reports/components/checkReport.js';
import { CHECK_OPTION_RANGES } from '../checkOptions.js';
import { stopPredicate, type StopOptions } from '../stop.js';
import { wholeNumberOption } from '../optionRange.js';
import { checkStopOptions } from '../stopOptionsCheck.js';
import { runOnWorker } from '../worker/runOnWorker.js';
import type { LoadedComponentProgram } from './program.js';
import type { ComponentProgress } from './progress.js';
import { componentReports } from './reports.js';

/** Options of `checkComponents` and `checkComponentsSync`. `timeoutMs` is the budget of the whole file: its units share it, as with `--timeout`. */
export interface ComponentCheckOptions extends StopOptions {
  /** State budget of each unit's exhaustive search (default 200,000, as `--max-states`). */
  readonly maxStates?: number;
  /** Called as each unit starts, then every few thousand states. */
  readonly onProgress?: (progress: ComponentProgress) => void;
}

/**
 * Explores every schedule of each unit of a program of the component machine (a `.comp`
 * program, or each shader of an ir3 listing) on the calling thread: `proved-safe` when the
 * exploration completes without a finding, `hazard` with a shortest schedule per hazard, or
 * `unknown` with the reason. One report per unit: the objects `hazardproof check FILE --json` prints.
 *
 * The thread is busy until it returns, so an `AbortSignal` is seen only if `onProgress` aborts
 * it; use `timeoutMs`, or `checkComponents`, which runs on a worker thread.
 * @throws RangeError for a `maxStates` or `timeoutMs` out of range.
 */
export function checkComponentsSync(program: LoadedComponentProgram, options: ComponentCheckOptions = {}): ComponentCheckReport[] {
  const maxStates = componentCheckInput(program, options);
  return componentReports(program, maxStates, { shouldStop: stopPredicate(options), onProgress: options.onProgress ?? null });
}

/**
 * `checkComponentsSync` on a worker thread, so that the caller's thread stays free: an
 * `AbortSignal` stops the exploration at its next step, and the units not decided by then get the
 * verdict `unknown` with the signal's reason; progress arrives through `onProgress`.
 * @throws RangeError (as a rejection) for a `maxStates` or `timeoutMs` out of range.
 */
export async function checkComponents(program: LoadedComponentProgram, options: ComponentCheckOptions = {}): Promise<ComponentCheckReport[]> {
  const maxStates = componentCheckInput(program, options);
  return runOnWorker('checkComponents', { program, maxStates }, options);
}

/** Refuses what is not a loaded program (a caller without types may pass anything) and out-of-range options; returns the state budget. */
function componentCheckInput(program: LoadedComponentProgram, options: ComponentCheckOptions): number {
  if ((program as { readonly machine?: unknown } | null)?.machine !== 'components') {
    throw new TypeError('checkComponents takes what loadComponentProgram or parseComponentProgram returns');
  }
  checkStopOptions(options);
  return wholeNumberOption('maxStates', options.maxStates, DEFAULT_CHECK_OPTIONS.maxStates, CHECK_OPTION_RANGES.maxStates);
}
