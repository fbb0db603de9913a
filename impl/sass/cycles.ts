import { Random } from '../../explore/random.js';
import type { SassAction } from '../../spec/sass/machine/action.js';
import type { SassState } from '../../spec/sass/machine/state.js';
import type { SassProgram } from '../../spec/sass/program.js';
import { sassSystem } from '../../spec/sass/system.js';
import type { StopPredicate } from '../budget.js';
import { isControlOnly } from './annotation/controlOnly.js';

/** What one run took. */
export interface CycleCount {
  readonly cycles: number;
  readonly issued: number;
  /** False when the run hit the issue limit before the thread exited (a long loop), or `shouldStop` ended it. */
  readonly finished: boolean;
  /** Why the run was ended early (a time budget), or null. */
  readonly stoppedBy: string | null;
}

/** Bounds far above a kernel's needs: a run is cut after this many issues of the kernel's work (`DEPBAR`s not counted). */
const ISSUE_LIMIT = 20_000;

/**
 * Runs a kernel on the reference machine under one seeded schedule and counts its cycles. The
 * schedule is a property of the issue sequence, not of the control records: the k-th instruction
 * issued reads its sources `1 + r_k` cycles after issue and writes `1 + w_k` cycles after that
 * (r_k, w_k below `maxLatency`), and the k-th guard or branch goes the seeded way when the
 * predicate is still free. `DEPBAR` instructions (`isControlOnly`) are control records, not
 * work: they take their issue cycles but no k, so a kernel whose records add or drop some meets
 * the same schedule. Two kernels with the same instructions and different control records (a
 * compiler's and a pass's) therefore meet the same latencies on the same path, and their cycle
 * counts compare their stalls, waits and `DEPBAR`s alone. Everything issues as soon as it may.
 */
export function countCycles(program: SassProgram, seed: number, maxLatency: number, shouldStop?: StopPredicate): CycleCount {
  const system = sassSystem(program, { inFlight: 1 << 20, calls: 256 });
  const random = new Random(seed);
  const plan: { read: number; write: number; taken: boolean }[] = [];
  const planFor = (k: number) => {
    while (plan.length <= k) plan.push({ read: 1 + random.integer(0, maxLatency - 1), write: 1 + random.integer(0, maxLatency - 1), taken: random.next() < 0.5 });
    return plan[k]!;
  };
  const issuedAt = new Map<number, number>();
  const readAt = new Map<number, number>();
  // The schedule's k of each issued instance (its seq), counting the kernel's work only.
  const stepOf = new Map<number, number>();
  let work = 0;
  let state: SassState = system.initial;
  let issued = 0;
  for (;;) {
    const enabled = system.actions(state);
    if (enabled.length === 0) return { cycles: state.cycle, issued, finished: true, stoppedBy: null };
    // The limit counts the kernel's work, not DEPBARs: both records are cut at the same point of the same path.
    if (work >= ISSUE_LIMIT) return { cycles: state.cycle, issued, finished: false, stoppedBy: null };
    const stop = shouldStop?.() ?? null;
    if (stop !== null) return { cycles: state.cycle, issued, finished: false, stoppedBy: stop };
    const next = state.pc === null ? null : program.instructions[state.pc]!;
    const taken = next !== null && isControlOnly(next) ? true : planFor(work).taken;
    const action = choose(state, enabled, (seq) => planFor(stepOf.get(seq)!), issuedAt, readAt, taken);
    const result = system.step(state, action);
    for (const event of result.events) {
      if (event.type === 'issue') {
        issuedAt.set(event.seq, event.cycle);
        issued++;
        if (!isControlOnly(program.instructions[event.instruction]!)) stepOf.set(event.seq, work++);
      }
    }
    if (action.type === 'read') readAt.set(state.queues[action.queue]![action.position]!.seq, state.cycle);
    state = result.state;
  }
}

/** Steps that are due happen; everything else waits; the thread issues when it may. */
function choose(
  state: SassState,
  enabled: readonly SassAction[],
  plan: (seq: number) => { read: number; write: number },
  issuedAt: ReadonlyMap<number, number>,
  readAt: ReadonlyMap<number, number>,
  taken: boolean,
): SassAction {
  for (const action of enabled) {
    if (action.type === 'writeFixed') return action;
    if (action.type === 'read') {
      const seq = state.queues[action.queue]![action.position]!.seq;
      if (state.cycle >= issuedAt.get(seq)! + plan(seq).read) return action;
    }
    if (action.type === 'write') {
      const seq = state.queues[action.queue]![action.position]!.seq;
      if (state.cycle >= readAt.get(seq)! + plan(seq).write) return action;
    }
  }
  const issues = enabled.filter((action) => action.type === 'issue');
  if (issues.length > 0) return issues.find((action) => action.type === 'issue' && action.taken === taken) ?? issues[0]!;
  return enabled.find((action) => action.type === 'endWrites' || action.type === 'endReads' || action.type === 'tick')!;
}
