import { compileProgram } from '../impl/compiled.js';
import { Simulator } from '../impl/simulator.js';
import { runSchedule } from '../spec/scoreboard/schedule/runSchedule.js';
import { randomSchedule } from '../spec/scoreboard/schedule/latencySchedule.js';
import { formatTable } from '../reports/table.js';
import { minimizeProgram } from '../impl/minimize/minimizeProgram.js';
import { benchmarkProgram, missingWaitProgram } from './programs.js';
import { depbarProofCost, PROOF_TARGETS, stallComparison, wholeProgramCost } from './solverBench.js';
import { explorerComparison, formatExplorerComparison } from './streamoutBench.js';
import { formatStreamScaleBench, streamScaleBench } from './streamoutScaleBench.js';
import { formatTraceBench, streamTraceBenchRows } from './streamoutTraceBench.js';
import { compareBench, compareBenchJson, formatCompareBench } from './compareBench.js';
import { formatLrcBench, lrcBenchRows } from './lrcBench.js';
import { releaseZ3 } from '../solver/z3.js';
import { corpusFolderRows, formatCorpusBench } from './corpusBench.js';
import { amdBench, formatAmdBench } from './amdBench.js';
import { analysisVersusExhaustive, annotateRows, bigKernelRows, corpusRoot, formatSassBench, listingRows, mutationRows } from './sassBench.js';
import { bigKernelBench, formatBigKernelBench } from './bigKernels.js';
import { corpusRows as ir3CorpusRows, formatComponentBench, generatedRows as generatedComponentRows, ir3CorpusRoot } from './componentBench.js';

/** One measured row: the same schedules run through the spec and the simulator. */
interface Row {
  readonly case: string;
  readonly instructions: number;
  readonly specSchedulesPerSecond: number;
  readonly implSchedulesPerSecond: number;
  readonly specInstructionsPerSecond: number;
  readonly implInstructionsPerSecond: number;
  readonly ratio: number;
}

/** Runs `work` over the schedules, cycling, for at least `seconds`; returns schedules per second. */
function rate(seconds: number, work: (index: number) => void): number {
  const started = performance.now();
  let runs = 0;
  while (performance.now() - started < seconds * 1000 || runs < 3) work(runs++);
  return runs / ((performance.now() - started) / 1000);
}

const json = process.argv.includes('--json');
const seed = 1;
const maxLatency = 8;
const rows: Row[] = [];
for (const size of [32, 256, 2048]) {
  const program = benchmarkProgram(size);
  const schedules = Array.from({ length: 16 }, (_, index) => randomSchedule(program, seed + index, maxLatency));
  if (!json) process.stderr.write(`measuring ${size} instructions: spec...`);
  const spec = rate(1.5, (index) => runSchedule(program, schedules[index % schedules.length]!));
  if (!json) process.stderr.write(' impl...\n');
  const simulator = new Simulator(compileProgram(program));
  rate(0.3, (index) => simulator.run(schedules[index % schedules.length]!)); // warm-up: let the JIT settle
  const impl = rate(1.5, (index) => simulator.run(schedules[index % schedules.length]!));
  rows.push({
    case: `benchmark-${size}`, instructions: size,
    specSchedulesPerSecond: spec, implSchedulesPerSecond: impl,
    specInstructionsPerSecond: spec * size, implInstructionsPerSecond: impl * size, ratio: impl / spec,
  });
}

if (!json) process.stderr.write('measuring minimization of the 2,000-instruction program with one missing wait...\n');
const minimized = minimizeProgram(missingWaitProgram(2000), { kind: 'RAW', register: 'R1' }, { seed, runs: 40, maxLatency, scoreboardMax: 63, exhaustiveUpTo: 12 });
const minimization = {
  case: 'missing-wait-2000', instructionsBefore: minimized.instructionsBefore, instructionsAfter: minimized.instructionsAfter,
  evaluations: minimized.evaluations, seconds: minimized.elapsedMs / 1000,
};

