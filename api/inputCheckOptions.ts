import type { CheckOptions, CheckProgress } from './checkOptions.js';
import type { ComponentProgress } from './components/progress.js';
import type { ListingProgress } from './listing/progress.js';
import type { StreamoutRunOptions } from './streamout/runOptions.js';
import type { StreamoutRunProgress } from './streamout/runProgress.js';

/**
 * Progress of `check` on a `load` result: the kind's own progress (`CheckProgress`,
 * `ListingProgress`, `ComponentProgress`, `StreamoutRunProgress`) tagged with the input's `kind`,
 * so one callback can narrow on it.
 */
export type InputProgress =
  | (CheckProgress & { readonly kind: 'scoreboard' | 'lrc' })
  | (ListingProgress & { readonly kind: 'listing' })
  | (ComponentProgress & { readonly kind: 'components' | 'ir3' })
  | (StreamoutRunProgress & { readonly kind: 'streamout' });

/**
 * Options of `check` on a `load` result: every kind's options in one object, each applying to the
 * kinds that take it and ignored by the others (so one set serves inputs of any kind), each with
 * its kind's default: `mode`, `maxLatency` and `scoreboardBits` for programs; `seed` and `runs` for
 * programs (random schedules) and stream-output scenarios (random timings); `maxStates` for
 * programs, the component machine and exhaustive stream-output runs; `exhaustive` and `jobs` for
 * stream-output scenarios. `timeoutMs` and `signal` bound any check: when either ends it, what
 * was not decided is `unknown` with the reason. Values out of range are a `RangeError` naming the
 * option, for the kinds that take it.
 */
export interface InputCheckOptions extends Omit<CheckOptions, 'onProgress'>, Omit<StreamoutRunOptions, 'onProgress'> {
  /** Called as the check goes, as often as the kind's own function calls it. */
  readonly onProgress?: (progress: InputProgress) => void;
}
