/**
 * A step of the LRC machine. Every latency (when a request reads its sources, when its data
 * returns) and every choice of the resource manager is one of these.
 */
export type LrcAction =
  /** Data of a pending request returns (or a due fixed-latency result is written): `instruction` is PRELOAD_WRITER for preload data, with its register. */
  | { readonly type: 'return'; readonly context: number; readonly instruction: number; readonly register: string | null }
  /** No more returns this cycle. */
  | { readonly type: 'endReturns' }
  /** A pending request reads its sources. */
  | { readonly type: 'read'; readonly context: number; readonly instruction: number }
  /** No more reads this cycle. */
  | { readonly type: 'endReads' }
  /** The resource manager grants the current unit to a waiting context. */
  | { readonly type: 'grant'; readonly unit: number; readonly context: number }
  /** The current unit stays idle this cycle (the spec does not assume a work-conserving arbiter). */
  | { readonly type: 'idle'; readonly unit: number };

/** Short text of an action, for schedules: `x0.3` (return of context 0's #3), `x0.p:r1` (preload of r1), `X`, `r0.3`, `R`, `g1.0`, `i1`. */
export function lrcActionCode(action: LrcAction): string {
  switch (action.type) {
    case 'return': return action.register === null ? `x${action.context}.${action.instruction}` : `x${action.context}.p:${action.register}`;
    case 'endReturns': return 'X';
    case 'read': return `r${action.context}.${action.instruction}`;
    case 'endReads': return 'R';
    case 'grant': return `g${action.unit}.${action.context}`;
    case 'idle': return `i${action.unit}`;
  }
}

/** Inverse of `lrcActionCode`; null for text that is not an action code. */
export function parseLrcActionCode(code: string): LrcAction | null {
  if (code === 'X') return { type: 'endReturns' };
  if (code === 'R') return { type: 'endReads' };
  let match = /^x(\d+)\.p:(\S+)$/.exec(code);
  if (match) return { type: 'return', context: Number(match[1]), instruction: -1, register: match[2]! };
  match = /^([xrg])(\d+)\.(\d+)$/.exec(code);
  if (match) {
    const [first, second] = [Number(match[2]), Number(match[3])];
    if (match[1] === 'x') return { type: 'return', context: first, instruction: second, register: null };
    if (match[1] === 'r') return { type: 'read', context: first, instruction: second };
    return { type: 'grant', unit: first, context: second };
  }
  match = /^i(\d+)$/.exec(code);
  return match ? { type: 'idle', unit: Number(match[1]) } : null;
}
