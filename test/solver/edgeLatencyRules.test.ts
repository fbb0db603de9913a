import { afterAll, describe, expect, it } from 'vitest';
import { enumerateRuleCases, judgeRules, type RuleCaseSet } from '../../impl/edgeLatency/judge.js';
import { pairHazards } from '../../spec/components/pairTiming.js';
import { crossCheckRules, decideRuleCase, sampleRuleCases } from '../../solver/edgeLatencyRules.js';
import { releaseZ3 } from '../../solver/z3.js';

afterAll(releaseZ3);

const sets = enumerateRuleCases();

describe('crossCheckRules', () => {
  it('agrees with the enumeration on a seeded sample of 100 cases covering every rule and unsound verbatim output cases', async () => {
    const result = await crossCheckRules({ sample: 100, seed: 4, sets });
    expect(result).toMatchObject({ sampled: 100, agreed: 100, disagreed: 0, unknown: 0, firstDisagreement: null, firstUnknown: null });
    expect(result.rules.map((rule) => rule.sampled)).toEqual([25, 25, 25, 25]);
    expect(result.rules.find((rule) => rule.rule === 'output (Eq. 6): 1')!.unsound).toBeGreaterThan(0);
    expect(result.rules.filter((rule) => rule.rule !== 'output (Eq. 6): 1').every((rule) => rule.unsound === 0)).toBe(true);
  });

  it('draws the same sample for the same seed and another for another seed', () => {
    const cases = (seed: number) => sampleRuleCases(sets, 40, seed).map((entry) => entry.case);
    expect(cases(7)).toEqual(cases(7));
    expect(cases(7)).not.toEqual(cases(8));
  });

  it('reports a disagreement, in full, when the enumeration\'s answer is wrong', async () => {
    const tampered: RuleCaseSet[] = sets.map((set) => ({ ...set, cases: set.cases.map((c) => ({ ...c, needed: c.needed + 1 })) }));
    const result = await crossCheckRules({ sample: 4, seed: 1, sets: tampered });
    expect(result.disagreed).toBe(4);
    expect(result.agreed).toBe(0);
    const first = result.firstDisagreement!;
    expect(first.z3.needed).toBe(first.enumeration.needed - 1);
    expect(first.z3.sound).toBe(true);
    expect(first.enumeration.sound).toBe(false);
  });
});

describe('decideRuleCase', () => {
  it('finds the seed\'s verbatim output rule unsound on its smallest counterexample, with a hazard the model shows', async () => {
    const smallest = judgeRules(sets).find((verdict) => verdict.rule === 'output (Eq. 6): 1')!.counterexample!.case;
    const answer = await decideRuleCase(smallest.predecessor, smallest.successor, 'output', smallest.edge);
    expect(answer).toMatchObject({ verdict: 'decided', sound: false, tight: false, needed: smallest.needed });
    if (answer.verdict !== 'decided') return;
    expect(pairHazards(smallest.predecessor, smallest.successor, smallest.edge)).toContainEqual(answer.witness);
  });

  it('reports one cycle less than a tight flow edge unsound, and the rule edge sound and tight', async () => {
    const tightFlow = sets.find((set) => set.kind === 'flow')!.cases.find((c) => c.edge >= 3 && c.edge === c.needed)!;
    const [atRule, oneLess] = await Promise.all([
      decideRuleCase(tightFlow.predecessor, tightFlow.successor, 'flow', tightFlow.edge),
      decideRuleCase(tightFlow.predecessor, tightFlow.successor, 'flow', tightFlow.edge - 1),
    ]);
    expect(atRule).toMatchObject({ verdict: 'decided', sound: true, tight: true, needed: tightFlow.edge, witness: null });
    expect(oneLess).toMatchObject({ verdict: 'decided', sound: false, oneCycleLessUnsafe: true, tight: false, needed: tightFlow.edge, witness: { kind: 'RAW' } });
  });

  it('refuses an edge latency below 1, which the encoding would vacuously call sound', () => {
    const flow = sets[0]!.cases[0]!;
    expect(() => decideRuleCase(flow.predecessor, flow.successor, 'flow', 0)).toThrow(RangeError);
  });
});
