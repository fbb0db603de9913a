import { describe, expect, it } from 'vitest';
import { judgeRules } from '../../../impl/edgeLatency/judge.js';
import { pairHazards } from '../../../spec/components/pairTiming.js';

describe('seed 004 rules judged against per-component timing, every case over XYZW and latencies 1..8', () => {
  const verdicts = judgeRules();
  const byRule = (prefix: string) => verdicts.find((verdict) => verdict.rule.startsWith(prefix))!;

  it('the flow rule (Eq. 8) is sound and tight in every case', () => {
    const flow = byRule('flow');
    expect(flow.cases).toBe(4800);
    expect(flow.sound).toBe(flow.cases);
    expect(flow.tight).toBe(flow.cases);
  });

  it('edge latency 1 for anti dependences is sound (and, being 1, tight)', () => {
    const anti = byRule('anti');
    expect(anti.sound).toBe(anti.cases);
  });

  it('edge latency 1 for output dependences is unsound when the successor is faster: the smallest case lands both writes in one cycle', () => {
    const output = byRule('output (Eq. 6)');
    expect(output.sound).toBeLessThan(output.cases);
    const { case: smallest, hazard } = output.counterexample!;
    expect(smallest.predecessor.executions + smallest.successor.executions).toBe(2);
    expect(smallest.predecessor.latency).toBeGreaterThan(smallest.successor.latency);
    expect(hazard.kind).toBe('WAW');
    expect(pairHazards(smallest.predecessor, smallest.successor, smallest.needed).filter((h) => h.kind === 'WAW')).toEqual([]);
  });

  it('the corrected output rule is sound and tight in every case', () => {
    const corrected = byRule('output, corrected');
    expect(corrected.sound).toBe(corrected.cases);
    expect(corrected.tight).toBe(corrected.cases);
  });
});
