import type { SassProgram } from '../../spec/sass/program.js';
import { annotateSassProgram, type SassAnnotation } from './annotate.js';
import { checkSassProgram, DEFAULT_SASS_CHECK, type SassCheckResult } from './check.js';
import { RecordedStop, type StopPredicate } from '../budget.js';
import { countCycles } from './cycles.js';

/** A kernel's own control records against the ones the pass derives, on the same schedules. */
export interface SassAnnotationComparison {
  readonly annotation: SassAnnotation;
  /** The verdict on the derived records. */
  readonly proof: SassCheckResult;
  readonly runs: number;
  /** Total cycles over the runs with the compiler's records, and with the derived ones. */
  readonly compilerCycles: number;
  readonly derivedCycles: number;
  /** Runs cut at the issue limit (a long loop), with either records. */
  readonly cut: number;
  /** Why the comparison stopped before it was done (a time budget): then neither proof nor cycles count. */
  readonly stoppedBy: string | null;
}

/** Annotates a kernel, proves the result, and runs both versions on `runs` seeded schedules; `shouldStop` (a time budget) may end it early. */
export function compareAnnotation(program: SassProgram, runs: number, seed: number, maxLatency: number, shouldStop?: StopPredicate): SassAnnotationComparison {
  const stop = new RecordedStop(shouldStop);
  const annotation = annotateSassProgram(program, undefined, stop.ask);
  const proof = checkSassProgram(annotation.program, [], { ...DEFAULT_SASS_CHECK, shouldStop: stop.ask });
  let compilerCycles = 0;
  let derivedCycles = 0;
  let cut = 0;
  for (let run = 0; run < runs && stop.reason === null; run++) {
    const compiler = countCycles(program, seed + run, maxLatency, stop.ask);
    const derived = countCycles(annotation.program, seed + run, maxLatency, stop.ask);
    compilerCycles += compiler.cycles;
    derivedCycles += derived.cycles;
    if (!compiler.finished || !derived.finished) cut++;
  }
  return { annotation, proof, runs, compilerCycles, derivedCycles, cut, stoppedBy: stop.reason };
}
