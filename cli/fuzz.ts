import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { fuzzReport } from '../reports/fuzzReport.js';
import { runCampaign, type CampaignConfig, type CampaignProgress } from '../properties/fuzz/campaign.js';
import { GENERATORS, generatedTargets, LAWS, type FuzzTarget, type GeneratorName, type LawName } from '../properties/fuzz/targets.js';
import type { ParsedProgram } from '../format/hp/parse.js';
import { type CliIo, integerOption, scoreboardMaxOption, UsageError, writeFileAtomic } from './io.js';
import { loadScoreboardPrograms } from './programs.js';

/** Help text of `hazardproof fuzz`. */
export const FUZZ_USAGE = `usage: hazardproof fuzz FILE... [options]
       hazardproof fuzz --generate small|deep|protected|all [--law NAME] [options]

Hunts for hazards in programs under random latency schedules (run on the optimized simulator),
or for violations of hazardproof's laws on generated programs. Finding nothing is not a proof.

options:
  --runs N              runs per target: schedules per program, generated inputs per law
                        (default 10000 for programs, 1000 for laws, unless --time is given)
  --time SECONDS        stop starting new batches after this long
  --seed N              campaign seed (default: a fresh one, printed); run k of a program uses
                        schedule seed N+k, so 'check --mode random --seed N+k --runs 1' replays it
  --jobs N              worker threads on this machine (default 1); results do not depend on it
  --shard I/N           run only batches I, I+N, I+2N... of the campaign (1-based I), so N machines
                        can split one campaign; their reports together cover it exactly once
  --max-latency N       largest random queue/execution delay in cycles (default 8)
  --scoreboard-bits N   counter width (default 6)
  --law NAME            with --generate: only this law (${Object.keys(LAWS).join(', ')})
  --report-json FILE    write verdicts, counterexamples, seeds and timings as JSON
  --junit FILE          write JUnit XML: one test case per program or law

generators:
${Object.entries(GENERATORS).map(([name, g]) => `  ${name.padEnd(10)} ${g.description}`).join('\n')}

exit codes: 0 nothing found, 1 a hazard or a law violation, 2 usage or input error`;

const BATCH_SIZE = 100;

/** `hazardproof fuzz`: returns (a promise of) the exit code. */
export async function fuzzCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      generate: { type: 'string' }, law: { type: 'string' }, runs: { type: 'string' }, time: { type: 'string' }, seed: { type: 'string' },
      jobs: { type: 'string' }, shard: { type: 'string' }, 'max-latency': { type: 'string' }, 'scoreboard-bits': { type: 'string' },
      'report-json': { type: 'string' }, junit: { type: 'string' }, help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(`${FUZZ_USAGE}\n`);
    return 0;
  }
  let targets: FuzzTarget[];
  const parsed: (ParsedProgram | null)[] = [];
  if (values.generate !== undefined) {
    if (positionals.length > 0) throw new UsageError('give either program files or --generate, not both');
    const generator = values.generate as GeneratorName | 'all';
    if (generator !== 'all' && !(generator in GENERATORS)) throw new UsageError(`--generate expects ${Object.keys(GENERATORS).join(', ')} or all, got '${values.generate}'`);
    targets = generatedTargets(generator);
    if (values.law !== undefined) {
      if (!(values.law in LAWS)) throw new UsageError(`--law expects one of ${Object.keys(LAWS).join(', ')}, got '${values.law}'`);
      targets = targets.filter((target) => target.type === 'law' && target.law === (values.law as LawName));
      if (targets.length === 0) throw new UsageError(`generator '${generator}' does not check law '${values.law}'`);
    }
    parsed.push(...targets.map(() => null));
  } else {
    if (positionals.length === 0) throw new UsageError('fuzz needs program files or --generate');
    if (values.law !== undefined) throw new UsageError('--law goes with --generate');
    const loaded = loadScoreboardPrograms(positionals, io, 'fuzz');
    if (loaded === null) return 2;
    parsed.push(...loaded);
    targets = parsed.map((program) => ({ type: 'program', name: program!.file, program: program!.program }));
  }
  const timeSeconds = values.time === undefined ? null : integerOption('time', values.time, 0, 1);
  const defaultRuns = values.generate !== undefined ? 1000 : 10_000;
  const runs = values.runs === undefined && timeSeconds !== null ? null : integerOption('runs', values.runs, defaultRuns, 1);
  const shardMatch = values.shard === undefined ? ['', '1', '1'] : /^(\d+)\/(\d+)$/.exec(values.shard);
  if (!shardMatch || Number(shardMatch[1]) < 1 || Number(shardMatch[1]) > Number(shardMatch[2])) {
    throw new UsageError(`--shard expects I/N with 1 <= I <= N, got '${values.shard}'`);
  }
  const config: CampaignConfig = {
    seed: integerOption('seed', values.seed, randomInt(0, 2 ** 31), 0, 2 ** 32 - 1),
    batchSize: BATCH_SIZE,
    maxLatency: integerOption('max-latency', values['max-latency'], 8, 1, 10_000),
    scoreboardMax: scoreboardMaxOption(values['scoreboard-bits']),
    runs,
    timeMs: timeSeconds === null ? null : timeSeconds * 1000,
    jobs: integerOption('jobs', values.jobs, 1, 1, 256),
    shard: { index: Number(shardMatch[1]) - 1, count: Number(shardMatch[2]) },
  };
  io.stderr(`fuzz: seed ${config.seed}, ${targets.length} target(s), ${runs === null ? `${timeSeconds} s` : `${runs} runs each`}, ${config.jobs} job(s)\n`);
  const result = await runCampaign(targets, config, progressReporter(io, timeSeconds));
  io.progress && io.stderr('\r\x1b[2K');
  const command = values.generate !== undefined
    ? `hazardproof fuzz --generate ${values.generate}${values.law ? ` --law ${values.law}` : ''}`
    : `hazardproof fuzz ${positionals.join(' ')}`;
  const report = fuzzReport(result, parsed, config, command);
  if (values['report-json']) writeFileAtomic(values['report-json'], `${JSON.stringify(report.json, null, 2)}\n`);
  if (values.junit) writeFileAtomic(values.junit, report.junit);
  io.stdout(`${report.text}\n`);
  return report.failed ? 1 : 0;
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
