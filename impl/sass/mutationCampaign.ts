import type { Verdict } from '../../explore/verdict.js';
import { Random } from '../../explore/random.js';
import type { SassProgram } from '../../spec/sass/program.js';
import { checkSassProgram, DEFAULT_SASS_CHECK } from './check.js';
import { mutants, type Mutant, type MutationKind } from './mutate.js';
import { RecordedStop, type StopPredicate } from '../budget.js';

/** Verdict counts over a kernel's mutants, per kind of mutation. */
export interface MutationTally {
  readonly kind: MutationKind | 'all';
  readonly mutants: number;
  readonly provedSafe: number;
  /** Caught: a concrete schedule on the reference machine shows a hazard. */
  readonly hazard: number;
  readonly unknown: number;
}

/** A campaign's result: tallies and the mutants left undecided. */
export interface MutationReport {
  readonly total: number;
  /** Mutants checked (all, or a seeded sample). */
  readonly checked: number;
  readonly tallies: readonly MutationTally[];
  readonly undecided: readonly Mutant[];
  /** Why the campaign stopped before checking every chosen mutant (a time budget): the tallies cover `checked` only. */
  readonly stoppedBy: string | null;
}

/**
 * Checks mutants of a kernel. `sample` keeps a seeded random subset when there are more. The
 * share caught is hazard / (hazard + unknown): a proved-safe mutant has no hazard (the proof is
 * sound), so counting every `unknown` as a miss makes the share a lower bound. `shouldStop` (a
 * time budget) ends the campaign between mutants (`stoppedBy`).
 */
export function runMutationCampaign(program: SassProgram, sample: number, seed: number, onProgress?: (done: number, total: number) => void, shouldStop?: StopPredicate): MutationReport {
  const all = mutants(program);
  const random = new Random(seed);
  const chosen = all.length <= sample ? all : all.map((mutant) => ({ mutant, key: random.next() })).sort((a, b) => a.key - b.key).slice(0, sample).map((entry) => entry.mutant);
  const verdicts: { mutant: Mutant; verdict: Verdict }[] = [];
  const stop = new RecordedStop(shouldStop);
  for (const [index, mutant] of chosen.entries()) {
    if (stop.ask() !== null) break;
    const checked = checkSassProgram(mutant.program, [], { ...DEFAULT_SASS_CHECK, confirmLimit: 4, maxStates: 2_000, shouldStop: stop.ask });
    // A check the budget cut short says nothing about the mutant: it is left out of the tallies.
    if (stop.reason !== null) break;
    verdicts.push({ mutant, verdict: checked.verdict });
    onProgress?.(index + 1, chosen.length);
  }
  const tally = (kind: MutationKind | 'all'): MutationTally => {
    const of = verdicts.filter((entry) => kind === 'all' || entry.mutant.kind === kind);
    const count = (verdict: Verdict) => of.filter((entry) => entry.verdict === verdict).length;
    return { kind, mutants: of.length, provedSafe: count('proved-safe'), hazard: count('hazard'), unknown: count('unknown') };
  };
  const kinds: MutationKind[] = ['drop-wait', 'lower-stall', 'raise-depbar', 'move-scoreboard'];
  return {
    total: all.length,
    checked: verdicts.length,
    tallies: [...kinds.map(tally), tally('all')],
    undecided: verdicts.filter((entry) => entry.verdict === 'unknown').map((entry) => entry.mutant),
    stoppedBy: stop.reason,
  };
}

/** The share of mutants with a hazard that were caught (1 when none could have one). */
export function caughtShare(tally: MutationTally): number {
  return tally.hazard + tally.unknown === 0 ? 1 : tally.hazard / (tally.hazard + tally.unknown);
}
