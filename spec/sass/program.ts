/**
 * The model of a real NVIDIA kernel (Maxwell onwards): one thread's instructions with their
 * control records and control flow, each already resolved against an architecture's opcode
 * table. Definitions only; the machine that runs it is `spec/sass/machine/`.
 */
import type { Control } from '../scoreboard/program.js';

/** A variable-latency queue (memory, texture, special-function, S2R). */
export interface SassQueue {
  readonly name: string;
  /**
   * Whether instructions of this queue read their sources and write their results in issue
   * order (global loads, shared loads, texture) or in any order (S2R).
   */
  readonly ordered: boolean;
}

/** How an instruction produces its results. */
export type SassUnit =
  /** Sources read at issue, destinations written exactly `latency` cycles after issue. */
  | { readonly kind: 'fixed'; readonly latency: number }
  /** Sources read and results written at unknown later times, through queue `queue` (index into `queues`). */
  | { readonly kind: 'variable'; readonly queue: number }
  /** No pipe (branches, barriers, `NOP`, `DEPBAR`): reads at issue, writes nothing, releases its scoreboards at once. */
  | { readonly kind: 'none' };

/** Where control goes after an instruction issues. A guarded transfer may also fall through. */
export type SassFlow =
  | { readonly kind: 'next' }
  | { readonly kind: 'branch'; readonly target: number }
  | { readonly kind: 'call'; readonly target: number }
  | { readonly kind: 'return' }
  | { readonly kind: 'exit' };

/** One instruction of the model. */
export interface SassInstruction {
  /** Opcode with modifiers, as written. */
  readonly opcode: string;
  /** Guard predicate; a guarded instruction may or may not execute (predicate values are unknown). */
  readonly guard: { readonly predicate: string; readonly negated: boolean } | null;
  /** Registers written (R, P, UR, UP names; 64/128-bit destinations expanded; never RZ/PT/URZ/UPT). */
  readonly destinations: readonly string[];
  /** Registers read, the guard predicate included. */
  readonly sources: readonly string[];
  readonly unit: SassUnit;
  readonly flow: SassFlow;
  /** `DEPBAR.LE SBn, k`: issues only when scoreboard n is at most k. */
  readonly depbar: { readonly scoreboard: number; readonly limit: number } | null;
  readonly control: Control;
  /** Where the instruction is in its file (1-based), for reports. */
  readonly line: number;
  readonly column: number;
  /** The instruction as written, for reports. */
  readonly text: string;
}

/** A kernel as the machine runs it: one thread, entry at instruction 0. */
export interface SassProgram {
  readonly name: string;
  readonly architecture: string;
  readonly queues: readonly SassQueue[];
  /** Number of scoreboard counters (6 on every architecture modelled). */
  readonly scoreboards: number;
  /**
   * Cycles after its setter issues before a scoreboard increment is seen by a wait mask or a
   * `DEPBAR` (a waiter right after its setter needs a stall of at least this on Maxwell).
   */
  readonly visibilityDelay: number;
  readonly instructions: readonly SassInstruction[];
}
