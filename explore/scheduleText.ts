/**
 * The one text form of replay schedules, for every machine (scoreboard `.hp`, LRC, NVIDIA
 * listings, the component machine and its ir3 listings): action codes separated by spaces, where
 *
 * - a run of one code is `code*n` (`c*5`, `W*2`), and
 * - a repeated block of several codes is `(codes)*n` (`(W R t)*12`), nested as deep as it goes
 *   (`((W R t)*3 W R i)*4`).
 *
 * A latency schedule is mostly the same cycle again (`W R t` while a load is in flight, `W R i`
 * while instructions issue), so the block form is what keeps a 300-cycle NVIDIA replay a line
 * instead of a thousand tokens. The plain form (every code written out) is the same grammar
 * without groups, so every schedule printed before groups existed still reads.
 */

/** Longest block (in codes) the encoder looks for: a loop body of a few dozen instructions, a few codes per cycle. */
const MAX_BLOCK = 256;

/**
 * A block of several codes is grouped only when it repeats at least this often, or is at least
 * `LONG_BLOCK` codes long: `W R i0 W R i0` reads better written out than as `(W R i0)*2`,
 * while a long loop body run twice is worth its parentheses.
 */
const MIN_BLOCK_REPEATS = 3;
const LONG_BLOCK = 4;

/**
 * Writes a schedule compactly (see the file comment): the shortest form the greedy encoder
 * finds, deterministic, and read back exactly by `parseCodes`. Codes must not contain spaces nor
 * start with `(` (no machine's do).
 */
export function formatCodes(codes: readonly string[]): string {
  // Codes are compared as numbers: the encoder compares blocks many times over.
  const ids = new Map<string, number>();
  const interned = codes.map((code) => {
    let id = ids.get(code);
    if (id === undefined) ids.set(code, id = ids.size);
    return id;
  });
  return encodeRange(codes, interned, 0, codes.length).join(' ');
}

/** The parts (codes, `code*n`, `(...)*n`) of `codes[start, end)`. */
function encodeRange(codes: readonly string[], ids: readonly number[], start: number, end: number): string[] {
  const parts: string[] = [];
  let index = start;
  while (index < end) {
    const best = bestRepeat(codes, ids, index, end);
    if (best === null) {
      parts.push(codes[index]!);
      index++;
      continue;
    }
    const { period, repeats } = best;
    parts.push(period === 1
      ? `${codes[index]!}*${repeats}`
      : `(${encodeRange(codes, ids, index, index + period).join(' ')})*${repeats}`);
    index += period * repeats;
  }
  return parts;
}

/**
 * The repeat starting at `start` that saves the most characters: a run of one code (any run of
 * two or more, as `code*n` always was), or a block of several codes repeated back to back (see
 * `MIN_BLOCK_REPEATS`); null when there is none. Ties go to the shorter block.
 */
function bestRepeat(codes: readonly string[], ids: readonly number[], start: number, end: number): { period: number; repeats: number } | null {
  let run = 1;
  while (start + run < end && ids[start + run] === ids[start]) run++;
  let best: { period: number; repeats: number; saving: number } | null = run >= 2 ? { period: 1, repeats: run, saving: saving(codes, start, 1, run) } : null;
  const longest = Math.min(MAX_BLOCK, Math.floor((end - start) / 2));
  for (let period = 2; period <= longest; period++) {
    // A block of one code only is the run above, written shorter.
    if (run >= period) continue;
    if (ids[start + period] !== ids[start]) continue;
    let repeats = 1;
    while (start + (repeats + 1) * period <= end && sameBlock(ids, start, start + repeats * period, period)) repeats++;
    if (repeats < 2 || (repeats < MIN_BLOCK_REPEATS && period < LONG_BLOCK)) continue;
    const saved = saving(codes, start, period, repeats);
    if (saved > 0 && (best === null || saved > best.saving)) best = { period, repeats, saving: saved };
  }
  return best && { period: best.period, repeats: best.repeats };
}

/** Whether `ids[a, a + length)` equals `ids[b, b + length)`. */
function sameBlock(ids: readonly number[], a: number, b: number, length: number): boolean {
  for (let offset = 0; offset < length; offset++) if (ids[a + offset] !== ids[b + offset]) return false;
  return true;
}

