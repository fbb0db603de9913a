import { expectedLayout, type BufferEntry } from './layout.js';
import type { StreamScenario } from './scenario.js';
import type { StreamState } from './state.js';
import { isComplete, streamActions, type StreamContext } from './step.js';

/**
 * What is wrong with a state, if anything: protocol rules broken on the way; at the end (no
 * action left) a deadlock if the work is not complete; and, once complete, buffers and counters
 * that differ from the API's driver-order answer.
 */
export function streamProblems(context: StreamContext, state: StreamState): string[] {
  const problems = [...state.violations];
  const duplicates = repeated(state.inFlight);
  if (duplicates.length > 0) problems.push(`batch IDs in flight twice: ${duplicates.join(', ')}`);
  if (streamActions(context, state).length > 0) return problems;
  if (!isComplete(context, state)) {
    problems.push(`deadlock: nothing can happen but the work is not done (${describeStuck(state)})`);
    return problems;
  }
  problems.push(...layoutProblems(context.scenario, state.buffers, state.needed, state.written));
  return problems;
}

/**
 * How finished buffers and counters differ from the API's driver-order answer: every primitive
 * exactly where that layout puts it (contiguous, without overlap or gap, between offset bundles),
 * and the same primitives needed and written. Empty when they match.
 */
export function layoutProblems(scenario: StreamScenario, buffers: readonly (readonly BufferEntry[])[], needed: number, written: number): string[] {
  const problems: string[] = [];
  const expected = expectedLayout(scenario);
  buffers.forEach((entries, b) => {
    const got = inPlaceOrder(entries);
    const want = inPlaceOrder(expected.buffers[b]!);
    // Words only for a difference: building them for every entry made large runs slow.
    if (!samePlaces(got, want)) problems.push(bufferDifference(b, got, want));
  });
  if (needed !== expected.primitivesNeeded) problems.push(`primitives needed ${needed}, expected ${expected.primitivesNeeded}`);
  if (written !== expected.primitivesWritten) problems.push(`primitives written ${written}, expected ${expected.primitivesWritten}`);
  return problems;
}

/** Entries sorted by offset, then primitive (a copy). */
function inPlaceOrder(entries: readonly BufferEntry[]): BufferEntry[] {
  return [...entries].sort((x, y) => x.offset - y.offset || x.primitive - y.primitive);
}

/** True when two sorted entry lists hold the same primitives at the same offsets. */
function samePlaces(a: readonly BufferEntry[], b: readonly BufferEntry[]): boolean {
  return a.length === b.length && a.every((entry, k) => entry.offset === b[k]!.offset && entry.primitive === b[k]!.primitive);
}

/** Entries listed in full up to this many; longer buffers are shown around their first difference. */
const LISTED_ENTRIES = 64;

/** How a buffer differs from the API's answer: both in full when short, else a few entries around the first difference. */
function bufferDifference(b: number, got: readonly BufferEntry[], want: readonly BufferEntry[]): string {
  if (got.length <= LISTED_ENTRIES && want.length <= LISTED_ENTRIES) return `buffer ${b} holds [${placesText(got, 0, got.length)}], expected [${placesText(want, 0, want.length)}] (primitive@byte)`;
  let first = 0;
  while (first < got.length && first < want.length && got[first]!.offset === want[first]!.offset && got[first]!.primitive === want[first]!.primitive) first++;
  const from = Math.max(0, first - 2);
  return `buffer ${b} holds ${got.length} entries, expected ${want.length}; the first difference is entry ${first}: it holds [${placesText(got, from, first + 3)}], expected [${placesText(want, from, first + 3)}] (primitive@byte)`;
}

/** Entries from..to-1 as `primitive@byte`, with `...` where entries are left out. */
function placesText(entries: readonly BufferEntry[], from: number, to: number): string {
  const shown = entries.slice(from, to).map((e) => `${e.primitive}@${e.offset}`);
  return [...(from > 0 ? ['...'] : []), ...shown, ...(to < entries.length ? ['...'] : [])].join(' ');
}

/** Every value seen before in the list, in list order (the second and later occurrences). */
function repeated(values: readonly number[]): number[] {
  const seen = new Set<number>();
  const again: number[] = [];
  for (const value of values) {
    if (seen.has(value)) again.push(value);
    else seen.add(value);
  }
  return again;
}

function describeStuck(state: StreamState): string {
  const waiting = state.ssync.table.flatMap((slot, unit) => (slot ? [`unit ${unit} waits with batch ${slot.id} task ${slot.task}`] : []));
  const current = state.ssync.current ? `SSYNC serves batch ${state.ssync.current.id} task ${state.ssync.current.task}` : 'SSYNC idle';
  return [current, ...waiting, `${state.inFlight.length} batch ID(s) in flight`].join('; ');
}
