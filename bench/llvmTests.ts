/**
 * `npm run bench:llvm-tests -- DIR --mcpu gfx900,gfx1100`: LLVM's own AMDGPU CodeGen tests
 * (`llvm/test/CodeGen/AMDGPU/**\/*.ll`) compiled by llc-19 at -O2 and checked function by function,
 * one row per target. A measurement of the checker on code nobody wrote for it: every hazard and
 * unknown is listed so a person can look at it, and the exit code is 0 whatever the verdicts.
 *
 * Compiling is the slow part of a first run, so outputs (and llc's refusals) are kept in `--cache`
 * under a key of the test's path, its content and llc's arguments; a rerun only checks. The cache,
 * the list of tests and the check of one output are shared with `bench:nvptx-tests`
 * (`bench/compileCache.ts`, `bench/checkOutput.ts`).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CliIo } from '../cli/io.js';
import { progressLine } from '../cli/io.js';
import { llcAvailable, llcCommand, LLC } from '../impl/llvm/campaign.js';
import { formatTable } from '../reports/table.js';
import { AMDGPU_TARGETS, type AmdgpuTarget } from '../spec/amdgpu/counters.js';
import { checkOutput } from './checkOutput.js';
import { cacheBase, compileWithLlc, limiter, listLlTests, type Cached } from './compileCache.js';

/** What the command line asked for. */
export interface LlvmTestsOptions {
  /** The folder searched (recursively) for `.ll` files. */
  readonly directory: string;
  readonly targets: readonly AmdgpuTarget[];
  /** Take every Nth file of the sorted list (1: all). */
  readonly every: number;
  /** llc processes at once; checking runs on this thread beside them. */
  readonly jobs: number;
  /** Where compiled outputs are kept between runs; null: a temporary folder, removed at the end. */
  readonly cache: string | null;
  /** Per-file llc limit in seconds. */
  readonly timeoutS: number;
  readonly json: boolean;
  /** The llc to run (`--llc`; llc-19 by default). */
  readonly llc: string;
}

/** One target's counts: the row the report prints. */
export interface LlvmTestsRow {
  readonly target: AmdgpuTarget;
  readonly files: number;
  /** Files llc compiled (the rest failed, crashed or ran past `--timeout-s`). */
  readonly compiled: number;
  /** Of the failures, those killed at `--timeout-s`. */
  readonly llcTimeouts: number;
  /** Compiled files the reader refused with a located error (`InputError`). */
  readonly refused: number;
  /** Compiled files whose loading or checking threw anything else: a bug of ours. */
  readonly crashed: number;
  readonly functions: number;
  readonly proved: number;
  readonly unknown: number;
  readonly hazard: number;
  /** Reading and checking the compiled files, llc not included. */
  readonly checkSeconds: number;
}

/** A function that was not proved safe, or a file that could not be read. */
export interface LlvmTestsFinding {
  /** The test, relative to the folder. */
  readonly file: string;
  /** The compiled assembly, to run `hazardproof check` on (null without `--cache`: it is gone). */
  readonly assembly: string | null;
  /** The function; null for a file refused or crashed as a whole. */
  readonly function: string | null;
  readonly verdict: 'hazard' | 'unknown' | 'refused' | 'crashed';
  /** The first line of the verdict's reason (of the error for refused and crashed files). */
  readonly reason: string;
  /** The first hazard or unconfirmed suspicion, spelled out; null when the reason says it all. */
  readonly detail: string | null;
}

/** One target's row and everything a person should look at. */
export interface LlvmTestsTarget {
  readonly row: LlvmTestsRow;
  /** Every hazard and unknown, then every refused and crashed file, in file order. */
  readonly findings: readonly LlvmTestsFinding[];
  /** The slowest functions to check (at most 5), where to look when a target is slow. */
  readonly slowest: readonly { readonly file: string; readonly function: string; readonly ms: number }[];
}

/** A mistake in how the command was called: exit code 2 with the message. */
export class LlvmTestsUsageError extends Error {}

export const LLVM_TESTS_USAGE = `usage: npm run bench:llvm-tests -- DIR [--mcpu gfx900,gfx1100] [--every N] [--jobs N] [--cache DIR] [--timeout-s S] [--json] [--llc PATH]
  DIR           a folder of .ll files, searched recursively (llvm/test/CodeGen/AMDGPU)
  --mcpu        targets, comma-separated (default: all of ${AMDGPU_TARGETS.join(', ')})
  --every N     only every Nth file of the sorted list (default 1)
  --jobs N      llc processes at once (default 2); checking runs beside them
  --cache DIR   keep compiled outputs there, so a rerun only checks
  --timeout-s S llc's limit per file (default 10)
  --json        print JSON instead of tables
  --llc PATH    the llc to run (default ${LLC})`;

