import type { Action } from '../machine/action.js';
import { runPath } from '../../../explore/run.js';
import type { MachineEvent } from '../machine/event.js';
import type { MachineState } from '../machine/state.js';
import { DEFAULT_SCOREBOARD_MAX } from '../machine/step.js';
import type { Hazard } from '../../oracle/hazard.js';
import { scoreboardSystem } from '../system.js';
import { effectiveStall } from '../operands.js';
import type { Program } from '../program.js';
import { randomSchedule, scheduleSlot, type LatencySchedule } from './latencySchedule.js';

/** One execution under a concrete schedule: the machine's actions, its events and its hazards. */
export interface ScheduledRun {
  readonly schedule: readonly Action[];
  readonly events: readonly MachineEvent[];
  readonly hazards: readonly Hazard[];
}

/**
 * Runs the reference machine under a concrete latency schedule, every step at the earliest cycle
 * the schedule allows: in the write phase the due results (fixed pipes: forced; decoupled: read
 * at least execDelay cycles ago) of the lowest pipe first; in the read phase the due queue heads
 * (issued at least queueDelay cycles ago), lowest pipe first; in the issue phase a ready warp
 * whose instruction's issueDelay has elapsed, chosen by warpChoices. Stops after an overflow.
 */
export function runSchedule(
  program: Program,
  latencies: LatencySchedule,
  scoreboardMax = DEFAULT_SCOREBOARD_MAX,
): ScheduledRun {
  const slot = (warp: number, instruction: number) => scheduleSlot(program, warp, instruction);
  const issuedAt = new Map<number, number>();
  const readAt = new Map<number, number>();
  const lastIssue = new Map<number, { cycle: number; stall: number }>();
  let choice = 0;
  const run = runPath(scoreboardSystem(program, scoreboardMax), (state, enabled, _k, last) => {
    for (const event of last) {
      if (event.type === 'issue') {
        issuedAt.set(slot(event.warp, event.instruction), event.cycle);
        lastIssue.set(event.warp, { cycle: event.cycle, stall: effectiveStall(program.instructions[event.instruction]!.control) });
      }
      if (event.type === 'read') readAt.set(slot(event.warp, event.instruction), event.cycle);
    }
    return nextAction(state, enabled);
  });
  return { schedule: run.actions, events: run.events, hazards: run.findings };

  function nextAction(current: MachineState, enabled: readonly Action[]): Action {
    const cycle = current.cycle;
    const due = enabled.filter((action) => {
      if (action.type !== 'write' && action.type !== 'read') return false;
      if (program.pipes[action.pipe]!.kind === 'fixed') return true;
      const entries = current.pipes[action.pipe]!;
      const entry = action.type === 'write' ? entries[0]! : entries.find((e) => e.stage === 'queued')!;
      const index = slot(entry.warp, entry.instruction);
      return action.type === 'write'
        ? readAt.get(index)! + latencies.execDelay[index]! <= cycle
        : issuedAt.get(index)! + latencies.queueDelay[index]! <= cycle;
    });
    if (due.length > 0) return due[0]!;
    if (current.phase === 'write') return { type: 'endWrites' };
    if (current.phase === 'read') return { type: 'endReads' };
    const ready = enabled.filter((action) => {
      if (action.type !== 'issue') return false;
      const warp = action.warp;
      const previous = lastIssue.get(warp);
      const earliest = previous ? previous.cycle + previous.stall : 0;
      return cycle >= earliest + latencies.issueDelay[slot(warp, current.warps[warp]!.next)]!;
    });
    if (ready.length === 0) return { type: 'tick' };
    if (ready.length === 1) return ready[0]!;
    return ready[(latencies.warpChoices[choice++] ?? 0) % ready.length]!;
  }
}

/** Runs the reference machine under the random schedule of `seed` (see `randomSchedule`). */
export function runLatencySchedule(program: Program, seed: number, maxLatency: number, scoreboardMax = DEFAULT_SCOREBOARD_MAX): ScheduledRun {
  return runSchedule(program, randomSchedule(program, seed, maxLatency), scoreboardMax);
}

