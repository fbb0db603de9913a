import { exploreAll } from '../../explore/exhaustive.js';
import type { Verdict } from '../../explore/verdict.js';
import type { ComponentAction } from '../../spec/components/machine.js';
import type { ComponentProgram } from '../../spec/components/program.js';
import { componentSystem, type ComponentFinding } from '../../spec/components/system.js';

/** The verdict on a program of the component machine (every branch direction included). */
export interface ComponentCheckResult {
  readonly verdict: Verdict;
  readonly reason: string;
  /** Each hazard with a shortest schedule that shows it. */
  readonly hazards: readonly { readonly finding: ComponentFinding; readonly schedule: readonly ComponentAction[] }[];
  readonly states: number;
}

/**
 * Explores every schedule of the component machine (every landing time of every variable-latency
 * result; fixed latencies are fixed). A complete exploration without a finding is a proof for
 * this program under the model; a finding comes with the schedule that shows it; running out of
 * states (or `shouldStop` giving a reason: a time budget) is `unknown`. `blocked`: why the program
 * could not be modelled whole (then no proof). `onProgress` hears the states explored so far, every
 * few thousand.
 */
export function checkComponentProgram(
  program: ComponentProgram, blocked: string | null, maxStates = 200_000, shouldStop?: () => string | null, onProgress?: (states: number) => void,
): ComponentCheckResult {
  const exploration = exploreAll(componentSystem(program), { maxStates, ...(shouldStop ? { shouldStop } : {}), ...(onProgress ? { onProgress } : {}) });
  const hazards = exploration.witnesses.map((witness) => ({ finding: witness.finding, schedule: witness.path }));
  const states = exploration.distinctStates;
  if (hazards.length > 0) return { verdict: 'hazard', reason: `${hazards.length} hazard(s), each shown by a schedule of the component machine`, hazards, states };
  if (!exploration.complete) {
    const why = exploration.stoppedBy === null || exploration.stoppedBy.startsWith('state budget') ? `did not finish within ${maxStates} states` : `stopped after ${states} states: ${exploration.stoppedBy}`;
    return { verdict: 'unknown', reason: `exhaustive search ${why}; nothing found so far`, hazards, states };
  }
  if (blocked !== null) return { verdict: 'unknown', reason: `no hazard in the part the model follows, but ${blocked}`, hazards, states };
  return { verdict: 'proved-safe', reason: `every schedule of the component machine explored (${states} states): no component is read before it is written or out of order`, hazards, states };
}
