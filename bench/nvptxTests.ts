/**
 * `npm run bench:nvptx-tests -- DIR --ptxas 11.8,12.5 --arch sm_80,sm_90`: LLVM's own NVPTX
 * CodeGen tests (`llvm/test/CodeGen/NVPTX/*.ll`) compiled by llc-22 to PTX, assembled by NVIDIA's
 * ptxas (`-c`, so the `.func` device functions most tests are made of are kept), disassembled by
 * cuobjdump and checked function by function, one row per release, architecture and ptxas `-O`
 * level. ptxas' output is taken as correct until a schedule shows otherwise, so every hazard and
 * unknown here is a model error to look at; the exit code is 0 whatever the verdicts.
 *
 * llc and ptxas are the slow part of a first run, so their outputs (and refusals) are kept in
 * `--cache` under a key of the input's content and the tool's arguments; a rerun only checks.
 * The AMDGPU counterpart is `bench/llvmTests.ts`; what both do alike lives in
 * `bench/compileCache.ts` and `bench/checkOutput.ts`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CliIo } from '../cli/io.js';
import { progressLine } from '../cli/io.js';
import { llcAvailable } from '../impl/llvm/campaign.js';
import { assembleCommandLine, assemblePtxAsync, NVIDIA_RELEASES, nvidiaRelease, nvidiaTools, nvidiaToolsCache, ptxasArguments, type AssembleOptions, type NvidiaRelease, type NvidiaTools } from '../impl/nvidia/tools.js';
import { formatTable } from '../reports/table.js';
import { checkOutput } from './checkOutput.js';
import { cacheBase, cachedOutput, compileWithLlc, limiter, listLlTests, type Cached } from './compileCache.js';

/** The llc run by default: LLVM 22 emits PTX for every architecture the two releases assemble. */
export const NVPTX_LLC = 'llc-22';

/** A ptxas `-O` level. */
export type PtxasLevel = 0 | 1 | 2 | 3;

/** What the command line asked for. */
export interface NvptxTestsOptions {
  /** The folder searched (recursively) for `.ll` files. */
  readonly directory: string;
  /** The CUDA releases whose ptxas assembles (`--ptxas`), each unpacked by `npm run setup:nvidia`. */
  readonly releases: readonly string[];
  /** `--arch`: null for every architecture of each release; else those a release has are run with it. */
  readonly architectures: readonly string[] | null;
  /** ptxas' `-O` levels (`--opt`), each a row of its own. */
  readonly optimizations: readonly PtxasLevel[];
  /** Take every Nth file of the sorted list (1: all). */
  readonly every: number;
  /** Tool processes at once (llc, then ptxas and cuobjdump for one file); checking runs on this thread beside them. */
  readonly jobs: number;
  /** Where llc's PTX and cuobjdump's listings are kept between runs; null: a temporary folder, removed at the end. */
  readonly cache: string | null;
  /** Per-file limit of each tool (llc, ptxas, cuobjdump) in seconds. */
  readonly timeoutS: number;
  readonly json: boolean;
  /** Print every finding, not only the grouped reasons. */
  readonly list: boolean;
  /** The llc to run (`--llc`; llc-22 by default). */
  readonly llc: string;
}

/** One release and architecture: what llc compiles for (`-mcpu`, `-mattr=+ptxNN`) and ptxas assembles. */
export interface NvptxTarget {
  readonly release: NvidiaRelease;
  readonly architecture: string;
}

/** One (release, architecture, level)'s counts: the row the report prints. */
export interface NvptxTestsRow {
  /** The ptxas release (`11.8`). */
  readonly ptxas: string;
  readonly architecture: string;
  readonly optimization: PtxasLevel;
  readonly files: number;
  /** Files llc compiled to PTX (the rest it refused, crashed on or ran past `--timeout-s` on). */
  readonly compiled: number;
  /** Of llc's failures, those killed at `--timeout-s`. */
  readonly llcTimeouts: number;
  /** Compiled files ptxas assembled and cuobjdump listed. */
  readonly assembled: number;
  /** Of those, listings with no function at all (tests of globals only): nothing to check, and no refusal either. */
  readonly empty: number;
  /** Of the assembly failures, those killed at `--timeout-s`. */
  readonly ptxasTimeouts: number;
  /** Functions checked (kernels and device functions). */
  readonly kernels: number;
  readonly proved: number;
  readonly hazard: number;
  readonly unknown: number;
  /** Listings our reader refused with a located error (`InputError`): a bug of our reader, the input is real ptxas output. */
  readonly refused: number;
  /** Listings whose loading or checking threw anything else: a bug of ours. */
  readonly crashed: number;
  /** Reading and checking the listings, the tools not included. */
  readonly checkSeconds: number;
}

