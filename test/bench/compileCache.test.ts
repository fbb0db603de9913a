/**
 * What the LLVM-test benches share: outputs and kept refusals in the cache (timeouts and failed
 * starts not kept), the cache's names, and the limit on tasks at once.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheBase, cachedOutput, firstError, limiter, type Produced } from '../../bench/compileCache.js';

describe('bench compile cache', () => {
  it('names an output by the test and a hash of the arguments and the input', () => {
    const base = cacheBase('/c/sm_80', 'sub/a.ll', ['-O2'], 'text');
    expect(base).toMatch(/^\/c\/sm_80\/sub__a\.ll\.[0-9a-f]{16}$/);
    expect(cacheBase('/c/sm_80', 'sub/a.ll', ['-O2'], 'text')).toBe(base);
    expect(cacheBase('/c/sm_80', 'sub/a.ll', ['-O3'], 'text')).not.toBe(base);
    expect(cacheBase('/c/sm_80', 'sub/a.ll', ['-O2'], 'text!')).not.toBe(base);
  });

  it('runs a step once, keeps its output and its refusal, but not a timeout', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'hazardproof-compile-cache-'));
    let runs = 0;
    const step = (produced: Produced) => async (partial: string): Promise<Produced> => {
      runs++;
      if (produced.ok) writeFileSync(partial, 'listing');
      return produced;
    };
    const made = await cachedOutput(join(folder, 'x', 'a'), '.sass', step({ ok: true }));
    expect(made).toEqual({ ok: true, path: join(folder, 'x', 'a.sass') });
    expect(readFileSync(join(folder, 'x', 'a.sass'), 'utf8')).toBe('listing');
    expect(await cachedOutput(join(folder, 'x', 'a'), '.sass', step({ ok: true }))).toEqual(made);
    expect(runs).toBe(1);

    const refused = { ok: false, timedOut: false, message: 'ptxas failed: no', keep: true } as const;
    expect(await cachedOutput(join(folder, 'b'), '.sass', step(refused))).toEqual({ ok: false, timedOut: false, message: 'ptxas failed: no' });
    expect(await cachedOutput(join(folder, 'b'), '.sass', step({ ok: true }))).toEqual({ ok: false, timedOut: false, message: 'ptxas failed: no' });
    expect(runs).toBe(2);

    const late = { ok: false, timedOut: true, message: 'ran past 1 s', keep: false } as const;
    expect(await cachedOutput(join(folder, 'c'), '.sass', step(late))).toEqual({ ok: false, timedOut: true, message: 'ran past 1 s' });
    expect(existsSync(join(folder, 'c.err'))).toBe(false);
    expect((await cachedOutput(join(folder, 'c'), '.sass', step({ ok: true }))).ok).toBe(true);
    expect(runs).toBe(4);
    // No temporary file is left behind.
    expect(readdirSync(folder).sort()).toEqual(['b.err', 'c.sass', 'x']);
  });

  it('runs at most n tasks at once, in the order given', async () => {
    const limit = limiter(2);
    let active = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all([0, 1, 2, 3, 4].map((n) => limit(async () => {
      started.push(n);
      most = Math.max(most, ++active);
      await new Promise((wake) => setTimeout(wake, 5));
      active--;
      return n * 10;
    })));
    expect(results).toEqual([0, 10, 20, 30, 40]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('shows the line of a complaint that says what went wrong', () => {
    expect(firstError('warning: x\nllc: error: bad\nmore\n')).toBe('llc: error: bad');
    expect(firstError('\n  first line\nsecond\n')).toBe('first line');
    expect(firstError('')).toBe('');
  });
});