function whole(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!/^[0-9]+$/.test(value) || Number(value) < min) throw new LlvmTestsUsageError(`--${name} expects a whole number from ${min}, got '${value}'`);
  return Number(value);
}

/** Reads the command line; throws `LlvmTestsUsageError` naming what is wrong. */
export function parseLlvmTestsArgs(argv: readonly string[]): LlvmTestsOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv], allowPositionals: true, strict: true,
      options: { mcpu: { type: 'string' }, every: { type: 'string' }, jobs: { type: 'string' }, cache: { type: 'string' }, 'timeout-s': { type: 'string' }, json: { type: 'boolean' }, llc: { type: 'string' } },
    });
  } catch (error) {
    throw new LlvmTestsUsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new LlvmTestsUsageError(`expected one folder of .ll files, got ${positionals.length === 0 ? 'none' : positionals.join(' ')}`);
  const directory = resolve(positionals[0]!);
  if (!existsSync(directory) || !statSync(directory).isDirectory()) throw new LlvmTestsUsageError(`not a folder: ${positionals[0]}`);
  const targets = values.mcpu === undefined ? [...AMDGPU_TARGETS] : values.mcpu.split(',').map((name) => name.trim());
  const wrong = targets.filter((name) => !(AMDGPU_TARGETS as readonly string[]).includes(name));
  if (wrong.length > 0 || targets.length === 0) throw new LlvmTestsUsageError(`--mcpu expects targets among ${AMDGPU_TARGETS.join(', ')}, got '${values.mcpu}'`);
  return {
    directory, targets: [...new Set(targets)] as AmdgpuTarget[],
    every: whole('every', values.every, 1, 1), jobs: whole('jobs', values.jobs, 2, 1),
    cache: values.cache === undefined ? null : resolve(values.cache),
    timeoutS: whole('timeout-s', values['timeout-s'], 10, 1), json: values.json ?? false, llc: values.llc ?? LLC,
  };
}

/** The `.ll` files under a folder, in code-unit order, every Nth kept (`listLlTests`, shared with `bench:nvptx-tests`). */
export const listLlvmTests = listLlTests;

/**
 * Compiles one test for one target into `folder/target`, unless a former run did (outputs and
 * llc's refusals are kept under a key of the test's content and llc's arguments).
 */
function compile(options: LlvmTestsOptions, folder: string, test: string, target: AmdgpuTarget): Promise<Cached> {
  const source = join(options.directory, test);
  const command = llcCommand(options.llc, target, 2);
  const base = cacheBase(join(folder, target), test, command.slice(1), readFileSync(source));
  return compileWithLlc(command, source, base, '.s', options.timeoutS);
}

/**
 * One target over the tests: llc runs ahead (`jobs` at once) while this thread checks each output
 * in file order, through the loader and check loop `hazardproof check` uses.
 */
export async function runLlvmTestsTarget(options: LlvmTestsOptions, tests: readonly string[], target: AmdgpuTarget, folder: string, onProgress: (done: number) => void): Promise<LlvmTestsTarget> {
  const limit = limiter(options.jobs);
  const pending = tests.map((test) => limit(() => compile(options, folder, test, target)));
  const counts = { compiled: 0, llcTimeouts: 0, refused: 0, crashed: 0, functions: 0, proved: 0, unknown: 0, hazard: 0 };
  const findings: LlvmTestsFinding[] = [];
  const times: { file: string; function: string; ms: number }[] = [];
  let checkMs = 0;
  for (const [index, test] of tests.entries()) {
    const compiled = await pending[index]!;
    onProgress(index + 1);
    if (!compiled.ok) {
      if (compiled.timedOut) counts.llcTimeouts++;
      continue;
    }
    counts.compiled++;
    const assembly = options.cache === null ? null : compiled.path;
    // Located errors name the file a person can open: the cached output, else the test and target.
    const name = assembly ?? `${test}.${target}.s`;
    const checked = checkOutput(readFileSync(compiled.path, 'utf8'), name);
    checkMs += checked.ms;
    for (const fn of checked.functions) {
      counts.functions++;
      times.push({ file: test, function: fn.name, ms: fn.ms });
      if (fn.verdict === 'proved-safe') { counts.proved++; continue; }
      counts[fn.verdict]++;
      findings.push({ file: test, assembly, function: fn.name, verdict: fn.verdict, reason: fn.reason, detail: fn.detail });
    }
    if (checked.failure !== null) {
      counts[checked.failure.verdict]++;
      findings.push({ file: test, assembly, function: null, verdict: checked.failure.verdict, reason: checked.failure.reason, detail: null });
    }
  }
  const order = { hazard: 0, unknown: 1, refused: 2, crashed: 3 };
  findings.sort((a, b) => order[a.verdict] - order[b.verdict]);
  return {
    row: { target, files: tests.length, ...counts, checkSeconds: Math.round(checkMs / 100) / 10 },
    findings,
    slowest: times.sort((a, b) => b.ms - a.ms).slice(0, 5).map((time) => ({ ...time, ms: Math.round(time.ms) })),
  };
}