/** A function that was not proved safe, or a listing that could not be read. */
export interface NvptxTestsFinding {
  readonly ptxas: string;
  readonly architecture: string;
  readonly optimization: PtxasLevel;
  /** The test, relative to the folder. */
  readonly file: string;
  /** The cached cuobjdump listing, to run `hazardproof check` on (null without `--cache`: it is gone). */
  readonly listing: string | null;
  /** The function; null for a listing refused or crashed as a whole. */
  readonly kernel: string | null;
  readonly verdict: 'hazard' | 'unknown' | 'refused' | 'crashed';
  /** The first line of the verdict's reason (of the error for refused and crashed listings). */
  readonly reason: string;
  /** The first hazard or unconfirmed suspicion, spelled out; null when the reason says it all. */
  readonly detail: string | null;
  /** The detail without where: kind, register file, the two opcodes (`RAW on R: SEL -> FSETP`); null without a detail. */
  readonly signature: string | null;
}

/** A file a tool did not turn into a listing: not a finding about the checker, but why a row has fewer kernels. */
export interface NvptxToolFailure {
  readonly file: string;
  readonly stage: 'llc' | 'ptxas';
  readonly message: string;
}

/** One row and everything a person should look at. */
export interface NvptxTestsResult {
  readonly row: NvptxTestsRow;
  /** Every hazard and unknown, then every refused and crashed listing, in file order. */
  readonly findings: readonly NvptxTestsFinding[];
  /** llc's failures (the same in every level's row of a target) and ptxas' or cuobjdump's. */
  readonly toolFailures: readonly NvptxToolFailure[];
  /** The slowest functions to check (at most 5). */
  readonly slowest: readonly { readonly file: string; readonly kernel: string; readonly ms: number }[];
}

/** Findings of one kind whose reasons and first hazards read the same once numbers are taken out. */
export interface NvptxFindingGroup {
  readonly verdict: NvptxTestsFinding['verdict'];
  /** The reason as `reasonGroup` writes it. */
  readonly reason: string;
  /** The first hazard's or suspicion's signature, numbers as N (`numbersAsN`): findings with one reason but other signatures are other groups. */
  readonly signature: string | null;
  readonly count: number;
  /** How many (release, architecture, level) rows have one. */
  readonly rows: number;
  /** The first one, in row and file order. */
  readonly example: NvptxTestsFinding;
}

/** A mistake in how the command was called: exit code 2 with the message. */
export class NvptxTestsUsageError extends Error {}

const releaseList = NVIDIA_RELEASES.map((release) => release.version).join(', ');

export const NVPTX_TESTS_USAGE = `usage: npm run bench:nvptx-tests -- DIR [--ptxas 11.8,12.5] [--arch sm_80,sm_90] [--opt 0,3] [--every N] [--jobs N] [--cache DIR] [--timeout-s S] [--json] [--list] [--llc PATH]
  DIR           a folder of .ll files, searched recursively (llvm/test/CodeGen/NVPTX)
  --ptxas       CUDA releases whose ptxas assembles, comma-separated, among ${releaseList}
                (default: every release npm run setup:nvidia has unpacked)
  --arch        architectures, comma-separated (default: every one each release assembles);
                a release runs those of them it has
  --opt         ptxas -O levels, comma-separated (default 3)
  --every N     only every Nth file of the sorted list (default 1)
  --jobs N      tool processes at once (default 2); checking runs beside them
  --cache DIR   keep PTX and listings there, so a rerun only checks
  --timeout-s S each tool's limit per file (default 60; cuobjdump 11.8 runs nvdisasm once per function)
  --json        print JSON instead of tables
  --list        print every finding, not only the grouped reasons
  --llc PATH    the llc to run (default ${NVPTX_LLC})`;

