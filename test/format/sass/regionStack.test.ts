/**
 * Maxwell/Pascal regions followed along paths (format/sass/regionStack.ts): a `BRK` gets the
 * region every path to it has open, and no answer where paths disagree or the walk gives up.
 */
import { describe, expect, it } from 'vitest';
import type { FlowEffect, InstructionEffects } from '../../../spec/sass/effects.js';
import type { SassKernel } from '../../../format/sass/listing.js';
import { regionClosedByPath } from '../../../format/sass/regionStack.js';

/** One instruction of a skeleton: its flow, its guard, and where a branch goes (an index). */
interface Step {
  readonly flow: FlowEffect;
  readonly guarded?: true;
  readonly to?: number;
}

const next: Step = { flow: { kind: 'next' } };
const pbk = (end: number): Step => ({ flow: { kind: 'open', opener: 'PBK', target: String(end) } });
const brk: Step = { flow: { kind: 'sync', opener: 'PBK' } };
const branch = (to: number, guarded?: true): Step => ({ flow: { kind: 'branch', target: String(to) }, to, ...(guarded ? { guarded } : {}) });
const exit: Step = { flow: { kind: 'exit' } };

/** The opener `regionClosedByPath` finds for each instruction of the skeleton. */
function closers(steps: readonly Step[]): (number | undefined)[] {
  // Only the fields the walk reads: each instruction's guard and each effect's flow.
  const kernel = { instructions: steps.map((step) => ({ guard: step.guarded ? 'P0' : null })) } as unknown as SassKernel;
  const effects = steps.map((step) => ({ flow: step.flow }) as unknown as InstructionEffects);
  const successors = (index: number): number[] => {
    const step = steps[index]!;
    if (step.flow.kind === 'exit') return [];
    if (step.to !== undefined) return step.guarded ? [step.to, index + 1] : [step.to];
    return [index + 1];
  };
  const end = (opener: number): number | null => {
    const flow = steps[opener]!.flow;
    return flow.kind === 'open' ? Number(flow.target) : null;
  };
  const closing = regionClosedByPath(kernel, effects, successors, end, [0]);
  return steps.map((_, index) => closing(index));
}

describe('regionClosedByPath', () => {
  it('a BRK placed after its region\'s end, reached by a branch out of the region, closes that region', () => {
    //           0       1                  2     3     4     5
    const steps = [pbk(4), branch(5, true), next, exit, exit, brk];
    expect(closers(steps)[5]).toBe(0);
  });

  it('a BRK two paths reach with different regions open has no answer', () => {
    // 0: @P0 BRA 4; 1: PBK 8; 2: BRA 7; 3: EXIT; 4: PBK 8; 5: BRA 7; 6: EXIT; 7: BRK; 8: EXIT
    const steps = [branch(4, true), pbk(8), branch(7), exit, pbk(8), branch(7), exit, brk, exit];
    expect(closers(steps)[7]).toBeUndefined();
  });

  it('a BRK no path opens a region for has no answer', () => {
    expect(closers([next, brk, exit])[1]).toBeUndefined();
  });

  it('a guarded PBK may not push, so a BRK after it on the unpushed path has no answer', () => {
    const steps = [{ ...pbk(3), guarded: true } as Step, brk, exit, exit];
    expect(closers(steps)[1]).toBeUndefined();
  });

  it('a BRK after a loop that opens a region every time round has no answer', () => {
    // 0: PBK 4; 1: @P0 BRA 0 (opens again without closing); 2: BRK; 3: EXIT; 4: EXIT
    const steps = [pbk(4), branch(0, true), brk, exit, exit];
    expect(closers(steps)[2]).toBeUndefined();
  });
});
