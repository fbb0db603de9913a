import type { AbortFlag } from './abortFlag.js';
import type { JobKind } from './jobTable.js';

/** What the calling thread sends a worker: one job. */
export interface WorkerJob {
  readonly kind: JobKind;
  readonly input: unknown;
  /** The caller's time budget in milliseconds, or null. */
  readonly timeoutMs: number | null;
  readonly abortFlag: AbortFlag;
  readonly wantsProgress: boolean;
}

/** What a worker sends back about its job. */
export type WorkerMessage =
  | { readonly type: 'progress'; readonly progress: unknown }
  | { readonly type: 'done'; readonly output: unknown }
  | { readonly type: 'error'; readonly message: string; readonly stack: string | null };
