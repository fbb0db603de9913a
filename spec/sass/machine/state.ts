import type { SassProgram } from '../program.js';

/** Phases of a cycle, as in the scoreboard machine: results land, queues hand over, then issue. */
export type SassPhase = 'write' | 'read' | 'issue';

/**
 * A value in a register: the dynamic instance (issue number `seq`) of the instruction that
 * produced it. Loops issue one instruction many times, so the instance, not the index, orders
 * writes; `instruction` is kept for reports.
 */
export interface RegisterValue {
  readonly seq: number;
  readonly instruction: number;
  /**
   * For a fixed-latency result: cycles since its producer issued (capped at `AGE_LIMIT`), since
   * a reader with a longer read-after-write latency than the landing one may not use it yet.
   * Null for results of variable-latency instructions (usable once landed).
   */
  readonly age: number | null;
}

/** Ages past every latency modelled mean the same thing; capping keeps loop state spaces finite. */
export const AGE_LIMIT = 32;

/** An issued instruction whose results are not all written yet. */
export interface SassInFlight {
  readonly seq: number;
  readonly instruction: number;
  /** Whether its guard held: a skipped instruction still passes through its unit and releases its scoreboards. */
  readonly executed: boolean;
  /** `queued`: sources not read yet; `executing`: sources read, results pending. */
  readonly stage: 'queued' | 'executing';
  /**
   * Fixed latency: cycles until the results are written (0 = due now). Variable latency: cycles
   * until it may read its sources (`readDelay` of its unit; 0 = it may now).
   */
  readonly writeIn: number;
  /** Fixed latency only: cycles since issue (capped at `AGE_LIMIT`). */
  readonly age: number;
  /** The registers this entry writes when it lands (a fixed-latency instruction whose results mature at different times has one entry per latency). */
  readonly registers: readonly string[];
  /** What sequential execution says each source holds, taken at issue: [register, value or null for the initial value]. */
  readonly expected: readonly (readonly [string, RegisterValue | null])[];
}

/** A scoreboard increment its waiters cannot see yet. */
export interface HiddenIncrement {
  readonly scoreboard: number;
  readonly cyclesLeft: number;
  /** The instance that incremented: releasing its scoreboard before it shows cancels both. */
  readonly seq: number;
}

/** The whole machine of one thread. */
export interface SassState {
  /** Absolute cycle, for reports only (left out of state identity). */
  readonly cycle: number;
  readonly phase: SassPhase;
  /** Next instruction to issue, or null once the thread has exited. */
  readonly pc: number | null;
  /** Return addresses of the calls in progress, innermost last. */
  readonly returns: readonly number[];
  readonly stallLeft: number;
  /** Scoreboard counters (what the hardware holds). */
  readonly scoreboards: readonly number[];
  readonly hidden: readonly HiddenIncrement[];
  /** What each register physically holds; absent = its initial value. */
  readonly physical: Readonly<Record<string, RegisterValue>>;
  /** What each register holds in sequential execution of the same path; absent = initial value. */
  readonly logical: Readonly<Record<string, RegisterValue>>;
  readonly nextSeq: number;
  /**
   * Predicate values sequential execution has committed to: a guard reads its predicate's one
   * value until an instruction writes the predicate again (absent = not chosen yet, any value).
   * This keeps `@P0 LDS ...` and a later `@P0 BRA` on the same P0 consistent.
   */
  readonly predicates: Readonly<Record<string, boolean>>;
  /** Fixed-latency instructions in flight. */
  readonly fixed: readonly SassInFlight[];
  /** Per queue of the program, its instructions in issue order. */
  readonly queues: readonly (readonly SassInFlight[])[];
}

/** Before the first cycle: at instruction 0, nothing in flight, counters zero. */
export function initialSassState(program: SassProgram): SassState {
  return {
    cycle: 0,
    phase: 'write',
    pc: program.instructions.length > 0 ? 0 : null,
    returns: [],
    stallLeft: 0,
    scoreboards: new Array<number>(program.scoreboards).fill(0),
    hidden: [],
    physical: {},
    logical: {},
    nextSeq: 0,
    predicates: {},
    fixed: [],
    queues: program.queues.map(() => []),
  };
}

/** Every instruction in flight. */
export function inFlight(state: SassState): SassInFlight[] {
  return [...state.fixed, ...state.queues.flat()];
}

/**
 * A counter as waiters see it: increments still hidden do not count (never below 0). A waiter
 * that sees increments `earlier` cycles sooner than a wait mask (a `DEPBAR`) ignores the hidden
 * ones with at most that many cycles left.
 */
export function visibleCount(state: SassState, scoreboard: number, earlier = 0): number {
  const hidden = state.hidden.filter((increment) => increment.scoreboard === scoreboard && increment.cyclesLeft > earlier).length;
  return Math.max(0, state.scoreboards[scoreboard]! - hidden);
}
