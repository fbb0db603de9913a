import type { SassProgram } from '../program.js';
import { sassActionCode, type SassAction } from './action.js';
import { sassEnabled } from './enabled.js';
import type { SassEvent, SassRead } from './event.js';
import type { SassBounds } from './readiness.js';
import type { SassInFlight, SassState } from './state.js';

/** Largest value a scoreboard counter holds (6 bits). */
export const SASS_SCOREBOARD_MAX = 63;

/** The next state and what the step made observable. */
export interface SassStepResult {
  readonly state: SassState;
  readonly events: readonly SassEvent[];
}

/** Takes one enabled action; throws when it is not enabled (replays rely on that). */
export function sassStep(program: SassProgram, state: SassState, action: SassAction, bounds: SassBounds): SassStepResult {
  const code = sassActionCode(action);
  if (!sassEnabled(program, state, bounds).some((enabled) => sassActionCode(enabled) === code)) {
    throw new Error(`action ${code} is not enabled at cycle ${state.cycle} (${state.phase} phase)`);
  }
  switch (action.type) {
    case 'endWrites': return { state: { ...state, phase: 'read' }, events: [] };
    case 'endReads': return { state: { ...state, phase: 'issue' }, events: [] };
    case 'tick': return { state: endCycle(state), events: [] };
    case 'writeFixed': {
      const entry = state.fixed[action.position]!;
      return land(program, { ...state, fixed: without(state.fixed, action.position) }, entry);
    }
    case 'write': {
      const entry = state.queues[action.queue]![action.position]!;
      const queues = state.queues.map((entries, q) => (q === action.queue ? without(entries, action.position) : entries));
      return land(program, { ...state, queues }, entry);
    }
    case 'read': {
      const entry = state.queues[action.queue]![action.position]!;
      const event = readSources(state, entry);
      const moved: SassInFlight = { ...entry, stage: 'executing' };
      const queues = state.queues.map((entries, q) => (q === action.queue ? entries.map((e, p) => (p === action.position ? moved : e)) : entries));
      const scoreboards = adjust(state.scoreboards, program.instructions[entry.instruction]!.control.readScoreboard, -1);
      return { state: { ...state, queues, scoreboards }, events: [event] };
    }
    case 'issue': return issue(program, state, action.taken);
  }
}

/** Results land in the register file (when the guard held) and the write scoreboard is released. */
function land(program: SassProgram, state: SassState, entry: SassInFlight): SassStepResult {
  const instruction = program.instructions[entry.instruction]!;
  const registers = entry.executed ? instruction.destinations : [];
  const physical = { ...state.physical };
  for (const register of registers) physical[register] = { seq: entry.seq, instruction: entry.instruction };
  const scoreboards = adjust(state.scoreboards, instruction.control.writeScoreboard, -1);
  const event: SassEvent = { type: 'write', cycle: state.cycle, instruction: entry.instruction, seq: entry.seq, registers };
  return { state: { ...state, physical, scoreboards }, events: [event] };
}

/** The reads of an instruction instance against what sequential execution expects. */
function readSources(state: SassState, entry: SassInFlight): SassEvent {
  const reads: SassRead[] = entry.expected.map(([register, expected]) => ({ register, seen: state.physical[register] ?? null, expected }));
  return { type: 'read', cycle: state.cycle, instruction: entry.instruction, seq: entry.seq, reads };
}

/**
 * Issue: the guard is read now; scoreboards count the instruction (hidden for `visibilityDelay`
 * cycles); sequential execution's register file moves on; the instruction enters its unit;
 * control moves (branches, calls and exits only when the guard holds); the cycle ends.
 */
