import { Random } from '../../explore/random.js';
import type { Verdict } from '../../explore/verdict.js';
import type { LoweredKernel } from '../../format/sass/lower.js';
import { checkSassProgram, DEFAULT_SASS_CHECK, type SassCheckOptions, type SassCheckResult } from './check.js';
import { mutants, type Mutant, type MutationKind } from './mutate.js';
import { undecidedCause, type UndecidedCause, type UndecidedWhy } from './mutation/undecided.js';
import { RecordedStop, type StopPredicate } from '../budget.js';

/** Verdict counts over a kernel's mutants, per kind of mutation. */
export interface MutationTally {
  readonly kind: MutationKind | 'all';
  readonly mutants: number;
  readonly provedSafe: number;
  /** Caught: a concrete schedule of the counterexample side (behaviour a source shows) shows a hazard. */
  readonly hazard: number;
  readonly unknown: number;
  /** The `unknown` ones by cause (`UndecidedWhy`); they sum to `unknown`. */
  readonly undecided: Readonly<Record<UndecidedWhy, number>>;
}

/** One checked mutant: its verdict, with the evidence, and why it is undecided when it is. */
export interface MutantCheck {
  readonly mutant: Mutant;
  readonly result: SassCheckResult;
  /** Null unless the verdict is `unknown`. */
  readonly undecided: UndecidedCause | null;
}

/** A campaign's result: tallies and every mutant checked. */
export interface MutationReport {
  readonly total: number;
  /** Mutants checked (all, or a seeded sample). */
  readonly checked: number;
  readonly tallies: readonly MutationTally[];
  /** The checked mutants in the order checked. */
  readonly checks: readonly MutantCheck[];
  /** Why the campaign stopped before checking every chosen mutant (a time budget): the tallies cover `checked` only. */
  readonly stoppedBy: string | null;
}

/**
 * Budgets of one mutant's check: a mutant differs from a kernel the listing's compiler got right
 * by one control field, so its hazard, when it has one, is near the change and shows in a few
 * directed schedules or a small search.
 */
export const MUTANT_CHECK: Pick<SassCheckOptions, 'confirmLimit' | 'maxStates'> = { confirmLimit: 4, maxStates: 2_000 };

/**
 * Checks mutants of a lowered kernel as `check` checks the kernel: with its notes, and with its
 * counterexample side (same change, same index), so a mutant is caught only by a schedule of
 * behaviour a source shows; one whose hazard needs a conservative fact is `unknown`, naming it.
 * `sample` keeps a seeded random subset when there are more. The share caught is hazard /
 * (hazard + unknown): a proved-safe mutant has no hazard (the proof is sound), so counting every
 * `unknown` as a miss makes the share a lower bound. `shouldStop` (a time budget) ends the
 * campaign between mutants (`stoppedBy`).
 */
export function runMutationCampaign(kernel: LoweredKernel, sample: number, seed: number, onProgress?: (done: number, total: number) => void, shouldStop?: StopPredicate): MutationReport {
  const all = mutants(kernel);
  const random = new Random(seed);
  const chosen = all.length <= sample ? all : all.map((mutant) => ({ mutant, key: random.next() })).sort((a, b) => a.key - b.key).slice(0, sample).map((entry) => entry.mutant);
  const checks: MutantCheck[] = [];
  const stop = new RecordedStop(shouldStop);
  for (const [index, mutant] of chosen.entries()) {
    if (stop.ask() !== null) break;
    const program = mutant.program;
    const counterexample = mutant.counterexample;
    const result = checkSassProgram(program, kernel.notes, { ...DEFAULT_SASS_CHECK, ...MUTANT_CHECK, shouldStop: stop.ask, counterexample, focus: [mutant.instruction] });
    // A check the budget cut short says nothing about the mutant: it is left out of the tallies.
    if (stop.reason !== null) break;
    const undecided = result.verdict === 'unknown' ? undecidedCause(result, counterexample?.program ?? program, MUTANT_CHECK.maxStates) : null;
    checks.push({ mutant, result, undecided });
    onProgress?.(index + 1, chosen.length);
  }
  const kinds: MutationKind[] = ['drop-wait', 'lower-stall', 'raise-depbar', 'move-scoreboard'];
  return {
    total: all.length,
    checked: checks.length,
    tallies: [...kinds.map((kind) => mutationTally(kind, checks)), mutationTally('all', checks)],
    checks,
    stoppedBy: stop.reason,
  };
}

/** The tally of the checks of one kind of mutation (`all`: every check). */
function mutationTally(kind: MutationKind | 'all', checks: readonly MutantCheck[]): MutationTally {
  const of = checks.filter((entry) => kind === 'all' || entry.mutant.kind === kind);
  const count = (verdict: Verdict) => of.filter((entry) => entry.result.verdict === verdict).length;
  const because = (why: UndecidedWhy) => of.filter((entry) => entry.undecided?.why === why).length;
  return { kind, mutants: of.length, provedSafe: count('proved-safe'), hazard: count('hazard'), unknown: count('unknown'), undecided: { fact: because('fact'), budget: because('budget'), other: because('other') } };
}

/** Sums tallies (of several kernels) into one of kind `all`. */
export function addTallies(tallies: readonly MutationTally[]): MutationTally {
  const sum = (pick: (tally: MutationTally) => number) => tallies.reduce((total, tally) => total + pick(tally), 0);
  return {
    kind: 'all', mutants: sum((t) => t.mutants), provedSafe: sum((t) => t.provedSafe), hazard: sum((t) => t.hazard), unknown: sum((t) => t.unknown),
    undecided: { fact: sum((t) => t.undecided.fact), budget: sum((t) => t.undecided.budget), other: sum((t) => t.undecided.other) },
  };
}

/** The share of mutants with a hazard that were caught (1 when none could have one). */
export function caughtShare(tally: MutationTally): number {
  return tally.hazard + tally.unknown === 0 ? 1 : tally.hazard / (tally.hazard + tally.unknown);
}
