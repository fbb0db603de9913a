import { timeBudgetReason } from '../explore/deadline.js';
import { defaultSeed } from '../format/defaultSeed.js';
import { parseArgs } from 'node:util';
import { fuzzReport } from '../reports/fuzzReport.js';
import { runCampaign, type CampaignConfig, type CampaignProgress } from '../properties/fuzz/campaign.js';
import { GENERATORS, generatedTargets, LAWS, type FuzzTarget, type GeneratorName, type LawName } from '../properties/fuzz/targets.js';
import type { ParsedProgram } from '../format/hp/parse.js';
import { type CliIo, integerOption, scoreboardMaxOption, timeoutOption, UsageError, writeFileAtomic } from './io.js';
import { DEFAULT_ROBUSTNESS_TIMEOUT_MS, fuzzRobustness } from './fuzzRobustness.js';
import { loadScoreboardPrograms } from './programs.js';
import { reportFormatOption } from './reportFormat.js';
import { fuzzSarifLog } from '../reports/sarif/fuzzSarifLog.js';
import { commandLine, htmlOption, readSourceText, writeHtmlReport } from './html.js';
import { fuzzHtmlReport } from '../reports/html/fuzzHtmlReport.js';
import { parseShard } from './shard.js';
import type { CampaignOptions } from '../reports/merge/shardReport.js';
import { LLC, llcAvailable, llvmCampaignSummary, runLlvmCampaign } from '../impl/llvm/campaign.js';
import { fuzzPtxas, PTXAS_OPTIONS, PTXAS_USAGE } from './fuzzPtxas.js';

/** Help text of `hazardproof fuzz`. */
export const FUZZ_USAGE = `usage: hazardproof fuzz FILE... [options]
       hazardproof fuzz --generate small|deep|protected|all [--law NAME] [--robustness] [options]
       hazardproof fuzz --robustness [options]
       hazardproof fuzz --llvm [--runs N] [--seed N] [--time SECONDS] [--path P]
       hazardproof fuzz --ptxas [--ptxas-version 11.8,12.5] [--arch sm_52,...] [--opt 3,0] [--runs N | --time S] [--seed S] [--keep DIR]

Hunts for hazards in programs under random latency schedules (run on the optimized simulator),
or for violations of hazardproof's laws on generated programs. Finding nothing is not a proof.
--robustness: mutates the bundled example files of every kind (programs, scenarios, traces,
listings) and runs every command on them; every input must get an answer (exit 0, 1 or 3, or
2 with a located error), never a crash or a hang. With --generate both run side by side.
--llvm: LLVM in the loop: random IR kernels (global, LDS and constant loads, stores, atomics,
barriers, one loop or if) compiled by ${LLC} for a random gfx900..gfx1200 target at -O0 or -O2;
every function must be proved safe, and one wait dropped per output (where a load's result is
read later) must not be; a failure is shrunk to a minimal IR kernel, printed with the llc command.
Runs default to 50; exit 3 when --time runs out first; ${LLC} missing is exit 2.
${PTXAS_USAGE}

options:
  --runs N              runs per target: schedules per program, generated inputs per law,
                        mutated inputs for --robustness (default 10000 for programs, 1000 for
                        laws and --robustness, unless --time is given)
  --time SECONDS        stop starting new batches (and robustness cases) after this long
  --timeout MS          wall-clock budget per program file: a file whose budget runs out before
                        its runs are done, with nothing found, is unknown (exit 3); with
                        --robustness, the --timeout every command of the campaign gets (default ${DEFAULT_ROBUSTNESS_TIMEOUT_MS})
  --seed N              campaign seed (default: a fresh one, printed); run k of a program uses
                        schedule seed N+k, so 'check --mode random --seed N+k --runs 1' replays it
  --path P              with --robustness or --llvm and the seed of a failed campaign: replay its
                        shrunk case
  --llvm                compile generated IR kernels with ${LLC} and check LLVM's waits (above)
  --jobs N              worker threads on this machine (default 1); results do not depend on it
  --shard I/N           run only batches I, I+N, I+2N... of the campaign (1-based I, batches of
                        100 runs, every file and law), so N machines split one campaign (needs
                        --seed); 'hazardproof merge' combines their --report-json files into the
                        unsharded campaign's result: every run once, none left out
  --max-latency N       largest random queue/execution delay in cycles (default 8)
  --scoreboard-bits N   counter width (default 6)
  --law NAME            with --generate: only this law (${Object.keys(LAWS).join(', ')})
  --report-json FILE    write verdicts, counterexamples, seeds and timings as JSON
  --junit FILE          write JUnit XML: one test case per program or law
  --sarif FILE          write a SARIF 2.1.0 log for code scanning: a result per hazard (at its
                        instruction's line) or law violation; unknown programs as notifications
  --format text|json|sarif  what stdout shows (default text; json: the --report-json object;
                        sarif: the --sarif log)
  --json                the same as --format json
  --html FILE           write a self-contained HTML report (no network): each hazard's schedule as
                        an SVG chart linked to the program's source lines, with its replay command

generators:
${Object.entries(GENERATORS).map(([name, g]) => `  ${name.padEnd(10)} ${g.description}`).join('\n')}

exit codes: 0 nothing found, 1 a hazard, a law violation or an input without a proper answer,
2 usage or input error, 3 a program's time budget ran out with nothing found`;

