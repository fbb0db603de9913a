import { describe, expect, it } from 'vitest';
import { cli } from './run.js';

describe('hazardproof prove-rules', () => {
  it('prints every rule with its counts, marks the seed\'s output rule unsound with a timeline, and exits 0 because the rules in use are sound', async () => {
    const { code, stdout, stderr } = await cli('prove-rules');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/flow, fixed latency \(Eq\. 8\).*4800\s+4800\s+4800\s+sound and tight/);
    expect(stdout).toMatch(/output \(Eq\. 6\): 1\s+38400\s+\d+\s+\d+\s+UNSOUND/);
    expect(stdout).toContain('cycle  2: predecessor writes R0.x (latency 2); successor writes R0.x (latency 1)');
    expect(stdout).toMatch(/output, corrected.*sound and tight/);
  });

  it('--json gives the same verdicts as data', async () => {
    const { stdout } = await cli('prove-rules', '--json');
    const verdicts = JSON.parse(stdout) as { rule: string; cases: number; sound: number; counterexample: unknown }[];
    expect(verdicts).toHaveLength(4);
    expect(verdicts.filter((verdict) => verdict.counterexample !== null).map((verdict) => verdict.rule)).toEqual(['output (Eq. 6): 1']);
  });
});
