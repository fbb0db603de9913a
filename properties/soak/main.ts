/**
 * `npm run soak`: every property suite under many fresh seeds. `npm test` runs each property under
 * one pinned seed so that CI cannot fail by chance; this is where fresh seeds look for what that
 * seed misses. Each round runs the chosen suites once, under a seed of its own (`HAZARDPROOF_SEED`,
 * which every property and every default seed of the commands read), in one vitest run. Every
 * failure is printed with its round's seed, fast-check's seed and path, and a command replaying
 * that one test; the exit code is 1 when anything failed.
 *
 *   npm run soak -- [--seeds N] [--time SECONDS] [--suite PATTERN]... [--seed MASTER] [--list]
 *
 * Exit codes: 0 every round ran and passed; 1 a failure; 2 a usage error; 3 the time budget ended
 * the soak before its rounds were done (nothing failed in those that ran: not a clean bill).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { integerOption, UsageError } from '../../cli/io.js';
import { Random } from '../../explore/random.js';
import { defaultSeed, MAX_SEED, SEED_VARIABLE } from '../../format/defaultSeed.js';
import { packageRoot } from '../../format/packageRoot.js';
import type { SoundnessReport } from '../../impl/soundness/campaign.js';
import { runSoundness } from '../soundness/run.js';
import { soundnessFiles } from '../soundness/files.js';
import { soakFailures, type SoakFailure, type VitestJsonReport } from './failures.js';
import { propertySuites, selectSuites } from './suites.js';

const USAGE = `usage: npm run soak -- [--seeds N] [--time SECONDS] [--suite PATTERN]... [--seed MASTER] [--list] [--no-soundness | --soundness-only]
  --seeds N        rounds, each under a fresh seed (default 30)
  --time SECONDS   budget for the whole soak (default 5400); a round still running then is stopped
  --suite PATTERN  only the suites whose path contains PATTERN (repeatable)
  --seed MASTER    the seed the rounds' seeds are drawn from (printed; replays the same rounds)
  --list           print the property suites and exit
  --no-soundness   skip the soundness campaign (run first: every certain-hazard mutant of every
                   NVIDIA and AMD listing of ../shared/corpus and examples/ must not be proved safe)
  --soundness-only run the soundness campaign alone`;

interface Round {
  readonly seed: number;
  readonly tests: number;
  readonly failures: readonly SoakFailure[];
  readonly seconds: number;
  /** Per suite: whether every test of it passed in this round. */
  readonly suites: ReadonlyMap<string, boolean>;
}

/** Runs one round: the suites under `seed`, in one vitest process stopped after `limitMs`. */
function runRound(root: string, suites: readonly string[], seed: number, limitMs: number): Promise<Round | null> {
  const folder = mkdtempSync(join(tmpdir(), 'hazardproof-soak-'));
  const output = join(folder, 'vitest.json');
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...suites, '--reporter=json', `--outputFile=${output}`], {
      cwd: root, env: { ...process.env, [SEED_VARIABLE]: String(seed) }, stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-4000); });
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('close', (_code, signal) => {
      clearTimeout(timer);
      const seconds = (Date.now() - started) / 1000;
      if (signal !== null) {
        rmSync(folder, { recursive: true, force: true });
        resolve(null);
        return;
      }
      let report: VitestJsonReport & { numTotalTests?: number };
      try {
        report = JSON.parse(readFileSync(output, 'utf8')) as VitestJsonReport & { numTotalTests?: number };
      } catch {
        const failure: SoakFailure = { suite: '(vitest)', test: '(the run)', seed, property: null, message: `vitest wrote no report:\n${stderr}`, replay: `${SEED_VARIABLE}=${seed} npx vitest run ${suites.join(' ')}` };
        resolve({ seed, tests: 0, failures: [failure], seconds, suites: new Map(suites.map((suite) => [suite, false])) });
        return;
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
      const failures = soakFailures(report, root, seed);
      const failedSuites = new Set(failures.map((failure) => failure.suite));
      resolve({ seed, tests: report.numTotalTests ?? 0, failures, seconds, suites: new Map(suites.map((suite) => [suite, !failedSuites.has(suite)])) });
    });
  });
}

