import { minimizeProgram } from '../impl/minimize/minimizeProgram.js';
import { matchesTarget } from '../impl/minimize/showsHazard.js';
import { renderCheckText } from '../reports/checkReport.js';
import { checkProgram, DEFAULT_CHECK_OPTIONS, type CheckResult } from '../impl/check.js';
import { printProgram } from '../format/hp/print.js';
import type { ParsedProgram } from '../format/hp/parse.js';
import { parseProgram } from '../format/hp/parse.js';
import { writeFileAtomic, type CliIo } from './io.js';
import type { StopPredicate } from '../impl/budget.js';

/** Options `check --minimize` passes on. */
export interface MinimizeOptions {
  readonly output: string;
  readonly seed: number;
  readonly maxLatency: number;
  readonly scoreboardMax: number;
  /** The file's time budget (`--timeout`), shared with the check that found the hazard. */
  readonly shouldStop?: StopPredicate;
}

/**
 * `check FILE --minimize OUT.hp`: shrinks the program to a smallest one that still shows the first
 * hazard's kind on its register, re-checks the result with the reference model, and only then
 * writes it as a standalone program. Returns the exit code.
 */
export function minimizeCommand(parsed: ParsedProgram, result: CheckResult, options: MinimizeOptions, io: CliIo): number {
  const first = result.hazards[0]?.hazard;
  if (!first) {
    io.stdout(`--minimize: ${parsed.file} has no hazard to minimize (${result.verdict}); nothing written\n`);
    return result.verdict === 'unknown' ? 3 : 0;
  }
  const target = { kind: first.kind, register: first.kind === 'overflow' ? `SB${first.scoreboard}` : first.register };
  const minimized = minimizeProgram(parsed.program, target, {
    seed: options.seed, runs: 40, maxLatency: options.maxLatency, scoreboardMax: options.scoreboardMax, exhaustiveUpTo: 12,
  }, options.shouldStop);
  const header = [
    `# minimized by hazardproof check --minimize from ${parsed.file}: ${minimized.instructionsBefore} -> ${minimized.instructionsAfter} instructions`,
    `# expect: hazard ${target.kind} ${target.register}`,
  ].join('\n');
  const text = `${header}\n${printProgram(minimized.program)}`;
  const reparsed = parseProgram(text, options.output);
  const recheck = checkProgram(reparsed.program, {
    ...DEFAULT_CHECK_OPTIONS, seed: options.seed, maxLatency: options.maxLatency, scoreboardMax: options.scoreboardMax, ...(options.shouldStop ? { shouldStop: options.shouldStop } : {}),
  });
  if (!recheck.hazards.some(({ hazard }) => matchesTarget(hazard, target))) {
    if (recheck.verdict === 'unknown') return budgetSpentBeforeWriting(parsed.file, target, recheck.reason, io);
    throw new Error(`the minimized program does not reproduce ${target.kind} on ${target.register} when checked again (${recheck.verdict})`);
  }
  writeFileAtomic(options.output, text);
  io.stdout([
    `minimized ${target.kind} on ${target.register}: ${minimized.instructionsBefore} -> ${minimized.instructionsAfter} instructions ` +
      `(${minimized.evaluations} candidate programs, ${(minimized.elapsedMs / 1000).toFixed(2)} s), written to ${options.output}` +
      (minimized.stoppedBy === null ? '' : `; stopped early (${minimized.stoppedBy}), so it may not be minimal`),
    '',
    renderCheckText({ parsed: reparsed, result: recheck, expectation: null, scoreboardMax: options.scoreboardMax }),
    '',
  ].join('\n'));
  return 1;
}

/**
 * The re-check of a minimized program could not finish within the file's budget: nothing is
 * written (only a re-checked program is), and the answer is `unknown` (exit 3) with the reason.
 */
export function budgetSpentBeforeWriting(file: string, target: { readonly kind: string; readonly register?: string; readonly name?: string; readonly component?: string }, reason: string, io: CliIo): number {
  const where = target.register ?? target.name ?? target.component ?? '';
  io.stdout(`--minimize: ${file}: unknown: the minimized program showing ${target.kind} on ${where} could not be re-checked (${reason}); nothing written\n`);
  return 3;
}
