import type { Program } from '../program.js';

/**
 * Within a cycle the machine moves through three phases, so that a register written at cycle c
 * is seen by reads at cycle c: first results are written, then queues hand instructions to their
 * units (which read sources), then at most one instruction issues and the cycle ends. The order
 * also gives "each step of an instruction comes in a later cycle than the previous one" for free:
 * an instruction issued at cycle t is read at t+1 at the earliest and written at t+2.
 */
export type Phase = 'write' | 'read' | 'issue';

/** An issued instruction still inside a pipe. */
export interface InFlight {
  readonly warp: number;
  readonly instruction: number;
  /** `queued`: sources not yet read (holds a queue slot); `executing`: sources read, result pending. */
  readonly stage: 'queued' | 'executing';
  /** Fixed pipes only: cycles left until the result is written (0 = written this cycle). */
  readonly writeIn: number;
}

/** One warp's architectural state. */
export interface WarpState {
  /** Index of the next instruction to issue (= instruction count when done). */
  readonly next: number;
  /** Cycles left before the next instruction may issue (the previous one's stall). */
  readonly stallLeft: number;
  /** Scoreboard counter values. */
  readonly scoreboards: readonly number[];
  /** Register file: for each register, the index of the instruction whose value it holds (absent = initial value). */
  readonly registers: Readonly<Record<string, number>>;
}

/** The whole machine: warps, pipes (shared by all warps) and the clock. */
export interface MachineState {
  /** Absolute cycle number, for reports; no rule depends on it, so it is left out of state identity. */
  readonly cycle: number;
  readonly phase: Phase;
  readonly warps: readonly WarpState[];
  /** For each declared pipe, its in-flight instructions in issue order. */
  readonly pipes: readonly (readonly InFlight[])[];
}

/** The state before the first cycle: nothing issued, all counters zero, registers hold initial values. */
export function initialState(program: Program): MachineState {
  const warp: WarpState = {
    next: 0,
    stallLeft: 0,
    scoreboards: new Array<number>(program.scoreboards).fill(0),
    registers: {},
  };
  return {
    cycle: 0,
    phase: 'write',
    warps: Array.from({ length: program.warps }, () => warp),
    pipes: program.pipes.map(() => []),
  };
}
