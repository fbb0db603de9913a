import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadLrcProgram } from '../format/lrc/load.js';
import { packageRoot } from '../format/packageRoot.js';
import { compareWorkload, mistakeReport, type Comparison } from '../reports/compare/run.js';
import { comparisonFootnote, formatComparisonTable } from '../reports/compare/table.js';
import { randomWorkload, workloadFromLrc } from '../reports/compare/workload.js';

/** Knobs of `compareBench`; the defaults are the bench's. */
export interface CompareBenchOptions {
  /** Random workloads (workload k from seed `seed + k`); default 20. */
  readonly randomWorkloads?: number;
  /** Instructions per random workload; default 24. */
  readonly size?: number;
  /** Schedules per workload; default 50. */
  readonly schedules?: number;
  /** Seed of the random workloads and of the schedules; default 1. */
  readonly seed?: number;
  readonly maxLatency?: number;
  /** Folder of the `.machine lrc` examples; default the package's `examples/lrc`. */
  readonly examples?: string;
}

/** An example left out of the comparison, and why. */
export interface SkippedExample {
  readonly file: string;
  readonly reason: string;
}

/** The comparison's rows: the random workloads, then one per example; the options used. */
export interface CompareBenchResult {
  readonly seed: number;
  readonly schedules: number;
  readonly maxLatency: number;
  readonly rows: readonly Comparison[];
  readonly skipped: readonly SkippedExample[];
}

/**
 * Compares the four mechanisms (`reports/compare/`) on `randomWorkloads` random workloads of
 * `size` instructions and on every `examples/lrc/*.hp` example, `schedules` schedules each.
 * An example's workload is its instructions only: its flags, counter classes, preloads and thread
 * counts are dropped (each mechanism decides its own), so an example whose mistake lives there
 * (init-lrc-deadlock.hp's INIT_LRC_VAL, counter-overflow.hp's 2-bit counter, a missing or wrong
 * flag) compares like a correct one and is not skipped. Only an example whose workload is empty
 * is skipped. A finding in a compiled program is never skipped: it shows as a MISTAKE.
 */
export function compareBench(options: CompareBenchOptions = {}): CompareBenchResult {
  const { randomWorkloads = 20, size = 24, schedules = 50, seed = 1, maxLatency = 8, examples = join(packageRoot(), 'examples', 'lrc') } = options;
  const settings = { schedules, seed, maxLatency };
  const rows: Comparison[] = [];
  for (let k = 0; k < randomWorkloads; k++) rows.push(compareWorkload(`random-${seed + k}`, randomWorkload(seed + k, size), settings));
  const skipped: SkippedExample[] = [];
  for (const file of readdirSync(examples).filter((name) => name.endsWith('.hp')).sort()) {
    const workload = workloadFromLrc(loadLrcProgram(join(examples, file)).program);
    if (workload.length === 0) {
      skipped.push({ file, reason: 'no instructions to run' });
      continue;
    }
    rows.push(compareWorkload(file, workload, settings));
  }
  return { seed, schedules, maxLatency, rows, skipped };
}

/** The comparison as the bench prints it: the table, what it means, which examples were skipped, any MISTAKE. */
export function formatCompareBench(result: CompareBenchResult): string {
  const mistakes = mistakeReport(result.rows);
  const random = result.rows.filter((row) => row.workload.startsWith('random-'));
  const lines = [
    formatComparisonTable(result.rows),
    '',
    `Mechanism comparison: ${random.length} random workloads of ${random[0]?.instructions ?? 0} instructions (random-S: randomWorkload(S, n)) and the examples/lrc`,
    'programs\' instructions (flags, classes, preloads and threads dropped; the all row sums every row).',
    ...comparisonFootnote(result, mistakes.length > 0),
    result.skipped.length === 0
      ? 'Examples skipped: none (their mistakes are in flags, counter widths or preloads, which workloads do not keep; init-lrc-deadlock.hp runs as 2 instructions).'
      : `Examples skipped: ${result.skipped.map((s) => `${s.file} (${s.reason})`).join(', ')}.`,
  ];
  if (mistakes.length > 0) lines.push('', ...mistakes);
  return lines.join('\n');
}

/** The comparison as JSON for `npm run bench -- --json` (no program texts unless there was a mistake). */
export function compareBenchJson(result: CompareBenchResult): unknown {
  return {
    seed: result.seed, schedules: result.schedules, maxLatency: result.maxLatency, skipped: result.skipped,
    rows: result.rows.map((row) => ({
      workload: row.workload, instructions: row.instructions, schedules: row.schedules,
      mechanisms: row.results.map((r) => ({
        mechanism: r.mechanism, stallCycles: r.stallCycles, compiledInstructions: r.compiledInstructions, mistakeCount: r.mistakeCount, mistakes: r.mistakes,
        ...(r.mistakeCount > 0 ? { program: r.programText } : {}),
      })),
    })),
  };
}
