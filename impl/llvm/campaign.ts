import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { checkListingKernels } from '../../api/listing/checkKernels.js';
import { listingKernelsOfText } from '../../format/sass/loadKernels.js';
import { llvmKernelArbitrary, printLlvmKernel, type IrKernel } from '../../properties/arbitraries/llvmKernel.js';
import { AMDGPU_TARGETS, type AmdgpuTarget } from '../../spec/amdgpu/counters.js';

/**
 * The property campaign of `hazardproof fuzz --llvm`: random IR kernels compiled by llc-19 for a
 * random processor and level must be proved safe function by function, and one wait dropped from
 * each output where a later instruction reads a loaded register must not be (mutants).
 */

export const LLC = 'llc-19';

export interface LlvmCase { readonly kernel: IrKernel; readonly target: AmdgpuTarget; readonly level: 0 | 2; readonly mutant: number }

export interface LlvmCampaignConfig {
  readonly seed: number;
  readonly runs: number;
  readonly timeMs: number | null;
  /** fast-check's path of a failed campaign's shrunk case, to replay it alone. */
  readonly path: string | null;
  readonly llc: string;
}

export interface LlvmCampaignStats {
  runs: number;
  functions: number;
  proved: number;
  readonly targets: Set<string>;
  mutants: number;
  /** Mutants checked `hazard`. */
  caughtHazard: number;
  /** Mutants checked `unknown`, naming the fact they rest on. */
  caughtUnknown: number;
  /** Mutants proved safe whose dropped wait guarded no register between a load and its use. */
  guardedNothing: number;
}

export interface LlvmCampaignResult {
  readonly stats: LlvmCampaignStats;
  readonly failure: null | { readonly case: LlvmCase; readonly ir: string; readonly lines: readonly string[]; readonly path: string; readonly shrinks: number };
  /** The budget (--time) ran out before the runs were done. */
  readonly outOfBudget: boolean;
  readonly elapsedMs: number;
}

export function llcAvailable(llc: string): boolean {
  return spawnSync(llc, ['--version'], { encoding: 'utf8' }).status === 0;
}

export function llvmCaseArbitrary(): fc.Arbitrary<LlvmCase> {
  return fc.record({ kernel: llvmKernelArbitrary(), target: fc.constantFrom(...AMDGPU_TARGETS), level: fc.constantFrom<0 | 2>(2, 0), mutant: fc.nat() });
}

export function llcCommand(llc: string, target: string, level: number): string[] {
  return [llc, '-mtriple=amdgcn-amd-amdhsa', `-mcpu=${target}`, `-O${level}`];
}

const WAIT = /^\s*s_wait(cnt(_[a-z]+)?|_\w+cnt)\b/;
const STORE_WAIT = /^\s*(s_waitcnt_vscnt|s_wait_storecnt)\b/;
const LOAD = /^\s*(global_load|buffer_load|flat_load|scratch_load|ds_read|ds_load|s_load|s_buffer_load)\w*\s/;
const ATOMIC = /^\s*(global_atomic|flat_atomic|buffer_atomic|ds_)\w*\s/;
const RETURNS = /\bglc\b|TH_ATOMIC_RETURN|^\s*ds_\w*_rtn/;
const ALL_SOURCES = /^\s*(global_store|buffer_store|flat_store|scratch_store|ds_write|ds_store|s_store|s_cmp|s_bitcmp|global_atomic|flat_atomic|buffer_atomic|ds_)\w*/;
/** The counter class a load counts on: vector memory (vmcnt, gfx12 loadcnt) or LDS/scalar (lgkmcnt, gfx12 dscnt/kmcnt); FLAT both. */
function loadClass(line: string): 'vm' | 'lgkm' | 'both' {
  return /^\s*(s_load|s_buffer_load|ds_)/.test(line) ? 'lgkm' : /^\s*flat_/.test(line) ? 'both' : 'vm';
}

