import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkJson, meetsExpectation, renderCheckText, type FileCheck } from '../reports/checkReport.js';
import { describeHazard } from '../reports/describeHazard.js';
import { renderTimeline } from '../reports/timeline.js';
import { checkProgram, DEFAULT_CHECK_OPTIONS, type CheckMode } from '../impl/check.js';
import { parseSchedule, replay } from '../spec/scoreboard/trace.js';
import { combinedExitCode } from '../explore/verdict.js';
import { readExpectation } from '../format/hp/expectation.js';
import type { ParsedProgram } from '../format/hp/parse.js';
import { type CliIo, integerOption, loadAll, progressLine, scoreboardMaxOption, UsageError } from './io.js';
import { minimizeCommand } from './minimize.js';

/** Help text of `hazardproof check`. */
export const CHECK_USAGE = `usage: hazardproof check FILE... [options]

Explores the latency schedules (and warp interleavings) of each program and states a verdict:
proved-safe, no-hazard-found, hazard or unknown.

options:
  --mode auto|exhaustive|random  search strategy (default auto: exhaustive when it fits in
                                 --max-states, random schedules otherwise)
  --seed N                       seed of the random schedules (default: a fresh one, printed)
  --runs N                       random schedules to run (default ${DEFAULT_CHECK_OPTIONS.runs})
  --max-latency N                largest random queue/execution delay in cycles (default ${DEFAULT_CHECK_OPTIONS.maxLatency})
  --max-states N                 state budget of exhaustive search (default ${DEFAULT_CHECK_OPTIONS.maxStates})
  --scoreboard-bits N            width of a scoreboard counter (default 6: values up to 63)
  --replay SCHEDULE              run exactly one schedule (as printed after 'replay:') and show it
  --minimize OUT.hp              on a hazard, shrink the program to a smallest one that still shows
                                 the first hazard (same kind, same register) and write it to OUT.hp
  --timelines first|all|none     timelines to print for hazards (default first)
  --expect                       compare each verdict with the file's '# expect:' comment; exit 0
                                 when all match, 1 otherwise
  --json                         print one JSON object per file (an array for several files)

exit codes: 0 proved-safe or no-hazard-found, 1 hazard, 2 usage or input error, 3 unknown`;

/** `hazardproof check`: returns the exit code. */
export function checkCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      mode: { type: 'string' }, seed: { type: 'string' }, runs: { type: 'string' },
      'max-latency': { type: 'string' }, 'max-states': { type: 'string' }, 'scoreboard-bits': { type: 'string' },
      replay: { type: 'string' }, minimize: { type: 'string' }, timelines: { type: 'string' }, expect: { type: 'boolean' }, json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(`${CHECK_USAGE}\n`);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('check needs at least one program file');
  const mode = (values.mode ?? 'auto') as CheckMode;
  if (!['auto', 'exhaustive', 'random'].includes(mode)) throw new UsageError(`--mode expects auto, exhaustive or random, got '${values.mode}'`);
  const timelines = (values.timelines ?? 'first') as 'first' | 'all' | 'none';
  if (!['first', 'all', 'none'].includes(timelines)) throw new UsageError(`--timelines expects first, all or none, got '${values.timelines}'`);
  const seed = integerOption('seed', values.seed, randomInt(0, 2 ** 31), 0, 2 ** 32 - 1);
  const runs = integerOption('runs', values.runs, DEFAULT_CHECK_OPTIONS.runs, 1);
  const maxLatency = integerOption('max-latency', values['max-latency'], DEFAULT_CHECK_OPTIONS.maxLatency, 1, 10_000);
  const maxStates = integerOption('max-states', values['max-states'], DEFAULT_CHECK_OPTIONS.maxStates, 1);
  const scoreboardMax = scoreboardMaxOption(values['scoreboard-bits']);

  const parsed = loadAll(positionals, io);
  if (parsed === null) return 2;
  if (values.replay !== undefined) {
    if (parsed.length !== 1) throw new UsageError('--replay needs exactly one program file');
    return replayCommand(parsed[0]!, values.replay, scoreboardMax, io);
  }

  if (values.minimize !== undefined && parsed.length !== 1) throw new UsageError('--minimize needs exactly one program file');

  const progress = progressLine(io);
  const checks: FileCheck[] = parsed.map((program) => {
    const result = checkProgram(program.program, {
      mode, seed, runs, maxLatency, maxStates, scoreboardMax,
      onProgress: ({ phase, done, total }) => progress.update(`${program.file}: ${phase} ${done}${total === null ? '' : `/${total}`}${phase === 'exhaustive' ? ' states' : ' schedules'}`),
    });
    progress.done();
    const expectation = values.expect ? readExpectation(readFileSync(program.file, 'utf8')) : null;
    return { parsed: program, result, expectation, scoreboardMax };
  });

  if (values.minimize !== undefined) {
    return minimizeCommand(parsed[0]!, checks[0]!.result, { output: values.minimize, seed, maxLatency, scoreboardMax }, io);
  }
  if (values.json) {
    const objects = checks.map(checkJson);
    io.stdout(`${JSON.stringify(objects.length === 1 ? objects[0] : objects, null, 2)}\n`);
  } else {
    io.stdout(`${checks.map((check) => renderCheckText(check, timelines)).join('\n\n')}\n`);
  }
  if (values.expect) {
    const failed = checks.filter((check) => meetsExpectation(check.result, check.expectation) !== true);
    if (!values.json) {
      io.stdout(`\n${checks.length - failed.length}/${checks.length} files got their expected verdict`);
      io.stdout(failed.length > 0 ? `; not as expected: ${failed.map((c) => `${c.parsed.file}${c.expectation ? '' : ' (no # expect: comment)'}`).join(', ')}\n` : '\n');
    }
    return failed.length > 0 ? 1 : 0;
  }
  return combinedExitCode(checks.map((check) => check.result.verdict));
}

/** Runs one given schedule and shows its timeline and hazards. */
function replayCommand(parsed: ParsedProgram, text: string, scoreboardMax: number, io: CliIo): number {
  const schedule = parseSchedule(text);
  if (typeof schedule === 'string') throw new UsageError(`--replay: ${schedule}`);
  let trace;
  try {
    trace = replay(parsed.program, schedule, scoreboardMax);
  } catch (error) {
    throw new UsageError(`--replay: the machine does not allow this schedule: ${(error as Error).message}`);
  }
  const lines = [`${parsed.file}: replaying ${schedule.length} actions (${trace.finished ? 'a complete run' : 'a partial run'})`, ''];
  lines.push(renderTimeline(parsed, trace, trace.hazards[0]), '');
  if (trace.hazards.length === 0) lines.push('no hazard in this schedule');
  for (const hazard of trace.hazards) lines.push(describeHazard(parsed, hazard, trace));
  io.stdout(`${lines.join('\n')}\n`);
  return trace.hazards.length > 0 ? 1 : 0;
}