if (!json) process.stderr.write('measuring proofs (Z3)...\n');
const depbarProofs = await depbarProofCost(40);
const wholePrograms = await wholeProgramCost([8, 16, 32, 64, 128, PROOF_TARGETS.wholeProgramInstructions]);
const stalls = await stallComparison(40, 50);
await releaseZ3();
if (!json) process.stderr.write('exploring stream-output configurations (TypeScript explorer and SPIN)...\n');
const streamout = explorerComparison((text) => { if (!json) process.stderr.write(`${text}\n`); });
const streamoutScale = await streamScaleBench({ batchCounts: [8194, 100_000], specUpTo: 8194, specCapSeconds: 120, timings: 200, jobs: 2, onProgress: (text) => { if (!json) process.stderr.write(`${text}\n`); } });
if (!json) process.stderr.write('checking recorded stream-output traces of 250,000 and 1,000,000 lines (streaming checker, one process each)...\n');
const streamoutTraces = streamTraceBenchRows();
const lrcRows = lrcBenchRows({ seed, maxLatency, onProgress: (text) => { if (!json) process.stderr.write(`${text}\n`); } });
if (!json) process.stderr.write('comparing issue mechanisms (LRC 1 and 2 classes, scoreboards + DEPBAR, interlocks)...\n');
const comparison = compareBench();
const corpus = corpusRoot();
if (!json) process.stderr.write(corpus === null ? 'NVIDIA listings: ../shared/corpus is absent, skipping the listing tables\n' : 'checking the NVIDIA corpus listings, stitched big kernels and mutants...\n');
// Every corpus kernel (about 350): a small sample each, and a budget per kernel for the few whose every mutant takes seconds.
const mutationSample = 16;
const mutationBudgetMs = 1_500;
const sass = corpus === null ? null : {
  listings: listingRows(corpus),
  folders: corpusFolderRows(corpus),
  big: bigKernelRows(corpus, [1000, 3000, 10000]),
  mutation: mutationRows(corpus, mutationSample, seed, mutationBudgetMs),
  versus: analysisVersusExhaustive(300, seed),
  annotated: annotateRows(corpus, 10, seed),
};

// Made with ptxas when `npm run setup:nvidia` has unpacked it (each row says why it is skipped otherwise), kept between runs.
if (!json) process.stderr.write('big generated NVIDIA kernels: PTX assembled by ptxas (2,000 to 20,000 instructions), each checked in a process of its own...\n');
const bigKernels = bigKernelBench((text) => { if (!json) process.stderr.write(`${text}\n`); });

if (!json) process.stderr.write('AMD GPUs: compiling the bundled IR with llc-19 for every target and level, and a short fuzz --llvm campaign...\n');
const amd = amdBench(seed, 50);

const ir3Corpus = ir3CorpusRoot();
if (!json) process.stderr.write(`scheduling ir3 shaders (list scheduler of US 8,098,251 vs in-order full latency)${ir3Corpus === null ? '; ../shared/corpus/mesa-ir3 is absent, skipping the corpus rows' : ''}...\n`);
const components = { seed, generated: generatedComponentRows(seed), corpus: ir3Corpus === null ? null : ir3CorpusRows(ir3Corpus) };

