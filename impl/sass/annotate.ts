import type { Control } from '../../spec/scoreboard/program.js';
import type { SassProgram } from '../../spec/sass/program.js';
import { analyze, type AnalysisResult } from './analysis/fixpoint.js';
import type { Suspicion } from './analysis/suspicion.js';
import { successors } from './cfg.js';
import type { StopPredicate } from '../budget.js';
import { countCycles } from './cycles.js';
import { pendingFlow } from './annotation/pendingFlow.js';
import { consumerKeys } from './annotation/keys.js';
import { colourScoreboards } from './annotation/scoreboardColouring.js';
import { repairRound } from './annotation/repair.js';
import { depbarVariant } from './annotation/depbarVariant.js';

/** A kernel with re-derived control records, and how the derivation went. */
export interface SassAnnotation {
  readonly program: SassProgram;
  /** Repair rounds after the first placement until the analysis found nothing (or gave up). */
  readonly rounds: number;
  /** What the pass could not protect (empty when it succeeded). */
  readonly left: readonly Suspicion[];
  /** Why the pass stopped before it was done (a time budget); then `program` proves nothing. */
  readonly stoppedBy: string | null;
  /** `DEPBAR.LE` instructions the pass inserted (each before the reader it protects). */
  readonly depbars: number;
}

/** Seeded schedules on which the pass times a `DEPBAR` variant against plain waits (its own, not a report's). */
const PROBE_SEEDS = [0x5eed, 0x5eee];
/** Latencies 1..this per step on the probe schedules, as `annotate` uses by default. */
const PROBE_MAX_LATENCY = 8;

/**
 * Strips a kernel's control records (waits, scoreboards, stalls, `DEPBAR` limits; yield hints
 * stay) and derives new ones. Placement: what each instruction must see complete is found by a
 * flow analysis that assumes every instruction waits for exactly that (`pendingFlow`), so a wait
 * sits at the first reader on each path; of a run of loads of one in-order queue only the newest
 * a reader needs is waited for (`consumerKeys`); those keys get scoreboards shared wherever
 * sharing holds no reader up, rotated where it would (`colourScoreboards`); every stall starts
 * at 1. Repair: until the checker's analysis finds nothing, each suspicion gets the least change
 * that answers it (`repairRound`: a missing wait, or the exact stall cycles a fixed latency or
 * the visibility delay still needs, right before the reader). Then, where a reader still waits
 * for later loads of an in-order queue sharing its scoreboard, `DEPBAR.LE SBn, k` before it
 * (`depbarVariant`) is proved the same way and kept when it takes fewer cycles on the pass's own
 * probe schedules. Sound by construction: the result is whatever the analysis, which is sound,
 * proves; the placement only decides how fast it is. `shouldStop` (a time budget) ends it early,
 * with `stoppedBy` set.
 */
export function annotateSassProgram(program: SassProgram, maxRounds = 200, shouldStop?: StopPredicate): SassAnnotation {
  const flow = pendingFlow(program);
  const keys = consumerKeys(program, flow);
  const colouring = colourScoreboards(program, flow, keys);
  const controls = program.instructions.map((instruction, index): Control => ({
    wait: [...new Set(keys[index]!.map((need) => (need.role === 'write' ? colouring.write : colouring.read)[need.producer]!))].sort((a, b) => a - b),
    readScoreboard: colouring.read[index]!,
    writeScoreboard: colouring.write[index]!,
    yield: instruction.control.yield,
    stall: 1,
  }));
  const placed = withControls({ ...program, instructions: program.instructions.map((instruction) => ({ ...instruction, depbar: null })) }, controls);
  const plain = repairUntilProved(placed, maxRounds, shouldStop);
  if (plain.annotation.stoppedBy !== null || plain.annotation.left.length > 0) return plain.annotation;
  const variant = depbarVariant(plain.annotation.program, plain.analysis);
  if (variant === null) return plain.annotation;
  const withDepbars = repairUntilProved(variant, maxRounds - plain.annotation.rounds, shouldStop);
  const rounds = plain.annotation.rounds + withDepbars.annotation.rounds;
  if (withDepbars.annotation.stoppedBy !== null) return { ...plain.annotation, rounds, stoppedBy: withDepbars.annotation.stoppedBy };
  if (withDepbars.annotation.left.length > 0) return { ...plain.annotation, rounds };
  const probe = (candidate: SassProgram) => PROBE_SEEDS.reduce((total, seed) => total + countCycles(candidate, seed, PROBE_MAX_LATENCY, shouldStop).cycles, 0);
  const faster = probe(withDepbars.annotation.program) < probe(plain.annotation.program);
  const stoppedBy = shouldStop?.() ?? null;
  if (stoppedBy !== null) return { ...plain.annotation, rounds, stoppedBy };
  return faster ? { ...withDepbars.annotation, rounds, depbars: variant.instructions.length - program.instructions.length } : { ...plain.annotation, rounds };
}

/** Repair rounds until the analysis proves the kernel (or gives up, or the budget ends); with the last analysis. */
function repairUntilProved(start: SassProgram, maxRounds: number, shouldStop: StopPredicate | undefined): { annotation: SassAnnotation; analysis: AnalysisResult } {
  const predecessors = predecessorsOf(start);
  let current = start;
  for (let round = 0; ; round++) {
    const analysis = analyze(current, shouldStop);
    const done = (left: readonly Suspicion[]) => ({ annotation: { program: current, rounds: round, left, stoppedBy: analysis.stoppedBy, depbars: 0 }, analysis });
    if (analysis.stoppedBy !== null || analysis.suspicions.length === 0) return done([]);
    const repaired = round < maxRounds ? repairRound(current, analysis, predecessors) : null;
    if (repaired === null) return done(analysis.suspicions);
    current = withControls(current, repaired);
  }
}

function withControls(program: SassProgram, controls: readonly Control[]): SassProgram {
  return { ...program, instructions: program.instructions.map((instruction, index) => ({ ...instruction, control: controls[index]! })) };
}

/** Instructions that can issue right before each instruction. */
function predecessorsOf(program: SassProgram): number[][] {
  const predecessors: number[][] = program.instructions.map(() => []);
  successors(program).forEach((next, index) => next.forEach((successor) => predecessors[successor]!.push(index)));
  return predecessors;
}
