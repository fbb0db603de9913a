import { describe, expect, it } from 'vitest';
import { cli } from './run.js';

describe('hazardproof prove-rules', () => {
  it('prints every rule with its counts, marks the seed\'s output rule unsound with a timeline, cross-checks a Z3 sample, and exits 0 because the rules in use are sound', async () => {
    const { code, stdout, stderr } = await cli('prove-rules', '--z3-sample', '40', '--seed', '12345');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/flow, fixed latency \(Eq\. 8\).*4800\s+4800\s+4800\s+sound and tight/);
    expect(stdout).toMatch(/output \(Eq\. 6\): 1\s+38400\s+\d+\s+\d+\s+UNSOUND/);
    expect(stdout).toContain('cycle  2: predecessor writes R0.x (latency 2); successor writes R0.x (latency 1)');
    expect(stdout).toMatch(/output, corrected.*sound and tight/);
    expect(stdout).toMatch(/\nZ3 cross-check: 40 sampled cases \(seed 12345\), 40 agree with enumeration, 0 disagree, 0 unknown \(\d+\.\d s\); replay: hazardproof prove-rules --z3-sample 40 --seed 12345\n$/);
  });

  it('--json gives the same verdicts as data, with the cross-check and a fresh seed in its replay command', async () => {
    const { code, stdout } = await cli('prove-rules', '--json', '--z3-sample', '8');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as {
      rules: { rule: string; cases: number; sound: number; counterexample: unknown }[];
      z3CrossCheck: { seed: number; sampled: number; agreed: number; disagreed: number; unknown: number; replay: string };
    };
    expect(report.rules).toHaveLength(4);
    expect(report.rules.filter((verdict) => verdict.counterexample !== null).map((verdict) => verdict.rule)).toEqual(['output (Eq. 6): 1']);
    expect(report.z3CrossCheck).toMatchObject({ sampled: 8, agreed: 8, disagreed: 0, unknown: 0 });
    expect(report.z3CrossCheck.replay).toBe(`hazardproof prove-rules --z3-sample 8 --seed ${report.z3CrossCheck.seed}`);
  });

  it('--timeout bounds the whole cross-check: the cases not decided in time count as unknown with the reason, exit 3', async () => {
    const { code, stdout } = await cli('prove-rules', '--json', '--z3-sample', '8', '--seed', '3', '--timeout', '1');
    expect(code).toBe(3);
    const report = JSON.parse(stdout) as { z3CrossCheck: { sampled: number; agreed: number; unknown: number; firstUnknown: { reason: string } } };
    expect(report.z3CrossCheck.sampled).toBe(8);
    expect(report.z3CrossCheck.unknown).toBeGreaterThan(0);
    expect(report.z3CrossCheck.firstUnknown.reason).toMatch(/time budget of 1 ms reached \(--timeout\)|timeout|canceled/);
  });

  it('--query-timeout is the per-query solver timeout, repeated in the replay command', async () => {
    const { code, stdout } = await cli('prove-rules', '--z3-sample', '4', '--seed', '5', '--query-timeout', '20000');
    expect(code).toBe(0);
    expect(stdout).toContain('replay: hazardproof prove-rules --z3-sample 4 --seed 5 --query-timeout 20000');
  });

  it('--z3-sample 0 skips the cross-check; a negative sample is a usage error', async () => {
    const skipped = await cli('prove-rules', '--z3-sample', '0', '--json');
    expect(skipped.code).toBe(0);
    expect((JSON.parse(skipped.stdout) as { z3CrossCheck: unknown }).z3CrossCheck).toBeNull();
    expect((await cli('prove-rules', '--z3-sample', '0')).stdout).toMatch(/\nZ3 cross-check: skipped \(--z3-sample 0\)\n$/);
    const wrong = await cli('prove-rules', '--z3-sample', '-1');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--z3-sample');
  });
});
