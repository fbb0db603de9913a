import type { StreamVerdict } from '../../format/streamout/load.js';
import { expectedLayout, type Layout } from '../../spec/streamout/layout.js';
import { streamActionText } from '../../spec/streamout/step.js';
import type { StreamoutCoverage } from './coverage.js';
import type { StreamRunOutcome } from './outcome.js';
import type { StreamoutExpectation, StreamoutScenario } from './scenario.js';

/** The report of `runStreamout`: the object `hazardproof streamout run FILE --json` prints. */
export interface StreamoutRunReport {
  readonly file: string;
  /** `proved` (every interleaving explored), `no-violation-found` (random timings: not a proof), `violation`, or `unknown` (a budget or the signal ended the run). */
  readonly verdict: StreamVerdict;
  /** Why, in words: what was covered, what was found, the replay command of a failing timing, or what stopped the run. */
  readonly reason: string;
  /** A violation's problems (rules broken, deadlock, wrong buffers); empty otherwise. */
  readonly problems: readonly string[];
  /** A violation's steps from the start, short form (`wd`, `dispatch 1`, `write 0`...), and in words, numbered. */
  readonly steps: readonly string[];
  readonly stepsInWords: readonly string[];
  /** What the buffers and the API's counters must end up holding (driver order). */
  readonly layout: Layout;
  readonly coverage: StreamoutCoverage;
  /** The scenario's stated expectation and whether the run met it; null when it states none. */
  readonly expected: (StreamoutExpectation & { readonly met: boolean }) | null;
}

/** The report of a run's outcome on its scenario (the layout and the expectation come from the scenario). */
export function streamoutRunReport(loaded: StreamoutScenario, outcome: StreamRunOutcome): StreamoutRunReport {
  const layout = expectedLayout(loaded.scenario);
  const expected = loaded.expect;
  const met = expected !== null && expected.verdict === outcome.verdict &&
    (expected.primitivesWritten === undefined || expected.primitivesWritten === layout.primitivesWritten) &&
    (expected.primitivesNeeded === undefined || expected.primitivesNeeded === layout.primitivesNeeded);
  return {
    file: loaded.file, verdict: outcome.verdict, reason: outcome.reason, problems: outcome.problems,
    steps: outcome.steps.map(streamActionText), stepsInWords: outcome.stepsInWords.map((s) => s.trim()),
    layout, coverage: outcome.coverage, expected: expected && { ...expected, met },
  };
}
