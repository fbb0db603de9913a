import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exploreStream } from '../spec/streamout/explore.js';
import { promelaModel } from '../format/promela/streamout.js';
import type { Packet, StreamScenario } from '../spec/streamout/scenario.js';
import { streamContext } from '../spec/streamout/step.js';

/** One configuration explored by both checkers. */
export interface ExplorerRow {
  readonly config: string;
  readonly explorer: { readonly verdict: string; readonly states: number; readonly distinct: number; readonly seconds: number; readonly perSecond: number };
  /** `seconds` is pan's own measure of its search; `wallSeconds` includes pan allocating its stack and hash table. */
  readonly spin: { readonly errors: number; readonly stored: number; readonly transitions: number; readonly seconds: number; readonly wallSeconds: number; readonly perSecond: number } | string;
}

const work = (primitives: number, tasksPerBatch = 1): Packet => ({ type: 'work', primitives, verticesPerPrimitive: 1, stride: [4, 0, 0, 0], tasksPerBatch });
const scenario = (soUnits: number, works: Packet[]): StreamScenario => ({ soUnits, bufferSizes: [1024, 0, 0, 0], batchIdBits: 2, packets: [{ type: 'enable' }, ...works, { type: 'disable' }] });

/** The configurations of the comparison: 2-4 SO units, 2-3 batches, splits of up to 3 tasks, a 2-bit ID counter. */
export const CONFIGURATIONS: readonly [string, StreamScenario][] = [
  ['2 units, 2 batches (1 + 2 tasks)', scenario(2, [work(1), work(2, 2)])],
  ['2 units, 3 batches', scenario(2, [work(1), work(1), work(1)])],
  ['3 units, 2 batches', scenario(3, [work(1), work(1)])],
  ['4 units, 2 batches', scenario(4, [work(1), work(1)])],
  ['2 units, 2 batches x 3 tasks', scenario(2, [work(3, 3), work(3, 3)])],
];

/** Whether SPIN and a C compiler are on this machine. */
export function spinAvailable(): boolean {
  return spawnSync('spin', ['-V']).status === 0 && spawnSync('gcc', ['--version']).status === 0;
}

function runSpin(model: string): ExplorerRow['spin'] {
  const folder = mkdtempSync(join(tmpdir(), 'hazardproof-spin-'));
  writeFileSync(join(folder, 'model.pml'), model);
  execFileSync('spin', ['-a', 'model.pml'], { cwd: folder, stdio: 'pipe' });
  execFileSync('gcc', ['-O2', '-DSAFETY', '-o', 'pan', 'pan.c'], { cwd: folder, stdio: 'pipe' });
  const started = performance.now();
  const output = spawnSync('./pan', ['-m10000000'], { cwd: folder, encoding: 'utf8' }).stdout;
  const wallSeconds = (performance.now() - started) / 1000;
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? NaN);
  const transitions = number(/(\d+) transitions/);
  // pan reports 0 for searches under its clock's resolution (10 ms).
  const seconds = Math.max(number(/elapsed time ([\d.]+) seconds/), 0.01);
  return { errors: number(/errors: (\d+)/), stored: number(/(\d+) states, stored/), transitions, seconds, wallSeconds, perSecond: transitions / seconds };
}

/** Explores every configuration with the TypeScript explorer and with SPIN (or says why SPIN did not run). */
export function explorerComparison(): ExplorerRow[] {
  const spin = spinAvailable();
  return CONFIGURATIONS.map(([config, s]) => {
    const result = exploreStream(streamContext(s), 5_000_000);
    const verdict = result.counterexample ? 'violation' : result.complete ? 'proved' : 'unknown';
    return {
      config,
      explorer: { verdict, states: result.states, distinct: result.distinctStates, seconds: result.elapsedMs / 1000, perSecond: result.states / (result.elapsedMs / 1000) },
      spin: spin ? runSpin(promelaModel(s)) : 'spin not installed (Debian package spin): skipped',
    };
  });
}
