import { describe, expect, it } from 'vitest';
import { abortFlagReader, createAbortFlag, raiseAbortFlag } from '../../api/worker/abortFlag.js';
import { check, loadProgram } from '../../api/index.js';

describe('library: worker threads', () => {
  it('an abort flag carries its reason, the first one raised, cut to its byte budget', () => {
    const flag = createAbortFlag();
    const read = abortFlagReader(flag);
    expect(read()).toBeNull();
    raiseAbortFlag(flag, 'deadline of the CI job – 5 min');
    raiseAbortFlag(flag, 'a second reason');
    expect(read()).toBe('deadline of the CI job – 5 min');
    const long = createAbortFlag();
    raiseAbortFlag(long, 'x'.repeat(5000));
    expect(abortFlagReader(long)()).toBe('x'.repeat(1024));
  });

  it('the signal\'s own reason reaches the report, word for word', async () => {
    const controller = new AbortController();
    const pending = check(loadProgram('examples/three-textures.hp'), { mode: 'random', runs: 100_000_000, seed: 5, signal: controller.signal, onProgress: () => controller.abort('CI step cancelled') });
    const report = await pending;
    expect(report.verdict).toBe('unknown');
    expect(report.reason).toContain('aborted by the caller\'s AbortSignal (CI step cancelled)');
  });

  it('checks run in parallel and again on the kept threads, each with its own report', async () => {
    const program = loadProgram('examples/waw-across-pipes.hp');
    const first = await Promise.all([1, 2, 3].map((seed) => check(program, { seed, mode: 'random', runs: 200 })));
    const again = await Promise.all([1, 2, 3].map((seed) => check(program, { seed, mode: 'random', runs: 200 })));
    expect(first.map((report) => report.seed)).toEqual([1, 2, 3]);
    expect(again.map((report) => ({ ...report, elapsedMs: 0 }))).toEqual(first.map((report) => ({ ...report, elapsedMs: 0 })));
  });
});