/** Whether a wait can cover a load of that class (an encoded immediate may name any counter). */
function waitCovers(wait: string, cls: 'vm' | 'lgkm' | 'both'): boolean {
  if (STORE_WAIT.test(wait)) return false;
  const vm = /vmcnt|loadcnt/.test(wait);
  const lgkm = /lgkmcnt|dscnt|kmcnt/.test(wait);
  if (!vm && !lgkm) return /^\s*s_waitcnt\s+[^a-z\s]/.test(wait);
  return cls === 'vm' ? vm : cls === 'lgkm' ? lgkm : vm || lgkm;
}

const JUMP = /^\s*(s_branch|s_setpc_b64|s_endpgm)\b/;

/** The registers an operand list names (`v3`, `s[4:7]`, `a1`), expanded. */
function registers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?<![\w.])([vsa])(?:(\d+)|\[(\d+):(\d+)\])(?![\w])/g)) {
    const first = Number(m[2] ?? m[3]);
    const last = Number(m[2] ?? m[4]);
    for (let r = first; r <= last; r++) found.push(`${m[1]}${r}`);
  }
  return found;
}

function operands(line: string): string[] {
  const body = line.replace(/;.*$/, '').trim();
  const space = body.search(/\s/);
  return space < 0 ? [] : body.slice(space + 1).split(',').map((o) => o.trim());
}

/** What a line writes from memory: the destination of a load or of an atomic with return. */
function loadDestination(line: string): string[] {
  if (!LOAD.test(line) && !(ATOMIC.test(line) && RETURNS.test(line))) return [];
  return registers(operands(line)[0] ?? '');
}

function reads(line: string): string[] {
  if (WAIT.test(line) || /^\s*(;|\.|$)/.test(line) || /^\S/.test(line)) return [];
  const ops = operands(line);
  const atomicWithReturn = ATOMIC.test(line) && RETURNS.test(line);
  return registers((ALL_SOURCES.test(line) && !atomicWithReturn ? ops : ops.slice(1)).join(','));
}

function writes(line: string): string[] {
  if (WAIT.test(line) || /^\s*(;|\.|$)/.test(line) || /^\S/.test(line) || (ALL_SOURCES.test(line) && !(ATOMIC.test(line) && RETURNS.test(line)))) return [];
  return registers(operands(line)[0] ?? '');
}

export interface MutantSite {
  readonly line: number;
  /**
   * The dropped wait is the only one that can cover the load's counter on a jump-free stretch
   * from a load to an instruction reading its result, with no other write to those registers between:
   * without it the read can see the register before the load completes.
   */
  readonly guardsRegister: boolean;
}

/** The waits after which a later line reads a register a load wrote before them. */
export function mutantSites(lines: readonly string[]): MutantSite[] {
  const sites: MutantSite[] = [];
  lines.forEach((line, w) => {
    if (!WAIT.test(line)) return;
    let loose = false;
    let strict = false;
    for (let l = 0; l < w && !strict; l++) {
      const destination = loadDestination(lines[l]!);
      if (destination.length === 0) continue;
      const cls = loadClass(lines[l]!);
      for (let r = w + 1; r < lines.length && !strict; r++) {
        if (!reads(lines[r]!).some((reg) => destination.includes(reg))) continue;
        loose = true;
        if (!waitCovers(line, cls)) continue;
        const between = lines.slice(l + 1, r).map((text, k) => ({ text, at: l + 1 + k })).filter(({ at }) => at !== w);
        strict = between.every(({ text, at }) => !(WAIT.test(text) && waitCovers(text, cls)) && !JUMP.test(text) && !(at > w && writes(text).some((reg) => destination.includes(reg))));
      }
    }
    if (loose) sites.push({ line: w, guardsRegister: strict });
  });
  return sites;
}

interface FunctionVerdict { readonly name: string; readonly verdict: string; readonly reason: string; readonly notes: readonly string[] }

