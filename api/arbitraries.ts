/**
 * `hazardproof/arbitraries`: fast-check arbitraries of programs, latency schedules and stream
 * scenarios, to test a compiler pass with properties:
 *
 * ```ts
 * import fc from 'fast-check';
 * import { programs } from 'hazardproof/arbitraries';
 * fc.assert(fc.property(programs({ controls: 'none' }), (program) => {
 *   expect(myPass(program)).toBeHazardFree();
 * }));
 * ```
 * A failure is shrunk to a smallest program and printed with fast-check's seed and path, which
 * replay it (`fc.assert(..., { seed, path })`).
 * @packageDocumentation
 */
import fc from 'fast-check';
import { protectEveryDependency } from '../properties/arbitraries/protected.js';
import { programArbitrary, SMALL_SHAPE } from '../properties/arbitraries/program.js';
import { streamScenarioArbitrary } from '../properties/arbitraries/streamScenario.js';
import type { LatencySchedule } from '../spec/scoreboard/schedule/latencySchedule.js';
import type { Pipe, Program } from '../spec/scoreboard/program.js';
import type { Packet, StreamScenario } from '../spec/streamout/scenario.js';

/** Options of `programs` and `protectedPrograms`; each has a default small enough for exhaustive checks. */
export interface ProgramsOptions {
  /** The pipes (default: `tex` queue, `lsu` queue for LDG/STG, fixed `alu` for FMUL/MOV, random sizes). */
  readonly pipes?: readonly Pipe[];
  /** Most instructions per program (default 5). */
  readonly maxInstructions?: number;
  /** Registers R0..R(n-1) used (default 3). */
  readonly registers?: number;
  /** Scoreboards SB0..SB(n-1) (default 2). */
  readonly scoreboards?: number;
  /** Most warps running the program (default 1). */
  readonly maxWarps?: number;
  /** `random` control records (waits, scoreboards, stalls, DEPBARs), or `none`: unprotected programs, the input of a pass. Default random. */
  readonly controls?: 'random' | 'none';
}

/** Scoreboard programs over the given pipes: random controls (most have hazards), or none (for a pass to protect). */
export function programs(options: ProgramsOptions = {}): fc.Arbitrary<Program> {
  return programArbitrary({
    maxInstructions: options.maxInstructions ?? SMALL_SHAPE.maxInstructions,
    registers: options.registers ?? SMALL_SHAPE.registers,
    scoreboards: options.scoreboards ?? SMALL_SHAPE.scoreboards,
    maxWarps: options.maxWarps ?? SMALL_SHAPE.maxWarps,
    ...(options.pipes ? { pipes: options.pipes } : {}),
    ...(options.controls ? { controls: options.controls } : {}),
  });
}

/**
 * Programs in which every dependency is protected by a wait on zero (writes counted on SB0,
 * reads on SB1): hazard-free under every schedule, the slowest correct answer a pass can give.
 */
export function protectedPrograms(options: Omit<ProgramsOptions, 'controls'> = {}): fc.Arbitrary<Program> {
  return programs({ ...options, scoreboards: Math.max(2, options.scoreboards ?? 2) }).map(protectEveryDependency);
}

/** Options of `latencySchedules`. */
export interface LatencySchedulesOptions {
  /** Largest queue and execution delay in cycles (default 8). */
  readonly maxLatency?: number;
  /** Largest extra issue delay in cycles (default 2). */
  readonly maxIssueDelay?: number;
}

/**
 * Latency schedules of one program: every timing the machine leaves open (queue delays,
 * execution delays, issue delays, warp choices). They shrink towards the eager schedule
 * (every delay 1), so a failing schedule comes back as a simplest one.
 */
export function latencySchedules(program: Program, options: LatencySchedulesOptions = {}): fc.Arbitrary<LatencySchedule> {
  const size = program.warps * program.instructions.length;
  const delays = (max: number, min: number) => fc.array(fc.integer({ min, max }), { minLength: size, maxLength: size });
  return fc.record({
    queueDelay: delays(options.maxLatency ?? 8, 1).map((values) => Uint16Array.from(values)),
    execDelay: delays(options.maxLatency ?? 8, 1).map((values) => Uint16Array.from(values)),
    issueDelay: delays(options.maxIssueDelay ?? 2, 0).map((values) => Uint16Array.from(values)),
    warpChoices: delays(255, 0).map((values) => Uint8Array.from(values)),
  });
}

/** Stream-output scenarios (units, batches, buffers, operations) of the distributed protocol (seed 001). */
export function streamScenarios(): fc.Arbitrary<StreamScenario> {
  return streamScenarioArbitrary();
}

export type { LatencySchedule, Packet, Pipe, Program, StreamScenario };
