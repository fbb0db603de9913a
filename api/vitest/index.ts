/**
 * `hazardproof/vitest`: the matchers, and their types for `expect`. Register them in a setup file
 * with one line (`setupFiles: ['hazardproof/vitest/setup']` in vitest.config), or call
 * `expect.extend(hazardMatchers)` yourself.
 * @packageDocumentation
 */
import type { CheckOptions } from '../checkOptions.js';
import type { ProveOptions } from '../prove.js';
import type { ExpectedHazard, HazardFreeOptions } from './matchers.js';

export { hazardMatchers, type ExpectedHazard, type HazardFreeOptions, type MatcherContext, type MatcherOutcome } from './matchers.js';

/**
 * The matchers as `expect(...)` offers them once registered. Each takes whatever `load` returns;
 * on a stream-output scenario each runs the protocol on a worker thread: await it
 * (`await expect(load('scenario.json')).toBeHazardFree()`).
 */
export interface HazardMatchers<R = unknown> {
  /** Passes when the check finds no hazard (`proved-safe`, or `no-hazard-found` unless `requireProof`; a scenario: `proved`, or `no-violation-found`); fails with the hazard's timeline and replay command. */
  toBeHazardFree(options?: HazardFreeOptions): R;
  /** Passes when the check finds a hazard of this kind on this register (fields left out match anything; a scenario: a violation whose problems name the kind). */
  toHaveHazard(expected?: ExpectedHazard, options?: CheckOptions): R;
  /** Passes when Z3 proves every DEPBAR sound and the whole program hazard-free (a listing or component program: every kernel or unit `proved-safe`; a scenario: `proved` by the exhaustive run); await it. */
  toBeProvedSafe(options?: ProveOptions): Promise<R>;
}

declare module 'vitest' {
  // vitest declares `Matchers<T = any>`: a merged declaration must repeat its parameters exactly.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  interface Matchers<T = any> extends HazardMatchers<T> {}
}
