/**
 * The closed set of verdicts of `hazardproof check`:
 * - `proved-safe`: every schedule was covered and none has a hazard;
 * - `no-hazard-found`: a bounded or random search found none (not a proof);
 * - `hazard`: a schedule with a hazard was found (with the schedule);
 * - `unknown`: the search could neither finish nor find a hazard (the reason says why).
 */
export type Verdict = 'proved-safe' | 'no-hazard-found' | 'hazard' | 'unknown';

/** All verdicts, in the order of the list above. */
export const VERDICTS: readonly Verdict[] = ['proved-safe', 'no-hazard-found', 'hazard', 'unknown'];

/** Exit code for one or more verdicts: any hazard gives 1, else any unknown gives 3, else 0 (2 is for usage and input errors). */
export function combinedExitCode(verdicts: readonly Verdict[]): number {
  if (verdicts.includes('hazard')) return 1;
  if (verdicts.includes('unknown')) return 3;
  return 0;
}
