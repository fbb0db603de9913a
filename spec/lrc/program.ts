/**
 * A program of the LRC thread scheduler (seed 001, Qualcomm): what a `.machine lrc` file means,
 * independent of syntax. Definitions only; the machine that runs it is `machine.ts` and `step.ts`.
 */
import type { Operand } from '../operand.js';

/**
 * A unit the resource manager grants to at most one thread context per cycle (seed 001: the ALU
 * 106, the load controller 108 in front of memory 128 and the texture engine 130, flow control).
 * - `fixed`: predictable latency; sources read at the grant, results written `latency` cycles later.
 * - `request`: unpredictable latency (loads, texture, SFU); a data request counted on its opcode's
 *   counter class; sources read at some moment before the data returns, results written on return.
 * - `flow`: flow control (the FLOW state); sources read at the grant, nothing written.
 */
export type Unit =
  | { readonly kind: 'fixed'; readonly name: string; readonly latency: number; readonly opcodes: readonly string[] }
  | { readonly kind: 'request'; readonly name: string; readonly opcodes: readonly string[] }
  | { readonly kind: 'flow'; readonly name: string; readonly opcodes: readonly string[] };

/**
 * A counter class: one load reference counter per thread context counts the class's outstanding
 * requests (+1 at the grant, -1 at the return). The seed has one class; ir3 has two (`sy`:
 * texture and global memory; `ss`: SFU and local/shared memory).
 */
export interface CounterClass {
  /** Name, also the dependency flag: class `sy` is waited for by `(sy)`. */
  readonly name: string;
  /** Counter width in bits: more than 2^bits - 1 outstanding requests is an overflow. */
  readonly bits: number;
  /** Returns of this class come back in request order (per context); otherwise in any order. */
  readonly inOrder: boolean;
  /** The request opcodes this class counts (base opcodes, without modifiers). */
  readonly opcodes: readonly string[];
}

/**
 * Data still arriving when a thread starts (seed 001, step 302: INIT_LRC_VAL): the counter of
 * the class starts at `initialValue`, and each listed register receives one return. A correct
 * preload has `initialValue` equal to the number of registers.
 */
export interface Preload {
  /** Index of the counter class. */
  readonly counter: number;
  /** INIT_LRC_VAL for this class. */
  readonly initialValue: number;
  readonly registers: readonly string[];
}

/** An instruction: opcode, operands, and the dependency indicators it carries. */
export interface LrcInstruction {
  /** Opcode as written, with modifiers (`isam.base0`); the unit is chosen by the base opcode. */
  readonly opcode: string;
  readonly destinations: readonly Operand[];
  readonly sources: readonly Operand[];
  /**
   * Counter classes (indices, ascending) whose dependency indicator the instruction carries:
   * the context holds it in the DEP state until each of those counters is 0.
   */
  readonly waitFor: readonly number[];
}

/** A whole program: the machine it targets and its straight-line instruction list. */
export interface LrcProgram {
  /** Thread contexts (`.threads N`): how many threads run at once. */
  readonly contexts: number;
  /** Threads to run in all (`.launch M`, default: one per context); an idle context takes the next. */
  readonly threads: number;
  readonly units: readonly Unit[];
  readonly counters: readonly CounterClass[];
  /** At most one per counter class. */
  readonly preloads: readonly Preload[];
  /** INIT_PC: the instruction every thread starts at (0-based). */
  readonly initialPc: number;
  readonly instructions: readonly LrcInstruction[];
}

/** Name of the counter class of a program that declares none: the seed's single load reference counter. */
export const DEFAULT_COUNTER_NAME = 'lrc';
/** Counter width when a `.counter` directive gives none. */
export const DEFAULT_COUNTER_BITS = 6;
