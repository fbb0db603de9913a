import type { Verdict } from '../explore/verdict.js';

/**
 * The verdict of several (a listing's kernels, an ir3 listing's shaders), as the command's exit
 * code reads them: any `hazard`, else any `unknown`, else any `no-hazard-found`, else
 * `proved-safe` (also for none: nothing was left unchecked).
 */
export function combinedVerdict(verdicts: readonly Verdict[]): Verdict {
  for (const verdict of ['hazard', 'unknown', 'no-hazard-found'] as const) if (verdicts.includes(verdict)) return verdict;
  return 'proved-safe';
}