/** The verdict of every function of an llc output. */
export function checkAssembly(text: string, file: string): FunctionVerdict[] {
  const kernels = listingKernelsOfText(text, file, { from: null, architecture: null, kernels: [] });
  return checkListingKernels(kernels, { shouldStopFor: () => () => null }).map((c) => ({
    name: c.program.name, verdict: c.result.verdict, reason: c.result.reason,
    notes: c.result.notes.filter((note) => note.kind !== 'assumption').map((note) => `line ${note.line}: ${note.message}`),
  }));
}

type Evaluation =
  | { readonly ok: true; readonly functions: number; readonly mutant: null | 'hazard' | 'unknown' | 'guarded-nothing' }
  | { readonly ok: false; readonly lines: readonly string[] };

/** Compiles and checks one case (and its mutant); what went wrong, as lines to print, when something did. */
export function evaluateCase(c: LlvmCase, llc: string): Evaluation {
  const ir = printLlvmKernel(c.kernel);
  const command = llcCommand(llc, c.target, c.level);
  const shown = `${command.join(' ')} < kernel.ll`;
  const compiled = spawnSync(command[0]!, command.slice(1), { input: ir, encoding: 'utf8', timeout: 30_000, maxBuffer: 64 * 1024 * 1024 });
  if (compiled.status !== 0) {
    return { ok: false, lines: [`llc rejected the kernel (a generator bug): ${shown}: ${compiled.error?.message ?? `exit ${compiled.status}`}`, ...(compiled.stderr ?? '').trim().split('\n').slice(0, 8).map((l) => `  ${l}`)] };
  }
  const file = `kernel.${c.target}.O${c.level}.s`;
  let verdicts: FunctionVerdict[];
  try {
    verdicts = checkAssembly(compiled.stdout, file);
  } catch (error) {
    return { ok: false, lines: [`the output of ${shown} was not read: ${(error as Error).message}`] };
  }
  const wrong = verdicts.filter((v) => v.verdict !== 'proved-safe');
  if (wrong.length > 0 || verdicts.length === 0) {
    return {
      ok: false,
      lines: [
        ...(verdicts.length === 0 ? [`${shown}: no function read from the output`] : []),
        ...wrong.flatMap((v) => [`${v.name} (${c.target}, -O${c.level}): ${v.verdict}: ${v.reason}`, ...v.notes.map((n) => `  ${n}`)]),
        `(a hazard on LLVM's own waits is a model error or an LLVM bug: see the assembly with '${shown} | hazardproof check -')`,
      ],
    };
  }
  const lines = compiled.stdout.split('\n');
  const sites = mutantSites(lines);
  if (sites.length === 0) return { ok: true, functions: verdicts.length, mutant: null };
  const site = sites[c.mutant % sites.length]!;
  const mutated = lines.map((l, i) => (i === site.line ? '' : l)).join('\n');
  const results = checkAssembly(mutated, file);
  if (results.some((r) => r.verdict === 'hazard')) return { ok: true, functions: verdicts.length, mutant: 'hazard' };
  const unknown = results.filter((r) => r.verdict === 'unknown');
  if (unknown.length > 0 && unknown.every((r) => r.reason.trim() !== '')) return { ok: true, functions: verdicts.length, mutant: 'unknown' };
  if (!site.guardsRegister) return { ok: true, functions: verdicts.length, mutant: 'guarded-nothing' };
  return {
    ok: false,
    lines: [
      `dropping line ${site.line + 1} ('${lines[site.line]!.trim()}') of the output of ${shown} is ${results.map((r) => `${r.name}: ${r.verdict}`).join(', ')}, ` +
        'yet it is the only wait between a load and a read of its result: the check missed a hazard',
    ],
  };
}

