import { compileProgram } from '../impl/compiled.js';
import { Simulator } from '../impl/simulator.js';
import { runSchedule } from '../spec/scoreboard/schedule/runSchedule.js';
import { randomSchedule } from '../spec/scoreboard/schedule/latencySchedule.js';
import { formatTable } from '../reports/table.js';
import { minimizeProgram } from '../impl/minimize/minimizeProgram.js';
import { benchmarkProgram, missingWaitProgram } from './programs.js';
import { depbarProofCost, stallComparison, wholeProgramCost } from './solverBench.js';
import { explorerComparison } from './streamoutBench.js';
import { compareBench, compareBenchJson, formatCompareBench } from './compareBench.js';
import { formatLrcBench, lrcBenchRows } from './lrcBench.js';
import { releaseZ3 } from '../solver/z3.js';
import { analysisVersusExhaustive, annotateRows, bigKernelRows, corpusRoot, formatSassBench, listingRows, mutationRows } from './sassBench.js';
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
const wholePrograms = await wholeProgramCost([8, 16, 32, 64]);
const stalls = await stallComparison(40, 50);
await releaseZ3();
if (!json) process.stderr.write('exploring stream-output configurations (TypeScript explorer and SPIN)...\n');
const streamout = explorerComparison();
const lrcRows = lrcBenchRows({ seed, maxLatency, onProgress: (text) => { if (!json) process.stderr.write(`${text}\n`); } });
if (!json) process.stderr.write('comparing issue mechanisms (LRC 1 and 2 classes, scoreboards + DEPBAR, interlocks)...\n');
const comparison = compareBench();
const corpus = corpusRoot();
if (!json) process.stderr.write(corpus === null ? 'NVIDIA listings: ../shared/corpus is absent, skipping the listing tables\n' : 'checking the NVIDIA corpus listings, stitched big kernels and mutants...\n');
const mutationSample = 40;
const sass = corpus === null ? null : {
  listings: listingRows(corpus),
  big: bigKernelRows(corpus, [1000, 3000, 10000]),
  mutation: mutationRows(corpus, mutationSample, seed),
  versus: analysisVersusExhaustive(300, seed),
  annotated: annotateRows(corpus, 10, seed),
};

const ir3Corpus = ir3CorpusRoot();
if (!json) process.stderr.write(`scheduling ir3 shaders (seed 004 list scheduler vs in-order full latency)${ir3Corpus === null ? '; ../shared/corpus/mesa-ir3 is absent, skipping the corpus rows' : ''}...\n`);
const components = { seed, generated: generatedComponentRows(seed), corpus: ir3Corpus === null ? null : ir3CorpusRows(ir3Corpus) };

if (json) {
  process.stdout.write(`${JSON.stringify({ seed, maxLatency, rows, minimization, depbarProofs, wholePrograms, stalls, streamout, lrc: lrcRows, comparison: compareBenchJson(comparison), sass, components }, null, 2)}\n`);
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
  console.log(formatTable(['DEPBAR proofs', 'programs', 'DEPBARs', 'queries', 'mean ms per DEPBAR', 'max ms'],
    [['annotated random programs', String(depbarProofs.programs), String(depbarProofs.depbars), String(depbarProofs.queries), depbarProofs.meanMs.toFixed(1), depbarProofs.maxMs.toFixed(1)]], [1, 2, 3, 4, 5]));
  console.log('');
  console.log(formatTable(['whole-program proof', 'instructions', 'verdict', 'ms', 'growth vs previous'],
    wholePrograms.map((w) => [`benchmark-${w.instructions}`, String(w.instructions), w.verdict, w.ms.toFixed(0), w.growth === null ? '-' : `${w.growth.toFixed(2)}x`]), [1, 3, 4]));
  console.log('');
  console.log(formatTable(['stall cycles (annotate pass)', 'programs', 'schedules each', 'pass', 'wait for zero', 'solver best', 'pass / wait for zero'],
    [['annotated random programs', String(stalls.programs), String(stalls.schedules), String(stalls.pass), String(stalls.waitForZero), String(stalls.solverBest),
      stalls.waitForZero === 0 ? '-' : (stalls.pass / stalls.waitForZero).toFixed(2)]], [1, 2, 3, 4, 5, 6]));
  console.log('Stall cycles: cycles the warp waited beyond its stall counts, eager issue, same schedules for all three.');
  console.log('');
  console.log(formatTable(['stream output: every interleaving', 'explorer verdict', 'states', 'distinct', 's', 'states/s', 'SPIN errors', 'SPIN stored', 'SPIN transitions', 'SPIN s (search)', 'SPIN s (wall)', 'SPIN transitions/s'],
    streamout.map((r) => [r.config, r.explorer.verdict, round(r.explorer.states), round(r.explorer.distinct), r.explorer.seconds.toFixed(2), round(r.explorer.perSecond),
      ...(typeof r.spin === 'string' ? [r.spin, '', '', '', '', ''] : [String(r.spin.errors), round(r.spin.stored), round(r.spin.transitions), r.spin.seconds.toFixed(2), r.spin.wallSeconds.toFixed(2), round(r.spin.perSecond)])]),
    [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
  console.log('Explorer: breadth-first search of the TypeScript model, every step a transition, states hashed. SPIN: the generated Promela model (one');
  console.log('operation; SSYNC serves atomically after each message, as in the TypeScript model), -DSAFETY, partial-order reduction on. The models');
  console.log('cut steps differently (the explorer also steps bundles and deliveries), so state counts differ; both must find no error.');
  console.log('');
  console.log(formatLrcBench(lrcRows));
  console.log('');
  console.log(formatCompareBench(comparison));
  console.log('');
  console.log(sass === null ? 'NVIDIA listings: skipped (../shared/corpus is absent)' : formatSassBench(sass.listings, sass.big, sass.mutation, sass.versus, sass.annotated, mutationSample, seed, 10));
  console.log('');
  console.log(formatComponentBench(components.generated, components.corpus, components.seed));
}
