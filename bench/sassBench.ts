/**
 * Real listings: every corpus listing's verdict per kernel with its time, a kernel of several
 * thousand instructions built from them, the mutation self-test, and the fast analysis against
 * exhaustive search on small kernels (the impl/spec ratio of this machine).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { timeBudget } from '../api/stop.js';
import { exploreAll } from '../explore/exhaustive.js';
import type { Verdict } from '../explore/verdict.js';
import { packageRoot } from '../format/packageRoot.js';
import { loadListingKernels, type LoadedKernel } from '../format/sass/loadKernels.js';
import { analyze } from '../impl/sass/analysis/fixpoint.js';
import { checkSassProgram, DEFAULT_SASS_CHECK } from '../impl/sass/check.js';
import { compareAnnotation } from '../impl/sass/annotateReport.js';
import { addTallies, caughtShare, runMutationCampaign, type MutationTally } from '../impl/sass/mutationCampaign.js';
import { sassProgramArbitrary } from '../properties/arbitraries/sassProgram.js';
import { formatTable } from '../reports/table.js';
import { corpusFiles, corpusFolders } from './corpusFolders.js';
import type { SassInstruction, SassProgram, SassQueue, SassUnit } from '../spec/sass/program.js';
import { sassSystem } from '../spec/sass/system.js';

/** The ptxas- and maxas-generated listings of the corpus, relative to it. */
export const GENERATED_LISTINGS = [
  'cuassembler/cudatest.7.sm_75.cuasm',
  'cuassembler/cudatest.6.sm_61.cuasm',
  'cuassembler/regbank_test.template.sm_50.cuasm',
  'maxas/ptxas_memory.sm_52.sass',
  'maxas/sgemm_final_128.sass',
];

/** Where the corpus is, or null when this clone has none. */
export function corpusRoot(): string | null {
  const root = resolve(packageRoot(), '..', 'shared', 'corpus');
  return existsSync(root) ? root : null;
}

/** One listing's verdicts. */
export interface ListingRow {
  readonly listing: string;
  readonly kernels: number;
  readonly instructions: number;
  readonly verdicts: Readonly<Record<Verdict, number>>;
  readonly ms: number;
}

/** Checks every generated corpus listing, kernel by kernel. */
export function listingRows(root: string): ListingRow[] {
  return GENERATED_LISTINGS.map((listing) => {
    const started = performance.now();
    const kernels = loadListingKernels(join(root, listing), { from: null, architecture: null, kernels: [] });
    const verdicts: Record<Verdict, number> = { 'proved-safe': 0, 'no-hazard-found': 0, hazard: 0, unknown: 0 };
    for (const kernel of kernels) verdicts[checkSassProgram(kernel.program, kernel.notes, { ...DEFAULT_SASS_CHECK, counterexample: kernel.counterexample ?? null }).verdict]++;
    return { listing, kernels: kernels.length, instructions: kernels.reduce((sum, k) => sum + k.program.instructions.length, 0), verdicts, ms: performance.now() - started };
  });
}

/**
 * One kernel made of real kernels end to end until it has at least `size` instructions: the size
 * of real kernels, from real code. Each seam stands for the kernel's `EXIT`: it waits on every
 * scoreboard, lets every queued instruction read its sources (a store before `EXIT` needs no
 * read scoreboard, since nothing overwrites its registers) and stalls 30 cycles, so no hazard
 * crosses it.
 */
export function stitchedKernel(kernels: readonly LoadedKernel[], size: number): SassProgram {
  const instructions: SassInstruction[] = [];
  const first = kernels[0]!.program;
  const queues = [...new Map(kernels.flatMap(({ program }) => program.queues.map((queue) => [queue.name, queue] as const))).values()];
  for (let round = 0; instructions.length < size; round++) {
    for (const { program } of kernels) {
      const seam: SassInstruction = {
        opcode: 'NOP', guard: null, destinations: [], sources: [], readAtIssue: [], unit: { kind: 'none' }, flow: { kind: 'next' }, depbar: null, drains: queues.map((_, index) => index), latencyClass: null,
        control: { wait: [0, 1, 2, 3, 4, 5], readScoreboard: null, writeScoreboard: null, yield: false, stall: 15 }, line: 0, column: 0, text: 'NOP (seam)',
      };
      instructions.push(seam, { ...seam, control: { ...seam.control, wait: [] } });
      const offset = instructions.length;
      program.instructions.forEach((instruction, index) => {
        const flow = instruction.flow;
        // Exits, returns and ptxas' closing self-loop (`BRA` to itself) continue into the next kernel; targets move with the kernel.
        const leaves = flow.kind === 'exit' || flow.kind === 'return' || (flow.kind === 'branch' && flow.target === index);
        instructions.push({
          ...instruction,
          flow: leaves ? { kind: 'next' } : flow.kind === 'branch' || flow.kind === 'call' ? { ...flow, target: flow.target + offset } : flow,
          unit: renumberQueue(instruction.unit, program, queues),
        });
      });
      if (instructions.length >= size) break;
    }
    if (round > 1000) break;
  }
  return { ...first, name: `stitched-${instructions.length}`, queues, instructions };
}