/** Characters saved by writing `repeats` copies of the `period` codes at `start` as one group (block written out plainly: an estimate for nested groups). */
function saving(codes: readonly string[], start: number, period: number, repeats: number): number {
  let block = period - 1;
  for (let offset = 0; offset < period; offset++) block += codes[start + offset]!.length;
  const plain = repeats * block + repeats - 1;
  const grouped = (period > 1 ? 2 : 0) + block + 1 + String(repeats).length;
  return plain - grouped;
}

/** A schedule as written: codes and groups, each with its repeat count, not yet expanded. */
type Item = { readonly code: string; readonly repeats: number } | { readonly group: readonly Item[]; readonly repeats: number };

/** A trailing `)` or `)*n` of a token, one per group it closes. */
const CLOSING = /\)(?:\*(\d*))?$/;

/**
 * Reads the text into items; an error message for unbalanced parentheses, an empty group or a
 * count that is not a whole number from 1.
 */
function parseItems(text: string): Item[] | string {
  const stack: Item[][] = [[]];
  for (const token of text.trim().split(/\s+/).filter(Boolean)) {
    let rest = token;
    while (rest.startsWith('(')) {
      stack.push([]);
      rest = rest.slice(1);
    }
    // The groups this token closes, innermost first (read from the end of the token).
    const closings: string[] = [];
    for (let match = CLOSING.exec(rest); match !== null && stack.length - closings.length > 1; match = CLOSING.exec(rest)) {
      closings.unshift(match[1] ?? '');
      rest = rest.slice(0, match.index);
    }
    if (rest !== '') {
      const star = rest.lastIndexOf('*');
      const repeats = star < 0 ? 1 : wholeCount(rest.slice(star + 1));
      const code = star < 0 ? rest : rest.slice(0, star);
      if (repeats === null || code === '') return `'${token}' is not an action code`;
      stack.at(-1)!.push({ code, repeats });
    }
    for (const count of closings) {
      const repeats = count === '' ? 1 : wholeCount(count);
      const group = stack.pop()!;
      if (repeats === null) return `'${token}': a group's count must be a whole number from 1`;
      if (group.length === 0) return `'${token}' closes an empty group`;
      stack.at(-1)!.push({ group, repeats });
    }
  }
  if (stack.length > 1) return `${stack.length - 1} group(s) opened with '(' are not closed`;
  return stack[0]!;
}

/** `n` as a count (a whole number from 1), or null. */
function wholeCount(text: string): number | null {
  if (!/^\d+$/.test(text)) return null;
  const count = Number(text);
  return Number.isSafeInteger(count) && count >= 1 ? count : null;
}

/** Actions the items expand to (a float: it may pass what an array can hold, which the caller refuses). */
function expandedLength(items: readonly Item[]): number {
  return items.reduce((total, item) => total + item.repeats * ('code' in item ? 1 : expandedLength(item.group)), 0);
}

/**
 * How many actions a schedule's text expands to, counted without expanding it (so a caller can
 * refuse `(c*1000000)*1000000` before building it); an error message for malformed text.
 */
export function countCodes(text: string): number | string {
  const items = parseItems(text);
  return typeof items === 'string' ? items : expandedLength(items);
}

/**
 * Reads a schedule written by `formatCodes` (or written out plainly, or by hand) with a machine's
 * code parser; returns an error message (naming the bad part and the codes `expected` describes)
 * for malformed text. Callers that take text from users bound it with `countCodes` first.
 */
export function parseCodes<Action>(text: string, parse: (code: string) => Action | null, expected: string): Action[] | string {
  const items = parseItems(text);
  if (typeof items === 'string') return `${items} (${expected}, optionally *count; a repeated block as (codes)*count)`;
  const parsed = new Map<string, Action>();
  const actions: Action[] = [];
  const expand = (list: readonly Item[]): string | null => {
    for (const item of list) {
      for (let copy = 0; copy < item.repeats; copy++) {
        if ('group' in item) {
          const bad = expand(item.group);
          if (bad !== null) return bad;
          continue;
        }
        if (!parsed.has(item.code)) {
          const read = parse(item.code);
          if (read === null) return `'${item.code}' is not an action code (${expected}, optionally *count)`;
          parsed.set(item.code, read);
        }
        actions.push(parsed.get(item.code) as Action);
      }
    }
    return null;
  };
  const bad = expand(items);
  return bad ?? actions;
}