function whole(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!/^[0-9]+$/.test(value) || Number(value) < min) throw new NvptxTestsUsageError(`--${name} expects a whole number from ${min}, got '${value}'`);
  return Number(value);
}

/** A comma-separated option's items, trimmed, without repeats. */
function items(value: string): string[] {
  return [...new Set(value.split(',').map((item) => item.trim()))];
}

/**
 * Reads the command line; throws `NvptxTestsUsageError` naming what is wrong, also for a release
 * whose tools are not unpacked (they are looked for where `nvidiaToolsCache()` says).
 */
export function parseNvptxTestsArgs(argv: readonly string[]): NvptxTestsOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv], allowPositionals: true, strict: true,
      options: {
        ptxas: { type: 'string' }, arch: { type: 'string' }, opt: { type: 'string' }, every: { type: 'string' }, jobs: { type: 'string' }, cache: { type: 'string' },
        'timeout-s': { type: 'string' }, json: { type: 'boolean' }, list: { type: 'boolean' }, llc: { type: 'string' },
      },
    });
  } catch (error) {
    throw new NvptxTestsUsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new NvptxTestsUsageError(`expected one folder of .ll files, got ${positionals.length === 0 ? 'none' : positionals.join(' ')}`);
  const directory = resolve(positionals[0]!);
  if (!existsSync(directory) || !statSync(directory).isDirectory()) throw new NvptxTestsUsageError(`not a folder: ${positionals[0]}`);
  let releases: string[];
  if (values.ptxas === undefined) {
    releases = NVIDIA_RELEASES.map((release) => release.version).filter((version) => nvidiaTools(version) !== null);
    if (releases.length === 0) throw new NvptxTestsUsageError(`no ptxas is unpacked in ${nvidiaToolsCache()}: run npm run setup:nvidia`);
  } else {
    releases = items(values.ptxas);
    const unknown = releases.filter((version) => nvidiaRelease(version) === undefined);
    if (unknown.length > 0 || releases.length === 0) throw new NvptxTestsUsageError(`--ptxas expects releases among ${releaseList}, got '${values.ptxas}'`);
    const absent = releases.filter((version) => nvidiaTools(version) === null);
    if (absent.length > 0) throw new NvptxTestsUsageError(`ptxas ${absent.join(' and ')} is not unpacked in ${nvidiaToolsCache()}: run npm run setup:nvidia`);
  }
  let architectures: string[] | null = null;
  if (values.arch !== undefined) {
    architectures = items(values.arch);
    const offered = [...new Set(releases.flatMap((version) => nvidiaRelease(version)!.architectures))];
    const wrong = architectures.filter((name) => !offered.includes(name));
    if (wrong.length > 0 || architectures.length === 0) throw new NvptxTestsUsageError(`--arch expects architectures that ptxas ${releases.join(' or ')} assembles (${offered.join(', ')}), got '${values.arch}'`);
  }
  let optimizations: PtxasLevel[] = [3];
  if (values.opt !== undefined) {
    const levels = items(values.opt);
    if (levels.some((level) => !/^[0-3]$/.test(level))) throw new NvptxTestsUsageError(`--opt expects ptxas levels among 0, 1, 2, 3, got '${values.opt}'`);
    optimizations = levels.map((level) => Number(level) as PtxasLevel);
  }
  return {
    directory, releases, architectures, optimizations,
    every: whole('every', values.every, 1, 1), jobs: whole('jobs', values.jobs, 2, 1),
    cache: values.cache === undefined ? null : resolve(values.cache),
    timeoutS: whole('timeout-s', values['timeout-s'], 60, 1), json: values.json ?? false, list: values.list ?? false, llc: values.llc ?? NVPTX_LLC,
  };
}

/** The (release, architecture) pairs the options ask for, release by release, oldest architecture first. */
export function nvptxTargets(options: Pick<NvptxTestsOptions, 'releases' | 'architectures'>): NvptxTarget[] {
  return options.releases.flatMap((version) => {
    const release = nvidiaRelease(version)!;
    const wanted = options.architectures;
    return release.architectures.filter((name) => wanted === null || wanted.includes(name)).map((architecture) => ({ release, architecture }));
  });
}