/** A variable-latency unit's queue as an index into the stitched kernel's queues (matched by name). */
function renumberQueue(unit: SassUnit, program: SassProgram, queues: readonly SassQueue[]): SassUnit {
  if (unit.kind !== 'variable') return unit;
  const name = program.queues[unit.queue]!.name;
  return { kind: 'variable', queue: queues.findIndex((queue) => queue.name === name) };
}

/** One big-kernel row. */
export interface BigKernelRow {
  readonly case: string;
  readonly instructions: number;
  readonly verdict: Verdict;
  readonly analysisSteps: number;
  readonly ms: number;
}

/** Decides stitched kernels of the sm_75 listing's kernels at several sizes. */
export function bigKernelRows(root: string, sizes: readonly number[]): BigKernelRow[] {
  const kernels = loadListingKernels(join(root, 'cuassembler/cudatest.7.sm_75.cuasm'), { from: null, architecture: null, kernels: [] });
  return sizes.map((size) => {
    const program = stitchedKernel(kernels, size);
    const started = performance.now();
    const result = checkSassProgram(program, []);
    return { case: `sm_75 kernels stitched`, instructions: program.instructions.length, verdict: result.verdict, analysisSteps: result.analysisSteps, ms: performance.now() - started };
  });
}

/** One architecture's mutation self-test over the corpus. */
export interface MutationRow {
  /** The kernels' `program.architecture` (`sm_52`, `sm_120a`: as the listings state it). */
  readonly architecture: string;
  readonly kernels: number;
  readonly tally: MutationTally;
  /** Kernels whose time budget ran out before their sample was checked: their unchecked mutants are left out of `tally`. */
  readonly outOfBudget: number;
  readonly ms: number;
}

/**
 * The mutation self-test over every NVIDIA listing of the corpus (mesa-ir3 left out, and the
 * preprocessor sources, which do not load), one row per architecture: a seeded sample of
 * `sample` mutants per kernel, each checked with the kernel's counterexample side, each kernel's
 * campaign within `kernelBudgetMs` (a few kernels take seconds per mutant: the budget keeps the
 * whole run to a couple of minutes, as `check --timeout` would).
 */
export function mutationRows(root: string, sample: number, seed: number, kernelBudgetMs: number): MutationRow[] {
  const rows = new Map<string, { kernels: number; tallies: MutationTally[]; outOfBudget: number; ms: number }>();
  for (const folder of corpusFolders(root)) {
    // A maxas or TuringAs source needs its preprocessor first: a located input error, no kernels.
    for (const { kernels } of corpusFiles(root, folder)) {
      for (const kernel of kernels ?? []) {
        const { architecture } = kernel.program;
        if (!rows.has(architecture)) rows.set(architecture, { kernels: 0, tallies: [], outOfBudget: 0, ms: 0 });
        const row = rows.get(architecture)!;
        const started = performance.now();
        const report = runMutationCampaign(kernel, sample, seed, undefined, timeBudget({ timeoutMs: kernelBudgetMs }).shouldStop);
        row.ms += performance.now() - started;
        row.kernels++;
        row.tallies.push(report.tallies.find((tally) => tally.kind === 'all')!);
        if (report.stoppedBy !== null) row.outOfBudget++;
      }
    }
  }
  // sm_50 before sm_120: by generation number, then the suffix (sm_120 before sm_120a).
  const generation = (name: string) => parseInt(name.replace(/^sm_/, ''), 10);
  return [...rows].sort(([a], [b]) => generation(a) - generation(b) || (a < b ? -1 : 1))
    .map(([architecture, row]) => ({ architecture, kernels: row.kernels, tally: addTallies(row.tallies), outOfBudget: row.outOfBudget, ms: row.ms }));
}

/** Mutants checked, proved-safe, caught, undecided by cause, caught share: the cells of a mutation row. */
function mutationCells(tally: MutationTally): string[] {
  const { fact, budget, other } = tally.undecided;
  // Without the fact gaps: the share of mutants whose hazard needs only sourced behaviour that a schedule shows.
  const sourced = caughtShare({ ...tally, unknown: budget + other });
  return [String(tally.mutants), String(tally.provedSafe), String(tally.hazard), `${tally.unknown} (${fact} / ${budget} / ${other})`, `${(100 * caughtShare(tally)).toFixed(1)}%`, `${(100 * sourced).toFixed(1)}%`];
}

