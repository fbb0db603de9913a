import fc from 'fast-check';
import { annotateProgram } from '../impl/annotate/annotate.js';
import { compileProgram } from '../impl/compiled.js';
import { Simulator } from '../impl/simulator.js';
import { consumerHeavyArbitrary } from '../properties/arbitraries/barrierGroup.js';
import { proveDepbar } from '../solver/proveDepbar.js';
import { proveWholeProgram } from '../solver/wholeProgram.js';
import { startZ3 } from '../solver/z3.js';
import { effectiveStall } from '../spec/scoreboard/operands.js';
import type { Instruction, Program } from '../spec/scoreboard/program.js';
import { randomSchedule } from '../spec/scoreboard/schedule/latencySchedule.js';
import { benchmarkProgram } from './programs.js';

/** What issue 11 asks of the proofs: the median DEPBAR proof, and the largest whole-program proof with its time. */
export const PROOF_TARGETS = { depbarMedianMs: 20, wholeProgramInstructions: 256, wholeProgramMs: 10_000 } as const;

/** Mean, median, 95th percentile (nearest rank) and maximum of a sample of times, in ms. */
export interface TimeSummary { readonly meanMs: number; readonly medianMs: number; readonly p95Ms: number; readonly maxMs: number }
/**
 * Proof cost per DEPBAR over annotated random programs, once per run over the same sample: the
 * first run pays for compiling Z3's WebAssembly and our code as it goes, later ones mostly not.
 * Z3 was started before (`startMs`, not counted).
 */
export interface DepbarProofCost { readonly programs: number; readonly depbars: number; readonly queries: number; readonly startMs: number; readonly runs: readonly TimeSummary[] }
/** Whole-program proof time at one size. */
export interface WholeProgramCost { readonly instructions: number; readonly verdict: string; readonly ms: number; readonly growth: number | null }
/** Stall cycles (issue cycles lost to waits) of three ways to choose immediates, over the same schedules. */
export interface StallComparison { readonly programs: number; readonly schedules: number; readonly pass: number; readonly waitForZero: number; readonly solverBest: number }

/** Random programs the pass annotates with DEPBARs (a fixed sample, the same every run). */
function samplePrograms(count: number): Program[] {
  return fc.sample(consumerHeavyArbitrary(), { numRuns: count, seed: 42 }).map((program) => annotateProgram(program).program);
}

/** Summarises a sample of times (all zero for an empty one). */
export function summarizeTimes(times: readonly number[]): TimeSummary {
  if (times.length === 0) return { meanMs: 0, medianMs: 0, p95Ms: 0, maxMs: 0 };
  const sorted = [...times].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return {
    meanMs: sorted.reduce((a, b) => a + b, 0) / sorted.length,
    medianMs: sorted.length % 2 === 1 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2,
    p95Ms: sorted[Math.ceil(0.95 * sorted.length) - 1]!,
    maxMs: sorted.at(-1)!,
  };
}

/** Proves every DEPBAR of `count` annotated random programs, each on its own, `runs` times over; Z3 is started (and timed) first. */
export async function depbarProofCost(count: number, runs = 2): Promise<DepbarProofCost> {
  const startMs = await startZ3();
  const programs = samplePrograms(count);
  let depbars = 0;
  let queries = 0;
  const summaries: TimeSummary[] = [];
  for (let run = 0; run < runs; run++) {
    const times: number[] = [];
    queries = 0;
    for (const program of programs) {
      for (const [index, instruction] of program.instructions.entries()) {
        if (instruction.kind !== 'depbar') continue;
        const proof = await proveDepbar(program, index, 10_000);
        queries += proof.obligations.length;
        times.push(proof.elapsedMs);
      }
    }
    depbars = times.length;
    summaries.push(summarizeTimes(times));
  }
  return { programs: count, depbars, queries, startMs, runs: summaries };
}

/** Proves `benchmarkProgram(size)` hazard-free with Z3 for each size, timing each (Z3 started first, not counted). */
export async function wholeProgramCost(sizes: readonly number[]): Promise<WholeProgramCost[]> {
  await startZ3();
  const rows: WholeProgramCost[] = [];
  for (const size of sizes) {
    const started = performance.now();
    const answer = await proveWholeProgram(benchmarkProgram(size), 60_000);
    const ms = performance.now() - started;
    rows.push({ instructions: size, verdict: answer.verdict, ms, growth: rows.length === 0 ? null : ms / rows.at(-1)!.ms });
  }
  return rows;
}

/** Cycles the warp waited beyond its stalls (eager schedules: no issue delays), summed over runs. */
function stallCycles(program: Program, seeds: readonly number[]): number {
  const simulator = new Simulator(compileProgram(program));
  let total = 0;
  for (const seed of seeds) {
    const schedule = randomSchedule(program, seed, 8);
    schedule.issueDelay.fill(0);
    const issues = simulator.run(schedule, true).events!.filter((event) => event.type === 'issue');
    for (let k = 1; k < issues.length; k++) {
      const previous = program.instructions[issues[k - 1]!.instruction]!;
      total += issues[k]!.cycle - issues[k - 1]!.cycle - effectiveStall(previous.control);
    }
  }
  return total;
}

/** Stall cycles with the pass's immediates, with every DEPBAR waiting for zero, and with the solver's largest safe immediates. */
export async function stallComparison(count: number, schedules: number): Promise<StallComparison> {
  const seeds = Array.from({ length: schedules }, (_, i) => i + 1);
  const withLimits = (program: Program, limit: (instruction: Instruction & { kind: 'depbar' }, index: number) => number) =>
    ({ ...program, instructions: program.instructions.map((instruction, index) => (instruction.kind === 'depbar' ? { ...instruction, limit: limit(instruction, index) } : instruction)) });
  let pass = 0;
  let waitForZero = 0;
  let solverBest = 0;
  for (const program of samplePrograms(count)) {
    pass += stallCycles(program, seeds);
    waitForZero += stallCycles(withLimits(program, () => 0), seeds);
    const best = new Map<number, number>();
    for (const [index, instruction] of program.instructions.entries()) {
      if (instruction.kind === 'depbar') best.set(index, (await proveDepbar(program, index, 10_000)).largestSafe ?? 0);
    }
    solverBest += stallCycles(withLimits(program, (_, index) => best.get(index)!), seeds);
  }
  return { programs: count, schedules, pass, waitForZero, solverBest };
}
