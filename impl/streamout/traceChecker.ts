import { TraceReadings, type ReadingSteps } from '../../format/streamout/traceReadings.js';
import type { TraceCheck, TraceFailure, TraceLine } from '../../format/streamout/trace.js';
import type { StreamScenario } from '../../spec/streamout/scenario.js';
import { StreamTraceReplay } from './traceReplay.js';

/** A streaming reading as `TraceReadings` uses it: mutable, so a fork is a copy. */
const REPLAY_STEPS: ReadingSteps<StreamTraceReplay> = {
  wdSteps: (replay) => replay.wdSteps,
  wdMessages: (replay) => replay.wdMessages,
  hiddenWdNext: (replay) => replay.packetDone(),
  fork: (replay) => replay.copy(),
  takeHiddenWd: (replay) => replay.takePacketDone(),
  take: (replay, line) => replay.take(line),
  state: (replay) => replay.state(),
  finish: (replay, lines) => replay.finish(lines),
};

/**
 * The streaming trace checker: the reference `checkTrace` (format/streamout/traceCheck.ts) on
 * mutable readings (`StreamTraceReplay`) whose size is bounded by the work in flight, for traces
 * of millions of lines. Hidden steps may come between any two lines, as in the reference: the
 * same `TraceReadings` keeps the readings a bare `wd` line allows (at most the scenario's work
 * packets + 1, usually one), so memory does not grow with the trace. It accepts the same lines
 * with the same messages as the reference (property-tested); once a line fails, it ignores the
 * rest.
 */
export class StreamTraceChecker {
  private count = 0;
  private failure: TraceFailure | null = null;
  private readonly readings: TraceReadings<StreamTraceReplay>;

  /** A checker at the start of the protocol for `scenario`. */
  constructor(scenario: StreamScenario) {
    this.readings = new TraceReadings(scenario, REPLAY_STEPS, new StreamTraceReplay(scenario));
  }

  /** Lines checked so far (every line given, also after a failure). */
  get lines(): number {
    return this.count;
  }

  /** How many readings of the trace are kept now (at most the scenario's work packets + 1). */
  get readingCount(): number {
    return this.readings.size;
  }

  /** Checks the next trace line: the failure if this line is the first one not accepted, else null. */
  check(line: TraceLine): TraceFailure | null {
    this.count++;
    if (this.failure) return null;
    const failure = this.readings.take(line);
    if (failure === null) return null;
    this.failure = { line: this.count, message: failure.message, state: failure.state };
    return this.failure;
  }

  /** The verdict once every line is in: as `checkTrace` gives it. */
  finish(): TraceCheck {
    if (this.failure) return { lines: this.count, failure: this.failure, complete: false, problems: [] };
    return this.readings.finish(this.count);
  }
}

/** Checks a whole trace with the streaming checker (the same answer as `checkTrace`, in bounded memory). */
export function checkTraceStreaming(scenario: StreamScenario, lines: Iterable<TraceLine>): TraceCheck {
  const checker = new StreamTraceChecker(scenario);
  for (const line of lines) checker.check(line);
  return checker.finish();
}
