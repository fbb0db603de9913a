/**
 * `npm run soundness -- [FILE|FOLDER]... [--per-file N] [--seed S]`: the soundness campaign over
 * the given listings (every file under a folder), or over `../shared/corpus` and the bundled
 * examples when none is given. Prints progress, the table per notation and architecture, every
 * law failure with its file, line and mutation, and how to replay the run.
 *
 * Exit codes: 0 the law holds; 1 a certain-hazard mutant was proved safe; 2 a usage error.
 */
import { existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { integerOption, UsageError } from '../../cli/io.js';
import { defaultSeed, MAX_SEED } from '../../format/defaultSeed.js';
import { filesUnder, soundnessFiles } from './files.js';
import { runSoundness } from './run.js';

const USAGE = `usage: npm run soundness -- [FILE|FOLDER]... [--per-file N] [--seed S]
  FILE|FOLDER   listings to mutate (NVIDIA, AMD, Mesa ir3; every file under a folder);
                default: ../shared/corpus and the bundled examples
  --per-file N  at most N certain-hazard mutants per file, a seeded sample (default: all)
  --seed S      the sample's seed (printed; default HAZARDPROOF_SEED or a fresh one)`;

function main(argv: readonly string[]): number {
  const { values, positionals } = parseArgs({ args: [...argv], options: { 'per-file': { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean' } }, allowPositionals: true, strict: true });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const perFile = values['per-file'] === undefined ? Infinity : integerOption('per-file', values['per-file'], 1, 1, 1_000_000);
  const seed = integerOption('seed', values.seed, defaultSeed(), 0, MAX_SEED);
  for (const path of positionals) if (!existsSync(path)) throw new UsageError(`${path}: no such file or folder`);
  const files = positionals.length === 0 ? soundnessFiles().files : positionals.flatMap((path) => (statSync(path).isDirectory() ? filesUnder(path) : [path]));
  const replay = `npm run soundness -- ${positionals.join(' ')}${perFile === Infinity ? '' : ` --per-file ${perFile}`} --seed ${seed}`.replace(/ {2,}/g, ' ');
  const report = runSoundness({ files, perFile, seed, budgetMs: Infinity, replay, log: (line) => console.log(line) });
  return report.failures.length > 0 ? 1 : 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  const usage = error instanceof UsageError || error instanceof RangeError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') === true;
  console.error(usage ? `soundness: ${(error as Error).message}\n${USAGE}` : `soundness: internal error: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = usage ? 2 : 4;
}
