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
  /**
   * Whether, in a queue whose results may complete in any order (`ordered` false), the
   * instructions still read their sources in issue order (Blackwell's global loads: ptxas waits
   * on a later load's read scoreboard before overwriting an earlier load's address). Implied by
   * `ordered`; absent means false.
   */
  readonly readsInOrder?: boolean;
  /**
   * Queues naming the same read group read their sources in one issue order across them: an
   * instruction of any of them reads only after every earlier instruction of all of them has
   * (the load/store unit's global and local memory instructions: ptxas overwrites a global
   * load's address after waiting only on a later local store's read scoreboard). Each such
   * queue reads in issue order itself too. Absent: the queue's order is its own.
   */
  readonly readGroup?: string;
  /**
   * Whether each instruction of this (ordered) queue reads its sources only after the one before
   * it has written its results, so a later one reads an earlier one's results with no wait
   * (`QueueFacts.serial`: wgmma accumulator chains). Absent means false.
   */
  readonly serial?: boolean;
}

/**
 * Whether `reader` reads `producer`'s results after they land because both go through one serial
 * queue (`SassQueue.serial`) and have the same shape (the same opcode and modifiers: the PTX ISA
 * orders accumulator accesses across wgmma instructions of one shape only).
 */
export function readsAfterSerialWrite(program: Pick<SassProgram, 'queues'>, producer: SassInstruction, reader: SassInstruction): boolean {
  if (producer.unit.kind !== 'variable' || reader.unit.kind !== 'variable' || producer.unit.queue !== reader.unit.queue) return false;
  return program.queues[producer.unit.queue]?.serial === true && producer.opcode === reader.opcode;
}

/** Whether the instructions of `queue` read their sources in issue order (always so in an ordered queue, or one of a read group). */
export function readsInIssueOrder(queue: SassQueue): boolean {
  return queue.ordered || queue.readsInOrder === true || queue.readGroup !== undefined;
}

/**
 * Whether an instruction of queue `later` (an index of `program.queues`) reads its sources only
 * after every earlier instruction of queue `earlier` has: one queue that reads in issue order, or
 * two of one read group.
 */
export function readsAfter(program: Pick<SassProgram, 'queues'>, earlier: number, later: number): boolean {
  const first = program.queues[earlier];
  const second = program.queues[later];
  if (first === undefined || second === undefined) return false;
  if (earlier === later) return readsInIssueOrder(first);
  return first.readGroup !== undefined && first.readGroup === second.readGroup;
}

/** How an instruction produces its results. */
export type SassUnit =
  /**
   * Sources read at issue, destinations written exactly `latency` cycles after issue, or
   * `destinationLatency[register]` cycles for a register listed there (a predicate result can
   * take longer than the register result of the same instruction); `latency` is the largest.
   */
  | {
      readonly kind: 'fixed';
      readonly latency: number;
      readonly destinationLatency?: Readonly<Record<string, number>>;
      /**
       * Latency classes of particular registers, replacing the instruction's `latencyClass` in the
       * `readAfterWrite` matrices where they have a figure: `write` for a destination as a writer,
       * `read` for a source as a reader (IMAD.WIDE's low and high result halves, its A/B operands
       * and the two halves of its addend C are timed apart by NVIDIA's tables).
       */
      readonly registerClasses?: RegisterClasses;
    }
  /**
   * Sources read and results written at unknown later times, through queue `queue` (index into
   * `queues`); the sources no sooner than `readDelay` cycles after issue where a source gives one
   * (`OpcodeInfo.readDelay`), so the results and the scoreboard release come later still.
   */
  | { readonly kind: 'variable'; readonly queue: number; readonly readDelay?: number }
  /** No pipe (branches, barriers, `NOP`, `DEPBAR`): reads at issue, writes nothing, releases its scoreboards at once. */
  | { readonly kind: 'none' };

/** Per-register latency classes of a fixed unit (`SassUnit`). */
export interface RegisterClasses {
  readonly write?: Readonly<Record<string, string>>;
  readonly read?: Readonly<Record<string, string>>;
}

/**
 * Where control goes after an instruction issues. A guarded transfer may also fall through (when
 * its guard fails), and so may a `conditional` one whatever its guard: its own condition (a
 * predicate operand, `BRA.U !UP0, ...`; the warp's convergence, `BRA.DIV UR4, ...`) is another
 * value the model does not know.
 */
