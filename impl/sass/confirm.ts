import { successors } from './cfg.js';
import type { Hazard } from '../../spec/oracle/hazard.js';
import type { SassAction } from '../../spec/sass/machine/action.js';
import { sassIssueBlocker, type SassBounds } from '../../spec/sass/machine/readiness.js';
import type { SassState } from '../../spec/sass/machine/state.js';
import { readsInIssueOrder, type SassProgram } from '../../spec/sass/program.js';
import { sassSystem } from '../../spec/sass/system.js';
import type { Suspicion } from './analysis/suspicion.js';
import { pathThrough } from './path.js';
import type { StopPredicate } from '../budget.js';

/** A directed run is no search: bounds only guard against runaway loops, far above what a kernel holds in flight. */
const DIRECTED_BOUNDS: SassBounds = { inFlight: 4096, calls: 256 };

/** A hazard shown by a concrete run of the reference machine. */
export interface ConfirmedHazard {
  readonly hazard: Hazard;
  /** The actions of the run, from the initial state: replaying them shows the hazard. */
  readonly schedule: readonly SassAction[];
  /** The instructions the run issued up to the hazard, in order. */
  readonly path: readonly number[];
}

/**
 * Tries to show a suspected hazard on the reference machine (`spec/sass`) with one directed
 * schedule: follow a shortest control-flow path through the earlier instruction to the later
 * one, skip guarded instructions other than the two, let everything complete as early as
 * possible except the earlier instruction's read (WAR) or write (RAW, WAW), which waits until
 * the thread could not go on without it. Returns null when that run shows no hazard (or
 * `shouldStop` ended it first).
 */
export function confirmSuspicion(program: SassProgram, suspicion: Suspicion, stepLimit = 200_000, shouldStop?: StopPredicate): ConfirmedHazard | null {
  const path = pathThrough(program, suspicion.producer, suspicion.consumer);
  if (!path) return null;
  // Guarded instructions off the pair skipped (their writes could mask the hazard), else executed
  // (a predicate committed false could stop a branch on the path from going its way).
  return directedRun(program, suspicion, path, false, stepLimit, shouldStop) ?? directedRun(program, suspicion, path, true, stepLimit, shouldStop);
}

/** One directed run; `executeGuarded`: guarded instructions other than the pair execute. */
function directedRun(program: SassProgram, suspicion: Suspicion, path: readonly number[], executeGuarded: boolean, stepLimit: number, shouldStop?: StopPredicate): ConfirmedHazard | null {
  const held = suspicion.producer;
  const holdRead = suspicion.kind === 'WAR';
  const system = sassSystem(program, DIRECTED_BOUNDS);
  const toExit = distancesToExit(program);
  let state = system.initial;
  let position = 0;
  const schedule: SassAction[] = [];
  const issued: number[] = [];
  const isHeld = (instruction: number, stage: 'read' | 'write') => instruction === held && (stage === 'read' ? holdRead : !holdRead);
  for (let step = 0; step < stepLimit; step++) {
    if (shouldStop?.() != null) return null;
    const enabled = system.actions(state);
    if (enabled.length === 0) {
      const found = system.stateFindings(state, enabled);
      return found.length > 0 ? { hazard: pick(found, suspicion), schedule, path: issued } : null;
    }
    const action = choose(program, state, enabled, path, position, suspicion, isHeld, executeGuarded, toExit);
    const result = system.step(state, action);
    schedule.push(action);
    if (action.type === 'issue') {
      issued.push(state.pc!);
      if (position < path.length && path[position] === state.pc) position++;
    }
    state = result.state;
    if (result.findings.length > 0) return { hazard: pick(result.findings, suspicion), schedule, path: issued };
    if (result.halt) return null;
  }
  return null;
}

