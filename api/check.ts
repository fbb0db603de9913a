import { checkLoaded, type CheckReport } from './checkLoaded.js';
import { checkSettings, type CheckOptions } from './checkOptions.js';
import { toProgram, type ProgramInput } from './program.js';
import { stopPredicate } from './stop.js';
import { runOnWorker } from './worker/runOnWorker.js';
import { checkInput } from './checkInput.js';
import type { InputCheckOptions } from './inputCheckOptions.js';
import type { InputCheckReport } from './inputCheckReport.js';
import { isLoadedInput, type LoadedInput } from './loadedInput.js';

/**
 * Checks a program on the calling thread: explores its latency schedules (and warp
 * interleavings) and states a verdict, `proved-safe`, `no-hazard-found`, `hazard` or `unknown`,
 * with the evidence. The report is the object `hazardproof check --json` prints.
 *
 * The thread is busy until it returns, so an `AbortSignal` is seen only if something aborts it
 * from `onProgress`; use `timeoutMs`, or `check`, whose search runs on a worker thread.
 */
export function checkSync(program: ProgramInput, options: CheckOptions = {}): CheckReport {
  return checkLoaded(toProgram(program), { settings: checkSettings(options), shouldStop: stopPredicate(options), ...(options.onProgress ? { onProgress: options.onProgress } : {}) }).report();
}

/**
 * The front door's check: runs the machine of whatever `load` returned (a `.hp` or JSON program,
 * an LRC program, an NVIDIA listing, a `.comp` program, an ir3 listing or a stream-output
 * scenario) on a worker thread, and returns one report type to narrow on `kind`:
 *
 * ```ts
 * const report = await check(load(file), { signal: AbortSignal.timeout(10_000), onProgress: (p) => console.log(p.kind) });
 * switch (report.kind) {
 *   case 'listing': return report.kernels.map((kernel) => kernel.verdict);
 *   case 'streamout': return [report.verdict];
 *   default: return [report.verdict];
 * }
 * ```
 *
 * An `AbortSignal` or `timeoutMs` ends it at its next step, with what was not decided `unknown`
 * and the reason; progress, tagged with the kind, arrives through `onProgress`.
 * @throws RangeError (as a rejection) for an option out of range for the input's kind.
 */
export function check(input: LoadedInput, options?: InputCheckOptions): Promise<InputCheckReport>;
/**
 * `checkSync` on a worker thread, so that the caller's thread stays free: an `AbortSignal`
 * (`AbortSignal.timeout(ms)` too) stops the search at its next step with verdict `unknown` and
 * the reason, progress arrives through `onProgress`, and several checks run in parallel.
 *
 * This is the signature from before `load`: a program from `loadProgram` or `parseProgram`, or a
 * scoreboard model, checked as it always was (the report has no `kind`). It stays, as the typed
 * shortcut for programs.
 */
export function check(program: ProgramInput, options?: CheckOptions): Promise<CheckReport>;
export function check(input: LoadedInput | ProgramInput, options: InputCheckOptions | CheckOptions = {}): Promise<InputCheckReport | CheckReport> {
  // A `load` result has a `kind`; a `loadProgram` result and a scoreboard model never do, so the
  // two signatures cannot be mistaken for one another, and older callers get what they got.
  if (isLoadedInput(input)) return checkInput(input, options as InputCheckOptions);
  const programOptions = options as CheckOptions;
  return runOnWorker('check', { program: toProgram(input), settings: checkSettings(programOptions) }, programOptions);
}