/** Refused files listed in the text report per target; `--json` has them all. */
const REFUSED_SHOWN = 5;

/** The text report: one row per target, then what each target needs a person to look at. */
export function formatLlvmTests(results: readonly LlvmTestsTarget[]): string {
  const table = formatTable(['target', 'files', 'compiled', 'refused', 'crashed', 'functions', 'proved-safe', 'unknown', 'hazard', 'check s'],
    results.map(({ row }) => [row.target, String(row.files), String(row.compiled), String(row.refused), String(row.crashed), String(row.functions), String(row.proved), String(row.unknown), String(row.hazard), row.checkSeconds.toFixed(1)]),
    [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  const lines = [table];
  for (const { row, findings, slowest } of results) {
    lines.push('', `${row.target}: ${row.files - row.compiled} file(s) llc did not compile (${row.llcTimeouts} ran past the time limit)`);
    for (const finding of findings.filter((f) => f.verdict === 'hazard' || f.verdict === 'unknown')) {
      lines.push(`  ${finding.verdict}: ${finding.file}: ${finding.function}: ${finding.reason}`);
      if (finding.detail !== null) lines.push(`    ${finding.detail}`);
    }
    const refused = findings.filter((f) => f.verdict === 'refused');
    for (const finding of refused.slice(0, REFUSED_SHOWN)) lines.push(`  refused: ${finding.file}: ${finding.reason}`);
    if (refused.length > REFUSED_SHOWN) lines.push(`  ... and ${refused.length - REFUSED_SHOWN} more refused (--json lists them)`);
    for (const finding of findings.filter((f) => f.verdict === 'crashed')) lines.push(`  CRASHED: ${finding.file}: ${finding.reason}`);
    if (slowest.length > 0) lines.push(`  slowest: ${slowest.map((s) => `${s.file}: ${s.function} ${s.ms} ms`).join('; ')}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The whole command; returns the exit code (0 whatever the verdicts: this is a measurement; 2 for a usage mistake or no llc). */
export async function llvmTestsMain(argv: readonly string[], io: CliIo): Promise<number> {
  let options: LlvmTestsOptions;
  try {
    options = parseLlvmTestsArgs(argv);
  } catch (error) {
    if (!(error instanceof LlvmTestsUsageError)) throw error;
    io.stderr(`bench:llvm-tests: ${error.message}\n${LLVM_TESTS_USAGE}\n`);
    return 2;
  }
  if (!llcAvailable(options.llc)) {
    io.stderr(`bench:llvm-tests: ${options.llc} is absent (apt-get install llvm-19, or pass --llc PATH)\n`);
    return 2;
  }
  const tests = listLlvmTests(options.directory, options.every);
  if (tests.length === 0) {
    io.stderr(`bench:llvm-tests: no .ll file under ${options.directory}\n`);
    return 2;
  }
  const folder = options.cache ?? mkdtempSync(join(tmpdir(), 'hazardproof-llvm-tests-'));
  const results: LlvmTestsTarget[] = [];
  try {
    for (const target of options.targets) {
      const progress = progressLine(io);
      const started = performance.now();
      results.push(await runLlvmTestsTarget(options, tests, target, folder, (done) => progress.update(`${target}: ${done}/${tests.length} files`)));
      progress.done();
      io.stderr(`${target}: ${tests.length}/${tests.length} files in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    }
  } finally {
    if (options.cache === null) rmSync(folder, { recursive: true, force: true });
  }
  io.stdout(options.json ? `${JSON.stringify({ directory: options.directory, every: options.every, targets: results }, null, 2)}\n` : formatLlvmTests(results));
  return 0;
}
