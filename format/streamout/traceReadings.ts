import type { StreamScenario } from '../../spec/streamout/scenario.js';
import type { TraceCheck, TraceLine } from './trace.js';
import { traceLineProblem } from './traceShape.js';

/** What is wrong with a line, and the protocol state there. */
export interface FailureText {
  readonly message: string;
  readonly state: string;
}

/**
 * A line one reading cannot take. The words are built only when no reading takes the line
 * (`explain`): while another reading goes on, a reading that dies is not worth describing, and
 * describing costs a walk over everything in flight.
 */
export interface ReadingFailure {
  readonly failed: true;
  /** What is wrong and the state there (the failed reading is not changed afterwards). */
  explain(): FailureText;
}

/**
 * What `TraceReadings` needs of one reading of a trace (a protocol state a checker tracks, `R`):
 * the reference checker's immutable spec replays and the streaming checker's mutable states both
 * provide it, so both keep exactly the same set of readings and fail with the same message.
 */
export interface ReadingSteps<R> {
  /** How many steps the work distribution unit has taken in this reading: messages and "packet done" steps. */
  wdSteps(reading: R): number;
  /** How many of them sent a message (a token or a bundle): `wdSteps` less the "packet done" steps. */
  wdMessages(reading: R): number;
  /** True when the work distribution unit's next step is hidden ("packet done"). */
  hiddenWdNext(reading: R): boolean;
  /** A reading that later calls may change without changing `reading` (an immutable reading may return itself). */
  fork(reading: R): R;
  /** The reading after the hidden "packet done" step `hiddenWdNext` says is next. */
  takeHiddenWd(reading: R): R;
  /**
   * Takes one well-formed line, with the hidden steps of its own unit that must come before it
   * (the pending "packet done" steps before a `wd` line that names its message, a write of
   * nothing before the unit's next first request): the reading after it, or why not. A bare `wd`
   * line is the work distribution unit's very next step here; `TraceReadings` tries the other reading.
   */
  take(reading: R, line: TraceLine): R | ReadingFailure;
  /** The protocol state in one line (`stateSummary`), for a failure. */
  state(reading: R): string;
  /** The verdict of this reading at the end of a trace of `lines` lines, after every hidden step left. */
  finish(reading: R, lines: number): TraceCheck;
}

/** True when `take` gave a failure rather than a reading. */
function isFailure<R>(result: R | ReadingFailure): result is ReadingFailure {
  return typeof result === 'object' && result !== null && (result as { failed?: unknown }).failed === true;
}

/**
 * The readings of a trace so far: the protocol states that the lines read, with hidden steps
 * between them, can have led to, each standing for every state hidden steps reach from it.
 * Hidden steps ("packet done", a write of nothing) change only their own unit, stay enabled until
 * taken, and commute with every other step, so each reading takes them lazily, just before a line
 * of their unit needs them (docs/streamout.md "Hidden steps"). Only a bare `{"step": "wd"}` line (the old
 * form, which names no message) has two readings where a "packet done" is next: that step
 * itself, recorded, or (all pending "packet done" steps left out) the work distribution unit's
 * next message. (Reading it as a later "packet done", recorded after earlier ones left out, is
 * covered by the first: see below. A bare `write` line has one reading: a unit's next write needs
 * its `first` and `response` lines first.)
 *
 * Readings that have sent the same number of messages are told apart only by "packet done" steps,
 * and the one that took fewer can take the others hidden whenever it likes: every other unit has
 * taken exactly the steps the lines name (its own hidden steps at the same lines, by the same lazy
 * rule); the work distribution unit's steps follow one fixed sequence, so both took the same
 * messages and differ in how far into the "packet done" steps after the last one they are; and
 * the orders of their steps differ only in where "packet done" steps sit, which commute with
 * every other step (a `dispatch` dispatches the k-th stream task in every reading, an `ssyncWd`
 * takes the k-th message). So any continuation of the trace the eager one accepts, the lazy one
 * accepts too (a bare `wd` line the eager one reads as a "packet done" is that for the lazy one
 * too, the hidden ones before it taken), and at the end both take every hidden step and meet.
 * The set therefore keeps one reading per number of messages sent, the lazy one. All readings
 * have matched the same `wd` lines, one step each, so their message counts differ only by the
 * bare `wd` lines read as "packet done" steps, of which a run has one per work packet: at most
 * (work packets + 1) readings, however long the trace (usually 1; 2 for a few lines after a bare
 * `wd`). A property test holds this to a brute-force set of every state hidden steps reach.
 *
 * A line fails when no reading can take it: the failure reported is that of the reading with
 * the fewest work distribution steps, so a trace without bare `wd` lines gets the same messages
 * as before. At the end, a reading that completes the protocol wins.
 */
export class TraceReadings<R> {
  /** The readings, by increasing `wdSteps`, each with its own `wdMessages`. */
  private readings: R[];

  /** The readings at the start of a trace: just `initial`. */
  constructor(private readonly scenario: StreamScenario, private readonly steps: ReadingSteps<R>, initial: R) {
    this.readings = [initial];
  }

  /** How many readings are kept (bounded by the scenario's work packets + 1, not by the trace). */
  get size(): number {
    return this.readings.length;
  }

  /** Takes one line in every reading: null when some reading explains it, else the failure (of the first reading). */
  take(line: TraceLine): FailureText | null {
    const shape = traceLineProblem(line, this.scenario);
    if (shape) return { message: shape.message, state: this.steps.state(this.readings[0]!) };
    const bareWd = line.step === 'wd' && line.message === undefined;
    // The common case (one reading, one way to take the line) without any set to build.
    if (this.readings.length === 1 && !(bareWd && this.steps.hiddenWdNext(this.readings[0]!))) {
      const result = this.steps.take(this.readings[0]!, line);
      if (isFailure(result)) return result.explain();
      this.readings[0] = result;
      return null;
    }
    let failure: ReadingFailure | null = null;
    /** The lazy reading per number of messages sent. */
    const next = new Map<number, R>();
    const keep = (result: R | ReadingFailure) => {
      if (isFailure(result)) {
        failure ??= result;
        return;
      }
      const key = this.steps.wdMessages(result);
      const kept = next.get(key);
      if (kept === undefined || this.steps.wdSteps(result) < this.steps.wdSteps(kept)) next.set(key, result);
    };
    for (const reading of this.readings) {
      // A bare wd line where a "packet done" is next: that step itself, or (on a copy, with every
      // pending "packet done" left out) the next message.
      let later = bareWd && this.steps.hiddenWdNext(reading) ? this.steps.fork(reading) : null;
      keep(this.steps.take(reading, line));
      if (later === null) continue;
      while (this.steps.hiddenWdNext(later)) later = this.steps.takeHiddenWd(later);
      keep(this.steps.take(later, line));
    }
    if (next.size === 0) return failure!.explain();
    this.readings = [...next.values()].sort((a, b) => this.steps.wdSteps(a) - this.steps.wdSteps(b));
    return null;
  }
  /** The verdict once every line is in: a reading that completes the protocol, else one that got through, else the first one's failure at the end. */
  finish(lines: number): TraceCheck {
    const rank = (verdict: TraceCheck) => (verdict.failure !== null ? 2 : verdict.complete ? 0 : 1);
    let best: TraceCheck | null = null;
    for (const reading of this.readings) {
      const verdict = this.steps.finish(reading, lines);
      if (best === null || rank(verdict) < rank(best)) best = verdict;
    }
    return best!;
  }
}
