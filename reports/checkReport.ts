import type { CheckResult } from '../impl/check.js';
import type { FoundHazard } from '../spec/scoreboard/found.js';
import { formatSchedule, replay, type Trace } from '../spec/scoreboard/trace.js';
import type { Expectation } from '../format/hp/expectation.js';
import type { ParsedProgram } from '../format/hp/parse.js';
import { hazardKey, type Hazard } from '../spec/oracle/hazard.js';
import { DEFAULT_SCOREBOARD_MAX } from '../spec/scoreboard/machine/step.js';
import { describeHazard, eventCycle } from './describeHazard.js';
import { renderTimeline } from './timeline.js';
import { renderCheckSummary, summaryJson, type CheckSummaryReport } from './checkText.js';
import type { Verdict } from '../explore/verdict.js';

/** The outcome of checking one file, with what the file said to expect. */
export interface FileCheck {
  readonly parsed: ParsedProgram;
  readonly result: CheckResult;
  readonly expectation: Expectation | null;
  readonly scoreboardMax: number;
}

/** A found hazard replayed through the reference model, ready to print. */
export interface ExplainedHazard {
  readonly hazard: Hazard;
  readonly trace: Trace;
  readonly description: string;
  readonly replayCommand: string;
  readonly found: FoundHazard;
}

/** Replays a hazard's schedule (so every report shows a trace the model really allows) and describes it. */
export function explainHazard(check: FileCheck, found: FoundHazard): ExplainedHazard {
  return explainFound(check.parsed, found, check.result.maxLatency, check.scoreboardMax);
}

/**
 * The last replay, kept for the next hazard: the hazards one schedule shows come one after the
 * other, and replaying a long program's schedule once per hazard made reports quadratic.
 */
let lastReplay: { readonly program: ParsedProgram['program']; readonly key: unknown; readonly scoreboardMax: number; readonly trace: Trace; readonly byKey: Map<string, Hazard> } | null = null;

/** A trace's hazards by key, the first of each (a long schedule shows thousands: looking each up by a scan was quadratic). */
function hazardsByKey(trace: Trace): Map<string, Hazard> {
  const byKey = new Map<string, Hazard>();
  for (const hazard of trace.hazards) if (!byKey.has(hazardKey(hazard))) byKey.set(hazardKey(hazard), hazard);
  return byKey;
}

/** A schedule's text, kept for the next hazard of the same schedule (they share its action list). */
const scheduleTexts = new WeakMap<FoundHazard['schedule'], string>();
function scheduleText(schedule: FoundHazard['schedule']): string {
  let text = scheduleTexts.get(schedule);
  if (text === undefined) {
    text = formatSchedule(schedule);
    scheduleTexts.set(schedule, text);
  }
  return text;
}

/** `explainHazard` for a hazard found outside `check` (fuzz): the replay command reruns its schedule seed. */
export function explainFound(parsed: ParsedProgram, found: FoundHazard, maxLatency: number, scoreboardMax: number): ExplainedHazard {
  // A random schedule is named by its seed; an exhaustive search's by its action list.
  const key = found.seed === null ? found.schedule : `${found.seed}/${maxLatency}`;
  const same = lastReplay !== null && lastReplay.program === parsed.program && lastReplay.key === key && lastReplay.scoreboardMax === scoreboardMax;
  if (!same) {
    const trace = replay(parsed.program, found.schedule, scoreboardMax);
    lastReplay = { program: parsed.program, key, scoreboardMax, trace, byKey: hazardsByKey(trace) };
  }
  const { trace, byKey } = lastReplay!;
  const hazard = byKey.get(hazardKey(found.hazard));
  if (!hazard) throw new Error(`internal error: the schedule of ${hazardKey(found.hazard)} does not reproduce it`);
  const bits = scoreboardMax === DEFAULT_SCOREBOARD_MAX ? '' : ` --scoreboard-bits ${Math.log2(scoreboardMax + 1)}`;
  const replayCommand = found.seed === null
    ? `hazardproof check ${parsed.file} --replay "${scheduleText(found.schedule)}"${bits}`
    : `hazardproof check ${parsed.file} --mode random --seed ${found.seed} --runs 1 --max-latency ${maxLatency}${bits}`;
  return { hazard, trace, description: describeHazard(parsed, hazard, trace), replayCommand, found };
}