const BATCH_SIZE = 100;

/** The options `hazardproof fuzz` takes (`parseArgs` form); its help lists each. */
export const FUZZ_OPTIONS = {
  generate: { type: 'string' }, law: { type: 'string' }, runs: { type: 'string' }, time: { type: 'string' }, seed: { type: 'string' },
  jobs: { type: 'string' }, shard: { type: 'string' }, 'max-latency': { type: 'string' }, 'scoreboard-bits': { type: 'string' },
  'report-json': { type: 'string' }, junit: { type: 'string' }, timeout: { type: 'string' }, robustness: { type: 'boolean' }, path: { type: 'string' },
  json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
  format: { type: 'string' }, sarif: { type: 'string' }, html: { type: 'string' }, llvm: { type: 'boolean' },
  ...PTXAS_OPTIONS,
} as const;

/** The options `fuzz --llvm` takes. */
const LLVM_OPTIONS = new Set(['llvm', 'runs', 'seed', 'time', 'path', 'help']);

/** `hazardproof fuzz`: returns (a promise of) the exit code. */
export async function fuzzCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: FUZZ_OPTIONS,
  });
  if (values.help) {
    io.stdout(`${FUZZ_USAGE}\n`);
    return 0;
  }
  if (values.llvm === true) return llvmFuzz(values, positionals, io);
  if (values.ptxas === true) return fuzzPtxas(values, positionals, io);
  const ptxasOnly = Object.keys(PTXAS_OPTIONS).find((name) => values[name as keyof typeof values] !== undefined);
  if (ptxasOnly !== undefined) throw new UsageError(`--${ptxasOnly} goes with --ptxas`);
  const robustness = values.robustness === true;
  if (robustness && positionals.length > 0) throw new UsageError('--robustness mutates the bundled examples itself: give no program files');
  if (values.path !== undefined && !robustness) throw new UsageError('--path replays a robustness case: it goes with --robustness');
  const format = reportFormatOption(values.format, values.json);
  const html = htmlOption(values.html);
  const shard = values.shard === undefined ? { index: 1, count: 1 } : parseShard(values.shard);
  if (values.shard !== undefined && robustness) throw new UsageError('--shard splits the runs of program files and laws; --robustness is not sharded: run it in one job');
  if (values.shard !== undefined && values.seed === undefined) throw new UsageError('--shard needs --seed N: every shard must run the same campaign');
  const laws = lawTargets(values, positionals, robustness, io);
  if (laws === null) return 2;
  const timeSeconds = values.time === undefined ? null : integerOption('time', values.time, 0, 1);
  const defaultRuns = values.generate !== undefined || robustness ? 1000 : 10_000;
  const runs = values.runs === undefined && timeSeconds !== null ? null : integerOption('runs', values.runs, defaultRuns, 1);
  const timeoutMs = timeoutOption(values.timeout);
  const config: CampaignConfig = {
    seed: integerOption('seed', values.seed, defaultSeed(), 0, 2 ** 32 - 1),
    batchSize: BATCH_SIZE,
    maxLatency: integerOption('max-latency', values['max-latency'], 8, 1, 10_000),
    scoreboardMax: scoreboardMaxOption(values['scoreboard-bits']),
    runs,
    timeMs: timeSeconds === null ? null : timeSeconds * 1000,
    targetTimeMs: robustness ? null : timeoutMs,
    jobs: integerOption('jobs', values.jobs, 1, 1, 256),
    shard: { index: shard.index - 1, count: shard.count },
  };
  const { targets, parsed } = laws;
  const amount = runs === null ? `${timeSeconds} s` : `${runs} runs each`;
  io.stderr(`fuzz: seed ${config.seed}, ${targets.length} target(s)${robustness ? ' and the robustness campaign' : ''}, ${amount}, ${config.jobs} job(s)\n`);
  // The robustness campaign runs on this thread while the laws run on their workers (or between their batches).
  const [result, robust] = await Promise.all([
    targets.length > 0 ? runCampaign(targets, config, progressReporter(io, timeSeconds)) : Promise.resolve(null),
    robustness ? fuzzRobustness({ seed: config.seed, path: values.path ?? null, runs, timeLimitMs: config.timeMs, timeoutMs: timeoutMs ?? DEFAULT_ROBUSTNESS_TIMEOUT_MS }, io) : Promise.resolve(null),
  ]);
  io.progress && io.stderr('\r\x1b[2K');
  const command = values.generate !== undefined
    ? `hazardproof fuzz --generate ${values.generate}${values.law ? ` --law ${values.law}` : ''}`
    : `hazardproof fuzz ${positionals.join(' ')}`;
  // What decides the results, as run: shards of one campaign must agree on all of it ('hazardproof merge' checks).
  const options: CampaignOptions = {
    generate: values.generate ?? null, law: values.law ?? null, seed: config.seed, runs, time: timeSeconds, timeout: timeoutMs,
    'max-latency': config.maxLatency, 'scoreboard-bits': Math.log2(config.scoreboardMax + 1),
  };
  const report = result === null ? null : fuzzReport(result, parsed, config, command, options);
  const timedOut = result === null ? [] : result.outcomes.filter((outcome) => outcome.timedOut && outcome.hazards.length === 0);
  const unknown = timedOut.map((outcome) => `${outcome.target.name}: unknown: ${timeBudgetReason(timeoutMs ?? 0)} after ${outcome.runs} runs, nothing found`);
  const exitCode = report?.failed || robust?.failed ? 1 : unknown.length > 0 ? 3 : 0;
  const reportJson = { ...report?.json, ...(robust ? { robustness: robust.json } : {}), exitCode };
  const json = `${JSON.stringify(reportJson, null, 2)}\n`;
  const sarif = values.sarif !== undefined || format === 'sarif' ? `${JSON.stringify(fuzzSarifLog(reportJson, { arguments: args, targetTimeoutMs: timeoutMs }), null, 2)}\n` : '';
  if (values['report-json']) writeFileAtomic(values['report-json'], json);
  if (values.sarif !== undefined) writeFileAtomic(values.sarif, sarif);
  if (values.junit && report) writeFileAtomic(values.junit, report.junit);
  if (html !== null) {
    const page = result === null || report === null
      ? { title: 'hazardproof fuzz', command: commandLine(['fuzz'], args), facts: [], sections: [], summary: robust?.lines ?? [] }
      : fuzzHtmlReport({ result, parsed, config, command: commandLine(['fuzz'], args), text: report.text, reportJson: report.json, unknown,
        sources: parsed.map((program) => (program === null ? null : readSourceText(program.file))) });
    writeHtmlReport(html, page);
  }
  io.stdout(format === 'json' ? json : format === 'sarif' ? sarif : `${[report?.text, ...unknown, ...(robust?.lines ?? [])].filter((part) => part !== undefined).join('\n')}\n`);
  return exitCode;
}

