/**
 * `hazardproof fuzz --llvm`: a short campaign with LLVM in the loop (generated IR kernels compiled
 * by llc-19, each function proved safe, one dropped and one loosened wait per output caught, one
 * s_nop mutant reported apart). Skipped, with a notice, where llc-19 is not installed.
 */
import { describe, expect, it } from 'vitest';
import { mutantSites } from '../../impl/amdgpu/sourceMutants.js';
import { llcAvailable, LLC, llvmCampaignSummary, runLlvmCampaign, type LlvmCampaignStats } from '../../impl/llvm/campaign.js';
import { cli } from './run.js';

const hasLlc = llcAvailable(LLC);
if (!hasLlc) console.warn(`test/cli/llvmFuzz.test.ts: ${LLC} not found, skipping the LLVM-in-the-loop campaign (install Debian's llvm-19)`);

describe('fuzz --llvm', () => {
  it.skipIf(!hasLlc)('a short campaign with a fixed seed proves every function and catches the mutants', async () => {
    const run = await cli('fuzz', '--llvm', '--runs', '8', '--seed', '5');
    expect(run.stdout).toContain('every kernel proved safe (replay: hazardproof fuzz --llvm --seed 5 --runs 8)');
    expect(run.stdout).toMatch(/^fuzz --llvm: 8 kernel\(s\) compiled by llc-19 for \d target\(s\)/);
    expect(run.stdout).toMatch(/^mutants: \d+ \(one dropped and one loosened wait per output where a load's result is read later\): \d+ caught \(\d+%; \d+ hazard, \d+ unknown\), \d+ proved safe .*, 0 missed$/m);
    expect(run.stdout).toMatch(/^ {2}dropped: \d+ \(the wait line removed\): \d+ caught .*, 0 missed$/m);
    expect(run.stdout).toMatch(/^ {2}loosened: \d+ \(one counter of the wait raised by one\): \d+ caught .*, 0 missed$/m);
    expect(run.stdout).toMatch(/^s_nop mutants: \d+ \(.*outside the caught share.*\): \d+ caught \(\d+ hazard, \d+ unknown\), \d+ proved safe$/m);
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

  it('the summary: wait mutants together, then dropped and loosened apart, then the s_nop mutants outside the share', () => {
    const tally = (mutants: number, caughtHazard: number, caughtUnknown: number, guardedNothing: number) => ({ mutants, caughtHazard, caughtUnknown, guardedNothing, missed: 0 });
    const stats: LlvmCampaignStats = {
      runs: 10, functions: 10, proved: 10, targets: new Set(['gfx900', 'gfx1200']), ...tally(19, 16, 1, 2),
      dropped: tally(10, 9, 0, 1), loosened: tally(9, 7, 1, 1), nops: { mutants: 4, caughtHazard: 0, caughtUnknown: 0, provedSafe: 4 },
    };
    const config = { seed: 3, runs: 10, timeMs: null, path: null, llc: 'llc-19' };
    expect(llvmCampaignSummary({ stats, failure: null, outOfBudget: false, elapsedMs: 1500 }, config)).toEqual([
      'fuzz --llvm: 10 kernel(s) compiled by llc-19 for 2 target(s) (gfx1200, gfx900), 10 function(s) proved safe, in 1.5 s',
      "mutants: 19 (one dropped and one loosened wait per output where a load's result is read later): 17 caught (89%; 16 hazard, 1 unknown), 2 proved safe with the wait guarding no register the text shows, 0 missed",
      '  dropped: 10 (the wait line removed): 9 caught (90%; 9 hazard, 0 unknown), 1 proved safe with the wait guarding no register, 0 missed',
      '  loosened: 9 (one counter of the wait raised by one): 8 caught (89%; 7 hazard, 1 unknown), 1 proved safe with no read shown uncovered (approximate: the loosened count may still cover every read), 0 missed',
      's_nop mutants: 4 (one s_nop per output shortened by one or dropped; about wait states, not wait counters: outside the caught share): 0 caught (0 hazard, 0 unknown), 4 proved safe',
      'every kernel proved safe (replay: hazardproof fuzz --llvm --seed 3 --runs 10)',
    ]);
  });
});
