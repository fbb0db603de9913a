import { formatTable } from '../table.js';
import { MECHANISMS, type Mechanism } from './compile.js';
import type { Comparison } from './run.js';

/** Short column titles of the mechanisms. */
const COLUMN: Readonly<Record<Mechanism, string>> = {
  'lrc-one-class': 'LRC 1 class',
  'lrc-two-classes': 'LRC 2 classes',
  scoreboard: 'scoreboard+DEPBAR',
  interlock: 'interlock',
};

/** `other / base` as `0.83x`, or `-` when the base is 0 (and the other too), `inf` when only the base is 0. */
export function stallRatio(other: number, base: number): string {
  if (base === 0) return other === 0 ? '-' : 'inf';
  return `${(other / base).toFixed(2)}x`;
}

/**
 * The comparison as a table: per workload its instruction count, schedules, and per mechanism
 * the stall cycles summed over the schedules and (after the first) the ratio against LRC with
 * one class; with several workloads a last `all` row sums them. A mechanism whose compiled
 * program had a finding is marked `!` (see `mistakeReport`).
 */
export function formatComparisonTable(comparisons: readonly Comparison[]): string {
  const header = ['workload', 'instructions', 'schedules'];
  MECHANISMS.forEach((mechanism, index) => {
    header.push(COLUMN[mechanism]);
    if (index > 0) header.push('/ 1 class');
  });
  const row = (name: string, instructions: number, schedules: number, stalls: readonly number[], mistakes: readonly number[]): string[] => {
    const cells = [name, String(instructions), String(schedules)];
    stalls.forEach((stall, index) => {
      cells.push(`${stall.toLocaleString('en-US')}${mistakes[index]! > 0 ? ' !' : ''}`);
      if (index > 0) cells.push(stallRatio(stall, stalls[0]!));
    });
    return cells;
  };
  const stallsOf = (comparison: Comparison) => MECHANISMS.map((mechanism) => comparison.results.find((r) => r.mechanism === mechanism)?.stallCycles ?? 0);
  const mistakesOf = (comparison: Comparison) => MECHANISMS.map((mechanism) => comparison.results.find((r) => r.mechanism === mechanism)?.mistakeCount ?? 0);
  const rows = comparisons.map((comparison) => row(comparison.workload, comparison.instructions, comparison.schedules, stallsOf(comparison), mistakesOf(comparison)));
  if (comparisons.length > 1) {
    const sum = (lists: number[][]) => MECHANISMS.map((_, index) => lists.reduce((total, list) => total + list[index]!, 0));
    rows.push(row('all', comparisons.reduce((total, c) => total + c.instructions, 0), comparisons.reduce((total, c) => total + c.schedules, 0),
      sum(comparisons.map(stallsOf)), sum(comparisons.map(mistakesOf))));
  }
  const right = header.map((_, index) => index).filter((index) => index > 0);
  return formatTable(header, rows, right);
}

/** What the table's numbers mean, for the lines under it. */
export function comparisonFootnote(options: { readonly seed: number; readonly schedules: number; readonly maxLatency: number }, anyMistake: boolean): string[] {
  const last = options.seed + options.schedules - 1;
  return [
    'Stall cycles, per schedule: the issue (LRC: grant) cycle of the workload\'s last instruction + 1 - its instruction count, i.e. the',
    'cycles from the first issue (cycle 0) to the last in which the thread/warp issued none of the workload\'s own instructions (slots of',
    'the DEPBARs/NOPs the scoreboard pass inserts, and stall counts above 1, are stalls; the drain after the last issue is not counted).',
    'Summed over the schedules; "/ 1 class" divides by LRC with one class (below 1: fewer stalls). One thread / one warp.',
    `Same schedules for all four: schedule k (seed ${options.seed}..${last}) gives each instruction a read delay (LRC readDelay, scoreboard`,
    `queueDelay) and a result delay (returnDelay / execDelay), uniform in 1..${options.maxLatency} cycles. ALU latency 1 everywhere. LRC: units alu`,
    '(fixed 1) and mem (request); 1 class = one 6-bit counter, 2 classes = sy (load, texture) and ss (sfu, shared; in order), flags by',
    'annotateLrcProgram. Scoreboard machine: pipes alu (fixed 1), lsu (load, shared), tex, sfu (queues of 8, in order per pipe), 6 scoreboards',
    'annotated by annotateProgram; interlock: the same pipes, per-register interlocks, no control fields.',
    anyMistake
      ? '!: the compiled program had a finding in some schedule: a MISTAKE in the mechanism\'s pass, listed below.'
      : 'Every compiled program was checked in every schedule: no hazard, overflow or deadlock.',
  ];
}
