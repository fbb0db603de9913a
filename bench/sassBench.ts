/**
 * Real listings: every corpus listing's verdict per kernel with its time, a kernel of several
 * thousand instructions built from them, the mutation self-test, and the fast analysis against
 * exhaustive search on small kernels (the impl/spec ratio of this machine).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { exploreAll } from '../explore/exhaustive.js';
import type { Verdict } from '../explore/verdict.js';
import { packageRoot } from '../format/packageRoot.js';
import { loadListingKernels, type LoadedKernel } from '../format/sass/loadKernels.js';
import { analyze } from '../impl/sass/analysis/fixpoint.js';
import { checkSassProgram, DEFAULT_SASS_CHECK } from '../impl/sass/check.js';
import { compareAnnotation } from '../impl/sass/annotateReport.js';
import { caughtShare, runMutationCampaign, type MutationTally } from '../impl/sass/mutationCampaign.js';
import { sassProgramArbitrary } from '../properties/arbitraries/sassProgram.js';
import { formatTable } from '../reports/table.js';
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

/** Mutation self-test per listing, on a seeded sample of mutants per kernel. */
export function mutationRows(root: string, sample: number, seed: number): { listing: string; tally: MutationTally }[] {
  return GENERATED_LISTINGS.map((listing) => {
    const kernels = loadListingKernels(join(root, listing), { from: null, architecture: null, kernels: [] });
    const totals = { mutants: 0, provedSafe: 0, hazard: 0, unknown: 0 };
    for (const kernel of kernels) {
      const all = runMutationCampaign(kernel.program, sample, seed).tallies.find((tally) => tally.kind === 'all')!;
      totals.mutants += all.mutants;
      totals.provedSafe += all.provedSafe;
      totals.hazard += all.hazard;
      totals.unknown += all.unknown;
    }
    return { listing, tally: { kind: 'all', ...totals } };
  });
}

/** One listing's control records derived by the pass, against the compiler's. */
export interface AnnotateRow {
  readonly listing: string;
  readonly kernels: number;
  readonly proved: number;
  readonly compilerCycles: number;
  readonly derivedCycles: number;
}

/** Strips and re-derives every kernel's control records, proves them, and compares cycles on the same schedules. */
export function annotateRows(root: string, runs: number, seed: number): AnnotateRow[] {
  return GENERATED_LISTINGS.map((listing) => {
    const kernels = loadListingKernels(join(root, listing), { from: null, architecture: null, kernels: [] });
    let proved = 0;
    let compilerCycles = 0;
    let derivedCycles = 0;
    for (const kernel of kernels) {
      const comparison = compareAnnotation(kernel.program, runs, seed, 8);
      if (comparison.proof.verdict === 'proved-safe') proved++;
      compilerCycles += comparison.compilerCycles;
      derivedCycles += comparison.derivedCycles;
    }
    return { listing, kernels: kernels.length, proved, compilerCycles, derivedCycles };
  });
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
export function formatSassBench(listings: readonly ListingRow[], big: readonly BigKernelRow[], mutation: readonly { listing: string; tally: MutationTally }[], versus: ReturnType<typeof analysisVersusExhaustive>, annotated: readonly AnnotateRow[], sample: number, seed: number, runs: number): string {
  const lines = [
    formatTable(['NVIDIA listing (corpus)', 'kernels', 'instructions', 'proved-safe', 'hazard', 'unknown', 'ms'],
      listings.map((r) => [r.listing, String(r.kernels), String(r.instructions), String(r.verdicts['proved-safe']), String(r.verdicts.hazard), String(r.verdicts.unknown), r.ms.toFixed(0)]), [1, 2, 3, 4, 5, 6]),
    'ptxas output is correct until a schedule proves otherwise: a hazard there is a model error or a finding. sgemm_final_128 is hand-scheduled with maxas.',
    '',
    formatTable(['big kernel', 'instructions', 'verdict', 'transfer steps', 'ms'],
      big.map((r) => [r.case, String(r.instructions), r.verdict, String(r.analysisSteps), r.ms.toFixed(0)]), [1, 3, 4]),
    'Goal: a 3,000-instruction kernel decided in under 2 s.',
    '',
    formatTable(['mutation self-test', 'mutants checked', 'proved-safe', 'caught', 'undecided', 'caught share'],
      mutation.map(({ listing, tally }) => [listing, String(tally.mutants), String(tally.provedSafe), String(tally.hazard), String(tally.unknown), `${(100 * caughtShare(tally)).toFixed(1)}%`]), [1, 2, 3, 4, 5]),
    `Up to ${sample} mutants per kernel (seed ${seed}); caught share = caught / (caught + undecided), a lower bound. Goal: >= 99%.`,
    '',
    formatTable(['annotate (derived vs compiler records)', 'kernels', 'derived proved safe', 'compiler cycles', 'derived cycles', 'derived / compiler'],
      annotated.map((r) => [r.listing, String(r.kernels), String(r.proved), r.compilerCycles.toLocaleString('en-US'), r.derivedCycles.toLocaleString('en-US'), `${(r.derivedCycles / Math.max(1, r.compilerCycles)).toFixed(2)}x`]), [1, 2, 3, 4, 5]),
    `Control records stripped and derived by the pass, then ${runs} seeded schedules per kernel (latencies 1..8 per step, same for both, seed ${seed}); cycles in the model.`,
    '',
    formatTable(['analysis vs exhaustive (small kernels)', 'kernels', 'exhaustive ms', 'analysis ms', 'analysis speed-up', 'hazards missed by the analysis'],
      [['random kernels with loops', String(versus.kernels), versus.exhaustiveMs.toFixed(0), versus.analysisMs.toFixed(1), `${(versus.exhaustiveMs / Math.max(versus.analysisMs, 0.001)).toFixed(0)}x`, String(versus.missed)]], [1, 2, 3, 4, 5]),
  ];
  return lines.join('\n');
}
