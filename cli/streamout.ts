import { defaultSeed } from '../format/defaultSeed.js';
import { parseArgs } from 'node:util';
import { renderLayout } from '../reports/streamLayout.js';
import { promelaModel } from '../format/promela/streamout.js';
import { loadScenario } from '../format/streamout/load.js';
import { streamContext } from '../spec/streamout/step.js';
import { simulateStream } from '../impl/streamout/simulator.js';
import { type CliIo, integerOption, readInput, UsageError, writeFileAtomic } from './io.js';
import { streamCheckCommand } from './streamCheck.js';
import { streamRunProgress } from './streamRunProgress.js';
import { streamoutOutcome } from '../api/streamout/runHere.js';
import { STREAMOUT_RUN_DEFAULTS, STREAMOUT_RUN_OPTION_RANGES, type StreamoutRunSettings } from '../api/streamout/runOptions.js';
import { streamoutRunReport } from '../api/streamout/runReport.js';
import { commandLine, htmlOption, readSourceText, writeHtmlReport } from './html.js';
import type { HtmlSection } from '../reports/html/report.js';
import { streamRunSection } from '../reports/html/streamRunSection.js';

/** Help text of `hazardproof streamout`. */
export const STREAMOUT_USAGE = `usage: hazardproof streamout run SCENARIO... [--exhaustive] [--runs N] [--seed N] [--jobs N] [--timeout MS] [--max-states N] [--expect] [--json] [--trace-out FILE] [--html FILE]
       hazardproof streamout check TRACE [--scenario SCENARIO] [--timeout MS] [--json] [--html FILE]
       hazardproof streamout promela SCENARIO

run: plays the distributed stream-output protocol (US 8,817,031: work distribution, SSYNC, SO units)
on a scenario (JSON, schema/streamout-scenario.schema.json) and checks, for every timing explored,
that the buffers hold the enabled batches' data in driver order (tasks in task order, no overlap,
no gap), that the API's overflow counters are right, that batch IDs are unique in flight and
retired once, that the message table holds at most one message per SO unit, and that the run
completes (no deadlock). Prints the buffer layout and a verdict: proved (--exhaustive covered
every interleaving), no-violation-found (random timings: not a proof), violation (with the steps
that lead to it), unknown (state or time budget reached).

  --runs N        random timings (default 200), run on the optimized simulation; timing k uses
                  seed N+k, so '--seed N+k --runs 1' replays it. A failing timing is replayed
                  through the spec (the reference model), which confirms it and gives the steps
  --seed N        first timing seed (default: the scenario's timingSeed, else a fresh one)
  --jobs N        worker threads for random timings (default 1); the verdict and the failing
                  timing reported (the lowest) do not depend on it
  --timeout MS    wall-clock budget per scenario (random timings, spec replay, or exhaustive
                  search); when it runs out the verdict is unknown (exit 3), saying what was
                  covered; a violation found by then is still reported
  --max-states N  state budget of --exhaustive (default 2000000)
  --trace-out F   write the optimized simulation's message trace (first timing seed) as JSON
                  lines for 'check'
  --html FILE     also write a self-contained HTML report (no network): per scenario its verdict
                  and buffer layout; for a violation its steps as an SVG chart (work distribution,
                  SSYNC, SO units) with the byte ranges granted and written, and its replay

check: validates a recorded message trace (JSON lines, see docs/streamout.md "Trace format";
data-write lines are checked against the API order: overlaps, gaps, writes after an overflow,
outside the granted range) against the protocol, streaming it in constant memory, and reports
the first line the protocol does not allow, in protocol terms, with the state at that point.
  --scenario F    the scenario (else the trace's first line {"scenario": {...}})
  --timeout MS    wall-clock budget: unknown (exit 3) with the line reached
  --json          the result as JSON
  --html FILE     also write a self-contained HTML report: for a failing trace, its last lines as
                  an SVG chart (SO units, SSYNC, byte ranges granted and written), the line marked

promela: prints a Promela model of the protocol for a one-operation scenario (enable, work...,
disable), for SPIN: spin -a model.pml && gcc -DSAFETY -o pan pan.c && ./pan

exit codes: 0 proved or no violation found (or, with --expect, the scenario's expected verdict),
1 violation (or not as expected), 2 usage or input error, 3 unknown`;

