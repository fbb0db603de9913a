import { Random } from '../../../explore/random.js';
import type { Program } from '../program.js';

/**
 * A concrete latency schedule: every timing choice the machine leaves open, fixed in advance.
 * Arrays are indexed by `warp * instructionCount + instruction`. Under the schedule each step
 * happens at the earliest cycle it is allowed to (see `runSchedule` in the spec and `simulate`
 * in impl/), so a schedule plus a program gives exactly one execution.
 */
export interface LatencySchedule {
  /** Decoupled pipes: cycles from issue to the earliest cycle the instruction may leave its queue (>= 1). */
  readonly queueDelay: Uint16Array;
  /** Decoupled pipes: cycles from the read to the earliest cycle the result may be written (>= 1). */
  readonly execDelay: Uint16Array;
  /** Extra cycles the warp holds the instruction after its predecessor's stall has elapsed (>= 0). */
  readonly issueDelay: Uint16Array;
  /** When several warps are ready, decision k issues the ready warp number `warpChoices[k] % ready` (then the lowest). */
  readonly warpChoices: Uint8Array;
}

/** Index of an instruction instance of a warp in the schedule arrays. */
export function scheduleSlot(program: Program, warp: number, instruction: number): number {
  return warp * program.instructions.length + instruction;
}

/** A schedule where everything is as fast as the machine allows and warps go lowest first. */
export function eagerSchedule(program: Program): LatencySchedule {
  const size = program.warps * program.instructions.length;
  return {
    queueDelay: new Uint16Array(size).fill(1),
    execDelay: new Uint16Array(size).fill(1),
    issueDelay: new Uint16Array(size),
    warpChoices: new Uint8Array(size),
  };
}

/**
 * A random schedule drawn from `seed`, delays in 1..maxLatency. Each schedule picks a style, so a
 * campaign covers uniform delays, extremes (1 or maxLatency: the long-latency corners) and short
 * delays (back-to-back completions), with or without issue delays.
 */
export function randomSchedule(program: Program, seed: number, maxLatency: number): LatencySchedule {
  const random = new Random(seed);
  const style = random.pick(['uniform', 'extremes', 'short'] as const);
  const issueDelayChance = random.pick([0, 0, 0.2, 0.5]);
  const delay = (): number => {
    if (style === 'extremes') return random.next() < 0.5 ? 1 : maxLatency;
    if (style === 'short') return random.integer(1, Math.min(maxLatency, 3));
    return random.integer(1, maxLatency);
  };
  const size = program.warps * program.instructions.length;
  const schedule = eagerSchedule(program);
  for (let slot = 0; slot < size; slot++) {
    schedule.queueDelay[slot] = delay();
    schedule.execDelay[slot] = delay();
    if (random.next() < issueDelayChance) schedule.issueDelay[slot] = delay();
    schedule.warpChoices[slot] = random.integer(0, 255);
  }
  return schedule;
}
