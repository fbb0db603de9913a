/** `fuzz --ptxas` targets: every release x architecture x level asked for, as each release assembles. */
import { describe, expect, it } from 'vitest';
import { ptxasTargets, targetName } from '../../../properties/ptx/target.js';

describe('ptxasTargets', () => {
  it('leaves out what a release does not assemble (11.8 has no sm_90a)', () => {
    const targets = ptxasTargets(['11.8', '12.5'], ['sm_80', 'sm_90a'], [3, 0]);
    expect(targets.map(targetName)).toEqual(['11.8 sm_80 -O3', '11.8 sm_80 -O0', '12.5 sm_80 -O3', '12.5 sm_80 -O0', '12.5 sm_90a -O3', '12.5 sm_90a -O0']);
  });

  it('refuses an unknown release, a level outside 0..3 and an architecture no release assembles', () => {
    expect(() => ptxasTargets(['10.2'], ['sm_80'], [3])).toThrow(/--ptxas-version expects 11.8 or 12.5/);
    expect(() => ptxasTargets(['11.8'], ['sm_80'], [4])).toThrow(/--opt/);
    expect(() => ptxasTargets(['11.8'], ['sm_90a'], [3])).toThrow(/no release asked for assembles sm_90a/);
  });
});
