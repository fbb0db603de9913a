/**
 * `hazardproof annotate FILE.comp`: schedules a program of the seed's machine with seed 004's
 * list scheduler and the proved edge latencies, prints it in `.comp` notation with what it costs
 * against the program as written and against in-order issue with full hardware latency, and
 * checks the printed schedule on the component machine. With `--expect`, each file's
 * `# expect-schedule: nops=N in-order-nops=M` line is compared with what the scheduler gives.
 */
import { combinedExitCode } from '../explore/verdict.js';
import { parseComponentProgram } from '../format/components/parse.js';
import { printComponentProgram } from '../format/components/print.js';
import { readInputFile } from '../format/readInputFile.js';
import { checkComponentProgram, type ComponentCheckResult } from '../impl/components/check.js';
import { baselineComponentProgram } from '../impl/components/schedule/baseline.js';
import { issueStatistics, type IssueStatistics } from '../impl/components/schedule/cycles.js';
import { scheduleComponentProgram, type ScheduledProgram } from '../impl/components/schedule/schedule.js';
import { issueCost, scheduleMethodText } from '../reports/components/issueCost.js';
import { fileBudget, readInput, UsageError, writeFileAtomic, type CliIo } from './io.js';

/** What one `.comp` file became. */
interface CompOutcome {
  readonly file: string;
  /** The file's text as read. */
  readonly source: string;
  readonly written: IssueStatistics;
  readonly baseline: IssueStatistics;
  readonly schedule: ScheduledProgram;
  readonly check: ComponentCheckResult;
  readonly text: string;
}

/** `# expect-schedule: nops=1 in-order-nops=3` (or `;`), with its line; null when absent. */
function scheduleExpectation(text: string): { line: number; nops: number; inOrderNops: number } | null {
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const match = /^\s*[#;]\s*expect-schedule:\s*nops=(\d+)\s+in-order-nops=(\d+)\s*$/.exec(lines[index]!);
    if (match) return { line: index + 1, nops: Number(match[1]), inOrderNops: Number(match[2]) };
  }
  return null;
}


/** Schedules one file; null (after printing the located error) when it cannot be read or scheduled. */
function annotateOne(file: string, io: CliIo, timeoutMs: number | null): CompOutcome | null {
  const source = readInput(io, () => readInputFile(file, 'program'));
  if (source === null) return null;
  const parsed = readInput(io, () => parseComponentProgram(source, file));
  if (parsed === null) return null;
  const schedule = scheduleComponentProgram(parsed.program);
  const baseline = baselineComponentProgram(parsed.program);
  if (!schedule.ok || !baseline.ok) {
    io.stderr(`hazardproof: ${file}: not scheduled: ${schedule.ok ? (baseline as { reason: string }).reason : schedule.reason}\n`);
    return null;
  }
  const written = issueStatistics(parsed.program);
  const body = printComponentProgram(schedule.program);
  // What is checked is the printed program, read back: what the user gets.
  const check = checkComponentProgram(parseComponentProgram(body, file).program, null, undefined, fileBudget(timeoutMs).shouldStop);
  const header = [
    `# scheduled by hazardproof annotate from ${file}: list scheduler of US 8,098,251, proved edge latencies`,
    `#   as written:             ${issueCost(written)}`,
    `#   in-order, full latency: ${issueCost(baseline.statistics)}`,
    `#   scheduled:              ${issueCost(schedule.statistics)} (${scheduleMethodText(schedule.method)})`,
    `#   check of this schedule: ${check.verdict}: ${check.reason}`,
    '# cycles: issue cycles; a (sy)/(ss) wait counts 0 cycles (variable latencies are not timed)',
  ];
  return { file, source, written, baseline: baseline.statistics, schedule, check, text: `${header.join('\n')}\n${body}` };
}

/**
 * Annotates `.comp` files. Without `expect`: exactly one file, printed to stdout or written to
 * `output` at once. With `expect`: every file, one summary line each, then `N/N files got their
 * expected schedule`. Exit 0 when every schedule is proved safe (and as expected), 1 otherwise,
 * 2 for unreadable input.
 */
export function annotateComponentFiles(files: readonly string[], output: string | undefined, expect: boolean, io: CliIo, timeoutMs: number | null = null): number {
  if (!expect && files.length !== 1) throw new UsageError('annotate needs exactly one program file (or --expect with .comp files)');
  if (expect && output !== undefined) throw new UsageError('annotate --expect prints a summary; it does not take -o');
  const outcomes = files.map((file) => annotateOne(file, io, timeoutMs));
  if (outcomes.some((outcome) => outcome === null)) return 2;
  const done = outcomes as CompOutcome[];
  if (!expect) {
    const [only] = done;
    if (output !== undefined) {
      writeFileAtomic(output, only!.text);
      io.stdout(`${only!.file}: as written ${issueCost(only!.written)}; in-order ${issueCost(only!.baseline)}; scheduled ${issueCost(only!.schedule.statistics)}: ${only!.check.verdict}\nannotated program written to ${output}\n`);
    } else {
      io.stdout(only!.text);
    }
    return combinedExitCode([only!.check.verdict]);
  }
  let met = 0;
  for (const outcome of done) {
    const expectation = scheduleExpectation(outcome.source);
    const got = `scheduled ${outcome.schedule.statistics.nops} NOPs, in-order full latency ${outcome.baseline.nops} NOPs, schedule ${outcome.check.verdict}`;
    const ok = expectation !== null && expectation.nops === outcome.schedule.statistics.nops && expectation.inOrderNops === outcome.baseline.nops && outcome.check.verdict === 'proved-safe';
    if (ok) met++;
    const wanted = expectation === null ? 'no `# expect-schedule:` line' : `expected (line ${expectation.line}): ${expectation.nops} NOPs, in-order ${expectation.inOrderNops} NOPs, proved safe`;
    io.stdout(`${outcome.file}: ${got}\n  ${wanted}: ${ok ? 'as expected' : 'NOT as expected'}\n`);
  }
  io.stdout(`\n${met}/${done.length} files got their expected schedule\n`);
  return met === done.length ? 0 : 1;
}
