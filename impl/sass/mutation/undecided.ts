/**
 * Why a mutant's check answered `unknown`. The three answers mean different things for the
 * self-test: a fact gap is the model declining to call a hazard on a fact no source gives (the
 * mutant may well be safe on real hardware); a budget is a search that ran out before it was
 * done (more states might decide it); anything else is the analysis failing to decide a mutant it
 * had every fact and every state for — the weakness the self-test exists to find.
 */
import { exploreAll } from '../../../explore/exhaustive.js';
import type { FactGap } from '../../../spec/sass/architectures/counterexample.js';
import type { SassProgram } from '../../../spec/sass/program.js';
import { sassSystem } from '../../../spec/sass/system.js';
import type { SassCheckResult } from '../check.js';

/** `fact`: the hazard rests on a named fact gap; `budget`: a search ran out; `other`: the analysis could not decide. */
export type UndecidedWhy = 'fact' | 'budget' | 'other';

/** The cause of one `unknown` verdict. */
export interface UndecidedCause {
  readonly why: UndecidedWhy;
  /** The facts the proof-side-only hazards need (`fact`; empty otherwise, and possibly empty for `fact` when the gap lies elsewhere on the schedule). */
  readonly facts: readonly FactGap[];
  /** One line for reports: the facts' subjects, the budget that ran out, or the check's reason. */
  readonly detail: string;
}

/**
 * Classifies an `unknown` check of a mutant. `evidence` is the program the check's schedules ran
 * on (the counterexample side, or the proof program when the sides agree), `maxStates` the state
 * budget it searched with. A check a time budget cut short is no verdict to classify: the
 * campaign leaves it out.
 */
export function undecidedCause(result: SassCheckResult, evidence: SassProgram, maxStates: number): UndecidedCause {
  // A proof-side schedule is a hazard that needs a fact: that is the verdict's own reason, whatever else is open.
  if (result.assumed.length > 0) {
    const facts = [...new Map(result.assumed.flatMap((assumed) => assumed.facts).map((fact) => [fact.subject, fact] as const)).values()];
    return { why: 'fact', facts, detail: facts.length > 0 ? `rests on ${facts.map((fact) => fact.subject).join(' and ')}` : 'rests on a fact gap elsewhere on its schedule' };
  }
  if (result.hazards.length === 0 && result.unconfirmed.length > 0) {
    // The check does not say whether its exhaustive search finished; the same search (same
    // program, same budget, deterministic) does. Only undecided mutants pay for it.
    const system = sassSystem(evidence);
    const search = exploreAll(system, { maxStates, stopAtFirst: true });
    if (!search.complete) return { why: 'budget', facts: [], detail: `exhaustive search stopped at its budget of ${maxStates} states` };
    if (system.boundReached()) return { why: 'budget', facts: [], detail: 'exhaustive search cut some schedule short at its in-flight bound' };
  }
  return { why: 'other', facts: [], detail: result.reason };
}
