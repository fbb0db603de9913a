/**
 * Runs a workload compiled for every mechanism (`compile.ts`) under the same latency schedules
 * and totals the stall cycles; checks that every compiled program is hazard-free in every
 * schedule (a finding is a mistake of the pass or the hardware model, and is reported, never
 * dropped).
 */
import { Random } from '../../explore/random.js';
import { compileLrcProgram } from '../../impl/lrc/compiled.js';
import { LrcSimulator } from '../../impl/lrc/simulator.js';
import { compileProgram } from '../../impl/compiled.js';
import { Simulator } from '../../impl/simulator.js';
import { printLrcInstruction, printLrcProgram } from '../../format/lrc/print.js';
import { printInstructionBody, printProgram } from '../../format/hp/print.js';
import type { LrcFinding } from '../../spec/lrc/finding.js';
import type { LrcProgram } from '../../spec/lrc/program.js';
import type { LrcSchedule } from '../../spec/lrc/schedule.js';
import type { Hazard } from '../../spec/oracle/hazard.js';
import type { LatencySchedule } from '../../spec/scoreboard/schedule/latencySchedule.js';
import { compileForAll, ComparisonStopped, MECHANISM_INFO, type CompiledWorkload, type Mechanism } from './compile.js';
import type { StopPredicate } from '../../impl/budget.js';
import type { Workload } from './workload.js';

/** How many schedules, from which seed, with which largest delay. */
export interface CompareOptions {
  /** Schedules per workload; schedule k uses seed `seed + k`. */
  readonly schedules: number;
  readonly seed: number;
  /** Delays are drawn uniformly from 1..maxLatency. */
  readonly maxLatency: number;
  /** A time budget (`--timeout`), asked between schedules and in the scoreboard pass: `ComparisonStopped` when it runs out. */
  readonly shouldStop?: StopPredicate;
}

/**
 * One latency schedule of a workload, machine-neutral: per workload instruction, the cycles from
 * issue to the source read (`read`) and from the read to the result (`result`). Drawn for every
 * instruction (ALU ones too, where no machine uses them), so a schedule does not depend on the
 * instruction kinds.
 */
export interface WorkloadDelays {
  readonly seed: number;
  readonly read: Uint16Array;
  readonly result: Uint16Array;
}

/** Schedule `seed` of an `instructions`-long workload: for each instruction in order, a read delay then a result delay, uniform in 1..maxLatency. */
export function drawDelays(instructions: number, seed: number, maxLatency: number): WorkloadDelays {
  const random = new Random(seed);
  const read = new Uint16Array(instructions);
  const result = new Uint16Array(instructions);
  for (let index = 0; index < instructions; index++) {
    read[index] = random.integer(1, maxLatency);
    result[index] = random.integer(1, maxLatency);
  }
  return { seed, read, result };
}

/** The delays as an LRC schedule (one thread): readDelay and returnDelay per instruction, no preloads. */
export function lrcScheduleOf(compiled: CompiledWorkload, delays: WorkloadDelays): LrcSchedule {
  const size = compiled.program.instructions.length;
  const schedule: LrcSchedule = { readDelay: new Uint16Array(size).fill(1), returnDelay: new Uint16Array(size).fill(1), preloadDelay: new Uint16Array(0) };
  compiled.positions.forEach((position, index) => {
    schedule.readDelay[position] = delays.read[index]!;
    schedule.returnDelay[position] = delays.result[index]!;
  });
  return schedule;
}

/**
 * The delays as a scoreboard-machine schedule (one warp): queueDelay and execDelay of each
 * workload instruction at its position in the compiled program, no issue delays, warp choice 0.
 * Inserted DEPBARs and NOPs occupy no pipe, so their delays (1) are never used.
 */
export function scoreboardScheduleOf(compiled: CompiledWorkload, delays: WorkloadDelays): LatencySchedule {
  const size = compiled.program.instructions.length;
  const schedule: LatencySchedule = { queueDelay: new Uint16Array(size).fill(1), execDelay: new Uint16Array(size).fill(1), issueDelay: new Uint16Array(size), warpChoices: new Uint8Array(size) };
  compiled.positions.forEach((position, index) => {
    schedule.queueDelay[position] = delays.read[index]!;
    schedule.execDelay[position] = delays.result[index]!;
  });
  return schedule;
}

/** One run of one compiled program. */
export interface RunOutcome {
  /** See `stallCycles` in `MechanismTotals`. */
  readonly stallCycles: number;
  /** Issue (LRC: grant) cycle of the workload's last instruction, or null when it never issued. */
  readonly lastIssue: number | null;
  /** Findings (LRC) or hazards (scoreboard machine), each as one sentence. Empty for a correct mechanism. */
  readonly findings: readonly string[];
}

