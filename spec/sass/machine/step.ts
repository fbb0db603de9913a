import { landingLatency, readLatency } from '../latency.js';
import { isConditional, type SassInstruction, type SassProgram } from '../program.js';
import { sassActionCode, type SassAction } from './action.js';
import { sassEnabled } from './enabled.js';
import type { SassEvent, SassRead } from './event.js';
import type { SassBounds } from './readiness.js';
import { AGE_LIMIT, type HiddenIncrement, type RegisterValue, type SassInFlight, type SassState } from './state.js';

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
      const fixed = without(state.fixed, action.position);
      // Results maturing at different times are separate entries; the last one releases the scoreboard.
      return land(program, { ...state, fixed }, entry, !fixed.some((other) => other.seq === entry.seq));
    }
    case 'write': {
      const entry = state.queues[action.queue]![action.position]!;
      const queues = state.queues.map((entries, q) => (q === action.queue ? without(entries, action.position) : entries));
      return land(program, { ...state, queues }, entry, true);
    }
    case 'read': {
      const entry = state.queues[action.queue]![action.position]!;
      const event = readSources(state, entry);
      const moved: SassInFlight = { ...entry, stage: 'executing' };
      const queues = state.queues.map((entries, q) => (q === action.queue ? entries.map((e, p) => (p === action.position ? moved : e)) : entries));
      const instruction = program.instructions[entry.instruction]!;
      const readScoreboard = instruction.control.readScoreboard;
      const scoreboards = adjust(state.scoreboards, readScoreboard, -1);
      const hidden = unhide(state.hidden, entry.seq, readScoreboard);
      // Results written early (`earlyDestinations`) land now, with the release of the read scoreboard.
      const early = entry.executed ? instruction.earlyDestinations ?? [] : [];
      if (early.length === 0) return { state: { ...state, queues, scoreboards, hidden }, events: [event] };
      const physical = { ...state.physical };
      for (const register of early) physical[register] = { seq: entry.seq, instruction: entry.instruction, age: null };
      const written: SassEvent = { type: 'write', cycle: state.cycle, instruction: entry.instruction, seq: entry.seq, registers: early };
      return { state: { ...state, queues, scoreboards, hidden, physical }, events: [event, written] };
    }
    case 'issue': return issue(program, state, action.taken);
  }
}

/** Results land in the register file (when the guard held) and the write scoreboard is released. */
function land(program: SassProgram, state: SassState, entry: SassInFlight, release: boolean): SassStepResult {
  const instruction = program.instructions[entry.instruction]!;
  // What landed early, at the read step, is not written again (a later writer may have replaced it since).
  const early = instruction.earlyDestinations;
  const registers = !entry.executed ? [] : early === undefined ? entry.registers : entry.registers.filter((register) => !early.includes(register));
  const physical = { ...state.physical };
  const age = instruction.unit.kind === 'fixed' ? entry.age : null;
  for (const register of registers) physical[register] = { seq: entry.seq, instruction: entry.instruction, age };
  const scoreboards = release ? adjust(state.scoreboards, instruction.control.writeScoreboard, -1) : state.scoreboards;
  const hidden = release ? unhide(state.hidden, entry.seq, instruction.control.writeScoreboard) : state.hidden;
  const event: SassEvent = { type: 'write', cycle: state.cycle, instruction: entry.instruction, seq: entry.seq, registers };
  return { state: { ...state, physical, scoreboards, hidden }, events: [event] };
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
  // A conditional transfer not taken may have failed on its guard or on its own condition: it is
  // taken to execute (read every source, the more demanding case) and to say nothing of its guard.
  const conditional = isConditional(instruction.flow);
  const executed = taken || conditional;
  // A skipped instruction reads only its guard; sources are what the path's sequential execution holds now.
  const guard = instruction.guard?.predicate;
  const sourceNames = executed ? instruction.sources : guard !== undefined ? [guard] : [];
  const expected = sourceNames.map((register) => [register, state.logical[register] ?? null] as const);
  const logical = { ...state.logical };
  const predicates = { ...state.predicates };
  if (instruction.guard !== null && (taken || !conditional)) predicates[instruction.guard.predicate] = taken !== instruction.guard.negated;
  if (executed) {
    for (const register of instruction.destinations) if (register in predicates) delete predicates[register];
  }
  if (executed && instruction.unit.kind !== 'none') {
    for (const register of instruction.destinations) logical[register] = { seq, instruction: index, age: null };
  }
  // A fixed-latency result a reader expects must be usable by this reader when it issues.
  for (const [register, value] of expected) {
    const early = value === null ? null : tooEarly(program, state, value, register, index);
    if (early !== null) events.push({ type: 'early', cycle: state.cycle, instruction: index, seq, register, producer: value!.instruction, age: early });
  }
  let scoreboards = state.scoreboards;
  let hidden = state.hidden;
  let fixed = state.fixed;
  let queues = state.queues;
  const { readScoreboard, writeScoreboard } = instruction.control;
  const unit = instruction.unit;
  if (unit.kind !== 'none') {
    // A fixed-latency instruction's read scoreboard is released at issue: it never counts.
    const counted = unit.kind === 'fixed' ? [writeScoreboard] : [readScoreboard, writeScoreboard];
    for (const scoreboard of counted) {
      if (scoreboard === null) continue;
      scoreboards = adjust(scoreboards, scoreboard, +1);
      if (program.visibilityDelay > 0) hidden = [...hidden, { scoreboard, cyclesLeft: program.visibilityDelay, seq }];
      if (scoreboards[scoreboard]! > SASS_SCOREBOARD_MAX) {
        events.push({ type: 'overflow', cycle: state.cycle, instruction: index, scoreboard, value: scoreboards[scoreboard]! });
      }
    }
  }
  const readDelay = unit.kind === 'variable' ? unit.readDelay ?? 0 : 0;
  const entry: SassInFlight = { seq, instruction: index, executed, stage: 'queued', writeIn: readDelay, age: 0, registers: instruction.destinations, expected };
  if (unit.kind === 'variable') {
    // The guard and predicate operands decide things at issue, so they are read now; the rest when the queue hands the instruction over.
    const atIssue = (register: string) => register === guard || instruction.readAtIssue.includes(register);
    const early = expected.filter(([register]) => atIssue(register));
    if (early.length > 0) events.push(readSources(state, { ...entry, expected: early }));
    queues = queues.map((entries, q) => (q === unit.queue ? [...entries, { ...entry, expected: expected.filter(([register]) => !atIssue(register)) }] : entries));
  } else {
    events.push(readSources(state, entry));
    if (unit.kind === 'fixed') {
      fixed = [...fixed, ...fixedEntries(program, instruction, { ...entry, stage: 'executing', expected: [] })];
    }
  }
  const { pc, returns } = nextPc(program, state, index, taken);
  const next: SassState = {
    ...state, pc, returns, scoreboards, hidden, fixed, queues, logical, predicates,
    nextSeq: seq + 1,
    stallLeft: Math.max(1, instruction.control.stall),
  };
  return { state: endCycle(next), events };
}