/** llc's command for a target: PTX of the release's ISA version for the architecture, at llc's -O2 as LLVM's tests run it. */
export function nvptxLlcCommand(llc: string, target: NvptxTarget): string[] {
  return [llc, '-march=nvptx64', `-mcpu=${target.architecture}`, `-mattr=+ptx${target.release.ptxVersion.replace('.', '')}`, '-O2'];
}

/** How ptxas assembles for a target and level: `-c`, so device functions no kernel calls are kept and listed. */
function assembleOptions(options: NvptxTestsOptions, target: NvptxTarget, optimization: PtxasLevel): AssembleOptions {
  return { architecture: target.architecture, optimization, compileOnly: true, timeoutS: options.timeoutS };
}

/** One test's outputs for one target: llc's PTX, then a listing per `-O` level (none when llc failed). */
interface TestOutputs {
  readonly ptx: Cached;
  readonly listings: readonly Cached[];
}

/**
 * Compiles and assembles one test for one target, each step kept in the cache: the PTX under
 * `folder/RELEASE/ARCH`, the listings under `folder/RELEASE/ARCH/O<level>`, a listing keyed by
 * the PTX's content, ptxas' release and arguments.
 */
async function produce(options: NvptxTestsOptions, tools: NvidiaTools, folder: string, test: string, target: NvptxTarget): Promise<TestOutputs> {
  const source = join(options.directory, test);
  const command = nvptxLlcCommand(options.llc, target);
  const targetFolder = join(folder, target.release.version, target.architecture);
  const ptx = await compileWithLlc(command, source, cacheBase(targetFolder, test, command.slice(1), readFileSync(source)), '.ptx', options.timeoutS);
  if (!ptx.ok) return { ptx, listings: [] };
  const text = readFileSync(ptx.path, 'utf8');
  const listings: Cached[] = [];
  for (const optimization of options.optimizations) {
    const assemble = assembleOptions(options, target, optimization);
    const key = [`ptxas ${target.release.debianPackage}`, ...ptxasArguments(assemble, 'kernel.ptx', 'kernel.cubin')];
    listings.push(await cachedOutput(cacheBase(join(targetFolder, `O${optimization}`), test, key, text), '.sass', async (partial) => {
      const assembled = await assemblePtxAsync(tools, text, assemble);
      if (assembled.ok) {
        writeFileSync(partial, assembled.listing);
        return { ok: true };
      }
      // ptxas names the temporary file it was handed: the same name whatever the run, so messages group and the cache is stable.
      const said = assembled.message.replace(/\S*hazardproof-ptxas-[^/\s]*\/kernel\.ptx/g, 'kernel.ptx');
      const message = assembled.timedOut ? `${assembled.stage} ran past ${options.timeoutS} s` : `${assembled.stage} failed: ${said}`.slice(0, 500);
      return { ok: false, timedOut: assembled.timedOut, message, keep: !assembled.timedOut };
    }));
  }
  return { ptx, listings };
}

/**
 * Starts every tool run of every target (`jobs` at once, in target and file order) and returns,
 * per target, a function that checks its listings in file order as they come: processes stay
 * busy across targets while this thread checks.
 */
function startTargets(options: NvptxTestsOptions, targets: readonly NvptxTarget[], tests: readonly string[], folder: string): ((onProgress: (done: number) => void) => Promise<NvptxTestsResult[]>)[] {
  const limit = limiter(options.jobs);
  return targets.map((target) => {
    const tools = nvidiaTools(target.release.version)!;
    const pending = tests.map((test) => limit(() => produce(options, tools, folder, test, target)));
    // Awaited in file order, maybe long after: a failure (a full disk) must not end the process as unhandled first.
    for (const outputs of pending) outputs.catch(() => undefined);
    return (onProgress) => checkTarget(options, target, tests, pending, onProgress);
  });
}

