import type { RegisterHazard } from '../oracle/hazard.js';
import type { ContextStatus } from './state.js';

/**
 * What can be wrong in a run of the LRC machine: a register hazard (RAW, WAR, WAW against the
 * thread's sequential execution; `warp` is the thread), a counter pushed past its width or below
 * zero, or a deadlock.
 */
export type LrcFinding = RegisterHazard | CounterOverflow | Deadlock;

/** A load reference counter went past 2^bits - 1, or below zero (more returns than requests plus INIT_LRC_VAL). */
export interface CounterOverflow {
  readonly kind: 'overflow';
  readonly thread: number;
  readonly context: number;
  readonly counter: number;
  /** The instruction whose request or return did it; PRELOAD_WRITER for preload data. */
  readonly instruction: number;
  readonly value: number;
  readonly cycle: number;
}

/** A thread held forever: nothing is in flight, so no counter it waits for can change again. */
export interface BlockedThread {
  readonly thread: number;
  readonly context: number;
  readonly status: ContextStatus;
  /** The instruction it is held at (the instruction count when it is in EMIT). */
  readonly instruction: number;
  /** The counter class it waits for and that counter's frozen value. */
  readonly counter: number;
  readonly value: number;
}

/** A reachable state from which some thread can never finish. */
export interface Deadlock {
  readonly kind: 'deadlock';
  readonly cycle: number;
  readonly blocked: readonly BlockedThread[];
}

/**
 * Identity of a finding: the same mistake in different threads is one finding (every thread runs
 * the same program), so it is reported once.
 */
export function lrcFindingKey(finding: LrcFinding): string {
  switch (finding.kind) {
    case 'overflow': return `overflow:${finding.counter}:${finding.instruction}:${finding.value < 0 ? 'below' : 'above'}`;
    case 'deadlock': {
      // DEP and WAIT are the same hold seen before and after the controller looks at the counter.
      const first = finding.blocked[0]!;
      return `deadlock:${first.status === 'EMIT' ? 'emit' : 'dep'}:${first.instruction}:${first.counter}`;
    }
    default: return `${finding.kind}:${finding.register}:${finding.producer}:${finding.consumer}`;
  }
}
