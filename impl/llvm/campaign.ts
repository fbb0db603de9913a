import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { checkListingKernels } from '../../api/listing/checkKernels.js';
import { listingKernelsOfText } from '../../format/sass/loadKernels.js';
import { llvmKernelArbitrary, printLlvmKernel, type IrKernel } from '../../properties/arbitraries/llvmKernel.js';
import { AMDGPU_TARGETS, type AmdgpuTarget } from '../../spec/amdgpu/counters.js';
import { sourceMutants, waitMutantSites, type SourceMutant, type WaitMutantSite } from '../amdgpu/sourceMutants.js';

/**
 * The property campaign of `hazardproof fuzz --llvm`: random IR kernels compiled by llc-19 for a
 * random processor and level must be proved safe function by function, and wait mutants of each
 * output (`impl/amdgpu/sourceMutants.ts`) where a later instruction reads a loaded register must
 * not be: one wait dropped, and one counter of one wait loosened by one. One shortened or dropped
 * `s_nop` per output is checked too, and reported apart (it is about wait states, not wait counters).
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

/** What came of the wait mutants of one kind (or of both kinds together). */
export interface WaitMutantTally {
  mutants: number;
  /** Mutants checked `hazard`. */
  caughtHazard: number;
  /** Mutants checked `unknown`, naming the fact they rest on. */
  caughtUnknown: number;
  /**
   * Mutants proved safe where the text does not show the changed wait guarding a register
   * between a load and its use (`WaitMutantSite.guardsRegister`; approximate for loosened waits).
   */
  guardedNothing: number;
  /** Mutants proved safe although the text shows they uncover a read: a failure of the campaign (it stops at the first). */
  missed: number;
}

