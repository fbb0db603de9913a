import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatTable } from '../reports/table.js';
import { exploreStream, type StreamReduction } from '../impl/streamout/explore.js';
import { promelaModel } from '../format/promela/streamout.js';
import type { Packet, StreamScenario } from '../spec/streamout/scenario.js';
import { streamContext } from '../spec/streamout/step.js';

/** What one run of the TypeScript explorer covered, end to end. */
export interface ExplorerFigures {
  /** `proved`, `violation`, or `unknown (budget)` when the state budget ran out first. */
  readonly verdict: string;
  readonly distinct: number;
  /** Transitions taken (revisits included). */
  readonly transitions: number;
  readonly seconds: number;
  readonly reduction: StreamReduction;
}

/** What SPIN reported on the generated model, and how long each part took. */
export interface SpinFigures {
  readonly errors: number;
  /** False when pan stopped early (its memory bound). */
  readonly complete: boolean;
  readonly stored: number;
  readonly transitions: number;
  /** `spin -a` (Promela to C) and gcc (C to the verifier `pan`). */
  readonly compileSeconds: number;
  /** pan's own measure of its search. */
  readonly searchSeconds: number;
  /** pan's run, wall clock (its search plus allocating its stack and hash table). */
  readonly panSeconds: number;
  /** Compile plus pan's run: generated model to verdict. */
  readonly endToEndSeconds: number;
}

/** One configuration explored by the unreduced explorer, the reduced one, and SPIN. */
export interface ExplorerRow {
  readonly config: string;
  readonly unreduced: ExplorerFigures;
  readonly reduced: ExplorerFigures;
  /** SPIN's figures, or why SPIN did not run. */
  readonly spin: SpinFigures | string;
}

const work = (primitives: number, tasksPerBatch = 1): Packet => ({ type: 'work', primitives, verticesPerPrimitive: 1, stride: [4, 0, 0, 0], tasksPerBatch });
const scenario = (soUnits: number, works: Packet[], batchIdBits = 2): StreamScenario =>
  ({ soUnits, bufferSizes: [1024, 0, 0, 0], batchIdBits, packets: [{ type: 'enable' }, ...works, { type: 'disable' }] });
const eight = (split: (index: number) => boolean) => Array.from({ length: 8 }, (_, index) => (split(index) ? work(2, 2) : work(1)));

/**
 * The configurations of the comparison: 2-4 SO units, 2-3 batches, splits of up to 3 tasks, a
 * 2-bit ID counter; and SPIN's scale, 8 batches on 4 units with a 1-bit counter (4 IDs with the
 * phase bit, so each ID is given out twice and the work distribution unit waits for retirement),
 * once with single-task batches and once with two batches split in 2 tasks.
 */
export const CONFIGURATIONS: readonly [string, StreamScenario][] = [
  ['2 units, 2 batches (1 + 2 tasks)', scenario(2, [work(1), work(2, 2)])],
  ['2 units, 3 batches', scenario(2, [work(1), work(1), work(1)])],
  ['3 units, 2 batches', scenario(3, [work(1), work(1)])],
  ['4 units, 2 batches', scenario(4, [work(1), work(1)])],
  ['2 units, 2 batches x 3 tasks', scenario(2, [work(3, 3), work(3, 3)])],
  ['4 units, 8 batches, 1-bit IDs', scenario(4, eight(() => false), 1)],
  ['4 units, 8 batches (2 x 2 tasks), 1-bit IDs', scenario(4, eight((index) => index % 4 === 0), 1)],
];

/** Distinct states the unreduced explorer may keep before it answers `unknown (budget)`. */
export const UNREDUCED_BUDGET = 500_000;
/** The reduced explorer's budget (no configuration comes near it). */
const REDUCED_BUDGET = 5_000_000;
/** pan's memory bound in MB (`-DMEMLIM`): past it, pan stops and the search is incomplete. */
const SPIN_MEMORY_MB = 8192;

/** Whether SPIN and a C compiler are on this machine. */
export function spinAvailable(): boolean {
  return spawnSync('spin', ['-V']).status === 0 && spawnSync('gcc', ['--version']).status === 0;
}

