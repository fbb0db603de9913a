/**
 * A step of the nondeterministic machine. Which actions are enabled is decided by
 * `enabledActions`; every latency schedule and warp interleaving is a sequence of these.
 */
export type Action =
  /** The oldest pending result of a pipe is written (forced for a fixed pipe when due). */
  | { readonly type: 'write'; readonly pipe: number }
  /** No more writes this cycle. */
  | { readonly type: 'endWrites' }
  /** The head of a decoupled pipe's queue leaves it and reads its sources. */
  | { readonly type: 'read'; readonly pipe: number }
  /** No more queue reads this cycle. */
  | { readonly type: 'endReads' }
  /** A ready warp issues its next instruction; the cycle then ends. */
  | { readonly type: 'issue'; readonly warp: number }
  /** The cycle ends without an issue. */
  | { readonly type: 'tick' };

/** Short text form of an action, for traces and replay files (`w0`, `r1`, `i2`, `W`, `R`, `t`). */
export function actionCode(action: Action): string {
  switch (action.type) {
    case 'write': return `w${action.pipe}`;
    case 'endWrites': return 'W';
    case 'read': return `r${action.pipe}`;
    case 'endReads': return 'R';
    case 'issue': return `i${action.warp}`;
    case 'tick': return 't';
  }
}

/** Inverse of `actionCode`; returns null for text that is not an action code. */
export function parseActionCode(code: string): Action | null {
  const match = /^([wriWRt])(\d*)$/.exec(code);
  if (!match) return null;
  const [, letter, digits] = match;
  const index = Number(digits);
  if ((letter === 'W' || letter === 'R' || letter === 't') !== (digits === '')) return null;
  switch (letter) {
    case 'w': return { type: 'write', pipe: index };
    case 'r': return { type: 'read', pipe: index };
    case 'i': return { type: 'issue', warp: index };
    case 'W': return { type: 'endWrites' };
    case 'R': return { type: 'endReads' };
    default: return { type: 'tick' };
  }
}