/** A target's rows: its listings checked in file order, one row per `-O` level. */
async function checkTarget(options: NvptxTestsOptions, target: NvptxTarget, tests: readonly string[], pending: readonly Promise<TestOutputs>[], onProgress: (done: number) => void): Promise<NvptxTestsResult[]> {
  const levels = options.optimizations.map((optimization) => ({
    optimization,
    counts: { compiled: 0, llcTimeouts: 0, assembled: 0, empty: 0, ptxasTimeouts: 0, kernels: 0, proved: 0, hazard: 0, unknown: 0, refused: 0, crashed: 0 },
    findings: [] as NvptxTestsFinding[], toolFailures: [] as NvptxToolFailure[], times: [] as { file: string; kernel: string; ms: number }[], checkMs: 0,
  }));
  const { version } = target.release;
  for (const [index, test] of tests.entries()) {
    const outputs = await pending[index]!;
    onProgress(index + 1);
    for (const [level, row] of levels.entries()) {
      const { counts, findings } = row;
      if (!outputs.ptx.ok) {
        if (outputs.ptx.timedOut) counts.llcTimeouts++;
        row.toolFailures.push({ file: test, stage: 'llc', message: outputs.ptx.message });
        continue;
      }
      counts.compiled++;
      const assembled = outputs.listings[level]!;
      if (!assembled.ok) {
        if (assembled.timedOut) counts.ptxasTimeouts++;
        row.toolFailures.push({ file: test, stage: 'ptxas', message: assembled.message });
        continue;
      }
      counts.assembled++;
      const listing = options.cache === null ? null : assembled.path;
      // Located errors name the file a person can open: the cached listing, else the test and target.
      const name = listing ?? `${test}.${version}.${target.architecture}.O${row.optimization}.sass`;
      const text = readFileSync(assembled.path, 'utf8');
      // ptxas -c of a module with globals only lists no function; the reader rightly refuses such a listing, but it is no bug of ours.
      if (!/^\s*Function\s*:/m.test(text)) { counts.empty++; continue; }
      const checked = checkOutput(text, name);
      row.checkMs += checked.ms;
      const where = { ptxas: version, architecture: target.architecture, optimization: row.optimization, file: test, listing };
      for (const fn of checked.functions) {
        counts.kernels++;
        row.times.push({ file: test, kernel: fn.name, ms: fn.ms });
        if (fn.verdict === 'proved-safe') { counts.proved++; continue; }
        counts[fn.verdict]++;
        findings.push({ ...where, kernel: fn.name, verdict: fn.verdict, reason: fn.reason, detail: fn.detail, signature: fn.signature });
      }
      if (checked.failure !== null) {
        counts[checked.failure.verdict]++;
        findings.push({ ...where, kernel: null, verdict: checked.failure.verdict, reason: checked.failure.reason, detail: null, signature: null });
      }
    }
  }
  return levels.map(({ optimization, counts, findings, toolFailures, times, checkMs }) => ({
    row: { ptxas: version, architecture: target.architecture, optimization, files: tests.length, ...counts, checkSeconds: Math.round(checkMs / 100) / 10 },
    findings: [...findings].sort((a, b) => VERDICT_ORDER[a.verdict] - VERDICT_ORDER[b.verdict]),
    toolFailures,
    slowest: times.sort((a, b) => b.ms - a.ms).slice(0, 5).map((time) => ({ ...time, ms: Math.round(time.ms) })),
  }));
}

const VERDICT_ORDER = { hazard: 0, unknown: 1, refused: 2, crashed: 3 } as const;

/** Longest reason a group keeps: enough for the fact names of an `unknown` once their sides are dropped. */
const REASON_LENGTH = 200;

/**
 * A reason as grouped: a refusal's `file:line:col: ` location dropped, every fact's
 * `(proof side: ...; counterexample side: ...)` spelled-out sides dropped (the same for every
 * finding that rests on the fact, and long enough to push the fact names past any length
 * limit), numbers as N (`numbersAsN`), at most `REASON_LENGTH` characters.
 */
export function reasonGroup(verdict: NvptxTestsFinding['verdict'], reason: string): string {
  const text = verdict === 'refused' ? reason.replace(/^.*?:\d+:\d+: /, '') : reason;
  return numbersAsN(withoutSides(text)).slice(0, REASON_LENGTH);
}