/** Runs the campaign; `onRun` hears of each run of the first pass (not of shrinking). */
export function runLlvmCampaign(config: LlvmCampaignConfig, onRun: (stats: LlvmCampaignStats) => void): LlvmCampaignResult {
  const started = performance.now();
  const stats: LlvmCampaignStats = { runs: 0, functions: 0, proved: 0, targets: new Set(), mutants: 0, caughtHazard: 0, caughtUnknown: 0, guardedNothing: 0 };
  let failed = false;
  let shrinks = 0;
  const property = fc.property(llvmCaseArbitrary(), (c) => {
    const evaluation = evaluateCase(c, config.llc);
    if (failed) {
      if (!evaluation.ok) shrinks++;
      return evaluation.ok;
    }
    if (!evaluation.ok) {
      failed = true;
      return false;
    }
    stats.runs++;
    stats.functions += evaluation.functions;
    stats.proved += evaluation.functions;
    stats.targets.add(c.target);
    if (evaluation.mutant !== null) stats.mutants++;
    if (evaluation.mutant === 'hazard') stats.caughtHazard++;
    if (evaluation.mutant === 'unknown') stats.caughtUnknown++;
    if (evaluation.mutant === 'guarded-nothing') stats.guardedNothing++;
    onRun(stats);
    return true;
  });
  const result = fc.check(property, {
    seed: config.seed, numRuns: config.runs, ...(config.path === null ? {} : { path: config.path }),
    ...(config.timeMs === null ? {} : { interruptAfterTimeLimit: config.timeMs, markInterruptAsFailure: false }),
  });
  const elapsedMs = performance.now() - started;
  if (result.failed && result.counterexample !== null) {
    const c = result.counterexample[0];
    const evaluation = evaluateCase(c, config.llc);
    const lines = evaluation.ok ? [`the shrunk case passes when run again (the failure is not deterministic): ${result.errorInstance ?? ''}`] : evaluation.lines;
    return { stats, failure: { case: c, ir: printLlvmKernel(c.kernel), lines, path: result.counterexamplePath ?? '', shrinks }, outOfBudget: false, elapsedMs };
  }
  return { stats, failure: null, outOfBudget: result.interrupted && stats.runs < config.runs, elapsedMs };
}

/** The summary lines of a campaign, with the replay command. */
export function llvmCampaignSummary(result: LlvmCampaignResult, config: LlvmCampaignConfig): string[] {
  const { stats } = result;
  const caught = stats.caughtHazard + stats.caughtUnknown;
  const share = stats.mutants === 0 ? '-' : `${((100 * caught) / stats.mutants).toFixed(0)}%`;
  const replay = `hazardproof fuzz --llvm --seed ${config.seed} --runs ${config.runs}`;
  const lines = [
    `fuzz --llvm: ${stats.runs} kernel(s) compiled by ${config.llc} for ${stats.targets.size} target(s) (${[...stats.targets].sort().join(', ')}), ` +
      `${stats.proved} function(s) proved safe, in ${(result.elapsedMs / 1000).toFixed(1)} s`,
    `mutants: ${stats.mutants} (one dropped wait per output where a load's result is read later): ${caught} caught (${share}; ` +
      `${stats.caughtHazard} hazard, ${stats.caughtUnknown} unknown), ${stats.guardedNothing} proved safe with the wait guarding no register`,
  ];
  if (result.failure !== null) {
    const { case: c, ir, path } = result.failure;
    lines.push(
      `FAILED: ${c.target} -O${c.level} (shrunk ${result.failure.shrinks} time(s)): ${llcCommand(config.llc, c.target, c.level).join(' ')} < kernel.ll`,
      ...result.failure.lines.map((l) => `  ${l}`),
      'minimal kernel.ll:',
      ...ir.trimEnd().split('\n').map((l) => `  ${l}`),
      `replay: ${replay}${path === '' ? '' : ` --path ${path}`}`,
    );
  } else if (result.outOfBudget) {
    lines.push(`out of budget: ${stats.runs} of ${config.runs} runs done before --time ran out, nothing found (replay: ${replay})`);
  } else {
    lines.push(`every kernel proved safe (replay: ${replay})`);
  }
  return lines;
}
