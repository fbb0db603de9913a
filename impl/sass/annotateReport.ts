import type { LoweringNote } from '../../format/sass/lower.js';
import type { SassProgram } from '../../spec/sass/program.js';
import { annotateSassProgram, type SassAnnotation } from './annotate.js';
import { analyze } from './analysis/fixpoint.js';
import { checkSassProgram, DEFAULT_SASS_CHECK, type SassCheckResult } from './check.js';
import { RecordedStop, type StopPredicate } from '../budget.js';
import { countCycles } from './cycles.js';

/** A pass that derives a kernel's control records: `annotateSassProgram`'s signature. */
export type SassDerivation = (program: SassProgram, maxRounds: number | undefined, shouldStop: StopPredicate) => SassAnnotation;

/** A kernel's own control records against the ones the pass derives, on the same schedules. */
export interface SassAnnotationComparison {
  /** What the pass derived on its own (its program is the one timed as `ownCycles`). */
  readonly annotation: SassAnnotation;
  /** The records kept: the pass's own, or the compiler's when those are proved safe and faster (`kept`). */
  readonly program: SassProgram;
  /**
   * `derived`: the pass's own records are kept. `compiler`: they took more cycles than the
   * compiler's (or were not proved), and the analysis proves the compiler's safe, so those are
   * kept (never worse than a safe input).
   */
  readonly kept: 'derived' | 'compiler';
  /** The verdict on the kept records. */
  readonly proof: SassCheckResult;
  /** Whether the analysis proves the compiler's own records safe (with the kernel's notes); null when not asked (the pass's own records were proved and no slower). */
  readonly compilerProved: boolean | null;
  readonly runs: number;
  /** Total cycles over the runs with the compiler's records, and with the kept ones. */
  readonly compilerCycles: number;
  readonly derivedCycles: number;
  /** Total cycles over the runs with the pass's own records (equal to `derivedCycles` unless the fallback was taken). */
  readonly ownCycles: number;
  /** Runs cut at the issue limit (a long loop), with either records. */
  readonly cut: number;
  /** Why the comparison stopped before it was done (a time budget): then neither proof nor cycles count. */
  readonly stoppedBy: string | null;
}

/**
 * Annotates a kernel, proves the result, and runs it and the compiler's records on `runs` seeded
 * schedules; `notes` are the kernel's lowering notes (an instruction outside the model blocks a
 * proof of either); `shouldStop` (a time budget) may end it early; `derive` is the pass (another
 * derivation can be compared the same way). When the pass's own records
 * take more cycles than the compiler's (or are not proved) and the analysis proves the compiler's
 * safe, the compiler's are kept: an obviously correct fallback (the proof is of the very records kept),
 * reported as such so that what the pass achieves on its own stays visible.
 */
export function compareAnnotation(
  program: SassProgram, runs: number, seed: number, maxLatency: number, shouldStop?: StopPredicate, notes: readonly LoweringNote[] = [], derive: SassDerivation = annotateSassProgram,
): SassAnnotationComparison {
  const stop = new RecordedStop(shouldStop);
  const annotation = derive(program, undefined, stop.ask);
  const own = checkSassProgram(annotation.program, notes, { ...DEFAULT_SASS_CHECK, shouldStop: stop.ask });
  let compilerCycles = 0;
  let ownCycles = 0;
  let cut = 0;
  for (let run = 0; run < runs && stop.reason === null; run++) {
    const compiler = countCycles(program, seed + run, maxLatency, stop.ask);
    const derived = countCycles(annotation.program, seed + run, maxLatency, stop.ask);
    compilerCycles += compiler.cycles;
    ownCycles += derived.cycles;
    if (!compiler.finished || !derived.finished) cut++;
  }
  // The compiler's records are analysed only when the fallback could matter (the analysis of
  // records a compiler tuned to facts the model lacks can take seconds).
  let compilerProved: boolean | null = null;
  if (ownCycles > compilerCycles || own.verdict !== 'proved-safe') {
    const analysis = analyze(program, stop.ask);
    compilerProved = analysis.stoppedBy === null && analysis.suspicions.length === 0 && notes.every((note) => note.kind === 'assumption');
  }
  const fallback = compilerProved === true;
  const proof = fallback ? checkSassProgram(program, notes, { ...DEFAULT_SASS_CHECK, shouldStop: stop.ask }) : own;
  return {
    annotation, program: fallback ? program : annotation.program, kept: fallback ? 'compiler' : 'derived', proof, compilerProved,
    runs, compilerCycles, derivedCycles: fallback ? compilerCycles : ownCycles, ownCycles, cut, stoppedBy: stop.reason,
  };
}
