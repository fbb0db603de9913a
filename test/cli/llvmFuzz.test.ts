/**
 * `hazardproof fuzz --llvm`: a short campaign with LLVM in the loop (generated IR kernels compiled
 * by llc-19, each function proved safe, one dropped wait per output caught). Skipped, with a
 * notice, where llc-19 is not installed.
 */
import { describe, expect, it } from 'vitest';
import { llcAvailable, LLC, mutantSites, runLlvmCampaign } from '../../impl/llvm/campaign.js';
import { cli } from './run.js';

const hasLlc = llcAvailable(LLC);
if (!hasLlc) console.warn(`test/cli/llvmFuzz.test.ts: ${LLC} not found, skipping the LLVM-in-the-loop campaign (install Debian's llvm-19)`);

describe('fuzz --llvm', () => {
  it.skipIf(!hasLlc)('a short campaign with a fixed seed proves every function and catches the mutants', async () => {
    const run = await cli('fuzz', '--llvm', '--runs', '8', '--seed', '5');
    expect(run.stdout).toContain('every kernel proved safe (replay: hazardproof fuzz --llvm --seed 5 --runs 8)');
    expect(run.stdout).toMatch(/^fuzz --llvm: 8 kernel\(s\) compiled by llc-19 for \d target\(s\)/);
    expect(run.stdout).toMatch(/mutants: \d+ .*: \d+ caught/);
    expect(run.stderr).toContain('fuzz --llvm: seed 5, 8 run(s)');
    expect(run.code).toBe(0);
  }, 20_000);

  it.skipIf(!hasLlc)('a budget that runs out first ends in a summary and exit 3', async () => {
    const run = await cli('fuzz', '--llvm', '--runs', '100000', '--seed', '5', '--time', '1');
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/out of budget: \d+ of 100000 runs done before --time ran out/);
  }, 20_000);

  it('an llc that is not there is a clear usage-level failure, not a crash', () => {
    expect(llcAvailable('llc-hazardproof-missing')).toBe(false);
    const result = runLlvmCampaign({ seed: 1, runs: 1, timeMs: null, path: null, llc: 'llc-hazardproof-missing' }, () => {});
    expect(result.failure?.lines.join('\n')).toContain('llc rejected the kernel');
  });

  it('options of the other campaigns do not go with --llvm', async () => {
    expect((await cli('fuzz', '--llvm', '--jobs', '2')).stderr).toContain('--jobs does not go with --llvm');
    expect((await cli('fuzz', '--llvm', 'x.hp')).code).toBe(2);
    expect((await cli('fuzz', '--llvm', '--runs', '0')).code).toBe(2);
  });

  it('mutant sites: a wait between a load and a read of its result, which alone guards it', () => {
    const lines = [
      '\tglobal_load_dword v1, v0, s[0:1]',
      '\ts_waitcnt lgkmcnt(0)',
      '\ts_waitcnt vmcnt(0)',
      '\tv_add_u32_e32 v2, v1, v1',
      '\ts_waitcnt vmcnt(0)',
      '\tglobal_store_dword v0, v2, s[0:1]',
    ];
    expect(mutantSites(lines)).toEqual([{ line: 1, guardsRegister: false }, { line: 2, guardsRegister: true }]);
  });
});
