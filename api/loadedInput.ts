import type { LoadedComponentProgram } from './components/program.js';
import { INPUT_KINDS } from './inputKind.js';
import type { LoadedListing } from './listing/listing.js';
import type { HazardproofProgram } from './program.js';
import type { StreamoutScenario } from './streamout/scenario.js';

/**
 * What `load` returns: the input read and ready to check, tagged with its `kind`. Each member is
 * also what that kind's own loader returns (`loadProgram`, `loadListing`, `loadComponentProgram`,
 * `loadScenario`) with `kind` and `file` added, so after narrowing on `kind` it goes to that
 * kind's functions (`checkListing`, `runStreamout`...) and matchers as it is. Plain data: it
 * crosses to a worker thread unchanged.
 */
export type LoadedInput =
  | (Extract<HazardproofProgram, { readonly machine: 'scoreboard' }> & { readonly kind: 'scoreboard'; readonly file: string })
  | (Extract<HazardproofProgram, { readonly machine: 'lrc' }> & { readonly kind: 'lrc'; readonly file: string })
  | (LoadedListing & { readonly kind: 'listing' })
  | (LoadedComponentProgram & { readonly kind: 'components' | 'ir3' })
  | (StreamoutScenario & { readonly kind: 'streamout' });

/**
 * Whether a value is what `load` returns (rather than a `loadProgram` result or a scoreboard
 * model, which `check` also takes, for its older signature): an object whose `kind` is an
 * `InputKind`. Neither of those has a `kind`.
 */
export function isLoadedInput(value: unknown): value is LoadedInput {
  if (typeof value !== 'object' || value === null) return false;
  const kind: unknown = (value as { readonly kind?: unknown }).kind;
  return typeof kind === 'string' && (INPUT_KINDS as readonly string[]).includes(kind);
}