if (json) {
  process.stdout.write(`${JSON.stringify({ seed, maxLatency, rows, minimization, depbarProofs, wholePrograms, stalls, streamout, streamoutScale, streamoutTraces, lrc: lrcRows, comparison: compareBenchJson(comparison), sass, bigKernels, amd: amd === null ? null : { ...amd, campaign: { ...amd.campaign, stats: { ...amd.campaign.stats, targets: [...amd.campaign.stats.targets] } } }, components }, null, 2)}\n`);
} else {
  const round = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log(formatTable(
    ['case', 'instructions', 'spec schedules/s', 'impl schedules/s', 'spec instr/s', 'impl instr/s', 'impl/spec'],
    rows.map((r) => [r.case, String(r.instructions), round(r.specSchedulesPerSecond), round(r.implSchedulesPerSecond),
      round(r.specInstructionsPerSecond), round(r.implInstructionsPerSecond), `${r.ratio.toFixed(1)}x`]),
    [1, 2, 3, 4, 5, 6],
  ));
  console.log(`\nSame 16 random schedules (seeds ${seed}..${seed + 15}, delays 1..${maxLatency}) through both, one core, measured in this run.`);
  console.log('Goal: impl/spec >= 30x, and impl >= 5,000,000 simulated instructions/s at 2,048 instructions.');
  console.log('');
  console.log(formatTable(['minimization', 'instructions before', 'after', 'evaluations', 'seconds'],
    [[minimization.case, String(minimization.instructionsBefore), String(minimization.instructionsAfter), String(minimization.evaluations), minimization.seconds.toFixed(2)]],
    [1, 2, 3, 4]));
  console.log('Goal: at most 5 instructions within 10 s.');
  console.log('');
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const depbarTarget = (medianMs: number) => `median <= ${PROOF_TARGETS.depbarMedianMs} ms: ${met(medianMs <= PROOF_TARGETS.depbarMedianMs)}`;
  console.log(formatTable(['DEPBAR proofs (annotated random programs)', 'programs', 'DEPBARs', 'queries', 'mean ms', 'median ms', 'p95 ms', 'max ms', 'target'],
    depbarProofs.runs.map((run, index) => [index === 0 ? 'first run in the process' : `run ${index + 1} (same sample)`, String(depbarProofs.programs), String(depbarProofs.depbars), String(depbarProofs.queries),
      ...[run.meanMs, run.medianMs, run.p95Ms, run.maxMs].map((ms) => ms.toFixed(1)), depbarTarget(run.medianMs)]), [1, 2, 3, 4, 5, 6, 7]));
  console.log(`Times per DEPBAR (all its queries). Z3 was started first (${depbarProofs.startMs.toFixed(0)} ms: initialisation and first checks), not counted;`);
  console.log('the first run also compiles the parts of Z3 (WebAssembly) and of hazardproof it uses as it goes, as a short `prove` does.');
  console.log('');
  const largest = wholePrograms.find((w) => w.instructions === PROOF_TARGETS.wholeProgramInstructions);
  console.log(formatTable(['whole-program proof', 'instructions', 'verdict', 'ms', 'growth vs previous', 'target'],
    wholePrograms.map((w) => [`benchmark-${w.instructions}`, String(w.instructions), w.verdict, w.ms.toFixed(0), w.growth === null ? '-' : `${w.growth.toFixed(2)}x`,
      w === largest ? `< ${PROOF_TARGETS.wholeProgramMs / 1000} s: ${met(w.verdict === 'proved' && w.ms < PROOF_TARGETS.wholeProgramMs)}` : '']), [1, 3, 4]));
  console.log('');
  console.log(formatTable(['stall cycles (annotate pass)', 'programs', 'schedules each', 'pass', 'wait for zero', 'solver best', 'pass / wait for zero'],
    [['annotated random programs', String(stalls.programs), String(stalls.schedules), String(stalls.pass), String(stalls.waitForZero), String(stalls.solverBest),
      stalls.waitForZero === 0 ? '-' : (stalls.pass / stalls.waitForZero).toFixed(2)]], [1, 2, 3, 4, 5, 6]));
  console.log('Stall cycles: cycles the warp waited beyond its stall counts, eager issue, same schedules for all three.');
  console.log('');
  console.log(formatExplorerComparison(streamout));
  console.log('');
  console.log(formatStreamScaleBench(streamoutScale));
  console.log('');
  console.log(formatTraceBench(streamoutTraces));
  console.log('A trace file is generated from random timings, then checked by \'streamout check\' in a fresh process (peak RSS is that process\'s).');
  console.log('');
  console.log(formatLrcBench(lrcRows));
  console.log('');
  console.log(formatCompareBench(comparison));
  console.log('');
  console.log(sass === null ? 'NVIDIA listings: skipped (../shared/corpus is absent)' : formatSassBench(sass.listings, sass.big, sass.mutation, sass.versus, sass.annotated, mutationSample, seed, 10, mutationBudgetMs));
  if (sass !== null) console.log(`\n${formatCorpusBench(sass.folders)}`);
  console.log('');
  console.log(formatBigKernelBench(bigKernels));
  console.log('');
  console.log(formatAmdBench(amd));
  console.log('');
  console.log(formatComponentBench(components.generated, components.corpus, components.seed));
}
