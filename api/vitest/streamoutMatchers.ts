/**
 * The matchers on stream-output scenarios (`loadScenario`, or `load` of a scenario): the protocol
 * runs on a worker thread (`runStreamout`), so on a scenario every matcher is asynchronous and
 * must be awaited: `await expect(load('scenario.json')).toBeHazardFree()`.
 */
import type { CheckOptions } from '../checkOptions.js';
import { runStreamout } from '../streamout/run.js';
import type { StreamoutRunOptions } from '../streamout/runOptions.js';
import type { StreamoutRunReport } from '../streamout/runReport.js';
import type { StreamoutScenario } from '../streamout/scenario.js';
import type { ExpectedHazard, HazardFreeOptions, MatcherOutcome } from './matchers.js';

/** Whether a matcher received a scenario: the shape `loadScenario` returns (with or without `load`'s `kind`). */
function receivedScenario(received: unknown): StreamoutScenario | null {
  if (typeof received !== 'object' || received === null) return null;
  return 'scenario' in received && 'timingSeed' in received && 'file' in received ? (received as StreamoutScenario) : null;
}

/** The run options a matcher's options give (the matchers' own options are the program check's: the ones a run shares are passed on). */
function runOptions(options: CheckOptions, exhaustive: boolean): StreamoutRunOptions {
  const { seed, runs, maxStates, timeoutMs, signal } = options;
  return {
    exhaustive,
    ...(seed === undefined ? {} : { seed }), ...(runs === undefined ? {} : { runs }), ...(maxStates === undefined ? {} : { maxStates }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }), ...(signal === undefined ? {} : { signal }),
  };
}

/** The report in a failure message: the verdict, why, and a violation's problems and steps. */
function runText(report: StreamoutRunReport): string {
  const problems = report.problems.map((problem) => `  ${problem}`);
  const steps = report.stepsInWords.map((step) => `  ${step}`);
  return [`${report.file}: ${report.verdict}`, `  ${report.reason}`, ...(problems.length > 0 ? ['', 'problems:', ...problems] : []), ...(steps.length > 0 ? ['', 'steps:', ...steps] : [])].join('\n');
}

/**
 * `toBeHazardFree` (`proof` false) and `toBeProvedSafe` (`proof` true) on a scenario: random
 * timings pass with `no-violation-found` unless `requireProof`; a proof (`requireProof`, or
 * `toBeProvedSafe`) explores every interleaving and passes only with `proved`. Null for anything
 * but a scenario: the caller's matchers take it.
 */
export function scenarioHazardFree(received: unknown, options: HazardFreeOptions, proof: boolean): Promise<MatcherOutcome> | null {
  const scenario = receivedScenario(received);
  if (scenario === null) return null;
  const exhaustive = proof || options.requireProof === true;
  return runStreamout(scenario, runOptions(options, exhaustive)).then((report) => {
    const pass = report.verdict === 'proved' || (report.verdict === 'no-violation-found' && !exhaustive);
    const wanted = proof ? 'to be proved safe' : `to be hazard-free${exhaustive ? ' (proved)' : ''}`;
    return { pass, message: () => `expected ${scenario.file} ${pass ? 'not ' : ''}${wanted}, but:\n\n${runText(report)}` };
  });
}

/**
 * `toHaveHazard` on a scenario: a `violation` one of whose problems names `expected.kind` (any
 * problem when it is left out: `deadlock`, `batch IDs`, `primitives written`...). A scenario has
 * no registers: an expected `register` never matches. Null for anything but a scenario.
 */
export function scenarioHasHazard(received: unknown, expected: ExpectedHazard, options: CheckOptions): Promise<MatcherOutcome> | null {
  const scenario = receivedScenario(received);
  if (scenario === null) return null;
  return runStreamout(scenario, runOptions(options, false)).then((report) => {
    const pass = report.verdict === 'violation' && expected.register === undefined
      && (expected.kind === undefined || report.problems.some((problem) => problem.includes(expected.kind!)));
    const wanted = `a violation${expected.kind ? ` naming ${expected.kind}` : ''}${expected.register ? ` on ${expected.register} (a scenario has no registers)` : ''}`;
    return { pass, message: () => `expected ${scenario.file} ${pass ? 'not ' : ''}to have ${wanted}, but:\n\n${runText(report)}` };
  });
}