/** The soundness campaign over every real listing (`../shared/corpus`, the bundled examples): every certain-hazard mutant, within the soak's budget. */
function soakSoundness(seed: number, budgetMs: number): SoundnessReport {
  const { files, corpusPresent } = soundnessFiles();
  if (!corpusPresent) console.log('soundness: ../shared/corpus is absent: the bundled examples only');
  const report = runSoundness({ files, perFile: Infinity, seed, budgetMs, replay: `npm run soundness -- --seed ${seed}`, log: (line) => console.log(line) });
  console.log('');
  return report;
}

function printFailure(failure: SoakFailure): void {
  console.log(`\nFAIL ${failure.suite} > ${failure.test}`);
  console.log(`  round seed: ${failure.seed}${failure.property ? `; fast-check seed ${failure.property.seed}, path "${failure.property.path}"` : ''}`);
  console.log(`  replay: ${failure.replay}`);
  console.log(failure.message.split('\n').map((line) => `  | ${line}`).join('\n'));
}

async function main(argv: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      seeds: { type: 'string' }, time: { type: 'string' }, suite: { type: 'string', multiple: true }, seed: { type: 'string' }, list: { type: 'boolean' }, help: { type: 'boolean' },
      'no-soundness': { type: 'boolean' }, 'soundness-only': { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const root = packageRoot();
  const all = propertySuites(root);
  if (values.list) {
    console.log(all.join('\n'));
    return 0;
  }
  const rounds = integerOption('seeds', values.seeds, 30, 1, 100_000);
  const budgetMs = integerOption('time', values.time, 5400, 1, 7 * 24 * 3600) * 1000;
  const master = integerOption('seed', values.seed, defaultSeed(), 0, MAX_SEED);
  const suites = selectSuites(all, values.suite ?? []);
  const random = new Random(master);
  const seeds = Array.from({ length: rounds }, () => random.integer(0, 2 ** 31 - 1));
  if (values['soundness-only'] !== true) console.log(`soak: ${suites.length} property suite(s), ${rounds} round(s), budget ${budgetMs / 1000} s, master seed ${master} (npm run soak -- --seed ${master}${values.suite ? values.suite.map((pattern) => ` --suite ${pattern}`).join('') : ''} --seeds ${rounds} replays these rounds)`);
  const started = Date.now();
  let soundnessFailed = false;
  if (values['no-soundness'] !== true) {
    const soundness = soakSoundness(master, budgetMs);
    soundnessFailed = soundness.failures.length > 0;
    if (values['soundness-only'] === true) return soundnessFailed ? 1 : soundness.stoppedBy !== null ? 3 : 0;
  }
  const done: Round[] = [];
  for (const [index, seed] of seeds.entries()) {
    const left = budgetMs - (Date.now() - started);
    if (left <= 0) break;
    const round = await runRound(root, suites, seed, left);
    if (round === null) {
      console.log(`round ${index + 1}/${rounds} seed ${seed}: stopped by the time budget`);
      break;
    }
    done.push(round);
    console.log(`round ${index + 1}/${rounds} seed ${seed}: ${round.tests} tests, ${round.failures.length} failed (${round.seconds.toFixed(1)} s)`);
    round.failures.forEach(printFailure);
  }
  const failures = done.flatMap((round) => round.failures);
  console.log('\nsuite | rounds | failed rounds');
  for (const suite of suites) {
    const ran = done.filter((round) => round.suites.has(suite));
    console.log(`${suite} | ${ran.length} | ${ran.filter((round) => round.suites.get(suite) === false).length}`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (soundnessFailed) {
    console.log('\nsoak: the soundness campaign found certain-hazard mutants proved safe (listed above, with file, line and mutation)');
    return 1;
  }
  if (failures.length > 0) {
    console.log(`\nsoak: ${failures.length} failure(s) in ${done.length} round(s), ${seconds} s; each is printed above with its seed, path and replay command`);
    return 1;
  }
  if (done.length < rounds) {
    console.log(`\nsoak: incomplete: ${done.length} of ${rounds} round(s) ran before the ${budgetMs / 1000} s budget ended, all clean (${seconds} s)`);
    return 3;
  }
  console.log(`\nsoak: clean: ${suites.length} suite(s) x ${done.length} seed(s), ${done.reduce((sum, round) => sum + round.tests, 0)} tests, ${seconds} s`);
  return 0;
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (error: unknown) => {
  const usage = error instanceof UsageError || error instanceof RangeError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') === true;
  console.error(usage ? `soak: ${(error as Error).message}\n${USAGE}` : `soak: internal error: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = usage ? 2 : 4;
});
