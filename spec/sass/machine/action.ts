/**
 * A step of the thread machine. The freedom of every latency schedule and of every unknown
 * branch condition or guard is in these choices.
 */
export type SassAction =
  /** A fixed-latency result that is due is written (`position` in the fixed list). */
  | { readonly type: 'writeFixed'; readonly position: number }
  /** A variable-latency result is written: the oldest of an ordered queue, any read one of an unordered queue. */
  | { readonly type: 'write'; readonly queue: number; readonly position: number }
  | { readonly type: 'endWrites' }
  /** A queued instruction reads its sources: the oldest of an ordered queue, any of an unordered one. */
  | { readonly type: 'read'; readonly queue: number; readonly position: number }
  | { readonly type: 'endReads' }
  /**
   * The next instruction issues; `taken` is the value of its guard (always true when unguarded),
   * and for a conditional transfer (`SassFlow`) whether it is taken, whatever its guard.
   */
  | { readonly type: 'issue'; readonly taken: boolean }
  | { readonly type: 'tick' };

/** Short text of an action for schedules: `f0`, `w1.0`, `W`, `r1.0`, `R`, `i`, `n` (guard false), `t`. */
export function sassActionCode(action: SassAction): string {
  switch (action.type) {
    case 'writeFixed': return `f${action.position}`;
    case 'write': return `w${action.queue}.${action.position}`;
    case 'endWrites': return 'W';
    case 'read': return `r${action.queue}.${action.position}`;
    case 'endReads': return 'R';
    case 'issue': return action.taken ? 'i' : 'n';
    case 'tick': return 't';
  }
}

/** Inverse of `sassActionCode`; null for text that is not one. */
export function parseSassActionCode(code: string): SassAction | null {
  const simple: Record<string, SassAction> = {
    W: { type: 'endWrites' }, R: { type: 'endReads' }, i: { type: 'issue', taken: true },
    n: { type: 'issue', taken: false }, t: { type: 'tick' },
  };
  if (simple[code]) return simple[code]!;
  const fixed = /^f(\d+)$/.exec(code);
  if (fixed) return { type: 'writeFixed', position: Number(fixed[1]) };
  const queued = /^([wr])(\d+)\.(\d+)$/.exec(code);
  if (!queued) return null;
  const [, letter, queue, position] = queued;
  return { type: letter === 'w' ? 'write' : 'read', queue: Number(queue), position: Number(position) };
}