/** A compiled program ready to run many schedules: the simulator is built once. */
export interface PreparedMechanism {
  readonly compiled: CompiledWorkload;
  readonly run: (delays: WorkloadDelays) => RunOutcome;
}

/**
 * Prepares a compiled workload for its machine's optimized simulator. The stall cycles of a run
 * are `lastIssue + 1 - n`, where n is the workload's instruction count and lastIssue the cycle
 * at which the workload's last instruction issued (LRC: was granted); both machines start the
 * thread/warp at cycle 0 and issue its first instruction there, so this counts the cycles from
 * the first issue to the last in which none of the workload's own instructions issued. Cycles
 * taken by instructions a pass inserted (the scoreboard pass's DEPBARs and NOPs) and by stall
 * counts above 1 are stalls. A run that never issued the last instruction (a halt or deadlock,
 * always a finding) counts up to the run's last cycle.
 */
export function prepareMechanism(compiled: CompiledWorkload): PreparedMechanism {
  const n = compiled.positions.length;
  const lastPosition = compiled.positions[n - 1] ?? -1;
  if (compiled.machine === 'lrc') {
    const program = compiled.program;
    const simulator = new LrcSimulator(compileLrcProgram(program));
    return {
      compiled,
      run: (delays) => {
        if (n === 0) return { stallCycles: 0, lastIssue: null, findings: [] };
        const result = simulator.run(lrcScheduleOf(compiled, delays), true);
        let lastIssue: number | null = null;
        for (const event of result.events!) if (event.type === 'grant' && event.instruction === lastPosition) lastIssue = event.cycle;
        const findings = result.findings.map((finding) => describeLrc(finding, program));
        if (!result.finished && findings.length === 0) findings.push(`the run halted at cycle ${result.lastCycle} without a finding`);
        if (lastIssue === null && findings.length === 0) findings.push('the last instruction never issued, without a finding');
        return { stallCycles: Math.max(0, (lastIssue ?? result.lastCycle) + 1 - n), lastIssue, findings };
      },
    };
  }
  const program = compiled.program;
  const simulator = new Simulator(compileProgram(program));
  return {
    compiled,
    run: (delays) => {
      if (n === 0) return { stallCycles: 0, lastIssue: null, findings: [] };
      const result = simulator.run(scoreboardScheduleOf(compiled, delays), true);
      let lastIssue: number | null = null;
      for (const event of result.events!) if (event.type === 'issue' && event.instruction === lastPosition) lastIssue = event.cycle;
      const findings = result.hazards.map((hazard) => describeScoreboard(hazard, compiled));
      if (!result.finished && findings.length === 0) findings.push(`the run stopped at cycle ${result.lastCycle} without a hazard`);
      if (lastIssue === null && findings.length === 0) findings.push('the last instruction never issued, without a hazard');
      return { stallCycles: Math.max(0, (lastIssue ?? result.lastCycle) + 1 - n), lastIssue, findings };
    },
  };
}

/** `#3 (sy)add r2 <- r0, r1`. */
function lrcLabel(program: LrcProgram, index: number): string {
  const instruction = program.instructions[index];
  return instruction === undefined ? `#${index}` : `#${index} ${printLrcInstruction(instruction, program)}`;
}

function describeLrc(finding: LrcFinding, program: LrcProgram): string {
  switch (finding.kind) {
    case 'overflow':
      return `counter ${program.counters[finding.counter]?.name ?? finding.counter} ${finding.value < 0 ? 'below zero' : 'overflow'} (${finding.value}) at ${lrcLabel(program, finding.instruction)}, cycle ${finding.cycle}`;
    case 'deadlock':
      return `deadlock at cycle ${finding.cycle}: held at ${finding.blocked.map((b) => lrcLabel(program, b.instruction)).join(', ')}`;
    default:
      return `${finding.kind} on ${finding.register}: ${lrcLabel(program, finding.producer)} / ${lrcLabel(program, finding.consumer)}` +
        `${finding.observer === null ? '' : `, seen by ${lrcLabel(program, finding.observer)}`}, cycle ${finding.cycle}`;
  }
}

