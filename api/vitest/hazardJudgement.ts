import type { Verdict } from '../../explore/verdict.js';
import type { ExpectedHazard, HazardFreeOptions } from './matchers.js';

// What `toBeHazardFree` and `toHaveHazard` decide, whatever they check (a program, or each
// kernel or unit of a listing): one judgement, so the two paths cannot drift apart.

/** Whether a verdict counts as hazard-free: `proved-safe`, or `no-hazard-found` unless a proof is required. */
export function judgedHazardFree(verdict: Verdict, options: HazardFreeOptions): boolean {
  return verdict === 'proved-safe' || (verdict === 'no-hazard-found' && options.requireProof !== true);
}

/** Whether a found hazard is the expected one: same kind (when given), on the register (when given; `isOn` says what "on" means for the machine). */
export function isExpectedHazard(hazard: { readonly kind: string; readonly isOn: (register: string) => boolean }, expected: ExpectedHazard): boolean {
  return (expected.kind === undefined || hazard.kind === expected.kind) && (expected.register === undefined || hazard.isOn(expected.register));
}

/** The expected hazard in words, for failure messages: `a hazard of kind WAR on R2`. */
export function expectedHazardText(expected: ExpectedHazard): string {
  return `a hazard${expected.kind ? ` of kind ${expected.kind}` : ''}${expected.register ? ` on ${expected.register}` : ''}`;
}
