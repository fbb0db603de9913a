import type { SeenValue } from '../scoreboard/machine/event.js';

/** Something observable in one step of the LRC machine; the hazard oracle and timelines consume these. */
export type LrcEvent =
  | { readonly type: 'launch'; readonly cycle: number; readonly context: number; readonly thread: number }
  | { readonly type: 'grant'; readonly cycle: number; readonly context: number; readonly thread: number; readonly instruction: number; readonly unit: number }
  | { readonly type: 'read'; readonly cycle: number; readonly context: number; readonly thread: number; readonly instruction: number; readonly seen: readonly SeenValue[] }
  /** Data returned or a fixed-latency result written; `instruction` is PRELOAD_WRITER for preload data. */
  | { readonly type: 'write'; readonly cycle: number; readonly context: number; readonly thread: number; readonly instruction: number; readonly registers: readonly string[] }
  /** The thread's results were moved out (EMIT) and the context went IDLE; `registers` is what it emitted. */
  | { readonly type: 'emit'; readonly cycle: number; readonly context: number; readonly thread: number; readonly registers: Readonly<Record<string, number>> }
  /** A counter went past its width, or below zero (more returns than requests and INIT_LRC_VAL). */
  | { readonly type: 'overflow'; readonly cycle: number; readonly context: number; readonly thread: number; readonly instruction: number; readonly counter: number; readonly value: number };
