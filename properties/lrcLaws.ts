import { isDeepStrictEqual } from 'node:util';
import { replayPath } from '../explore/run.js';
import { compileLrcProgram } from '../impl/lrc/compiled.js';
import { LrcSimulator, type LrcSimulationResult } from '../impl/lrc/simulator.js';
import { lrcTraceActions } from '../impl/lrc/traceActions.js';
import type { LrcAction } from '../spec/lrc/action.js';
import type { LrcProgram } from '../spec/lrc/program.js';
import { randomLrcSchedule, runLrcSchedule } from '../spec/lrc/schedule.js';
import { lrcSystem } from '../spec/lrc/system.js';

/** What an LRC simulator law is checked on: a program and the parameters of its random latency schedule. */
export interface LrcLawInput {
  readonly program: LrcProgram;
  /** Seed of the random latency schedule (`randomLrcSchedule`). */
  readonly seed: number;
  /** Delays are drawn from 1..maxLatency. */
  readonly maxLatency: number;
}

/** A law over the LRC simulator: null when it holds, else what went wrong. `simulator` lets suites plant bugs. */
export type LrcLaw = (input: LrcLawInput, simulator?: LrcSimulator) => string | null;

function differ(what: string, actual: unknown, expected: unknown): string | null {
  if (isDeepStrictEqual(actual, expected)) return null;
  return `${what} differ:\n  got      ${JSON.stringify(actual)}\n  expected ${JSON.stringify(expected)}`;
}

function tracedRun({ program, seed, maxLatency }: LrcLawInput, simulator?: LrcSimulator): LrcSimulationResult {
  return (simulator ?? new LrcSimulator(compileLrcProgram(program))).run(randomLrcSchedule(program, seed, maxLatency), true);
}

/** impl = spec: under the same schedule the simulator gives `runLrcSchedule`'s events, findings and finished flag. */
export const lrcImplEqualsSpec: LrcLaw = (input, simulator) => {
  const schedule = randomLrcSchedule(input.program, input.seed, input.maxLatency);
  const spec = runLrcSchedule(input.program, schedule);
  const impl = (simulator ?? new LrcSimulator(compileLrcProgram(input.program))).run(schedule, true);
  return differ('simulator and spec events', impl.events, spec.events)
    ?? differ('simulator and spec findings', impl.findings, spec.findings)
    ?? differ('simulator and spec finished flags', impl.finished, spec.finished);
};

/**
 * Refinement: the simulator's trace, turned into spec actions (`lrcTraceActions`), is accepted by
 * the spec transition system step by step, and the replay gives the same events, findings,
 * finished flag and final cycle. A replay that halted (counter overflow) is compared on its
 * transitions' findings only and counts as not finished, as `runPath` reports a halted run.
 */
export const lrcRefinesSpec: LrcLaw = (input, simulator) => {
  const impl = tracedRun(input, simulator);
  let replay;
  try {
    replay = replayPath(lrcSystem(input.program), lrcTraceActions(input.program, impl.events!));
  } catch (error) {
    return `the spec does not accept the simulator's trace: ${(error as Error).message}`;
  }
  const findings = replay.halted ? replay.steps.flatMap((step) => step.findings) : replay.findings;
  return differ('replayed and simulated events', replay.steps.flatMap((step) => step.events), impl.events)
    ?? differ('replayed and simulated findings', findings, impl.findings)
    ?? differ('finished flags', replay.finished && !replay.halted, impl.finished)
    ?? differ('final cycles', replay.state.cycle, impl.lastCycle);
};

/**
 * Mutual exclusion of the resource manager: in the traced run no unit is granted to two contexts
 * in one cycle (and no context gets two grants in one cycle), and the simulator's own count of
 * such cycles, `unitConflicts`, is 0.
 */
