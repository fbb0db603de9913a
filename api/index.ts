/**
 * hazardproof as a library: what the `hazardproof` command does, for a compiler's own test
 * suite. Every report is the object the command's `--json` prints.
 *
 * The front door takes any input the command's `check FILE` takes, recognised the same way:
 *
 * ```ts
 * import { load, check } from 'hazardproof';
 * const report = await check(load('kernel.sm_75.cuasm'), { signal: AbortSignal.timeout(10_000) });
 * if (report.kind === 'listing') for (const kernel of report.kernels) console.log(kernel.kernel, kernel.verdict);
 * ```
 *
 * and each kind has its typed shortcut (`loadProgram`/`check`, `loadListing`/`checkListing`,
 * `loadComponentProgram`/`checkComponents`, `loadScenario`/`runStreamout`):
 *
 * ```ts
 * import { loadProgram, check, prove } from 'hazardproof';
 * const report = await check(loadProgram('kernel.hp'), { seed: 1, signal: AbortSignal.timeout(10_000) });
 * if (report.verdict === 'hazard') console.log(report.hazards[0]!.description, report.hazards[0]!.replay);
 * ```
 * @packageDocumentation
 */
export { load } from './load.js';
export type { InputSource, InputText } from './inputSource.js';
export type { LoadOptions } from './loadOptions.js';
export { isLoadedInput, type LoadedInput } from './loadedInput.js';
export { INPUT_KINDS, type InputKind } from './inputKind.js';
export type { InputCheckOptions, InputProgress } from './inputCheckOptions.js';
export type { InputCheckReport, ListingFileReport, ComponentFileReport } from './inputCheckReport.js';
export { compactReplay, expandReplay } from './replay.js';
export { loadProgram, parseProgram, programFromModel, type HazardproofProgram, type ProgramInput } from './program.js';
export { check, checkSync } from './check.js';
export type { CheckOptions, CheckProgress } from './checkOptions.js';
export type { CheckReport } from './checkLoaded.js';
export type { ScoreboardCheckReport, RegisterHazardReport, OverflowReport, HazardEvidence } from '../reports/checkReport.js';
export type { LrcCheckReport } from '../reports/lrc/checkReport.js';
export type { CheckSummaryReport } from '../reports/checkText.js';
export { prove, stopSolver, DEFAULT_QUERY_TIMEOUT_MS, type ProveOptions, type ProveReport, type ScoreboardProveReport, type LrcProveReport } from './prove.js';
export type { ProveProgress } from './proveLoaded.js';
export { annotate, type AnnotateOptions, type AnnotateResult } from './annotate.js';
export { minimize, type MinimizeOptions, type MinimizeResult } from './minimize.js';
export type { HazardTarget } from '../impl/minimize/showsHazard.js';
export type { SearchMode } from '../explore/search.js';
export type { StopOptions } from './stop.js';
export type { Verdict } from '../explore/verdict.js';
export { InputError, type InputProblem } from '../format/error.js';
export type { Program, Pipe, Control, PipeInstruction, DepbarInstruction, NopInstruction, DecoupledPipe, FixedPipe } from '../spec/scoreboard/program.js';
/** One instruction of a scoreboard program: an operation on a pipe, a `DEPBAR`, or a `NOP`. */
export type { Instruction } from '../spec/scoreboard/program.js';
export type { Operand } from '../spec/operand.js';
export { runSchedule, type ScheduleRun } from './runSchedule.js';
export type { Hazard, RegisterHazard, OverflowHazard } from '../spec/oracle/hazard.js';
export type { LatencySchedule } from '../spec/scoreboard/schedule/latencySchedule.js';
export { loadScenario, parseScenario, type StreamVerdict } from '../format/streamout/load.js';
export type { StreamoutScenario, StreamoutExpectation } from './streamout/scenario.js';
export { runStreamout } from './streamout/run.js';
export type { StreamoutRunOptions } from './streamout/runOptions.js';
export type { StreamoutRunProgress } from './streamout/runProgress.js';
export type { StreamoutRunReport } from './streamout/runReport.js';
export type { StreamoutCoverage, ExhaustiveStreamCoverage, RandomStreamCoverage } from './streamout/coverage.js';
export type { SpecReplayOutcome } from '../impl/streamout/specReplay.js';
export type { Layout as StreamoutLayout, BufferEntry as StreamoutBufferEntry } from '../spec/streamout/layout.js';
export { checkStreamTrace, checkStreamTraceSync } from './streamout/checkTrace.js';
export type { StreamTraceCheckOptions, StreamTraceProgress } from './streamout/traceCheckOptions.js';
export type { StreamTraceReport, StreamTraceReportBody, StreamTraceVerdict, StreamTraceFailure } from './streamout/traceReport.js';
export type { StreamTraceSource } from './streamout/traceSource.js';
export { loadListing, parseListing } from './listing/load.js';
export type { ListingLoadOptions, ListingNotation } from './listing/loadOptions.js';
export type { LoadedListing, ListingKernel } from './listing/listing.js';
export { checkListing, checkListingSync, type ListingCheckOptions } from './listing/check.js';
export type { ListingProgress } from './listing/progress.js';
export type { ListingKernelReport, ListingHazardReport, UnconfirmedHazardReport, AssumedHazardReport, ListSummary } from '../reports/sass/checkText.js';
export type { FactGap } from '../spec/sass/architectures/counterexample.js';
export type { LoweringNote } from '../format/sass/lower.js';
export type { Suspicion } from '../impl/sass/analysis/suspicion.js';
export { loadComponentProgram, parseComponentProgram } from './components/load.js';
export type { ComponentLoadOptions } from './components/loadOptions.js';
export type { ComponentNotation } from './components/notation.js';
export type { LoadedComponentProgram } from './components/program.js';
export { checkComponents, checkComponentsSync, type ComponentCheckOptions } from './components/check.js';
export type { ComponentProgress } from './components/progress.js';
export type { ComponentCheckReport, ComponentHazardReport, ComponentInstructionReport, ComponentExpectationReport, ComponentUnit } from '../reports/components/checkReport.js';
export type { ComponentFinding } from '../spec/components/system.js';
export type { ComponentProgram, ComponentInstruction, ComponentRegister, OtherOperand } from '../spec/components/program.js';
export type { ComponentAction } from '../spec/components/machine.js';
