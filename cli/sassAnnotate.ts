import { randomInt } from 'node:crypto';
import { printSassProgram } from '../format/sass/print.js';
import { compareAnnotation } from '../impl/sass/annotateReport.js';
import { describeSuspicion } from '../reports/sass/describe.js';
import { integerOption, progressLine, writeFileAtomic, type CliIo } from './io.js';
import { loadKernels } from './sassCheck.js';
import type { ListingOptions } from '../format/sass/loadKernels.js';

/** What `annotate` was asked to do with listings. */
export interface ListingAnnotateRequest extends ListingOptions {
  readonly runs: string | undefined;
  readonly seed: string | undefined;
  readonly maxLatency: string | undefined;
  readonly output: string | undefined;
}

/**
 * `hazardproof annotate LISTING`: for each kernel, strip the compiler's control records, derive
 * new ones, prove them, and compare cycles with the compiler's on the same seeded schedules.
 * Prints one summary per kernel; the derived kernels (in `print --to hp` form) go to OUT.
 * Exit 0 when every derived kernel is proved safe, 1 otherwise.
 */
export function annotateListings(files: readonly string[], request: ListingAnnotateRequest, io: CliIo): number {
  const runs = integerOption('runs', request.runs, 20, 1, 100_000);
  const seed = integerOption('seed', request.seed, randomInt(0, 2 ** 31), 0, 2 ** 32 - 1);
  const maxLatency = integerOption('max-latency', request.maxLatency, 8, 1, 10_000);
  const kernels = loadKernels(files, request, io);
  if (kernels === null) return 2;
  const progress = progressLine(io);
  const lines: string[] = [];
  const printed: string[] = [];
  let allProved = true;
  for (const kernel of kernels) {
    progress.update(`${kernel.file}: annotating kernel ${kernel.program.name}`);
    const comparison = compareAnnotation(kernel.program, runs, seed, maxLatency);
    const { annotation, proof } = comparison;
    allProved &&= proof.verdict === 'proved-safe';
    const ratio = comparison.compilerCycles === 0 ? '-' : `${(comparison.derivedCycles / comparison.compilerCycles).toFixed(2)}x`;
    lines.push(
      `${kernel.file}: kernel ${kernel.program.name} (${kernel.program.architecture}, ${kernel.program.instructions.length} instructions): derived control records ${proof.verdict} after ${annotation.rounds} repair round(s)`,
      `  cycles over ${runs} schedules: compiler ${comparison.compilerCycles.toLocaleString('en-US')}, derived ${comparison.derivedCycles.toLocaleString('en-US')} (${ratio})${comparison.cut > 0 ? `, ${comparison.cut} run(s) cut at the issue limit` : ''}`,
    );
    for (const suspicion of annotation.left.slice(0, 5)) lines.push(`  not protected: ${describeSuspicion(annotation.program, suspicion)}`);
    printed.push(printSassProgram(annotation.program, kernel.file));
  }
  progress.done();
  lines.push(`seed ${seed}, latencies 1..${maxLatency} per step (same schedules: hazardproof annotate ${files.join(' ')} --runs ${runs} --seed ${seed})`);
  if (request.output) {
    writeFileAtomic(request.output, printed.join('\n'));
    lines.push(`derived kernels written to ${request.output}`);
  }
  io.stdout(`${lines.join('\n')}\n`);
  return allProved ? 0 : 1;
}
