import { Random } from '../../explore/random.js';
import { runPath } from '../../explore/run.js';
import type { LrcAction } from './action.js';
import type { LrcEvent } from './event.js';
import type { LrcFinding } from './finding.js';
import type { LrcProgram } from './program.js';
import type { LrcState } from './state.js';
import { lrcSystem } from './system.js';

/**
 * A concrete latency schedule of the LRC machine: every delay the hardware leaves open, fixed in
 * advance. Arrays over instruction instances are indexed by `thread * instructionCount + instruction`;
 * preload delays by `thread * preloadCount + k` (preload registers in declaration order).
 * Arbitration is round robin (see `runLrcSchedule`), so a schedule and a program give one run.
 */
export interface LrcSchedule {
  /** Requests: cycles from the grant to the earliest cycle the sources are read (>= 1). */
  readonly readDelay: Uint16Array;
  /** Requests: cycles from the source read (from the grant, for a request without register sources) to the earliest cycle the data returns (>= 1). */
  readonly returnDelay: Uint16Array;
  /** Preload data: cycles from the thread's launch to the earliest cycle it returns (>= 0). */
  readonly preloadDelay: Uint16Array;
}

/** Index of an instruction instance of a thread in the schedule arrays. */
export function lrcSlot(program: LrcProgram, thread: number, instruction: number): number {
  return thread * program.instructions.length + instruction;
}

/** Number of preload registers of one thread. */
export function preloadCount(program: LrcProgram): number {
  return program.preloads.reduce((sum, preload) => sum + preload.registers.length, 0);
}

/** A random schedule from `seed`: request delays in 1..maxLatency, preload delays in 0..maxLatency-1 (data may be back at the launch), uniform, extremes or short like the scoreboard's. */
export function randomLrcSchedule(program: LrcProgram, seed: number, maxLatency: number): LrcSchedule {
  const random = new Random(seed);
  const style = random.pick(['uniform', 'extremes', 'short'] as const);
  const delay = (): number => {
    if (style === 'extremes') return random.next() < 0.5 ? 1 : maxLatency;
    if (style === 'short') return random.integer(1, Math.min(maxLatency, 3));
    return random.integer(1, maxLatency);
  };
  const size = program.threads * program.instructions.length;
  const preloads = program.threads * preloadCount(program);
  const schedule: LrcSchedule = { readDelay: new Uint16Array(size), returnDelay: new Uint16Array(size), preloadDelay: new Uint16Array(preloads) };
  for (let slot = 0; slot < size; slot++) {
    schedule.readDelay[slot] = delay();
    schedule.returnDelay[slot] = delay();
  }
  for (let slot = 0; slot < preloads; slot++) schedule.preloadDelay[slot] = delay() - 1;
  return schedule;
}

/** One execution under a concrete schedule: the actions, events and findings. */
export interface LrcScheduledRun {
  readonly schedule: readonly LrcAction[];
  readonly events: readonly LrcEvent[];
  readonly findings: readonly LrcFinding[];
  /** False only when a counter overflow halted the run; a run that ended stuck (a deadlock finding) counts as finished. */
  readonly finished: boolean;
}

/**
 * Runs the reference machine under a concrete schedule, every step at the earliest cycle the
 * schedule allows: in the return phase the due fixed-latency results, then the due requests
 * (oldest first; an in-order class's data waits for its older data); in the read phase the due
 * source reads, oldest first; in the grant phase each unit goes round robin: to the first waiting
 * context after the one it was granted to last (context 0 first). The policy is work-conserving:
 * a unit with a waiting context never idles.
 */
export function runLrcSchedule(program: LrcProgram, schedule: LrcSchedule): LrcScheduledRun {
  const grantedAt = new Map<number, number>();
  const readAt = new Map<number, number>();
  const launchedAt = new Map<number, number>();
  const lastGranted = program.units.map(() => program.contexts - 1);
  const preloadIndex = new Map<string, number>();
  program.preloads.flatMap((preload) => preload.registers).forEach((register, k) => preloadIndex.set(register, k));
  for (let thread = 0; thread < Math.min(program.contexts, program.threads); thread++) launchedAt.set(thread, 0);
  const slot = (thread: number, instruction: number) => lrcSlot(program, thread, instruction);
  const run = runPath(lrcSystem(program), (state, enabled, _k, last) => {
    for (const event of last) {
      if (event.type === 'grant') grantedAt.set(slot(event.thread, event.instruction), event.cycle);
      if (event.type === 'read') readAt.set(slot(event.thread, event.instruction), event.cycle);
      if (event.type === 'launch') launchedAt.set(event.thread, event.cycle);
    }
    return choose(state, enabled);
  });
  return { schedule: run.actions, events: run.events, findings: run.findings, finished: run.finished };

  function choose(state: LrcState, enabled: readonly LrcAction[]): LrcAction {
    const cycle = state.cycle;
    const threadOf = (context: number) => state.contexts[context]!.thread!;
    if (state.phase === 'return') {
      const forced = enabled.find((a) => a.type === 'return' && a.register === null && state.results.some((r) => r.context === a.context && r.instruction === a.instruction && r.writeIn === 0));
      if (forced) return forced;
      const due = enabled.find((a) => {
        if (a.type !== 'return') return false;
        if (a.register !== null) {
          const thread = threadOf(a.context);
          return launchedAt.get(thread)! + schedule.preloadDelay[thread * preloadCount(program) + preloadIndex.get(a.register)!]! <= cycle;
        }
        const index = slot(threadOf(a.context), a.instruction);
        return (readAt.get(index) ?? grantedAt.get(index)!) + schedule.returnDelay[index]! <= cycle;
      });
      return due ?? { type: 'endReturns' };
    }
    if (state.phase === 'read') {
      const due = enabled.find((a) => a.type === 'read' && grantedAt.get(slot(threadOf(a.context), a.instruction))! + schedule.readDelay[slot(threadOf(a.context), a.instruction)]! <= cycle);
      return due ?? { type: 'endReads' };
    }
    const unit = state.unit;
    const waiting = enabled.filter((a): a is Extract<LrcAction, { type: 'grant' }> => a.type === 'grant').map((a) => a.context);
    for (let step = 1; step <= program.contexts; step++) {
      const context = (lastGranted[unit]! + step) % program.contexts;
      if (waiting.includes(context)) {
        lastGranted[unit] = context;
        return { type: 'grant', unit, context };
      }
    }
    return { type: 'idle', unit };
  }
}