export type SassFlow =
  | { readonly kind: 'next' }
  | { readonly kind: 'branch'; readonly target: number; readonly conditional?: true }
  | { readonly kind: 'call'; readonly target: number; readonly conditional?: true }
  | { readonly kind: 'return'; readonly conditional?: true }
  | { readonly kind: 'exit'; readonly conditional?: true };

/** Whether a transfer may not happen even when its guard holds (`SassFlow`'s `conditional`). */
export function isConditional(flow: SassFlow): boolean {
  return flow.kind !== 'next' && flow.conditional === true;
}

/**
 * Whether two guards read one predicate (not `PT`) in opposite senses (`@P0`, `@!P0`): while the
 * predicate keeps its value, the instructions they guard never both execute.
 */
export function oppositeGuards(a: SassInstruction['guard'], b: SassInstruction['guard']): boolean {
  return a !== null && b !== null && a.predicate === b.predicate && a.predicate !== 'PT' && a.negated !== b.negated;
}

/** Whether control may go on to the next instruction after `instruction` issues: no transfer, a guard, or a condition of its own. */
export function mayFallThrough(instruction: Pick<SassInstruction, 'guard' | 'flow'>): boolean {
  return instruction.flow.kind === 'next' || instruction.guard !== null || isConditional(instruction.flow);
}

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
  /**
   * Sources a variable-latency instruction reads when it issues rather than when its queue
   * hands it over: the guard and predicate operands. A subset of `sources`; every source of a
   * fixed-latency or unit-less instruction is read at issue anyway.
   */
  readonly readAtIssue: readonly string[];
  /**
   * Destinations a variable-latency instruction writes when its queue hands it over to read its
   * sources (the read step, which releases its read scoreboard), not when it completes: its
   * predicate outputs where the table says so (`OpcodeInfo.earlyPredicates`). A subset of
   * `destinations`; absent when none.
   */
  readonly earlyDestinations?: readonly string[];
  readonly unit: SassUnit;
  readonly flow: SassFlow;
  /** Queues (indices) whose instructions must all have read their sources before this one issues (Maxwell/Pascal `BAR`). */
  readonly drains: readonly number[];
  /** `DEPBAR.LE SBn, k`: issues only when scoreboard n is at most k. */
  readonly depbar: { readonly scoreboard: number; readonly limit: number } | null;
  readonly control: Control;
  /**
   * Class of the instruction in the program's `readAfterWrite` matrices, as a writer and as a
   * reader (NAK's and maxas' latency categories); null when it has none.
   */
  readonly latencyClass: string | null;
  /** Where the instruction is in its file (1-based), for reports. */
  readonly line: number;
  readonly column: number;
  /** The instruction as written, for reports. */
  readonly text: string;
  /**
   * Set on an instruction that stands for code outside the listing (the caller of a device
   * function, reading and overwriting registers after its return): why a hazard through it is
   * not a finding of the listing's own (the caller is not seen), only a reason for `unknown`.
   */
  readonly outsideListing?: string;
  /**
   * Set on a call the model cannot see into (a callee outside the listing, a call through a
   * register): why a fixed-latency result still in flight when it issues is no finding. The callee
   * reads it some cycles after the call, how many is not seen, and ptxas relies on that time
   * (`CALL.ABS.NOINC` issued before an `IMAD` result it passes lands). A scoreboarded result is
   * waited for at every call ptxas writes, so a hazard on one stays a finding.
   */
  readonly opaqueCall?: string;
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
  /** The same for `DEPBAR` (at most `visibilityDelay`): ptxas puts a `DEPBAR` one cycle after a setter on Maxwell and Pascal. */
  readonly depbarVisibilityDelay: number;
  /**
   * Read-after-write latencies by (writer class, reader class) per register file, where the
   * architecture has them; a pair not listed uses the writer's latency. Reader `guard` is a
   * guard read.
   */
  readonly readAfterWrite: ReadAfterWriteMatrices | null;
  readonly instructions: readonly SassInstruction[];
  /**
   * Where set, the program is timed in wait states of this many cycles (AMD gfx9: every source line
   * takes this many cycles per wait state, `format/amdgpu/waitStateTiming.ts`), and reports state
   * read-after-write distances in wait states. Absent: cycles.
   */
  readonly cyclesPerWaitState?: number;
}

/** Cycles from a writer class to a reader class: `matrix[writer][reader]`. */
export type LatencyMatrix = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** One matrix per register file. */
export interface ReadAfterWriteMatrices {
  readonly general?: LatencyMatrix;
  readonly predicate?: LatencyMatrix;
  readonly uniform?: LatencyMatrix;
  readonly uniformPredicate?: LatencyMatrix;
}