/**
 * Numbers as N: register numbers (`R4`, `UP1`, `SB3`), line numbers, cycles, hexadecimal
 * addresses and architecture numbers (`sm_N`), but not the digits of an opcode (`IADD3`, `I2F`),
 * which tell two model errors apart.
 */
export function numbersAsN(text: string): string {
  return text.replace(/\b(U?[RP]|SB)\d+\b/g, '$1N').replace(/(?<![A-Za-z0-9.])(0x[0-9a-f]+|\d+)/gi, 'N');
}

/** A text without its parenthesised `(proof side: ...)` blocks, nested parentheses and all. */
function withoutSides(text: string): string {
  let out = '';
  let index = 0;
  for (let start = text.indexOf(' (proof side: '); start >= 0; start = text.indexOf(' (proof side: ', index)) {
    out += text.slice(index, start);
    let depth = 0;
    let end = start + 1;
    for (; end < text.length; end++) {
      if (text[end] === '(') depth++;
      else if (text[end] === ')' && --depth === 0) break;
    }
    index = end + 1;
  }
  return out + text.slice(index);
}

/** Findings grouped by verdict and reason: hazards first, then unknowns, refusals and crashes, the most common reason first within each. */
export function groupFindings(results: readonly NvptxTestsResult[]): NvptxFindingGroup[] {
  const groups = new Map<string, { verdict: NvptxTestsFinding['verdict']; reason: string; signature: string | null; count: number; rows: Set<string>; example: NvptxTestsFinding }>();
  for (const { row, findings } of results) {
    for (const finding of findings) {
      const reason = reasonGroup(finding.verdict, finding.reason);
      const signature = finding.signature === null ? null : numbersAsN(finding.signature).slice(0, REASON_LENGTH);
      const key = `${finding.verdict}\n${reason}\n${signature}`;
      const group = groups.get(key) ?? { verdict: finding.verdict, reason, signature, count: 0, rows: new Set<string>(), example: finding };
      group.count++;
      group.rows.add(`${row.ptxas} ${row.architecture} ${row.optimization}`);
      groups.set(key, group);
    }
  }
  return [...groups.values()]
    .map(({ rows, ...group }) => ({ ...group, rows: rows.size }))
    .sort((a, b) => VERDICT_ORDER[a.verdict] - VERDICT_ORDER[b.verdict] || b.count - a.count);
}

