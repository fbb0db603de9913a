import type { RegisterValue } from './state.js';

/** One register read: what it saw and what sequential execution of the same path says it should see. */
export interface SassRead {
  readonly register: string;
  readonly seen: RegisterValue | null;
  readonly expected: RegisterValue | null;
}

/** What a step made observable, for the oracle and for timelines. */
export type SassEvent =
  | { readonly type: 'issue'; readonly cycle: number; readonly instruction: number; readonly seq: number; readonly taken: boolean }
  | { readonly type: 'read'; readonly cycle: number; readonly instruction: number; readonly seq: number; readonly reads: readonly SassRead[] }
  | { readonly type: 'write'; readonly cycle: number; readonly instruction: number; readonly seq: number; readonly registers: readonly string[] }
  /** A reader issued before a fixed-latency result it expects was usable by it (`age` cycles after the producer issued). */
  | { readonly type: 'early'; readonly cycle: number; readonly instruction: number; readonly seq: number; readonly register: string; readonly producer: number; readonly age: number }
  | { readonly type: 'overflow'; readonly cycle: number; readonly instruction: number; readonly scoreboard: number; readonly value: number };
