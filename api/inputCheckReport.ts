import type { Verdict } from '../explore/verdict.js';
import type { ScoreboardCheckReport } from '../reports/checkReport.js';
import type { ComponentCheckReport } from '../reports/components/checkReport.js';
import type { LrcCheckReport } from '../reports/lrc/checkReport.js';
import type { ListingKernelReport } from '../reports/sass/checkText.js';
import type { StreamoutRunReport } from './streamout/runReport.js';

/** `check`'s report on a listing: one report per kernel checked, and the verdict of them all. */
export interface ListingFileReport {
  readonly kind: 'listing';
  readonly file: string;
  /** `hazard` if any kernel has one, else `unknown` if any is undecided, else `proved-safe`. */
  readonly verdict: Verdict;
  /** The objects `hazardproof check LISTING --json` prints, in file order. */
  readonly kernels: readonly ListingKernelReport[];
}

/** `check`'s report on a `.comp` program or an ir3 listing: one report per unit (the program, or each shader), and the verdict of them all. */
export interface ComponentFileReport {
  readonly kind: 'components' | 'ir3';
  readonly file: string;
  /** `hazard` if any unit has one, else `unknown` if any is undecided, else `proved-safe`. */
  readonly verdict: Verdict;
  /** The objects `hazardproof check FILE --json` prints, one per unit. */
  readonly units: readonly ComponentCheckReport[];
}

/**
 * What `check` returns for a `load` result: one type for every kind, to narrow on `kind`. Each
 * has `kind`, `file` and `verdict` (a stream-output run's verdicts are its own: `proved`,
 * `no-violation-found`, `violation`, `unknown`); the rest is the kind's own report, as its
 * `--json` prints it.
 */
export type InputCheckReport =
  | (ScoreboardCheckReport & { readonly kind: 'scoreboard' })
  | (LrcCheckReport & { readonly kind: 'lrc' })
  | ListingFileReport
  | ComponentFileReport
  | (StreamoutRunReport & { readonly kind: 'streamout' });