/** Whether a result is what the file's `# expect:` comment says; null when the file states nothing. */
export function meetsExpectation(result: CheckResult, expectation: Expectation | null): boolean | null {
  if (!expectation) return null;
  if (result.verdict !== expectation.verdict) return false;
  if (expectation.kind === null) return true;
  return result.hazards.some(({ hazard }) =>
    hazard.kind === expectation.kind &&
    (expectation.register === null || (hazard.kind !== 'overflow' && hazard.register === expectation.register)));
}

/** Text report of one file: verdict, why, each hazard with its description, a timeline and a replay command. */
export function renderCheckText(check: FileCheck, timelines: 'first' | 'all' | 'none' = 'first'): string {
  const { parsed, result, expectation } = check;
  const findings = result.hazards.map((found) => {
    const explained = explainHazard(check, found);
    return { ...explained, timeline: () => renderTimeline(parsed, explained.trace, explained.hazard) };
  });
  return renderCheckSummary(parsed.file, result, findings, expectation, meetsExpectation(result, expectation), timelines);
}

/** What every reported hazard says, whatever its kind: how to see it again. */
export type HazardEvidence = {
  readonly warp: number;
  /** Cycle at which the hazard became visible. */
  readonly cycle: number;
  /** One sentence saying what happened. */
  readonly description: string;
  /** The schedule (spec actions, runs as `code*n`, repeated blocks as `(codes)*n`) that shows it; `--replay` takes it. */
  readonly schedule: string;
  /** Seed of the random schedule that found it, or null when the exhaustive search did. */
  readonly scheduleSeed: number | null;
  /** The command that shows this hazard again. */
  readonly replay: string;
};

/** A RAW, WAR or WAW hazard in a check report; instructions are 0-based positions, lines 1-based. */
export type RegisterHazardReport = HazardEvidence & {
  readonly kind: 'RAW' | 'WAR' | 'WAW';
  readonly register: string;
  readonly producer: number;
  readonly consumer: number;
  /** The instruction whose read exposed a WAW, or null when the final state did. */
  readonly observer: number | null;
  readonly producerLine: number | undefined;
  readonly consumerLine: number | undefined;
  readonly producerWriteCycle: number | null;
  readonly consumerWriteCycle: number | null;
};

/** A scoreboard counter that overflowed, in a check report. */
export type OverflowReport = HazardEvidence & {
  readonly kind: 'overflow';
  readonly instruction: number;
  readonly instructionLine: number | undefined;
  readonly scoreboard: number;
  readonly value: number;
};

/** The `--json` report of checking one scoreboard program, which the library's `check` returns too. */
export type ScoreboardCheckReport = CheckSummaryReport & {
  readonly file: string;
  readonly machine: 'scoreboard';
  readonly verdict: Verdict;
  readonly reason: string;
  readonly hazards: readonly (RegisterHazardReport | OverflowReport)[];
  /** Distinct hazards found beyond the listed ones (a report lists at most 100). */
  readonly hazardsNotListed?: number;
};

/** JSON report of one file (the `--json` output); indices are 0-based instruction positions. */
export function checkJson(check: FileCheck): ScoreboardCheckReport {
  const { parsed, result, expectation } = check;
  return {
    file: parsed.file,
    machine: 'scoreboard',
    verdict: result.verdict,
    reason: result.reason,
    hazards: result.hazards.map((found) => {
      const explained = explainHazard(check, found);
      const { hazard, trace } = explained;
      const evidence: HazardEvidence = {
        warp: hazard.warp, cycle: hazard.cycle, description: explained.description,
        schedule: scheduleText(found.schedule), scheduleSeed: found.seed, replay: explained.replayCommand,
      };
      return hazard.kind === 'overflow'
        ? { kind: hazard.kind, ...evidence, instruction: hazard.instruction, instructionLine: parsed.lines[hazard.instruction], scoreboard: hazard.scoreboard, value: hazard.value }
        : {
            kind: hazard.kind, ...evidence,
            register: hazard.register,
            producer: hazard.producer,
            consumer: hazard.consumer,
            observer: hazard.observer,
            producerLine: parsed.lines[hazard.producer],
            consumerLine: parsed.lines[hazard.consumer],
            producerWriteCycle: eventCycle(trace, 'write', hazard.warp, hazard.producer),
            consumerWriteCycle: eventCycle(trace, 'write', hazard.warp, hazard.consumer),
          };
    }),
    ...summaryJson(result, expectation, meetsExpectation(result, expectation)),
  };
}

