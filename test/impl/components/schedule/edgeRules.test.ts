import { describe, expect, it } from 'vitest';
import { FULL_LATENCY_EDGE_RULES, PROVED_EDGE_RULES } from '../../../../impl/components/schedule/edgeRules.js';

describe('edge-latency rules', () => {
  it('proved: flow max(1, L - d), anti 1, output max(1, L1 - L2 + 1 - d)', () => {
    expect(PROVED_EDGE_RULES.flow(5, 2)).toBe(3);
    expect(PROVED_EDGE_RULES.flow(2, 3)).toBe(1);
    expect(PROVED_EDGE_RULES.anti()).toBe(1);
    expect(PROVED_EDGE_RULES.output(6, 1, 0)).toBe(6);
    expect(PROVED_EDGE_RULES.output(6, 1, 2)).toBe(4);
    expect(PROVED_EDGE_RULES.output(1, 6, 0)).toBe(1);
  });

  it('full latency: flow L whatever the distance, anti 1, output without the distance', () => {
    expect(FULL_LATENCY_EDGE_RULES.flow(5, 2)).toBe(5);
    expect(FULL_LATENCY_EDGE_RULES.anti()).toBe(1);
    expect(FULL_LATENCY_EDGE_RULES.output(6, 1, 2)).toBe(6);
  });
});