/** The options `hazardproof streamout run` takes (`parseArgs` form); the help lists each. `--help` is read before any subcommand's options. */
export const STREAMOUT_RUN_OPTIONS = {
  exhaustive: { type: 'boolean' }, runs: { type: 'string' }, seed: { type: 'string' }, 'max-states': { type: 'string' }, jobs: { type: 'string' }, timeout: { type: 'string' },
  expect: { type: 'boolean' }, json: { type: 'boolean' }, 'trace-out': { type: 'string' }, html: { type: 'string' },
} as const;

/** `hazardproof streamout`: returns the exit code. */
export function streamoutCommand(args: string[], io: CliIo): number | Promise<number> {
  const [sub, ...rest] = args;
  if (rest.some((arg) => arg === '--help' || arg === '-h')) {
    io.stdout(`${STREAMOUT_USAGE}\n`);
    return 0;
  }
  if (sub === 'run') return runCommand(rest, io);
  if (sub === 'check') return streamCheckCommand(rest, io);
  if (sub === 'promela') return promelaCommand(rest, io);
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
    io.stdout(`${STREAMOUT_USAGE}\n`);
    return 0;
  }
  throw new UsageError(`unknown streamout command '${sub}': expected run or check`);
}

/** `streamout promela SCENARIO`: prints the Promela model of a one-operation scenario, for SPIN. */
function promelaCommand(args: string[], io: CliIo): number {
  if (args.length !== 1) throw new UsageError('streamout promela needs exactly one scenario file');
  const loaded = readInput(io, () => loadScenario(args[0]!));
  if (loaded === null) return 2;
  try {
    io.stdout(promelaModel(loaded.scenario));
  } catch (error) {
    throw new UsageError(`${loaded.file}: ${(error as Error).message}`);
  }
  return 0;
}

function runCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: STREAMOUT_RUN_OPTIONS });
  if (positionals.length === 0) throw new UsageError('streamout run needs at least one scenario file');
  if (positionals.length > 1 && (values['trace-out'] || values.json)) throw new UsageError('--trace-out and --json take one scenario file');
  // Read every option before the first scenario runs, so a mistake is reported at once.
  const options: RunOptions = {
    exhaustive: values.exhaustive, seed: values.seed, expect: values.expect, json: values.json, 'trace-out': values['trace-out'],
    runs: integerOption('runs', values.runs, STREAMOUT_RUN_DEFAULTS.runs, ...STREAMOUT_RUN_OPTION_RANGES.runs),
    maxStates: integerOption('max-states', values['max-states'], STREAMOUT_RUN_DEFAULTS.maxStates, ...STREAMOUT_RUN_OPTION_RANGES.maxStates),
    jobs: integerOption('jobs', values.jobs, STREAMOUT_RUN_DEFAULTS.jobs, ...STREAMOUT_RUN_OPTION_RANGES.jobs),
    timeoutMs: values.timeout === undefined ? null : integerOption('timeout', values.timeout, 0, 1),
    html: htmlOption(values.html), command: commandLine(['streamout', 'run'], args),
  };
  return runAll(positionals, options, io);
}

async function runAll(files: string[], options: RunOptions, io: CliIo): Promise<number> {
  const codes: number[] = [];
  const sections: HtmlSection[] | null = options.html === null ? null : [];
  for (const file of files) codes.push(await runScenario(file, options, io, sections));
  if (options.expect && files.length > 1) io.stdout(`\n${codes.filter((c) => c === 0).length}/${codes.length} scenarios got their expected verdict\n`);
  if (options.html !== null && sections !== null) {
    writeHtmlReport(options.html, {
      title: 'hazardproof streamout run', command: options.command, sections, summary: [], legend: 'stream',
      facts: [{ label: 'timings', value: 'timing k of a scenario runs with seed S + k (S is each scenario\'s seed, below); a violation below has its own replay command', code: false }],
    });
  }
  return codes.includes(2) ? 2 : codes.includes(1) ? 1 : codes.includes(3) ? 3 : 0;
}

interface RunOptions {
  readonly exhaustive?: boolean;
  readonly seed?: string;
  readonly expect?: boolean;
  readonly json?: boolean;
  readonly 'trace-out'?: string;
  readonly runs: number;
  readonly maxStates: number;
  readonly jobs: number;
  readonly timeoutMs: number | null;
  /** `--html FILE`, or null; and the command line the report shows. */
  readonly html: string | null;
  readonly command: string;
}