/** One corpus folder's kernels with their control records derived by the pass, against the compiler's. */
export interface AnnotateRow {
  readonly folder: string;
  /** Kernels of the folder the model reads (files that fail to load are skipped). */
  readonly kernels: number;
  /** Kernels not done within their budget: neither proved nor timed, left out of every other column. */
  readonly skipped: number;
  /** Kernels whose derived records (after the fallback) the analysis proves safe. */
  readonly proved: number;
  readonly compilerCycles: number;
  readonly derivedCycles: number;
  /** Kernels where the derived records take fewer cycles than the compiler's (`own`: of those, by the pass's own records, not the fallback). */
  readonly better: number;
  readonly own: number;
  /** Kernels where they take more: only where the analysis does not prove the compiler's records safe (else the fallback keeps those). */
  readonly worse: number;
  /** Kernels where the pass's own records took more cycles and the compiler's, proved safe, were kept. */
  readonly fallback: number;
  /** Kernels whose kept records use `DEPBAR.LE` the pass inserted. */
  readonly depbars: number;
  readonly ms: number;
}

/** Budget of one kernel's derivation, proof and timing in `annotateRows`. */
export const ANNOTATE_KERNEL_BUDGET_MS = 10_000;

/**
 * Strips and re-derives the control records of every kernel of every NVIDIA folder of the corpus
 * (mesa-ir3 left out; files read by content, those that fail to load skipped), proves them, and
 * compares cycles with the compiler's on the same schedules. Each kernel gets its own budget; one
 * that runs past it counts as skipped.
 */
export function annotateRows(root: string, runs: number, seed: number, budgetMs = ANNOTATE_KERNEL_BUDGET_MS): AnnotateRow[] {
  return corpusFolders(root).map((folder) => {
    const started = performance.now();
    const row = { folder, kernels: 0, skipped: 0, proved: 0, compilerCycles: 0, derivedCycles: 0, better: 0, own: 0, worse: 0, fallback: 0, depbars: 0, ms: 0 };
    for (const { kernels } of corpusFiles(root, folder)) {
      for (const kernel of kernels ?? []) {
        row.kernels++;
        const comparison = compareAnnotation(kernel.program, runs, seed, 8, timeBudget({ timeoutMs: budgetMs }).shouldStop, kernel.notes);
        if (comparison.stoppedBy !== null) {
          row.skipped++;
          continue;
        }
        if (comparison.proof.verdict === 'proved-safe') row.proved++;
        row.compilerCycles += comparison.compilerCycles;
        row.derivedCycles += comparison.derivedCycles;
        if (comparison.derivedCycles < comparison.compilerCycles) row.better++;
        if (comparison.kept === 'derived' && comparison.ownCycles < comparison.compilerCycles) row.own++;
        if (comparison.derivedCycles > comparison.compilerCycles) row.worse++;
        if (comparison.kept === 'compiler') row.fallback++;
        if (comparison.annotation.depbars > 0 && comparison.kept === 'derived') row.depbars++;
      }
    }
    return { ...row, ms: performance.now() - started };
  });
}

/** The sum of the folder rows, as one more row. */
function annotateTotal(rows: readonly AnnotateRow[]): AnnotateRow {
  const sum = (key: Exclude<keyof AnnotateRow, 'folder'>) => rows.reduce((total, row) => total + row[key], 0);
  return { folder: 'all folders', kernels: sum('kernels'), skipped: sum('skipped'), proved: sum('proved'), compilerCycles: sum('compilerCycles'), derivedCycles: sum('derivedCycles'), better: sum('better'), own: sum('own'), worse: sum('worse'), fallback: sum('fallback'), depbars: sum('depbars'), ms: sum('ms') };
}

/** The analysis against exhaustive search on the same small kernels: time of each, and agreement. */
export function analysisVersusExhaustive(count: number, seed: number): { kernels: number; analysisMs: number; exhaustiveMs: number; missed: number } {
  const programs = fc.sample(sassProgramArbitrary({ maxInstructions: 7, loops: true }), { numRuns: count, seed });
  let analysisMs = 0;
  let exhaustiveMs = 0;
  let kernels = 0;
  let missed = 0;
  for (const program of programs) {
    let started = performance.now();
    const exploration = exploreAll(sassSystem(program), { maxStates: 20_000 });
    exhaustiveMs += performance.now() - started;
    if (!exploration.complete) continue;
    started = performance.now();
    const suspicions = analyze(program).suspicions.length;
    analysisMs += performance.now() - started;
    kernels++;
    if (exploration.witnesses.length > 0 && suspicions === 0) missed++;
  }
  return { kernels, analysisMs, exhaustiveMs, missed };
}