export const lrcResourceExclusive: LrcLaw = (input, simulator) => {
  const impl = tracedRun(input, simulator);
  const units = new Map<string, number>();
  const contexts = new Set<string>();
  const conflictCycles = new Set<number>();
  for (const event of impl.events!) {
    if (event.type !== 'grant') continue;
    const unit = `${event.cycle}:${event.unit}`;
    const other = units.get(unit);
    if (other !== undefined) {
      conflictCycles.add(event.cycle);
      if (impl.unitConflicts === 0) return `unit ${event.unit} granted to contexts ${other} and ${event.context} at cycle ${event.cycle}, yet unitConflicts is 0`;
    }
    units.set(unit, event.context);
    const context = `${event.cycle}:${event.context}`;
    if (contexts.has(context)) return `context ${event.context} granted twice at cycle ${event.cycle}`;
    contexts.add(context);
  }
  if (conflictCycles.size > 0) return `a unit was granted to two contexts in ${conflictCycles.size} cycle(s), first at cycle ${Math.min(...conflictCycles)} (unitConflicts ${impl.unitConflicts})`;
  return impl.unitConflicts === 0 ? null : `unitConflicts is ${impl.unitConflicts} but the trace shows no unit granted twice in a cycle`;
};

/**
 * Bounded waiting under round robin: no context stays in WAIT (presented to the resource manager,
 * not held in DEP) for more than `contexts - 1` consecutive cycles without a grant.
 *
 * Why the bound holds: a context c in WAIT has every counter its instruction waits for at 0, and
 * while it is not granted it sends no request, so those counters cannot rise (a return below zero
 * halts the run): c stays in WAIT, eligible for its unit u, every cycle until it is granted. So
 * u has a waiting context every cycle, and the work-conserving policy grants u every cycle, each
 * time to the first waiting context after the one granted last. As c keeps waiting, each grant of
 * u to another context lands strictly between the previous grantee and c in cyclic order, so the
 * cyclic distance from the last grantee to c shrinks by at least one per cycle; it starts at most
 * at `contexts` (c itself was the last grantee), so at most `contexts - 1` other contexts are
 * served first.
 *
 * Checked from the trace: it is replayed through the spec, the contexts in WAIT are read from the
 * spec state at the start of every grant phase and the grants from the replayed actions. The
 * simulator's `maxWaitCycles` must equal the longest run seen.
 */
export const lrcBoundedWaiting: LrcLaw = (input, simulator) => {
  const impl = tracedRun(input, simulator);
  let steps;
  try {
    steps = replayPath(lrcSystem(input.program), lrcTraceActions(input.program, impl.events!)).steps;
  } catch (error) {
    return `the spec does not accept the simulator's trace: ${(error as Error).message}`;
  }
  const bound = input.program.contexts - 1;
  const runs = new Array<number>(input.program.contexts).fill(0);
  let waiting = new Set<number>();
  const granted = new Set<number>();
  let longest = 0;
  for (const step of steps) {
    const action: LrcAction = step.action;
    if (action.type === 'endReads') {
      // The grant phase begins: the contexts the controllers left in WAIT are presented to the resource manager.
      waiting = step.state.phase === 'grant'
        ? new Set(step.state.contexts.flatMap((context, index) => (context.status === 'WAIT' ? [index] : [])))
        : new Set();
      granted.clear();
    }
    if (action.type === 'grant') granted.add(action.context);
    const endsCycle = (action.type === 'endReads' || action.type === 'grant' || action.type === 'idle') && step.state.phase === 'return';
    if (!endsCycle) continue;
    for (let context = 0; context < runs.length; context++) {
      runs[context] = waiting.has(context) && !granted.has(context) ? runs[context]! + 1 : 0;
      longest = Math.max(longest, runs[context]!);
      if (runs[context]! > bound) {
        return `context ${context} waited ${runs[context]} consecutive cycles in WAIT without a grant (up to cycle ${step.state.cycle - 1}); round robin bounds it by ${bound}`;
      }
    }
  }
  return differ('maxWaitCycles and the longest wait in the trace', impl.maxWaitCycles, longest);
};