/** Tool failures grouped by stage and message (numbers as N), the most common first. */
function groupToolFailures(results: readonly NvptxTestsResult[], stage: NvptxToolFailure['stage']): { message: string; count: number; example: string }[] {
  const groups = new Map<string, { message: string; count: number; example: string }>();
  // llc's failures repeat in each level's row of a target: count them once per target.
  const seen = new Set<string>();
  for (const { row, toolFailures } of results) {
    for (const failure of toolFailures.filter((f) => f.stage === stage)) {
      const once = `${row.ptxas} ${row.architecture} ${stage === 'llc' ? '' : row.optimization} ${failure.file}`;
      if (seen.has(once)) continue;
      seen.add(once);
      const message = numbersAsN(failure.message).slice(0, 120);
      const group = groups.get(message) ?? { message, count: 0, example: `${row.ptxas} ${row.architecture} ${failure.file}` };
      group.count++;
      groups.set(message, group);
    }
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

/** Groups shown per kind of tool failure in the text report. */
const TOOL_GROUPS_SHOWN = 5;

const rowName = (f: { ptxas: string; architecture: string; optimization: number }) => `${f.ptxas} ${f.architecture} -O${f.optimization}`;

/** The text report: one row per release, architecture and level, the findings grouped by reason, then (`list`) every finding. */
export function formatNvptxTests(results: readonly NvptxTestsResult[], list: boolean): string {
  const table = formatTable(['ptxas', 'arch', 'opt', 'files', 'compiled', 'assembled', 'kernels', 'proved-safe', 'hazard', 'unknown', 'refused', 'crashed', 'check s'],
    results.map(({ row }) => [row.ptxas, row.architecture, `-O${row.optimization}`, String(row.files), String(row.compiled), String(row.assembled), String(row.kernels), String(row.proved), String(row.hazard), String(row.unknown), String(row.refused), String(row.crashed), row.checkSeconds.toFixed(1)]),
    [3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  const lines = [table, ''];
  const sum = (pick: (row: NvptxTestsRow) => number) => results.reduce((total, { row }) => total + pick(row), 0);
  lines.push(`assembled listings with no function (tests of globals only; not refused): ${sum((r) => r.empty)}`);
  const timeouts = sum((r) => r.llcTimeouts) + sum((r) => r.ptxasTimeouts);
  // Timeouts are not kept in the cache: say so, since a rerun (on a quieter machine) may assemble more.
  if (timeouts > 0) lines.push(`ran past --timeout-s: llc ${sum((r) => r.llcTimeouts)}, ptxas or cuobjdump ${sum((r) => r.ptxasTimeouts)} (not kept in the cache: a rerun tries them again)`);
  lines.push(`totals: ${sum((r) => r.kernels)} kernels, ${sum((r) => r.proved)} proved safe, ${sum((r) => r.hazard)} hazard, ${sum((r) => r.unknown)} unknown, ${sum((r) => r.refused)} refused, ${sum((r) => r.crashed)} crashed`);
  const groups = groupFindings(results);
  if (groups.length === 0) lines.push('', 'findings: none (every listing read and every function proved safe)');
  else lines.push('', 'findings by reason (numbers as N), most common first; to look at one: hazardproof check LISTING --kernel NAME');
  for (const group of groups) {
    const { example } = group;
    lines.push(`  ${group.verdict} x${group.count} (${group.rows} row${group.rows === 1 ? '' : 's'}): ${group.reason}`);
    if (group.signature !== null) lines.push(`    first: ${group.signature}`);
    lines.push(`    e.g. ${rowName(example)} ${example.file}${example.kernel === null ? '' : `: ${example.kernel}`}${example.listing === null ? '' : `  (${example.listing})`}`);
    if (group.verdict === 'refused' || group.verdict === 'crashed') lines.push(`    ${example.reason}`);
    if (example.detail !== null) lines.push(`    ${example.detail}`);
  }
  for (const stage of ['llc', 'ptxas'] as const) {
    const failures = groupToolFailures(results, stage);
    if (failures.length === 0) continue;
    const total = failures.reduce((n, f) => n + f.count, 0);
    lines.push('', `${stage === 'llc' ? 'llc refused' : 'ptxas or cuobjdump refused'} ${total} (file, target${stage === 'llc' ? '' : ', level'}) pair(s); most common messages:`);
    for (const failure of failures.slice(0, TOOL_GROUPS_SHOWN)) lines.push(`  x${failure.count}: ${failure.message}  (e.g. ${failure.example})`);
    if (failures.length > TOOL_GROUPS_SHOWN) lines.push(`  ... and ${failures.length - TOOL_GROUPS_SHOWN} other message(s) (--json lists them)`);
  }
  const slowest = results.flatMap(({ row, slowest: times }) => times.map((time) => ({ ...time, row }))).sort((a, b) => b.ms - a.ms).slice(0, 5);
  if (slowest.length > 0) lines.push('', `slowest: ${slowest.map((s) => `${rowName(s.row)} ${s.file}: ${s.kernel} ${s.ms} ms`).join('; ')}`);
  if (list) {
    lines.push('', 'every finding:');
    for (const { findings } of results) {
      for (const finding of findings) {
        lines.push(`  ${finding.verdict}: ${rowName(finding)} ${finding.file}${finding.kernel === null ? '' : `: ${finding.kernel}`}: ${finding.reason}`);
        if (finding.detail !== null) lines.push(`    ${finding.detail}`);
        if (finding.listing !== null) lines.push(`    ${finding.listing}`);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A tool's version line, or what went wrong asking it. */
function toolVersion(command: string, pick: RegExp): string {
  const ran = spawnSync(command, ['--version'], { encoding: 'utf8' });
  const lines = `${ran.stdout ?? ''}`.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  return lines.find((line) => pick.test(line)) ?? lines.at(-1) ?? `(no version: ${ran.error?.message ?? `exit ${ran.status}`})`;
}

/** What a run will do, the tools it runs and how to replay one file by hand. */
function header(options: NvptxTestsOptions, targets: readonly NvptxTarget[], tests: readonly string[], folder: string): { lines: string[]; tools: { release: string; ptxas: string; cuobjdump: string }[]; llc: string } {
  const llc = toolVersion(options.llc, /LLVM version/);
  const tools = options.releases.map((version) => {
    const found = nvidiaTools(version)!;
    return { release: version, ptxas: toolVersion(found.ptxas, /release/), cuobjdump: toolVersion(found.cuobjdump, /release/) };
  });
  const perRelease = options.releases.map((version) => `${version}: ${targets.filter((t) => t.release.version === version).map((t) => t.architecture).join(',')}`).join('; ');
  const first = targets[0]!;
  const ptxasLine = assembleCommandLine(nvidiaTools(first.release.version)!, assembleOptions(options, first, options.optimizations[0]!), 'out.ptx');
  const runs = tests.length * targets.length;
  return {
    llc, tools,
    lines: [
      `bench:nvptx-tests: ${tests.length} file(s)${options.every > 1 ? ` (1 in ${options.every})` : ''} x ${targets.length} target(s) (${perRelease}) x ptxas ${options.optimizations.map((o) => `-O${o}`).join(',')}: ${runs} llc run(s), ${runs * options.optimizations.length} ptxas run(s), ${options.jobs} at once`,
      `folder: ${options.directory}`,
      `llc: ${options.llc}: ${llc}`,
      ...tools.map((t) => `ptxas ${t.release}: ${t.ptxas}; cuobjdump: ${t.cuobjdump}`),
      `cache: ${options.cache ?? `${folder} (temporary)`}`,
      `replay one file: ${nvptxLlcCommand(options.llc, first).join(' ')} FILE.ll -o out.ptx && ${ptxasLine} > out.sass && hazardproof check out.sass`,
    ],
  };
}

/** The whole command; returns the exit code (0 whatever the verdicts: this is a measurement; 2 for a usage mistake or no llc). */
export async function nvptxTestsMain(argv: readonly string[], io: CliIo): Promise<number> {
  let options: NvptxTestsOptions;
  try {
    options = parseNvptxTestsArgs(argv);
  } catch (error) {
    if (!(error instanceof NvptxTestsUsageError)) throw error;
    io.stderr(`bench:nvptx-tests: ${error.message}\n${NVPTX_TESTS_USAGE}\n`);
    return 2;
  }
  if (!llcAvailable(options.llc)) {
    io.stderr(`bench:nvptx-tests: ${options.llc} is absent (apt-get install llvm-22, or pass --llc PATH)\n`);
    return 2;
  }
  const tests = listLlTests(options.directory, options.every);
  if (tests.length === 0) {
    io.stderr(`bench:nvptx-tests: no .ll file under ${options.directory}\n`);
    return 2;
  }
  const targets = nvptxTargets(options);
  const folder = options.cache ?? mkdtempSync(join(tmpdir(), 'hazardproof-nvptx-tests-'));
  const started = performance.now();
  const about = header(options, targets, tests, folder);
  // The header goes where the report goes, ahead of it; JSON keeps stdout to one document.
  (options.json ? io.stderr : io.stdout)(`${about.lines.join('\n')}\n\n`);
  const results: NvptxTestsResult[] = [];
  try {
    const checks = startTargets(options, targets, tests, folder);
    for (const [index, target] of targets.entries()) {
      const progress = progressLine(io);
      const name = `${target.release.version} ${target.architecture}`;
      results.push(...await checks[index]!((done) => progress.update(`${name}: ${done}/${tests.length} files (target ${index + 1}/${targets.length})`)));
      progress.done();
      io.stderr(`${name}: ${tests.length}/${tests.length} files, ${((performance.now() - started) / 1000).toFixed(0)} s since the start\n`);
    }
  } finally {
    if (options.cache === null) rmSync(folder, { recursive: true, force: true });
  }
  const seconds = Math.round((performance.now() - started) / 1000);
  io.stdout(options.json
    ? `${JSON.stringify({ directory: options.directory, every: options.every, llc: about.llc, tools: about.tools, seconds, results, groups: groupFindings(results) }, null, 2)}\n`
    : `${formatNvptxTests(results, options.list)}\ntook ${seconds} s\n`);
  return 0;
}
