import { timeBudgetReason } from '../../explore/deadline.js';
import { exploreStream } from '../../impl/streamout/explore.js';
import { describeStreamSteps } from '../../reports/streamSteps.js';
import type { StreamContext } from '../../spec/streamout/step.js';
import type { ExhaustiveStreamCoverage } from './coverage.js';
import type { StreamRunBudget, StreamRunHooks, StreamRunOutcome } from './outcome.js';

/**
 * Every interleaving of the scenario's steps, by the explorer, within the state budget, the time
 * budget and the hooks' stop: `proved` when the search completes without a problem, `violation`
 * with a path to the first problem, else `unknown` saying what stopped it and what was covered.
 * Runs on the calling thread until it returns.
 */
export function exhaustiveStreamRun(context: StreamContext, maxStates: number, budget: StreamRunBudget, hooks: StreamRunHooks = {}): StreamRunOutcome {
  const { timeoutMs, deadline } = budget;
  const shouldStop = () => (deadline !== null && Date.now() >= deadline ? timeBudgetReason(timeoutMs ?? 0) : hooks.shouldStop?.() ?? null);
  const { onProgress } = hooks;
  const result = exploreStream(context, maxStates, onProgress && ((distinctStates) => onProgress({ phase: 'exhaustive', distinctStates })), shouldStop);
  const perSecond = Math.round(result.states / Math.max(result.elapsedMs / 1000, 1e-3));
  const coverage: ExhaustiveStreamCoverage = {
    mode: 'exhaustive', complete: result.complete, states: result.states, distinctStates: result.distinctStates, finalStates: result.finalStates,
    statesPerSecond: perSecond, elapsedMs: Math.round(result.elapsedMs),
  };
  const covered = `${result.distinctStates} distinct states (${result.states} visited, ${result.finalStates} final) in ${(result.elapsedMs / 1000).toFixed(2)} s, ${perSecond} states/s`;
  if (result.counterexample) {
    const { problems, actions, shortest } = result.counterexample;
    const path = shortest ? 'shortest path' : 'a shortest path of the partial-order-reduced search, maybe not the shortest of all';
    return { verdict: 'violation', reason: `found by exhaustive exploration (${path}, ${actions.length} steps); ${covered}`, problems, steps: actions, stepsInWords: describeStreamSteps(context, actions), coverage };
  }
  const quiet = { problems: [], steps: [], stepsInWords: [] };
  if (result.complete) {
    const reduction = result.reduction === 'none' ? '' : ` up to the order of independent steps (${result.reduction} reduction, checked against the unreduced search by properties/streamReduction)`;
    return { verdict: 'proved', reason: `explored every interleaving of every step${reduction}: ${covered}`, ...quiet, coverage };
  }
  const why = result.stoppedBy ?? `state budget of ${maxStates} reached`;
  return { verdict: 'unknown', reason: `${why} without a violation: ${covered}`, ...quiet, coverage: { ...coverage, stoppedBy: why } };
}
