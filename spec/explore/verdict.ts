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

/** Process exit code for a verdict: 0 safe or none found, 1 hazard, 3 unknown (2 is for usage and input errors). */
export function verdictExitCode(verdict: Verdict): number {
  switch (verdict) {
    case 'proved-safe':
    case 'no-hazard-found': return 0;
    case 'hazard': return 1;
    case 'unknown': return 3;
  }
}

/** Exit code for several files: any hazard gives 1, else any unknown gives 3, else 0. */
export function combinedExitCode(verdicts: readonly Verdict[]): number {
  if (verdicts.includes('hazard')) return 1;
  if (verdicts.includes('unknown')) return 3;
  return 0;
}
