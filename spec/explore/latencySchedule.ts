import type { Action } from '../machine/action.js';
import { enabledActions } from '../machine/enabled.js';
import type { MachineEvent } from '../machine/event.js';
import { initialState } from '../machine/state.js';
import { DEFAULT_SCOREBOARD_MAX, step } from '../machine/step.js';
import { eventHazards, finalStateHazards } from '../oracle/classify.js';
import type { Hazard } from '../oracle/hazard.js';
import { sequentialSemantics } from '../oracle/sequential.js';
import type { Program } from '../program.js';
import { Random } from './random.js';

/** One random execution: the actions taken and the hazards they showed. */
export interface RandomRun {
  readonly schedule: readonly Action[];
  readonly hazards: readonly Hazard[];
}

/** How delays are drawn in one run; mixing styles reaches both long-latency and back-to-back corners. */
type DelayStyle = 'uniform' | 'extremes' | 'short';

/**
 * Runs the machine once under a random latency schedule drawn from `seed`. Every decoupled
 * instruction gets a queue delay (issue to read) and an execution delay (read to write) in
 * 1..maxLatency, applied as "not before"; FIFO order can only make steps later. The scheduler
 * passes over ready warps now and then and picks among ready warps at random. The result is a
 * legal schedule of the spec machine, replayable with `replay`.
 */
export function runLatencySchedule(
  program: Program,
  seed: number,
  maxLatency: number,
  scoreboardMax = DEFAULT_SCOREBOARD_MAX,
): RandomRun {
  const random = new Random(seed);
  const style: DelayStyle = random.pick(['uniform', 'extremes', 'short'] as const);
  const skipIssue = random.pick([0, 0, 0.2, 0.5]);
  const delay = (): number => {
    if (style === 'extremes') return random.next() < 0.5 ? 1 : maxLatency;
    if (style === 'short') return random.integer(1, Math.min(maxLatency, 3));
    return random.integer(1, maxLatency);
  };
  const semantics = sequentialSemantics(program);
  /** Cycle from which the next step of an in-flight instruction may happen, by `warp:instruction`. */
  const notBefore = new Map<string, number>();
  const observe = (events: readonly MachineEvent[]) => {
    for (const event of events) {
      if (event.type === 'issue' || event.type === 'read') notBefore.set(`${event.warp}:${event.instruction}`, event.cycle + delay());
    }
  };
  const schedule: Action[] = [];
  const hazards: Hazard[] = [];
  let state = initialState(program);
  const stepLimit = 64 + program.instructions.length * program.warps * (maxLatency + 16) * 8;
  for (let steps = 0; ; steps++) {
    const actions = enabledActions(program, state);
    if (actions.length === 0) {
      hazards.push(...finalStateHazards(semantics, state));
      break;
    }
    if (steps > stepLimit) throw new Error(`random schedule did not finish within ${stepLimit} steps (seed ${seed})`);
    const due = actions.filter((action) => {
      if (action.type !== 'write' && action.type !== 'read') return false;
      if (program.pipes[action.pipe]!.kind === 'fixed') return true;
      const entries = state.pipes[action.pipe]!;
      const entry = action.type === 'write' ? entries[0]! : entries.find((e) => e.stage === 'queued')!;
      return (notBefore.get(`${entry.warp}:${entry.instruction}`) ?? 0) <= state.cycle;
    });
    const issues = actions.filter((action) => action.type === 'issue');
    let action: Action;
    if (due.length > 0) action = random.pick(due);
    else if (state.phase === 'write') action = { type: 'endWrites' };
    else if (state.phase === 'read') action = { type: 'endReads' };
    else if (issues.length > 0 && random.next() >= skipIssue) action = random.pick(issues);
    else action = { type: 'tick' };
    const result = step(program, state, action, scoreboardMax);
    schedule.push(action);
    observe(result.events);
    state = result.state;
    const found = eventHazards(semantics, state, result.events);
    hazards.push(...found);
    if (found.some((hazard) => hazard.kind === 'overflow')) break;
  }
  return { schedule, hazards };
}

/** Seed of run `index` of a campaign started with `seed`: consecutive, so each run replays alone. */
export function runSeed(seed: number, index: number): number {
  return (seed + index) >>> 0;
}