/** `hazardproof fuzz --llvm`: the LLVM-in-the-loop campaign. */
function llvmFuzz(values: Record<string, string | boolean | undefined>, positionals: readonly string[], io: CliIo): number {
  if (positionals.length > 0) throw new UsageError('--llvm generates its own kernels: give no program files');
  const other = Object.keys(values).filter((name) => values[name] !== undefined && !LLVM_OPTIONS.has(name));
  if (other.length > 0) throw new UsageError(`--${other[0]} does not go with --llvm (it takes --runs, --seed, --time and --path)`);
  const str = (name: string) => (typeof values[name] === 'string' ? values[name] : undefined);
  const runs = integerOption('runs', str('runs'), 50, 1);
  const timeSeconds = str('time') === undefined ? null : integerOption('time', str('time'), 0, 1);
  const seed = integerOption('seed', str('seed'), defaultSeed(), 0, 2 ** 32 - 1);
  if (!llcAvailable(LLC)) {
    io.stderr(`hazardproof: fuzz --llvm needs ${LLC} (LLVM 19's llc) on the PATH, and it was not found: install Debian's llvm-19 (apt-get install llvm-19)\n`);
    return 2;
  }
  const config = { seed, runs, timeMs: timeSeconds === null ? null : timeSeconds * 1000, path: str('path') ?? null, llc: LLC };
  io.stderr(`fuzz --llvm: seed ${seed}, ${runs} run(s)${timeSeconds === null ? '' : `, at most ${timeSeconds} s`} (replay: hazardproof fuzz --llvm --seed ${seed} --runs ${runs})\n`);
  const started = Date.now();
  let last = 0;
  const result = runLlvmCampaign(config, (stats) => {
    const now = Date.now();
    if (now - last < (io.progress ? 100 : 5000)) return;
    last = now;
    const status = `${stats.runs}/${runs} kernels, ${stats.proved} function(s) proved, ${stats.caughtHazard + stats.caughtUnknown}/${stats.mutants} mutants caught, ${((now - started) / 1000).toFixed(1)} s`;
    io.stderr(io.progress ? `\r\x1b[2K${status}` : `fuzz --llvm: ${status}\n`);
  });
  if (io.progress) io.stderr('\r\x1b[2K');
  io.stdout(`${llvmCampaignSummary(result, config).join('\n')}\n`);
  return result.failure !== null ? 1 : result.outOfBudget ? 3 : 0;
}

