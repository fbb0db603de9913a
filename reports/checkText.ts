import type { Expectation } from '../format/hp/expectation.js';
import type { CheckSummary } from '../explore/search.js';
import type { Verdict } from '../explore/verdict.js';

/** One finding ready to print: its sentence, its timeline (drawn only when asked for) and its replay command. */
export interface PrintableFinding {
  readonly description: string;
  readonly timeline: () => string;
  readonly replayCommand: string;
}

/**
 * The text report of one checked file, whatever its machine: verdict, why, each finding with its
 * description, a timeline and a replay command, the expectation, and what was covered.
 */
export function renderCheckSummary(
  file: string, result: CheckSummary, findings: readonly PrintableFinding[],
  expectation: Expectation | null, met: boolean | null, timelines: 'first' | 'all' | 'none',
): string {
  const lines = [`${file}: ${result.verdict}`, `  ${result.reason}`];
  findings.forEach((finding, index) => {
    lines.push('', `  ${finding.description}`);
    if (timelines === 'all' || (timelines === 'first' && index === 0)) {
      lines.push('', finding.timeline().split('\n').map((line) => `    ${line}`).join('\n'), '');
    }
    lines.push(`  replay: ${finding.replayCommand}`);
  });
  lines.push(...renderCheckFooter(file, result, expectation, met).map((line) => `  ${line}`));
  return lines.join('\n');
}

/** The last lines of a file's text report (not indented): the expectation when there is one, then what was covered and the seed. */
export function renderCheckFooter(file: string, result: CheckSummary, expectation: Expectation | null, met: boolean | null): string[] {
  const lines: string[] = [];
  if (expectation && met !== null) {
    const wanted = [expectation.verdict, expectation.kind, expectation.register].filter(Boolean).join(' ');
    lines.push(`expected (line ${expectation.line}): ${wanted}: ${met ? 'as expected' : 'MISMATCH'}`);
  }
  const states = result.statesExplored === null ? '' : `, ${result.statesExplored} states`;
  const schedules = result.schedulesExplored === 'all' ? 'all schedules' : `${result.schedulesExplored} random schedules`;
  lines.push(`${schedules}${states}, ${(result.elapsedMs / 1000).toFixed(2)} s, seed ${result.seed} (same run: hazardproof check ${file} --seed ${result.seed})`);
  return lines;
}

/** What a check covered and how, as every `--json` check report (and the library's `check`) gives it. */
export type CheckSummaryReport = {
  /** Random schedules run, or 'all' when the exhaustive search covered every schedule. */
  readonly schedulesExplored: number | 'all';
  /** States of the exhaustive search, or null when it did not run. */
  readonly statesExplored: number | null;
  /** Whether the exhaustive search finished (a `proved-safe` rests on it); null when it did not run. */
  readonly exhaustiveComplete: boolean | null;
  /** Seed of the random schedules (run i uses seed + i). */
  readonly seed: number;
  readonly runs: number;
  readonly maxLatency: number;
  readonly elapsedMs: number;
  /** The file's `# expect:` comment and whether the result met it; null when not asked (`--expect`) or absent. */
  readonly expected: { readonly verdict: Verdict; readonly kind: string | null; readonly register: string | null; readonly met: boolean | null } | null;
};

/** The coverage and expectation fields every machine's `--json` object ends with. */
export function summaryJson(result: CheckSummary, expectation: Expectation | null, met: boolean | null): CheckSummaryReport {
  return {
    schedulesExplored: result.schedulesExplored,
    statesExplored: result.statesExplored,
    exhaustiveComplete: result.exhaustiveComplete,
    seed: result.seed,
    runs: result.runs,
    maxLatency: result.maxLatency,
    elapsedMs: Math.round(result.elapsedMs),
    expected: expectation ? { verdict: expectation.verdict, kind: expectation.kind, register: expectation.register, met } : null,
  };
}
