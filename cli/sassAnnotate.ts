import { defaultSeed } from '../format/defaultSeed.js';
import { printSassProgram } from '../format/sass/print.js';
import { compareAnnotation } from '../impl/sass/annotateReport.js';
import { describeSuspicion } from '../reports/sass/describe.js';
import { fileBudget, integerOption, progressLine, writeFileAtomic, type CliIo } from './io.js';
import type { TimeBudget } from '../impl/budget.js';
import { loadKernels } from './sassCheck.js';
import type { ListingOptions } from '../format/sass/loadKernels.js';

/** What `annotate` was asked to do with listings. */
export interface ListingAnnotateRequest extends ListingOptions {
  readonly runs: string | undefined;
  readonly seed: string | undefined;
  readonly maxLatency: string | undefined;
  readonly output: string | undefined;
  /** `--timeout MS`: the budget of each listing (its kernels share it), or null. */
  readonly timeoutMs: number | null;
}

/**
 * `hazardproof annotate LISTING`: for each kernel, strip the compiler's control records, derive
 * new ones, prove them, and compare cycles with the compiler's on the same seeded schedules.
 * Prints one summary per kernel, saying whether the pass's own records beat the compiler's or the
 * compiler's were kept (proved safe and faster: never worse than a safe input), and a tally of
 * both; the kept kernels (in `print --to hp` form) go to OUT.
 * Exit 0 when every derived kernel is proved safe, 1 otherwise, 3 when a listing's budget ran
 * out first (then nothing is written to OUT).
 */
export function annotateListings(files: readonly string[], request: ListingAnnotateRequest, io: CliIo): number {
  const runs = integerOption('runs', request.runs, 20, 1, 100_000);
  const seed = integerOption('seed', request.seed, defaultSeed(), 0, 2 ** 32 - 1);
  const maxLatency = integerOption('max-latency', request.maxLatency, 8, 1, 10_000);
  const kernels = loadKernels(files, request, io);
  if (kernels === null) return 2;
  const progress = progressLine(io);
  const lines: string[] = [];
  const printed: string[] = [];
  let allProved = true;
  let stopped = false;
  const tally = { own: 0, tie: 0, fallback: 0, worse: 0 };
  const budgets = new Map<string, TimeBudget>();
  const count = (cycles: number) => cycles.toLocaleString('en-US');
  for (const kernel of kernels) {
    progress.update(`${kernel.file}: annotating kernel ${kernel.program.name}`);
    if (!budgets.has(kernel.file)) budgets.set(kernel.file, fileBudget(request.timeoutMs));
    const comparison = compareAnnotation(kernel.program, runs, seed, maxLatency, budgets.get(kernel.file)!.shouldStop, kernel.notes);
    const { annotation, proof } = comparison;
    if (comparison.stoppedBy !== null) {
      stopped = true;
      lines.push(`${kernel.file}: kernel ${kernel.program.name} (${kernel.program.architecture}, ${kernel.program.instructions.length} instructions): unknown: ${comparison.stoppedBy} before the derived records were proved and timed`);
      continue;
    }
    allProved &&= proof.verdict === 'proved-safe';
    const ratio = (cycles: number) => (comparison.compilerCycles === 0 ? '-' : `${(cycles / comparison.compilerCycles).toFixed(2)}x`);
    const depbars = annotation.depbars > 0 ? `, ${annotation.depbars} DEPBAR.LE inserted` : '';
    // Which kernels the pass improved on its own merits, and where the compiler's records were kept instead.
    let outcome: string;
    if (comparison.kept === 'compiler') {
      tally.fallback++;
      outcome = `the compiler's records kept (proved safe; the pass's own records took ${count(comparison.ownCycles)}, ${ratio(comparison.ownCycles)}${annotation.left.length > 0 ? ', and were not proved' : ''})`;
    } else if (comparison.ownCycles < comparison.compilerCycles) {
      tally.own++;
      outcome = "fewer cycles than the compiler's, by the pass's own records";
    } else if (comparison.ownCycles === comparison.compilerCycles) {
      tally.tie++;
      outcome = "as many cycles as the compiler's";
    } else {
      tally.worse++;
      outcome = `more cycles than the compiler's, whose records the analysis does not prove safe`;
    }
    lines.push(
      `${kernel.file}: kernel ${kernel.program.name} (${kernel.program.architecture}, ${kernel.program.instructions.length} instructions): derived control records ${proof.verdict} after ${annotation.rounds} repair round(s)${depbars}`,
      `  cycles over ${runs} schedules: compiler ${count(comparison.compilerCycles)}, derived ${count(comparison.derivedCycles)} (${ratio(comparison.derivedCycles)}): ${outcome}${comparison.cut > 0 ? `; ${comparison.cut} run(s) cut at the issue limit` : ''}`,
    );
    for (const suspicion of annotation.left.slice(0, 5)) lines.push(`  not protected: ${describeSuspicion(annotation.program, suspicion)}`);
    printed.push(printSassProgram(comparison.program, kernel.file));
  }
  progress.done();
  const done = tally.own + tally.tie + tally.fallback + tally.worse;
  if (done > 1) lines.push(`${done} kernels: fewer cycles than the compiler's by the pass's own records on ${tally.own}, as many on ${tally.tie}, the compiler's records kept on ${tally.fallback}, more cycles on ${tally.worse}`);
  lines.push(`seed ${seed}, latencies 1..${maxLatency} per step (same schedules: hazardproof annotate ${files.join(' ')} --runs ${runs} --seed ${seed})`);
  if (request.output && !stopped) {
    writeFileAtomic(request.output, printed.join('\n'));
    lines.push(`derived kernels written to ${request.output}`);
  } else if (request.output) {
    lines.push(`nothing written to ${request.output}: some kernel was not done within its listing's budget`);
  }
  io.stdout(`${lines.join('\n')}\n`);
  return !allProved ? 1 : stopped ? 3 : 0;
}