/** Runs one scenario (the library's `streamoutOutcome`) and prints its report; with `sections`, adds its section of the HTML report there. Returns the exit code. */
async function runScenario(file: string, options: RunOptions, io: CliIo, sections: HtmlSection[] | null): Promise<number> {
  const loaded = readInput(io, () => loadScenario(file));
  if (loaded === null) return 2;
  const seed = integerOption('seed', options.seed, loaded.timingSeed ?? defaultSeed(), ...STREAMOUT_RUN_OPTION_RANGES.seed);
  const { runs, jobs } = options;
  const settings: StreamoutRunSettings = {
    // With --expect, a scenario that expects 'proved' is explored exhaustively: that is what it claims.
    exhaustive: Boolean(options.exhaustive || (options.expect && loaded.expect?.verdict === 'proved')),
    seed, runs, jobs, maxStates: options.maxStates,
    // The budget is per scenario, from when it starts.
    timeoutMs: options.timeoutMs,
  };
  const context = streamContext(loaded.scenario);
  const progress = streamRunProgress(io, loaded.file, seed, jobs);
  const outcome = await streamoutOutcome(loaded, settings, { onProgress: progress.onProgress }, context).finally(progress.done);
  const report = streamoutRunReport(loaded, outcome);
  if (options['trace-out']) {
    // A trace of the optimized simulation under the first timing seed, for 'streamout check'.
    const run = simulateStream(loaded.scenario, seed, { trace: true });
    const { soUnits, bufferSizes, batchIdBits, packets } = loaded.scenario;
    // Stated task vertex counts replace tasksPerBatch, which the loader filled in: leave it out.
    const written = packets.map((packet) => (packet.type === 'work' && packet.taskVertices ? (({ tasksPerBatch: _, ...rest }) => rest)(packet) : packet));
    const header = JSON.stringify({ scenario: { format: 'hazardproof-streamout/1', soUnits, bufferSizes, batchIdBits, packets: written } });
    writeFileAtomic(options['trace-out'], `${[header, ...run.trace!.map((line) => JSON.stringify(line))].join('\n')}\n`);
  }
  const { layout } = report;
  const expected = loaded.expect;
  const met = report.expected?.met ?? null;
  const textLines = () => {
    const lines = [`${loaded.file}: ${outcome.verdict}`, `  ${outcome.reason}`, ...renderLayout(loaded.scenario, layout).map((l) => `  ${l}`)];
    if (outcome.problems.length > 0) lines.push('  problems:', ...outcome.problems.map((p) => `    ${p}`));
    if (outcome.stepsInWords.length > 0) lines.push('  steps:', ...outcome.stepsInWords.map((s) => `   ${s}`));
    if (options.expect) lines.push(`  expected: ${expected ? `${expected.verdict}: ${met ? 'as expected' : 'MISMATCH'}` : 'the scenario states no expectation'}`);
    return lines;
  };
  if (sections !== null) {
    const exhaustive = outcome.coverage.mode === 'exhaustive';
    const replay = exhaustive ? `hazardproof streamout run ${loaded.file} --exhaustive` : /replay: (hazardproof streamout run .+? --seed \d+ --runs 1)/.exec(outcome.reason)?.[1] ?? null;
    const sameRun = exhaustive ? `hazardproof streamout run ${loaded.file} --exhaustive` : `hazardproof streamout run ${loaded.file} --seed ${seed} --runs ${runs}`;
    sections.push(streamRunSection({
      file: loaded.file, context, verdict: outcome.verdict, reason: outcome.reason, problems: outcome.problems, steps: outcome.steps, layout,
      replayCommand: outcome.verdict === 'violation' ? replay : null,
      lines: [...(exhaustive ? [] : [`timing seeds ${seed}..${seed + runs - 1}`]), `same run: ${sameRun}`, ...(options.expect ? [textLines().at(-1)!.trim()] : [])],
      textReport: textLines().join('\n'), source: readSourceText(loaded.file),
    }, `f${sections.length + 1}`));
  }
  if (options.json) {
    io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    io.stdout(`${textLines().join('\n')}\n`);
  }
  if (options.expect) return met ? 0 : 1;
  return outcome.verdict === 'violation' ? 1 : outcome.verdict === 'unknown' ? 3 : 0;
}