/** Verifies a Promela model with SPIN (safety: assertions and invalid end states), timing compile and search apart. */
export function runSpin(model: string): SpinFigures {
  const folder = mkdtempSync(join(tmpdir(), 'hazardproof-spin-'));
  try {
    writeFileSync(join(folder, 'model.pml'), model);
    const compileStarted = performance.now();
    execFileSync('spin', ['-a', 'model.pml'], { cwd: folder, stdio: 'pipe' });
    // COLLAPSE compresses stored states: the 8-batch models need it to stay within memory.
    execFileSync('gcc', ['-O2', '-DSAFETY', '-DCOLLAPSE', `-DMEMLIM=${SPIN_MEMORY_MB}`, '-o', 'pan', 'pan.c'], { cwd: folder, stdio: 'pipe' });
    const compileSeconds = (performance.now() - compileStarted) / 1000;
    const started = performance.now();
    const output = spawnSync('./pan', ['-m10000000'], { cwd: folder, encoding: 'utf8' }).stdout;
    const panSeconds = (performance.now() - started) / 1000;
    const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? NaN);
    // pan reports 0 for searches under its clock's resolution (10 ms).
    const searchSeconds = Math.max(number(/elapsed time ([\d.]+) seconds/), 0.01);
    return {
      errors: number(/errors: (\d+)/), complete: !output.includes('Search not completed'), stored: number(/([\d.e+]+) states, stored/),
      transitions: number(/([\d.e+]+) transitions/), compileSeconds, searchSeconds, panSeconds, endToEndSeconds: compileSeconds + panSeconds,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function explore(s: StreamScenario, reduce: boolean): ExplorerFigures {
  const result = exploreStream(streamContext(s), reduce ? REDUCED_BUDGET : UNREDUCED_BUDGET, undefined, undefined, { reduce });
  const verdict = result.counterexample ? 'violation' : result.complete ? 'proved' : 'unknown (budget)';
  return { verdict, distinct: result.distinctStates, transitions: result.states - 1, seconds: result.elapsedMs / 1000, reduction: result.reduction };
}

/** Explores every configuration with the unreduced and the reduced TypeScript explorer and with SPIN (or says why SPIN did not run). */
export function explorerComparison(onProgress?: (text: string) => void): ExplorerRow[] {
  const spin = spinAvailable();
  return CONFIGURATIONS.map(([config, s]) => {
    onProgress?.(`  ${config}`);
    return {
      config,
      unreduced: explore(s, false),
      reduced: explore(s, true),
      spin: spin ? runSpin(promelaModel(s)) : 'spin not installed (Debian package spin): skipped',
    };
  });
}

/** The comparison as the bench prints it: the table and what its columns mean. */
export function formatExplorerComparison(rows: readonly ExplorerRow[]): string {
  const round = (n: number) => Math.round(n).toLocaleString('en-US');
  const seconds = (s: number) => s.toFixed(2);
  const explorer = (figures: ExplorerFigures) => [figures.verdict, round(figures.distinct), round(figures.transitions), seconds(figures.seconds)];
  const spin = (figures: SpinFigures | string) => (typeof figures === 'string' ? [figures, '', '', '', '', ''] : [
    `${figures.errors}${figures.complete ? '' : ' (incomplete: memory bound)'}`, round(figures.stored), round(figures.transitions),
    seconds(figures.compileSeconds), seconds(figures.searchSeconds), seconds(figures.endToEndSeconds),
  ]);
  const table = formatTable(
    ['stream output: every interleaving', 'unreduced', 'distinct', 'transitions', 's', 'reduced', 'distinct', 'transitions', 's',
      'SPIN errors', 'SPIN stored', 'SPIN transitions', 'SPIN s (compile)', 'SPIN s (search)', 'SPIN s (end to end)'],
    rows.map((row) => [row.config, ...explorer(row.unreduced), ...explorer(row.reduced), ...spin(row.spin)]),
    [2, 3, 4, 6, 7, 8, 10, 11, 12, 13, 14]);
  const reduction = rows[0]?.reduced.reduction ?? 'partial-order and unit symmetry';
  return [
    table,
    `Unreduced: breadth-first search of the TypeScript model, every step a transition, states hashed, at most ${round(UNREDUCED_BUDGET)} distinct states.`,
    `Reduced: the same search with ${reduction} reduction (impl/streamout/reduction.ts; proved to keep every problem and terminal state against`,
    'the unreduced search in properties/streamReduction.property.test.ts). Explorer seconds are end to end (scenario to verdict).',
    'SPIN: the generated Promela model (one operation; SSYNC serves atomically after each message, as in the TypeScript model), -DSAFETY',
    '-DCOLLAPSE, its own partial-order reduction; compile = spin -a and gcc, end to end = compile + pan\'s run. The models cut steps',
    'differently (the explorer also steps bundles and deliveries), so state counts differ; all must find no error.',
  ].join('\n');
}
