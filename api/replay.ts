import { countCodes, formatCodes, parseCodes } from '../explore/scheduleText.js';

/**
 * Most actions `expandReplay` writes out: the command's `--replay` limit. A few characters
 * (`(c*1000000)*1000000`) can ask for more than any memory holds.
 */
const MAX_EXPANDED_ACTIONS = 10_000_000;

/** The codes of a replay schedule, one per action; a `RangeError` for a malformed or oversized one. */
function codesOf(replay: string): string[] {
  const count = countCodes(replay);
  if (typeof count === 'string') throw new RangeError(`not a replay schedule: ${count}`);
  if (count > MAX_EXPANDED_ACTIONS) throw new RangeError(`the replay schedule asks for ${count} actions; at most ${MAX_EXPANDED_ACTIONS} are written out`);
  const codes = parseCodes(replay, (code) => code, 'action codes');
  if (typeof codes === 'string') throw new RangeError(`not a replay schedule: ${codes}`);
  return codes;
}

/**
 * A replay schedule (what reports print after `--replay`, for any machine) written out one code
 * per action: `(W R t)*2 i` is `W R t W R t i`. Every machine's `--replay` takes either form; this
 * is for comparing schedules, or tools that count actions.
 * @throws RangeError for text that is not a schedule, or one of more than ten million actions.
 */
export function expandReplay(replay: string): string {
  return codesOf(replay).join(' ');
}

/**
 * A replay schedule in its compact form, the one reports print: a run of one code as `code*n`, a
 * repeated block as `(codes)*n`. `expandReplay(compactReplay(s))` is `expandReplay(s)`.
 * @throws RangeError for text that is not a schedule, or one of more than ten million actions.
 */
export function compactReplay(replay: string): string {
  return formatCodes(codesOf(replay));
}