function describeScoreboard(hazard: Hazard, compiled: Extract<CompiledWorkload, { machine: 'scoreboard' }>): string {
  const label = (index: number) => {
    const instruction = compiled.program.instructions[index];
    return instruction === undefined ? `#${index}` : `#${index} ${printInstructionBody(instruction)}`;
  };
  if (hazard.kind === 'overflow') return `SB${hazard.scoreboard} overflow (${hazard.value}) at ${label(hazard.instruction)}, cycle ${hazard.cycle}`;
  return `${hazard.kind} on ${hazard.register}: ${label(hazard.producer)} / ${label(hazard.consumer)}` +
    `${hazard.observer === null ? '' : `, seen by ${label(hazard.observer)}`}, cycle ${hazard.cycle}`;
}

/** A finding in a compiled program: a bug in the mechanism's pass (or hardware model). */
export interface Mistake {
  /** Seed of the schedule that showed it (`drawDelays(n, seed, maxLatency)`). */
  readonly scheduleSeed: number;
  readonly finding: string;
}

/** One mechanism's totals over a workload's schedules. */
export interface MechanismTotals {
  readonly mechanism: Mechanism;
  /**
   * Sum over the schedules of the run's stall cycles: the issue (LRC: grant) cycle of the
   * workload's last instruction + 1 - the workload's instruction count (see `prepareMechanism`).
   */
  readonly stallCycles: number;
  /** Instructions of the compiled program (the scoreboard pass adds DEPBARs and NOPs). */
  readonly compiledInstructions: number;
  /** Every finding of every schedule, at most 20 (`mistakeCount` has them all). */
  readonly mistakes: readonly Mistake[];
  readonly mistakeCount: number;
  /** The compiled program as text (its machine's notation), to reproduce a mistake. */
  readonly programText: string;
}

/** One workload's comparison. */
export interface Comparison {
  readonly workload: string;
  readonly instructions: number;
  readonly schedules: number;
  readonly seed: number;
  readonly maxLatency: number;
  /** In `MECHANISMS` order. */
  readonly results: readonly MechanismTotals[];
}

/** Most mistakes kept per mechanism and workload. */
const MISTAKES_KEPT = 20;

/** Compiles `workload` for every mechanism and runs each under the same `options.schedules` schedules (seeds `seed`..`seed + schedules - 1`). */
export function compareWorkload(name: string, workload: Workload, options: CompareOptions): Comparison {
  const prepared = compileForAll(workload, options.shouldStop).map(prepareMechanism);
  const totals = prepared.map(() => ({ stallCycles: 0, mistakes: [] as Mistake[], mistakeCount: 0 }));
  for (let k = 0; k < options.schedules; k++) {
    const stop = options.shouldStop?.() ?? null;
    if (stop !== null) throw new ComparisonStopped(stop);
    const delays = drawDelays(workload.length, options.seed + k, options.maxLatency);
    prepared.forEach((mechanism, index) => {
      const outcome = mechanism.run(delays);
      const total = totals[index]!;
      total.stallCycles += outcome.stallCycles;
      for (const finding of outcome.findings) {
        total.mistakeCount++;
        if (total.mistakes.length < MISTAKES_KEPT) total.mistakes.push({ scheduleSeed: delays.seed, finding });
      }
    });
  }
  return {
    workload: name, instructions: workload.length, schedules: options.schedules, seed: options.seed, maxLatency: options.maxLatency,
    results: prepared.map(({ compiled }, index) => ({
      mechanism: compiled.mechanism,
      ...totals[index]!,
      compiledInstructions: compiled.program.instructions.length,
      programText: compiled.machine === 'lrc' ? printLrcProgram(compiled.program) : printProgram(compiled.program),
    })),
  };
}

/** Every mistake of a set of comparisons, as report lines (empty when every mechanism was hazard-free everywhere). */
export function mistakeReport(comparisons: readonly Comparison[]): string[] {
  const lines: string[] = [];
  for (const comparison of comparisons) {
    for (const result of comparison.results) {
      if (result.mistakeCount === 0) continue;
      const { title, protectedBy } = MECHANISM_INFO[result.mechanism];
      lines.push(`MISTAKE: ${title} on ${comparison.workload}: ${result.mistakeCount} finding(s) in the compiled program (a bug in ${protectedBy}):`);
      for (const mistake of result.mistakes) lines.push(`  schedule seed ${mistake.scheduleSeed} (max latency ${comparison.maxLatency}): ${mistake.finding}`);
      if (result.mistakeCount > result.mistakes.length) lines.push(`  ... and ${result.mistakeCount - result.mistakes.length} more`);
      lines.push('  compiled program:');
      for (const line of result.programText.trimEnd().split('\n')) lines.push(`    ${line}`);
    }
  }
  return lines;
}
