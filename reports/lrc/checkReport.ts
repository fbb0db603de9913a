import type { ParsedLrcProgram } from '../../format/lrc/parse.js';
import type { Expectation } from '../../format/hp/expectation.js';
import { replayPath } from '../../explore/run.js';
import { formatCodes } from '../../explore/scheduleText.js';
import type { FoundLrc, LrcCheckResult } from '../../impl/lrc/check.js';
import { lrcActionCode } from '../../spec/lrc/action.js';
import { lrcFindingKey, type LrcFinding } from '../../spec/lrc/finding.js';
import { lrcSystem } from '../../spec/lrc/system.js';
import { describeLrcFinding, lrcEventCycle, type LrcTrace } from './describe.js';
import { renderLrcTimeline } from './timeline.js';
import { renderCheckSummary, summaryJson } from '../checkText.js';

/** The outcome of checking one LRC program file, with what the file said to expect. */
export interface LrcFileCheck {
  readonly parsed: ParsedLrcProgram;
  readonly result: LrcCheckResult;
  readonly expectation: Expectation | null;
}

/** A finding replayed through the reference model, ready to print. */
export interface ExplainedLrcFinding {
  readonly finding: LrcFinding;
  readonly trace: LrcTrace;
  readonly description: string;
  readonly replayCommand: string;
}

/**
 * The last replay, kept for the next finding: the findings one schedule shows come one after the
 * other (they share its action list), and replaying a long program's schedule once per finding
 * made reports quadratic.
 */
let lastReplay: { readonly program: ParsedLrcProgram['program']; readonly schedule: FoundLrc['schedule']; readonly trace: LrcTrace; readonly byKey: Map<string, LrcFinding> } | null = null;

/** A schedule's text, kept for the next finding of the same schedule (they share its action list). */
const scheduleTexts = new WeakMap<FoundLrc['schedule'], string>();
function scheduleText(schedule: FoundLrc['schedule']): string {
  let text = scheduleTexts.get(schedule);
  if (text === undefined) {
    text = formatCodes(schedule.map(lrcActionCode));
    scheduleTexts.set(schedule, text);
  }
  return text;
}

/** Replays a finding's schedule on the spec (so every report shows a trace the model allows) and describes it. */
export function explainLrcFinding(check: LrcFileCheck, found: FoundLrc): ExplainedLrcFinding {
  const { parsed } = check;
  const same = lastReplay !== null && lastReplay.program === parsed.program && lastReplay.schedule === found.schedule;
  if (!same) {
    const trace = replayPath(lrcSystem(parsed.program), found.schedule);
    // By key, the first of each: a long schedule shows thousands, and a scan per finding was quadratic.
    const byKey = new Map<string, LrcFinding>();
    for (const shown of trace.findings) if (!byKey.has(lrcFindingKey(shown))) byKey.set(lrcFindingKey(shown), shown);
    lastReplay = { program: parsed.program, schedule: found.schedule, trace, byKey };
  }
  const { trace, byKey } = lastReplay!;
  const finding = byKey.get(lrcFindingKey(found.finding));
  if (!finding) throw new Error(`internal error: the schedule of ${lrcFindingKey(found.finding)} does not reproduce it`);
  const replayCommand = found.seed === null
    ? `hazardproof check ${parsed.file} --replay "${formatCodes(found.schedule.map(lrcActionCode))}"`
    : `hazardproof check ${parsed.file} --mode random --seed ${found.seed} --runs 1 --max-latency ${check.result.maxLatency}`;
  return { finding, trace, description: describeLrcFinding(parsed, finding, trace), replayCommand };
}

/** Whether a result is what the file's `# expect:` comment says; null when it states nothing. The third word names the register, or the counter class of an overflow or deadlock. */
export function meetsLrcExpectation(check: LrcFileCheck): boolean | null {
  const { result, expectation, parsed } = check;
  if (!expectation) return null;
  if (result.verdict !== expectation.verdict) return false;
  if (expectation.kind === null) return true;
  const counterName = (index: number) => parsed.program.counters[index]!.name;
  return result.findings.some(({ finding }) => {
    if (finding.kind !== expectation.kind) return false;
    if (expectation.register === null) return true;
    if (finding.kind === 'overflow') return counterName(finding.counter) === expectation.register;
    if (finding.kind === 'deadlock') return finding.blocked.some((b) => counterName(b.counter) === expectation.register);
    return finding.register === expectation.register;
  });
}

/** Text report of one LRC file: verdict, why, each finding with its description, a timeline and a replay command. */
export function renderLrcCheckText(check: LrcFileCheck, timelines: 'first' | 'all' | 'none' = 'first'): string {
  const { parsed, result, expectation } = check;
  const findings = result.findings.map((found) => {
    const explained = explainLrcFinding(check, found);
    return { ...explained, timeline: () => renderLrcTimeline(parsed, explained.trace, explained.finding) };
  });
  return renderCheckSummary(parsed.file, result, findings, expectation, meetsLrcExpectation(check), timelines);
}

/**
 * A finding's kind and where it is, as every LRC `--json` report (`check`, `prove`) gives it:
 * the threads held by a deadlock (each with its instruction's line), the instruction of a counter
 * overflow, or both instructions of a register hazard, with their 1-based source lines.
 */
export function lrcFindingJson(parsed: ParsedLrcProgram, finding: LrcFinding, trace: LrcTrace) {
  if (finding.kind === 'deadlock') {
    return { kind: finding.kind, cycle: finding.cycle, blocked: finding.blocked.map((b) => ({ ...b, counterName: parsed.program.counters[b.counter]!.name, line: parsed.lines[b.instruction] ?? null })) };
  }
  if (finding.kind === 'overflow') {
    return {
      kind: finding.kind, thread: finding.thread, cycle: finding.cycle, instruction: finding.instruction, instructionLine: parsed.lines[finding.instruction] ?? null,
      counter: parsed.program.counters[finding.counter]!.name, value: finding.value,
    };
  }
  return {
    kind: finding.kind, thread: finding.warp, cycle: finding.cycle, register: finding.register, producer: finding.producer, consumer: finding.consumer, observer: finding.observer,
    producerLine: parsed.lines[finding.producer] ?? null, consumerLine: parsed.lines[finding.consumer] ?? null,
    producerWriteCycle: lrcEventCycle(trace, 'write', finding.warp, finding.producer, finding.register),
    consumerWriteCycle: lrcEventCycle(trace, 'write', finding.warp, finding.consumer, finding.register),
  };
}

/** JSON report of one LRC file (the `--json` output): the scoreboard report's fields, findings in place of hazards. */
export function lrcCheckJson(check: LrcFileCheck) {
  const { parsed, result, expectation } = check;
  return {
    file: parsed.file,
    machine: 'lrc' as const,
    verdict: result.verdict,
    reason: result.reason,
    hazards: result.findings.map((found) => {
      const explained = explainLrcFinding(check, found);
      return {
        ...lrcFindingJson(parsed, explained.finding, explained.trace), description: explained.description,
        schedule: scheduleText(found.schedule), scheduleSeed: found.seed, replay: explained.replayCommand,
      };
    }),
    ...summaryJson(result, expectation, meetsLrcExpectation(check)),
  };
}

/** The `--json` report of checking one LRC program, which the library's `check` returns too (its shape is `lrcCheckJson`'s). */
export type LrcCheckReport = ReturnType<typeof lrcCheckJson> & {
  /** Distinct findings beyond the listed ones (a report lists at most 100). */
  readonly findingsNotListed?: number;
};