export interface LlvmCampaignStats extends WaitMutantTally {
  runs: number;
  functions: number;
  proved: number;
  readonly targets: Set<string>;
  /** The wait mutants by kind; the fields of `WaitMutantTally` above are their sums. */
  readonly dropped: WaitMutantTally;
  readonly loosened: WaitMutantTally;
  /** `s_nop` mutants, outside the caught share: they are about wait-state hazards, not the wait counters. */
  readonly nops: { mutants: number; caughtHazard: number; caughtUnknown: number; provedSafe: number };
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

interface FunctionVerdict { readonly name: string; readonly verdict: string; readonly reason: string; readonly notes: readonly string[] }

/** The verdict of every function of an llc output. */
export function checkAssembly(text: string, file: string): FunctionVerdict[] {
  const kernels = listingKernelsOfText(text, file, { from: null, architecture: null, kernels: [] });
  return checkListingKernels(kernels, { shouldStopFor: () => () => null }).map((c) => ({
    name: c.program.name, verdict: c.result.verdict, reason: c.result.reason,
    notes: c.result.notes.filter((note) => note.kind !== 'assumption').map((note) => `line ${note.line}: ${note.message}`),
  }));
}

type WaitOutcome = 'hazard' | 'unknown' | 'guarded-nothing';

type Evaluation =
  | {
    readonly ok: true; readonly functions: number;
    readonly dropped: WaitOutcome | null; readonly loosened: WaitOutcome | null; readonly nop: null | 'hazard' | 'unknown' | 'proved-safe';
  }
  | { readonly ok: false; readonly lines: readonly string[]; readonly missed?: 'dropped' | 'loosened' };

/** The one of `items` a case picks (`mutant` is the case's own number). */
function pick<T>(items: readonly T[], mutant: number): T | null {
  return items.length === 0 ? null : items[mutant % items.length]!;
}

/** Checks a mutated output: `hazard` when a function has one; `unknown` when those not proved are unknown naming why; `proved-safe` otherwise. */
function checkMutant(mutant: SourceMutant, file: string): { outcome: 'hazard' | 'unknown' | 'proved-safe'; verdicts: string } {
  const results = checkAssembly(mutant.text, file);
  const verdicts = results.map((r) => `${r.name}: ${r.verdict}`).join(', ');
  if (results.some((r) => r.verdict === 'hazard')) return { outcome: 'hazard', verdicts };
  const unknown = results.filter((r) => r.verdict === 'unknown');
  if (unknown.length > 0 && unknown.every((r) => r.reason.trim() !== '')) return { outcome: 'unknown', verdicts };
  return { outcome: 'proved-safe', verdicts };
}

/** Compiles and checks one case (and its mutants); what went wrong, as lines to print, when something did. */
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
  let mutants: SourceMutant[];
  try {
    verdicts = checkAssembly(compiled.stdout, file);
    mutants = sourceMutants(compiled.stdout, file, c.target);
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
  const sites = waitMutantSites(compiled.stdout, mutants);
  // One mutant of each kind per output, the case's number choosing among them.
  const chosen = {
    dropped: pick(sites.filter((site) => site.mutant.kind === 'drop-wait'), c.mutant),
    loosened: pick(sites.filter((site) => site.mutant.kind === 'loosen-wait'), c.mutant),
  };
  // A mutant proved safe is a miss only where the text shows it uncovers a read (`guardsRegister`),
  // and guards nothing otherwise. That is approximate, in one direction: a dropped wait is claimed
  // only when it is the one wait between a load and its read; a loosened one, in addition, only
  // when the instructions that may count on its counter between the load and the wait are at most
  // the old count (`sourceMutants.ts`, `loosenedSite`). So "missed" is a lower bound, and "guarding
  // no register" may hide misses the text cannot tell (loosened waits more than dropped ones).
  const outcomes: { dropped: WaitOutcome | null; loosened: WaitOutcome | null } = { dropped: null, loosened: null };
  for (const kind of ['dropped', 'loosened'] as const) {
    const site: WaitMutantSite | null = chosen[kind];
    if (site === null) continue;
    const { outcome, verdicts: after } = checkMutant(site.mutant, file);
    if (outcome !== 'proved-safe') outcomes[kind] = outcome;
    else if (!site.guardsRegister) outcomes[kind] = 'guarded-nothing';
    else {
      const { description } = site.mutant;
      const why = kind === 'dropped'
        ? 'yet it is the only wait between a load and a read of its result'
        : 'yet it is the only wait between a load and a read of its result, and no more instructions that may count on the counter lie between the load and the wait than the old count, so the loosened count lets the load be in flight at the read';
      return { ok: false, missed: kind, lines: [`${kind === 'dropped' ? 'dropping' : 'loosening'} ${description} of the output of ${shown} is ${after}, ${why}: the check missed a hazard`] };
    }
  }
  const nop = pick(mutants.filter((mutant) => mutant.kind === 'shorten-nop'), c.mutant);
  return { ok: true, functions: verdicts.length, ...outcomes, nop: nop === null ? null : checkMutant(nop, file).outcome };
}

function emptyTally(): WaitMutantTally {
  return { mutants: 0, caughtHazard: 0, caughtUnknown: 0, guardedNothing: 0, missed: 0 };
}

/** Counts one wait mutant's outcome in its kind's tally and in the sums. */
function count(stats: LlvmCampaignStats, kind: 'dropped' | 'loosened', outcome: WaitOutcome | 'missed'): void {
  for (const tally of [stats, stats[kind]]) {
    tally.mutants++;
    if (outcome === 'hazard') tally.caughtHazard++;
    if (outcome === 'unknown') tally.caughtUnknown++;
    if (outcome === 'guarded-nothing') tally.guardedNothing++;
    if (outcome === 'missed') tally.missed++;
  }
}

/** Runs the campaign; `onRun` hears of each run of the first pass (not of shrinking). */
export function runLlvmCampaign(config: LlvmCampaignConfig, onRun: (stats: LlvmCampaignStats) => void): LlvmCampaignResult {
  const started = performance.now();
  const stats: LlvmCampaignStats = {
    runs: 0, functions: 0, proved: 0, targets: new Set(), ...emptyTally(), dropped: emptyTally(), loosened: emptyTally(),
    nops: { mutants: 0, caughtHazard: 0, caughtUnknown: 0, provedSafe: 0 },
  };
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
      if (evaluation.missed !== undefined) count(stats, evaluation.missed, 'missed');
      return false;
    }
    stats.runs++;
    stats.functions += evaluation.functions;
    stats.proved += evaluation.functions;
    stats.targets.add(c.target);
    if (evaluation.dropped !== null) count(stats, 'dropped', evaluation.dropped);
    if (evaluation.loosened !== null) count(stats, 'loosened', evaluation.loosened);
    if (evaluation.nop !== null) {
      stats.nops.mutants++;
      if (evaluation.nop === 'hazard') stats.nops.caughtHazard++;
      if (evaluation.nop === 'unknown') stats.nops.caughtUnknown++;
      if (evaluation.nop === 'proved-safe') stats.nops.provedSafe++;
    }
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

/** `293 caught (98%; 292 hazard, 1 unknown), 7 proved safe with the wait guarding no register, 0 missed`. */
function tallyText(tally: WaitMutantTally, guardedNothing: string): string {
  const caught = tally.caughtHazard + tally.caughtUnknown;
  const share = tally.mutants === 0 ? '-' : `${((100 * caught) / tally.mutants).toFixed(0)}%`;
  return `${caught} caught (${share}; ${tally.caughtHazard} hazard, ${tally.caughtUnknown} unknown), ${tally.guardedNothing} ${guardedNothing}, ${tally.missed} missed`;
}

/** The summary lines of a campaign, with the replay command. */
export function llvmCampaignSummary(result: LlvmCampaignResult, config: LlvmCampaignConfig): string[] {
  const { stats } = result;
  const replay = `hazardproof fuzz --llvm --seed ${config.seed} --runs ${config.runs}`;
  const { nops } = stats;
  const lines = [
    `fuzz --llvm: ${stats.runs} kernel(s) compiled by ${config.llc} for ${stats.targets.size} target(s) (${[...stats.targets].sort().join(', ')}), ` +
      `${stats.proved} function(s) proved safe, in ${(result.elapsedMs / 1000).toFixed(1)} s`,
    `mutants: ${stats.mutants} (one dropped and one loosened wait per output where a load's result is read later): ${tallyText(stats, 'proved safe with the wait guarding no register the text shows')}`,
    `  dropped: ${stats.dropped.mutants} (the wait line removed): ${tallyText(stats.dropped, 'proved safe with the wait guarding no register')}`,
    `  loosened: ${stats.loosened.mutants} (one counter of the wait raised by one): ${tallyText(stats.loosened, 'proved safe with no read shown uncovered (approximate: the loosened count may still cover every read)')}`,
    `s_nop mutants: ${nops.mutants} (one s_nop per output shortened by one or dropped; about wait states, not wait counters: outside the caught share): ` +
      `${nops.caughtHazard + nops.caughtUnknown} caught (${nops.caughtHazard} hazard, ${nops.caughtUnknown} unknown), ${nops.provedSafe} proved safe`,
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
