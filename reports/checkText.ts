import type { Expectation } from '../format/hp/expectation.js';
import type { CheckSummary } from '../explore/search.js';

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
  if (expectation && met !== null) {
    const wanted = [expectation.verdict, expectation.kind, expectation.register].filter(Boolean).join(' ');
    lines.push(`  expected (line ${expectation.line}): ${wanted}: ${met ? 'as expected' : 'MISMATCH'}`);
  }
  const states = result.statesExplored === null ? '' : `, ${result.statesExplored} states`;
  const schedules = result.schedulesExplored === 'all' ? 'all schedules' : `${result.schedulesExplored} random schedules`;
  lines.push(`  ${schedules}${states}, ${(result.elapsedMs / 1000).toFixed(2)} s, seed ${result.seed} (same run: hazardproof check ${file} --seed ${result.seed})`);
  return lines.join('\n');
}

/** The coverage and expectation fields every machine's `--json` object ends with. */
export function summaryJson(result: CheckSummary, expectation: Expectation | null, met: boolean | null): Record<string, unknown> {
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