/** The text tables of this bench. */
export function formatSassBench(listings: readonly ListingRow[], big: readonly BigKernelRow[], mutation: readonly MutationRow[], versus: ReturnType<typeof analysisVersusExhaustive>, annotated: readonly AnnotateRow[], sample: number, seed: number, runs: number, mutationBudgetMs: number): string {
  const mutationTotal = addTallies(mutation.map((row) => row.tally));
  const outOfBudget = mutation.filter((row) => row.outOfBudget > 0);
  const lines = [
    formatTable(['NVIDIA listing (corpus)', 'kernels', 'instructions', 'proved-safe', 'hazard', 'unknown', 'ms'],
      listings.map((r) => [r.listing, String(r.kernels), String(r.instructions), String(r.verdicts['proved-safe']), String(r.verdicts.hazard), String(r.verdicts.unknown), r.ms.toFixed(0)]), [1, 2, 3, 4, 5, 6]),
    'ptxas output is correct until a schedule proves otherwise: a hazard there is a model error or a finding. sgemm_final_128 is hand-scheduled with maxas.',
    '',
    formatTable(['big kernel', 'instructions', 'verdict', 'transfer steps', 'ms'],
      big.map((r) => [r.case, String(r.instructions), r.verdict, String(r.analysisSteps), r.ms.toFixed(0)]), [1, 3, 4]),
    'Goal: a 3,000-instruction kernel decided in under 2 s.',
    '',
    formatTable(['mutation self-test (architecture)', 'kernels', 'mutants checked', 'proved-safe', 'caught', 'undecided (fact / budget / other)', 'caught share', 'without fact gaps', 's'],
      [...mutation.map((row) => [row.architecture, String(row.kernels), ...mutationCells(row.tally), (row.ms / 1000).toFixed(1)]),
        ['all', String(mutation.reduce((sum, row) => sum + row.kernels, 0)), ...mutationCells(mutationTotal), (mutation.reduce((sum, row) => sum + row.ms, 0) / 1000).toFixed(1)]], [1, 2, 3, 4, 5, 6, 7, 8]),
    `Every NVIDIA listing of the corpus; up to ${sample} mutants per kernel (seed ${seed}), each checked with the counterexample side of its table: caught = a schedule of behaviour a source shows has a hazard.`,
    'Undecided: fact = the hazard needs a fact no source gives (named); budget = the state budget of the search ran out; other = the analysis could not decide.',
    `caught share = caught / (caught + undecided), a lower bound. Goal: >= 99%. Without fact gaps = caught / (caught + budget + other): a fact-gap mutant's hazard needs behaviour no source shows (an opcode or order timed only as a bound), so it is no established hazard; the share counts the mutants whose hazard needs only sourced behaviour.`,
    `${mutationBudgetMs} ms per kernel: ${outOfBudget.length === 0 ? 'no kernel ran out' : `${outOfBudget.reduce((sum, row) => sum + row.outOfBudget, 0)} kernel(s) ran out (${outOfBudget.map((row) => `${row.architecture} ${row.outOfBudget}`).join(', ')}), their unchecked mutants left out`}.`,
    '',
    formatTable(['annotate (derived vs compiler records)', 'kernels', 'skipped', 'derived proved safe', 'compiler cycles', 'derived cycles', 'derived / compiler', 'derived < compiler', 'by own records', 'derived > compiler', 'compiler kept', 'with DEPBAR', 'ms'],
      [...annotated, annotateTotal(annotated)].map((r) => [r.folder, String(r.kernels), String(r.skipped), String(r.proved), r.compilerCycles.toLocaleString('en-US'), r.derivedCycles.toLocaleString('en-US'),
        `${(r.derivedCycles / Math.max(1, r.compilerCycles)).toFixed(2)}x`, String(r.better), String(r.own), String(r.worse), String(r.fallback), String(r.depbars), r.ms.toFixed(0)]), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
    `Every kernel of every NVIDIA corpus folder the model reads: control records stripped and derived by the pass, proved, then ${runs} seeded schedules per kernel (latencies 1..8 per step, same for both, seed ${seed}); cycles in the model.`,
    `by own records: kernels where the pass's own records beat the compiler's; compiler kept: kernels where they took more cycles and the compiler's records, proved safe, were kept instead;`,
    `derived > compiler: only kernels whose compiler records the analysis does not prove safe (they rely on a fact the model does not grant); skipped: past the ${ANNOTATE_KERNEL_BUDGET_MS} ms budget of a kernel, left out of the other columns. Goal: derived > compiler on none.`,
    '',
    formatTable(['analysis vs exhaustive (small kernels)', 'kernels', 'exhaustive ms', 'analysis ms', 'analysis speed-up', 'hazards missed by the analysis'],
      [['random kernels with loops', String(versus.kernels), versus.exhaustiveMs.toFixed(0), versus.analysisMs.toFixed(1), `${(versus.exhaustiveMs / Math.max(versus.analysisMs, 0.001)).toFixed(0)}x`, String(versus.missed)]], [1, 2, 3, 4, 5]),
  ];
  return lines.join('\n');
}
