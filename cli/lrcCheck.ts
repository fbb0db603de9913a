import { replayPath } from '../explore/run.js';
import { parseCodes } from '../explore/scheduleText.js';
import { parseLrcProgram, type ParsedLrcProgram } from '../format/lrc/parse.js';
import { printLrcProgram } from '../format/lrc/print.js';
import { checkLrcProgram } from '../impl/lrc/check.js';
import { lrcTargetOf, matchesLrcTarget, minimizeLrcProgram } from '../impl/lrc/minimize.js';
import { describeLrcFinding } from '../reports/lrc/describe.js';
import { renderLrcCheckText, type LrcFileCheck } from '../reports/lrc/checkReport.js';
import { renderLrcTimeline } from '../reports/lrc/timeline.js';
import { parseLrcActionCode } from '../spec/lrc/action.js';
import { lrcSystem } from '../spec/lrc/system.js';
import { checkReplayLength, UsageError, writeFileAtomic, type CliIo } from './io.js';
import { budgetSpentBeforeWriting } from './minimize.js';
import type { StopPredicate } from '../impl/budget.js';

/** `check FILE --replay SCHEDULE` on an LRC program: runs exactly that schedule and shows it. */
export function lrcReplayCommand(parsed: ParsedLrcProgram, text: string, io: CliIo): number {
  checkReplayLength(text);
  const schedule = parseCodes(text, parseLrcActionCode, 'x<context>.<instruction> x<context>.p:<register> X r<context>.<instruction> R g<unit>.<context> i<unit>');
  if (typeof schedule === 'string') throw new UsageError(`--replay: ${schedule}`);
  let trace;
  try {
    trace = replayPath(lrcSystem(parsed.program), schedule);
  } catch (error) {
    throw new UsageError(`--replay: the machine does not allow this schedule: ${(error as Error).message}`);
  }
  const lines = [`${parsed.file}: replaying ${schedule.length} actions (${trace.finished ? 'a complete run' : 'a partial run'})`, ''];
  lines.push(renderLrcTimeline(parsed, trace, trace.findings[0]), '');
  if (trace.findings.length === 0) lines.push('nothing wrong in this schedule');
  for (const finding of trace.findings) lines.push(describeLrcFinding(parsed, finding, trace));
  io.stdout(`${lines.join('\n')}\n`);
  return trace.findings.length > 0 ? 1 : 0;
}

/**
 * `check FILE --minimize OUT.hp` on an LRC program: shrinks it to a smallest one that still shows
 * the first finding's kind (on the same register or counter class), re-checks it with the
 * reference model, and only then writes it, with its own `# expect:` line.
 */
export function lrcMinimizeCommand(check: LrcFileCheck, output: string, io: CliIo, shouldStop?: StopPredicate): number {
  const { parsed, result } = check;
  const { seed, maxLatency } = result;
  const first = result.findings[0]?.finding;
  if (!first) {
    io.stdout(`--minimize: ${parsed.file} has nothing to minimize (${result.verdict}); nothing written\n`);
    return result.verdict === 'unknown' ? 3 : 0;
  }
  const started = performance.now();
  const target = lrcTargetOf(parsed.program, first);
  const minimized = minimizeLrcProgram(parsed.program, target, seed, maxLatency, shouldStop);
  const header = [
    `# minimized by hazardproof check --minimize from ${parsed.file}: ${minimized.instructionsBefore} -> ${minimized.program.instructions.length} instructions`,
    `# expect: hazard ${target.kind} ${target.name}`,
  ].join('\n');
  const text = `${header}\n${printLrcProgram(minimized.program)}`;
  const reparsed = parseLrcProgram(text, output);
  const recheck = checkLrcProgram(reparsed.program, { mode: 'auto', seed, runs: result.runs, maxLatency, maxStates: 200_000, ...(shouldStop ? { shouldStop } : {}) });
  if (!recheck.findings.some(({ finding }) => matchesLrcTarget(reparsed.program, finding, target))) {
    if (recheck.verdict === 'unknown') return budgetSpentBeforeWriting(parsed.file, target, recheck.reason, io);
    throw new Error(`the minimized program does not reproduce ${target.kind} on ${target.name} when checked again (${recheck.verdict})`);
  }
  writeFileAtomic(output, text);
  io.stdout([
    `minimized ${target.kind} on ${target.name}: ${minimized.instructionsBefore} -> ${minimized.program.instructions.length} instructions ` +
      `(${minimized.evaluations} candidate programs, ${((performance.now() - started) / 1000).toFixed(2)} s), written to ${output}` +
      (minimized.stoppedBy === null ? '' : `; stopped early (${minimized.stoppedBy}), so it may not be minimal`),
    '',
    renderLrcCheckText({ parsed: reparsed, result: recheck, expectation: null }),
    '',
  ].join('\n'));
  return 1;
}