function issue(program: SassProgram, state: SassState, taken: boolean): SassStepResult {
  const index = state.pc!;
  const instruction = program.instructions[index]!;
  const seq = state.nextSeq;
  const events: SassEvent[] = [{ type: 'issue', cycle: state.cycle, instruction: index, seq, taken }];
  // A skipped instruction reads only its guard; sources are what the path's sequential execution holds now.
  const guard = instruction.guard?.predicate;
  const sourceNames = taken ? instruction.sources : guard !== undefined ? [guard] : [];
  const expected = sourceNames.map((register) => [register, state.logical[register] ?? null] as const);
  const logical = { ...state.logical };
  if (taken && instruction.unit.kind !== 'none') {
    for (const register of instruction.destinations) logical[register] = { seq, instruction: index };
  }
  let scoreboards = state.scoreboards;
  let hidden = state.hidden;
  let fixed = state.fixed;
  let queues = state.queues;
  const { readScoreboard, writeScoreboard } = instruction.control;
  const unit = instruction.unit;
  if (unit.kind !== 'none') {
    for (const scoreboard of [readScoreboard, writeScoreboard]) {
      if (scoreboard === null) continue;
      scoreboards = adjust(scoreboards, scoreboard, +1);
      if (program.visibilityDelay > 0) hidden = [...hidden, { scoreboard, cyclesLeft: program.visibilityDelay }];
      if (scoreboards[scoreboard]! > SASS_SCOREBOARD_MAX) {
        events.push({ type: 'overflow', cycle: state.cycle, instruction: index, scoreboard, value: scoreboards[scoreboard]! });
      }
    }
  }
  const entry: SassInFlight = { seq, instruction: index, executed: taken, stage: 'queued', writeIn: 0, expected };
  if (unit.kind === 'variable') {
    // The guard decides issue, so it is read now; the other sources when the queue hands the instruction over.
    const guardRead = expected.filter(([register]) => register === guard);
    if (guardRead.length > 0) events.push(readSources(state, { ...entry, expected: guardRead }));
    queues = queues.map((entries, q) => (q === unit.queue ? [...entries, { ...entry, expected: expected.filter(([register]) => register !== guard) }] : entries));
  } else {
    events.push(readSources(state, entry));
    if (unit.kind === 'fixed') {
      scoreboards = adjust(scoreboards, readScoreboard, -1);
      fixed = [...fixed, { ...entry, stage: 'executing', writeIn: unit.latency, expected: [] }];
    }
  }
  const { pc, returns } = nextPc(program, state, index, taken);
  const next: SassState = {
    ...state, pc, returns, scoreboards, hidden, fixed, queues, logical,
    nextSeq: seq + 1,
    stallLeft: Math.max(1, instruction.control.stall),
  };
  return { state: endCycle(next), events };
}

/** Where control goes: transfers happen only when the guard holds; falling off the end exits. */
function nextPc(program: SassProgram, state: SassState, index: number, taken: boolean): { pc: number | null; returns: readonly number[] } {
  const flow = program.instructions[index]!.flow;
  const fallThrough = index + 1 < program.instructions.length ? index + 1 : null;
  if (!taken) return { pc: fallThrough, returns: state.returns };
  switch (flow.kind) {
    case 'next': return { pc: fallThrough, returns: state.returns };
    case 'branch': return { pc: flow.target, returns: state.returns };
    case 'call': return { pc: flow.target, returns: [...state.returns, index + 1] };
    case 'exit': return { pc: null, returns: state.returns };
    case 'return': {
      if (state.returns.length === 0) return { pc: null, returns: [] };
      const back = state.returns[state.returns.length - 1]!;
      return { pc: back < program.instructions.length ? back : null, returns: state.returns.slice(0, -1) };
    }
  }
}

/** The next cycle: stalls, fixed latencies and hidden increments count down. */
function endCycle(state: SassState): SassState {
  return {
    ...state,
    cycle: state.cycle + 1,
    phase: 'write',
    stallLeft: Math.max(0, state.stallLeft - 1),
    fixed: state.fixed.map((entry) => (entry.writeIn > 0 ? { ...entry, writeIn: entry.writeIn - 1 } : entry)),
    hidden: state.hidden.flatMap((increment) => (increment.cyclesLeft > 1 ? [{ ...increment, cyclesLeft: increment.cyclesLeft - 1 }] : [])),
  };
}

function without<T>(items: readonly T[], position: number): T[] {
  return items.filter((_, i) => i !== position);
}

function adjust(scoreboards: readonly number[], index: number | null, delta: number): readonly number[] {
  return index === null ? scoreboards : scoreboards.map((value, i) => (i === index ? value + delta : value));
}
