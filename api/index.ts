/**
 * hazardproof as a library: what the `hazardproof` command does, for a compiler's own test
 * suite. Every report is the object the command's `--json` prints.
 *
 * ```ts
 * import { loadProgram, check, prove } from 'hazardproof';
 * const report = await check(loadProgram('kernel.hp'), { seed: 1, signal: AbortSignal.timeout(10_000) });
 * if (report.verdict === 'hazard') console.log(report.hazards[0]!.description, report.hazards[0]!.replay);
 * ```
 * @packageDocumentation
 */
export { loadProgram, parseProgram, programFromModel, type HazardproofProgram, type ProgramInput } from './program.js';
export { check, checkSync } from './check.js';
export type { CheckOptions, CheckProgress } from './checkOptions.js';
export type { CheckReport } from './checkLoaded.js';
export type { ScoreboardCheckReport, RegisterHazardReport, OverflowReport } from '../reports/checkReport.js';
export type { LrcCheckReport } from '../reports/lrc/checkReport.js';
export type { CheckSummaryReport } from '../reports/checkText.js';
export { prove, stopSolver, DEFAULT_QUERY_TIMEOUT_MS, type ProveOptions, type ProveReport, type ScoreboardProveReport, type LrcProveReport } from './prove.js';
export type { ProveProgress } from './proveLoaded.js';
export { annotate, type AnnotateOptions, type AnnotateResult } from './annotate.js';
export { minimize, type MinimizeOptions, type MinimizeResult } from './minimize.js';
export type { StopOptions } from './stop.js';
export type { Verdict } from '../explore/verdict.js';
export { InputError, type InputProblem } from '../format/error.js';
export type { Program, Instruction, Pipe, Control } from '../spec/scoreboard/program.js';
export type { Operand } from '../spec/operand.js';
export { runSchedule, type ScheduleRun } from './runSchedule.js';
export type { Hazard } from '../spec/oracle/hazard.js';
export type { LatencySchedule } from '../spec/scoreboard/schedule/latencySchedule.js';