/** The directed policy: everything early but the held step; the path decides branches. */
function choose(
  program: SassProgram,
  state: SassState,
  enabled: readonly SassAction[],
  path: readonly number[],
  position: number,
  suspicion: Suspicion,
  isHeld: (instruction: number, stage: 'read' | 'write') => boolean,
  executeGuarded: boolean,
  toExit: readonly number[],
): SassAction {
  const instructionOf = (action: SassAction): number | null => {
    if (action.type === 'writeFixed') return state.fixed[action.position]!.instruction;
    if (action.type === 'write' || action.type === 'read') return state.queues[action.queue]![action.position]!.instruction;
    return null;
  };
  const free = enabled.filter((action) => {
    const instruction = instructionOf(action);
    if (instruction === null || action.type === 'writeFixed') return instruction !== null;
    return !isHeld(instruction, action.type === 'read' ? 'read' : 'write');
  });
  if (free.length > 0) return free[0]!;
  const blocker = sassIssueBlocker(program, state, DIRECTED_BOUNDS);
  const stuck = blocker !== null && blocker.reason !== 'stall';
  // The held step goes only when the thread cannot go on without it, and after everything else
  // that can still land has landed (a later write must not be overtaken by the held read).
  const held = enabled.find((action) => instructionOf(action) !== null);
  if (held && stuck && !othersInFlight(program, state, suspicion.producer, suspicion.kind === 'WAR')) return held;
  const issues = enabled.filter((action) => action.type === 'issue');
  if (issues.length > 0) {
    const pc = state.pc!;
    const instruction = program.instructions[pc]!;
    const want = position < path.length && path[position] === pc ? path[position + 1] : undefined;
    let taken: boolean;
    if (instruction.flow.kind === 'next') taken = executeGuarded || pc === suspicion.producer || pc === suspicion.consumer;
    // Past the path, a branch goes the shorter way out of the program: the run should end with the
    // held step landing, not go round a loop until the step limit.
    else if (want === undefined) taken = instruction.flow.kind === 'branch' && pc + 1 < program.instructions.length && toExit[instruction.flow.target]! < toExit[pc + 1]!;
    else taken = !(want === pc + 1 && (instruction.flow.kind !== 'branch' || instruction.flow.target !== pc + 1));
    return issues.find((action) => action.type === 'issue' && action.taken === taken) ?? issues[0]!;
  }
  return enabled.find((action) => action.type === 'endWrites' || action.type === 'endReads' || action.type === 'tick') ?? enabled[0]!;
}

/** Per instruction, the fewest instructions from it to the end of the thread (an exit, or falling off the end); Infinity where none. */
function distancesToExit(program: SassProgram): number[] {
  const next = successors(program);
  const count = program.instructions.length;
  const distance = new Array<number>(count).fill(Number.POSITIVE_INFINITY);
  const before: number[][] = Array.from({ length: count }, () => []);
  const queue: number[] = [];
  next.forEach((targets, index) => {
    for (const target of targets) before[target]!.push(index);
    const flow = program.instructions[index]!.flow;
    const ends = flow.kind === 'exit' || flow.kind === 'return' || (index + 1 === count && (flow.kind === 'next' || program.instructions[index]!.guard !== null));
    if (ends) {
      distance[index] = 0;
      queue.push(index);
    }
  });
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head]!;
    for (const previous of before[at]!) {
      if (distance[previous]! <= distance[at]! + 1) continue;
      distance[previous] = distance[at]! + 1;
      queue.push(previous);
    }
  }
  return distance;
}

/**
 * Whether anything besides the held instruction is in flight and can move without it: fixed
 * latencies, other queues, entries ahead of it in its own queue, and, behind a held write in an
 * ordered queue, entries that have yet to read.
 */
function othersInFlight(program: SassProgram, state: SassState, held: number, holdRead: boolean): boolean {
  if (state.fixed.length > 0) return true;
  return state.queues.some((entries, queue) => {
    const position = entries.findIndex((entry) => entry.instruction === held);
    const order = program.queues[queue]!;
    if (position < 0 || !readsInIssueOrder(order)) return entries.some((entry) => entry.instruction !== held);
    // Reads only in order: behind a held read, entries that have read can still write.
    if (!order.ordered) return entries.some((entry) => entry.instruction !== held && (!holdRead || entry.stage === 'executing'));
    // Behind a held write, later entries can still read; behind a held read, nothing moves.
    return position > 0 || (!holdRead && entries.slice(position + 1).some((entry) => entry.stage === 'queued'));
  });
}

/** The finding that matches the suspicion if the run showed it, else the first (still a real hazard). */
function pick(found: readonly Hazard[], suspicion: Suspicion): Hazard {
  return found.find((hazard) => hazard.kind === suspicion.kind && (hazard.kind === 'overflow' || hazard.register === suspicion.register)) ?? found[0]!;
}
