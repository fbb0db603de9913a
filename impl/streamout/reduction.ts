import type { StreamState } from '../../spec/streamout/state.js';
import type { StreamAction } from '../../spec/streamout/step.js';

/**
 * Partial-order reduction of the stream-output protocol: a persistent set of the enabled steps,
 * for `exploreAll`'s `reduce` option.
 *
 * Why it keeps every problem. Every step makes progress (each message, task and packet is handled
 * once), so the state space is finite and acyclic, and every path ends in a terminal state. A
 * set T of enabled steps is persistent when no sequence of steps outside T, taken from here, can
 * contain a step that conflicts with one of T (disables it, is disabled by it, or gives another
 * state when the two are swapped). Expanding only T then still reaches every terminal state: take
 * a path to one; some step of T is on it (else T would still be enabled at the end), and the first
 * one can be swapped to the front. Every problem is either seen in a terminal state (a deadlock,
 * buffers or counters unlike the API's answer) or a rule broken on the way, which stays in
 * `violations` and so is seen in every terminal state after it. (The one other finding, an ID in
 * flight twice, always comes with its violation, and the work distribution unit never does it.)
 *
 * The sets chosen, first that applies:
 * 1. One SO unit step (`first`, `second`, `response`, `write`). It touches the unit, the tail of
 *    the channel it sends on, the head of the one it receives on, and the buffers, which are kept
 *    sorted (so writes of different units commute). Pushing to a channel's tail and taking its
 *    head commute; the one unit step no other step can disable or be swapped with is itself. Two
 *    steps of the same unit commute, except a response arriving while the unit still holds the
 *    previous one (it would overwrite it). That never happens when SSYNC answers each first
 *    request at most once (property 2 below): a unit asks again only after using its response.
 * 2. `retire`, when the ID it returns is in flight and outside stream output: only `finish` of
 *    the same ID or a new ID handed out equal to it could interfere, and neither can happen.
 * 3. `finish` of a batch outside stream output: it removes an ID in flight, which only a retire
 *    of the same ID (ruled out by property 3 below: SSYNC retires stream batches only) or a new
 *    ID handed out equal to it (impossible while it is in flight) could interfere with.
 * 4. `wd`: it appends to the channel to SSYNC and hands out an ID that is not in flight. Only a
 *    retire or finish of that very ID could interfere, which property 3 rules out. (`dispatch`
 *    is never enabled together with `wd`, and cannot become so without it.)
 * 5. All `dispatch` choices: they only append to a unit's queue, which commutes with everything
 *    else; they conflict with each other, so all of them are kept.
 * Otherwise every enabled step: SSYNC's steps run the pluggable policy and are treated as
 * conflicting with each other.
 *
 * Sound for an SSYNC policy that
 * 1. reads only SSYNC's state and changes only SSYNC's state, appending to the response and
 *    retire channels and to `violations` (what the step's copy-on-write leaves it);
 * 2. answers each first request at most once (sends unit u no more responses than first requests
 *    it has received from u);
 * 3. retires only batch IDs whose work token it has received in an operation, each once (so a
 *    retired ID is a stream batch's, in flight until the retire message arrives).
 * The reference SSYNC and the planted bugs of the property suites have all three; the soundness
 * suite compares reduced and unreduced searches under each of them.
 *
 * Under the reduction the explorer's breadth-first path to a problem is a shortest path of the
 * reduced graph, not necessarily of the whole protocol.
 */
export function streamPersistentSet(state: StreamState, enabled: readonly StreamAction[]): readonly StreamAction[] {
  for (const action of enabled) if (isUnitStep(action)) return [action];
  const retire = enabled.find((action) => action.type === 'retire');
  if (retire && retireIsLocal(state)) return [retire];
  const finish = enabled.find((action) => action.type === 'finish');
  if (finish) return [finish];
  const wd = enabled.find((action) => action.type === 'wd');
  if (wd) return [wd];
  const dispatches = enabled.filter((action) => action.type === 'dispatch');
  if (dispatches.length > 0) return dispatches;
  return enabled;
}

function isUnitStep(action: StreamAction): boolean {
  return action.type === 'first' || action.type === 'second' || action.type === 'response' || action.type === 'write';
}

/** The ID the next retire returns is in flight and not a batch outside stream output (which `finish` could also return). */
function retireIsLocal(state: StreamState): boolean {
  const id = state.retires[0]!;
  return state.inFlight.includes(id) && !state.nonStream.includes(id);
}
