import type { StopPredicate } from '../explore/search.js';
import type { Expectation } from '../format/hp/expectation.js';
import { checkProgram } from '../impl/check.js';
import { checkLrcProgram } from '../impl/lrc/check.js';
import { checkJson, meetsExpectation, type FileCheck, type ScoreboardCheckReport } from '../reports/checkReport.js';
import { lrcCheckJson, meetsLrcExpectation, type LrcCheckReport, type LrcFileCheck } from '../reports/lrc/checkReport.js';
import type { CheckProgress, CheckSettings } from './checkOptions.js';
import type { HazardproofProgram } from './program.js';

/** The report of a check: the `--json` object of `hazardproof check`, per machine. */
export type CheckReport = ScoreboardCheckReport | LrcCheckReport;

/**
 * Most findings a report lists one by one; the verdict's reason still counts them all. A long
 * program can show tens of thousands in one schedule, each with that whole schedule: listed in
 * full, the JSON of one file passed what a string can hold.
 */
export const MAX_LISTED_FINDINGS = 100;

/**
 * A checked program: the full result (for minimization), the part reports list (`shown`: at most
 * `MAX_LISTED_FINDINGS` findings, `unlisted` more), and its JSON report, built when first asked
 * (it replays every listed finding: a text-only run does not need it).
 */
export type CheckedProgram =
  | { readonly machine: 'scoreboard'; readonly check: FileCheck; readonly shown: FileCheck; readonly unlisted: number; readonly met: boolean | null; readonly report: () => ScoreboardCheckReport }
  | { readonly machine: 'lrc'; readonly check: LrcFileCheck; readonly shown: LrcFileCheck; readonly unlisted: number; readonly met: boolean | null; readonly report: () => LrcCheckReport };

/** A function computing its value once, on the first call. */
function once<T>(compute: () => T): () => T {
  let value: { readonly result: T } | null = null;
  return () => (value ??= { result: compute() }).result;
}

/** How one check is run: its settings, its stop predicate, where progress goes, and the file's expectation. */
export interface CheckRun {
  readonly settings: CheckSettings;
  readonly shouldStop: StopPredicate;
  readonly onProgress?: (progress: CheckProgress) => void;
  readonly expectation?: Expectation | null;
}

/** Checks one program on its machine; the report lists at most `MAX_LISTED_FINDINGS` findings and counts the rest. */
export function checkLoaded(program: HazardproofProgram, run: CheckRun): CheckedProgram {
  const { settings, shouldStop, onProgress } = run;
  const expectation = run.expectation ?? null;
  const search = { mode: settings.mode, seed: settings.seed, runs: settings.runs, maxLatency: settings.maxLatency, maxStates: settings.maxStates, shouldStop, ...(onProgress ? { onProgress } : {}) };
  if (program.machine === 'lrc') {
    const result = checkLrcProgram(program.parsed.program, search);
    const check: LrcFileCheck = { parsed: program.parsed, result, expectation };
    const shown: LrcFileCheck = { ...check, result: { ...result, findings: result.findings.slice(0, MAX_LISTED_FINDINGS) } };
    const unlisted = result.findings.length - shown.result.findings.length;
    return { machine: 'lrc', check, shown, unlisted, met: meetsLrcExpectation(check), report: once(() => ({ ...lrcCheckJson(shown), ...(unlisted > 0 ? { findingsNotListed: unlisted } : {}) })) };
  }
  const result = checkProgram(program.parsed.program, { ...search, scoreboardMax: settings.scoreboardMax });
  const check: FileCheck = { parsed: program.parsed, result, expectation, scoreboardMax: settings.scoreboardMax };
  const shown: FileCheck = { ...check, result: { ...result, hazards: result.hazards.slice(0, MAX_LISTED_FINDINGS) } };
  const unlisted = result.hazards.length - shown.result.hazards.length;
  return { machine: 'scoreboard', check, shown, unlisted, met: meetsExpectation(result, expectation), report: once(() => ({ ...checkJson(shown), ...(unlisted > 0 ? { hazardsNotListed: unlisted } : {}) })) };
}