/**
 * One entry per distinct landing latency among the destinations, plus one at the full latency
 * that releases the write scoreboard (with no registers when none lands then).
 */
function fixedEntries(program: SassProgram, instruction: SassInstruction, entry: SassInFlight): SassInFlight[] {
  const latency = instruction.unit.kind === 'fixed' ? instruction.unit.latency : 0;
  const groups = new Map<number, string[]>([[latency, []]]);
  for (const register of entry.registers) {
    const landing = landingLatency(program, instruction, register);
    groups.set(landing, [...(groups.get(landing) ?? []), register]);
  }
  return [...groups].flatMap(([writeIn, registers]) => (registers.length > 0 || writeIn === latency ? [{ ...entry, writeIn, registers }] : []));
}

/**
 * When `register` as sequential execution has it (`value`) comes from a fixed-latency
 * instruction this reader may not use yet, how old it is; null when it may. The value may not
 * have landed at all, or have landed for readers with a shorter read-after-write latency.
 */
function tooEarly(program: SassProgram, state: SassState, value: RegisterValue, register: string, reader: number): number | null {
  const writer = program.instructions[value.instruction]!;
  if (writer.unit.kind !== 'fixed') return null;
  const readerInstruction = program.instructions[reader]!;
  const needed = readLatency(program, writer, register, readerInstruction, readerInstruction.guard?.predicate === register);
  const pending = state.fixed.find((entry) => entry.seq === value.seq);
  const age = pending ? pending.age : state.physical[register]?.seq === value.seq ? state.physical[register]!.age ?? AGE_LIMIT : AGE_LIMIT;
  return age < needed ? age : null;
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

/** The next cycle: stalls, fixed latencies, read delays and hidden increments count down; fixed results age. */
function endCycle(state: SassState): SassState {
  let physical = state.physical;
  for (const [register, value] of Object.entries(state.physical)) {
    if (value.age === null || value.age >= AGE_LIMIT) continue;
    if (physical === state.physical) physical = { ...state.physical };
    (physical as Record<string, RegisterValue>)[register] = { ...value, age: value.age + 1 };
  }
  return {
    ...state,
    physical,
    cycle: state.cycle + 1,
    phase: 'write',
    stallLeft: Math.max(0, state.stallLeft - 1),
    fixed: state.fixed.map((entry) => ({ ...entry, writeIn: Math.max(0, entry.writeIn - 1), age: Math.min(AGE_LIMIT, entry.age + 1) })),
    // A queued instruction with a read delay counts it down; the rest stay as they are (no copy).
    queues: state.queues.some((entries) => entries.some((entry) => entry.writeIn > 0))
      ? state.queues.map((entries) => entries.map((entry) => (entry.writeIn > 0 ? { ...entry, writeIn: entry.writeIn - 1 } : entry)))
      : state.queues,
    hidden: state.hidden.flatMap((increment) => (increment.cyclesLeft > 1 ? [{ ...increment, cyclesLeft: increment.cyclesLeft - 1 }] : [])),
  };
}

/** Removes the hidden increment of instance `seq` on `scoreboard`, if it is still hidden. */
function unhide(hidden: readonly HiddenIncrement[], seq: number, scoreboard: number | null): readonly HiddenIncrement[] {
  const position = hidden.findIndex((increment) => increment.seq === seq && increment.scoreboard === scoreboard);
  return position < 0 ? hidden : hidden.filter((_, i) => i !== position);
}

function without<T>(items: readonly T[], position: number): T[] {
  return items.filter((_, i) => i !== position);
}

function adjust(scoreboards: readonly number[], index: number | null, delta: number): readonly number[] {
  return index === null ? scoreboards : scoreboards.map((value, i) => (i === index ? value + delta : value));
}