/** The campaign targets the command line names: program files, or generated laws; none for `--robustness` alone. Null when a file has mistakes (printed). */
function lawTargets(
  values: { readonly generate?: string; readonly law?: string },
  positionals: readonly string[],
  robustness: boolean,
  io: CliIo,
): { targets: FuzzTarget[]; parsed: (ParsedProgram | null)[] } | null {
  if (values.generate !== undefined) {
    if (positionals.length > 0) throw new UsageError('give either program files or --generate, not both');
    const generator = values.generate as GeneratorName | 'all';
    if (generator !== 'all' && !(generator in GENERATORS)) throw new UsageError(`--generate expects ${Object.keys(GENERATORS).join(', ')} or all, got '${values.generate}'`);
    let targets = generatedTargets(generator);
    if (values.law !== undefined) {
      if (!(values.law in LAWS)) throw new UsageError(`--law expects one of ${Object.keys(LAWS).join(', ')}, got '${values.law}'`);
      targets = targets.filter((target) => target.type === 'law' && target.law === (values.law as LawName));
      if (targets.length === 0) throw new UsageError(`generator '${generator}' does not check law '${values.law}'`);
    }
    return { targets, parsed: targets.map(() => null) };
  }
  if (values.law !== undefined) throw new UsageError('--law goes with --generate');
  if (positionals.length === 0) {
    if (robustness) return { targets: [], parsed: [] };
    throw new UsageError('fuzz needs program files, --generate or --robustness');
  }
  const loaded = loadScoreboardPrograms(positionals, io, 'fuzz');
  if (loaded === null) return null;
  return { targets: loaded.map((program): FuzzTarget => ({ type: 'program', name: program.file, program: program.program })), parsed: loaded };
}

/** A progress bar on a terminal; in CI a plain line every 5 seconds. */
function progressReporter(io: CliIo, timeSeconds: number | null): (progress: CampaignProgress) => void {
  let last = 0;
  return ({ runs, totalRuns, findings, elapsedMs }) => {
    const now = Date.now();
    if (now - last < (io.progress ? 100 : 5000)) return;
    last = now;
    const fraction = totalRuns !== null ? runs / totalRuns : timeSeconds !== null ? Math.min(1, elapsedMs / 1000 / timeSeconds) : 0;
    const status = `${runs}${totalRuns === null ? '' : `/${totalRuns}`} runs, ${findings} finding(s), ${(elapsedMs / 1000).toFixed(1)} s`;
    if (io.progress) {
      const width = 30;
      const filled = Math.round(fraction * width);
      io.stderr(`\r\x1b[2K[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}% ${status}`);
    } else {
      io.stderr(`fuzz: ${status}\n`);
    }
  };
}
