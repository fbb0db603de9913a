import { exploreAll } from '../../explore/exhaustive.js';
import type { Witness } from '../../explore/transitionSystem.js';
import type { LrcAction } from '../../spec/lrc/action.js';
import type { LrcFinding } from '../../spec/lrc/finding.js';
import type { LrcProgram } from '../../spec/lrc/program.js';
import { lrcSystem } from '../../spec/lrc/system.js';
import { RecordedStop, type StopPredicate } from '../budget.js';

/**
 * The verdict on one dependency flag: `necessary` (without it some schedule has a finding: the
 * witness shows it), `unnecessary` (every schedule is still free of findings without it), or
 * `unknown` (the search ran out of states).
 */
export interface FlagVerdict {
  readonly instruction: number;
  readonly counter: number;
  readonly verdict: 'necessary' | 'unnecessary' | 'unknown';
  readonly witness: Witness<LrcAction, LrcFinding> | null;
  readonly states: number;
  /** For `unknown`: why the search stopped when it was not the state budget (a time budget). */
  readonly stoppedBy: string | null;
}

/** What `proveLrcFlags` established: the whole set of flags, and each flag alone. */
export interface FlagProof {
  /** `proved-safe` (every schedule checked, nothing found), `hazard` (with witnesses), or `unknown` (state budget). */
  readonly program: {
    readonly verdict: 'proved-safe' | 'hazard' | 'unknown';
    readonly witnesses: readonly Witness<LrcAction, LrcFinding>[];
    readonly states: number;
    /** For `unknown`: why the search stopped when it was not the state budget (a time budget). */
    readonly stoppedBy: string | null;
  };
  readonly flags: readonly FlagVerdict[];
}

/**
 * Proves a program's dependency flags by exhaustive search of the clock-free state space (a
 * proof: see the README): the whole set is sufficient when no schedule has a hazard, overflow or
 * deadlock; each flag is necessary when the program without just that flag has a schedule with a
 * finding. Necessity is only asked once the set is sufficient: a flag of an unsafe program proves
 * nothing. `shouldStop` (a time budget) ends the searches: what was not decided is `unknown`.
 */
export function proveLrcFlags(program: LrcProgram, maxStates: number, shouldStop?: StopPredicate): FlagProof {
  const stop = new RecordedStop(shouldStop);
  const whole = exploreAll(lrcSystem(program), { maxStates, stopAtFirst: true, shouldStop: stop.ask });
  const verdict = whole.witnesses.length > 0 ? 'hazard' : whole.complete ? 'proved-safe' : 'unknown';
  const result = { verdict, witnesses: whole.witnesses, states: whole.distinctStates, stoppedBy: verdict === 'unknown' ? stop.reason : null } as const;
  if (verdict !== 'proved-safe') return { program: result, flags: [] };
  const flags = program.instructions.flatMap((instruction, index) => instruction.waitFor.map((counter): FlagVerdict => {
    // Once the budget is spent the remaining flags are not searched at all (each search would stop at once anyway).
    if (stop.reason !== null) return { instruction: index, counter, verdict: 'unknown', witness: null, states: 0, stoppedBy: stop.reason };
    const without = program.instructions.map((other, i) => (i === index ? { ...other, waitFor: other.waitFor.filter((c) => c !== counter) } : other));
    const search = exploreAll(lrcSystem({ ...program, instructions: without }), { maxStates, stopAtFirst: true, shouldStop: stop.ask });
    const witness = search.witnesses[0] ?? null;
    const flag = witness ? 'necessary' : search.complete ? 'unnecessary' : 'unknown';
    return { instruction: index, counter, verdict: flag, witness, states: search.distinctStates, stoppedBy: flag === 'unknown' ? stop.reason : null };
  }));
  return { program: result, flags };
}
