import fc from 'fast-check';
import { annotateProgram } from '../impl/annotate/annotate.js';
import { compileProgram } from '../impl/compiled.js';
import { Simulator } from '../impl/simulator.js';
import { consumerHeavyArbitrary } from '../properties/arbitraries/barrierGroup.js';
import { proveDepbar } from '../solver/proveDepbar.js';
import { proveWholeProgram } from '../solver/wholeProgram.js';
import { effectiveStall } from '../spec/scoreboard/operands.js';
import type { Instruction, Program } from '../spec/scoreboard/program.js';
import { randomSchedule } from '../spec/scoreboard/schedule/latencySchedule.js';
import { benchmarkProgram } from './programs.js';

/** Proof cost per DEPBAR over annotated random programs. */
export interface DepbarProofCost { readonly programs: number; readonly depbars: number; readonly queries: number; readonly meanMs: number; readonly maxMs: number }
/** Whole-program proof time at one size. */
export interface WholeProgramCost { readonly instructions: number; readonly verdict: string; readonly ms: number; readonly growth: number | null }
/** Stall cycles (issue cycles lost to waits) of three ways to choose immediates, over the same schedules. */
export interface StallComparison { readonly programs: number; readonly schedules: number; readonly pass: number; readonly waitForZero: number; readonly solverBest: number }

/** Random programs the pass annotates with DEPBARs (a fixed sample, the same every run). */
function samplePrograms(count: number): Program[] {
  return fc.sample(consumerHeavyArbitrary(), { numRuns: count, seed: 42 }).map((program) => annotateProgram(program).program);
}

export async function depbarProofCost(count: number): Promise<DepbarProofCost> {
  let depbars = 0;
  let queries = 0;
  const times: number[] = [];
  for (const program of samplePrograms(count)) {
    for (const [index, instruction] of program.instructions.entries()) {
      if (instruction.kind !== 'depbar') continue;
      const proof = await proveDepbar(program, index, 10_000);
      depbars++;
      queries += proof.obligations.length;
      times.push(proof.elapsedMs);
    }
  }
  return { programs: count, depbars, queries, meanMs: times.reduce((a, b) => a + b, 0) / Math.max(1, times.length), maxMs: Math.max(0, ...times) };
}

export async function wholeProgramCost(sizes: readonly number[]): Promise<WholeProgramCost[]> {
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
