import { lrcActionCode, type LrcAction } from './action.js';
import { blockingCounter, controllerStatus, eligibleContexts, lrcEnabledActions } from './enabled.js';
import type { LrcEvent } from './event.js';
import { counterIndexOf, lrcDestinations, lrcSources } from './operands.js';
import type { LrcProgram } from './program.js';
import { launchInto, type ContextState, type ContextStatus, type LrcState } from './state.js';

/** The next state and what was observed. */
export interface LrcStepResult {
  readonly state: LrcState;
  readonly events: readonly LrcEvent[];
}

/** Takes one enabled action; throws if it is not enabled (replays of recorded schedules rely on it). */
export function lrcStep(program: LrcProgram, state: LrcState, action: LrcAction): LrcStepResult {
  const code = lrcActionCode(action);
  if (!lrcEnabledActions(program, state).some((enabled) => lrcActionCode(enabled) === code)) {
    throw new Error(`action ${code} is not enabled at cycle ${state.cycle} (${state.phase} phase)`);
  }
  switch (action.type) {
    case 'endReturns': return { state: { ...state, phase: 'read' }, events: [] };
    case 'endReads': return enterGrants(program, state);
    case 'return': return returnData(program, state, action.context, action.instruction, action.register);
    case 'read': return readSources(program, state, action.context, action.instruction);
    case 'grant': return grant(program, state, action.unit, action.context);
    case 'idle': return nextUnit(program, { ...state, unit: state.unit + 1 }, []);
  }
}

/** Data (or a fixed-latency result) lands in the context's registers; a request's counter goes down. */
function returnData(program: LrcProgram, state: LrcState, context: number, instruction: number, register: string | null): LrcStepResult {
  const owner = state.contexts[context]!;
  const dueResult = register === null && state.results.some((r) => r.context === context && r.instruction === instruction && r.writeIn === 0);
  const written = register === null ? lrcDestinations(program.instructions[instruction]!) : [register];
  const file = { ...owner.registers };
  for (const name of written) file[name] = instruction;
  const events: LrcEvent[] = [{ type: 'write', cycle: state.cycle, context, thread: owner.thread!, instruction, registers: written }];
  if (dueResult) {
    const results = state.results.filter((r) => !(r.context === context && r.instruction === instruction));
    return { state: { ...state, results, contexts: replace(state.contexts, context, { ...owner, registers: file }) }, events };
  }
  const index = state.requests.findIndex((r) => r.context === context && r.instruction === instruction && r.register === register);
  const counter = state.requests[index]!.counter;
  const counters = owner.counters.map((value, c) => (c === counter ? value - 1 : value));
  if (counters[counter]! < 0) {
    events.push({ type: 'overflow', cycle: state.cycle, context, thread: owner.thread!, instruction, counter, value: counters[counter]! });
  }
  const requests = state.requests.filter((_, i) => i !== index);
  return { state: { ...state, requests, contexts: replace(state.contexts, context, { ...owner, registers: file, counters }) }, events };
}

/** A pending request reads its sources now. */
function readSources(program: LrcProgram, state: LrcState, context: number, instruction: number): LrcStepResult {
  const owner = state.contexts[context]!;
  const requests = state.requests.map((r) => (r.context === context && r.instruction === instruction && !r.read ? { ...r, read: true } : r));
  return { state: { ...state, requests }, events: [readEvent(program, state, context, owner, instruction)] };
}

function readEvent(program: LrcProgram, state: LrcState, context: number, owner: ContextState, instruction: number): LrcEvent {
  const seen = lrcSources(program.instructions[instruction]!).map((register) => ({ register, writer: owner.registers[register] ?? null }));
  return { type: 'read', cycle: state.cycle, context, thread: owner.thread!, instruction, seen };
}

/**
 * The grant phase begins. The context controllers first look at their counters (seed 001, steps
 * 304-310): an instruction whose dependency indicator names a counter that is not 0 is held in
 * DEP, and one held in DEP whose counters are all 0 goes back to WAIT. A context in EMIT whose
 * counters are 0 and whose results are all in moves them out and goes IDLE.
 */
function enterGrants(program: LrcProgram, state: LrcState): LrcStepResult {
  const events: LrcEvent[] = [];
  const contexts = state.contexts.map((context, index): ContextState => {
    if (context.thread === null) return context;
    if (context.status === 'EMIT') {
      const owed = state.requests.some((r) => r.context === index) || state.results.some((r) => r.context === index);
      if (blockingCounter(program, context) >= 0 || owed) return context;
      events.push({ type: 'emit', cycle: state.cycle, context: index, thread: context.thread, registers: context.registers });
      return { ...context, thread: null, status: 'IDLE' };
    }
    return controllerStatus(program, context);
  });
  return nextUnit(program, { ...state, phase: 'grant', unit: 0, contexts }, events);
}

/** The current unit goes to a waiting context: it reads (fixed, flow) or sends its request (counted). */
function grant(program: LrcProgram, state: LrcState, unit: number, context: number): LrcStepResult {
  const owner = state.contexts[context]!;
  const instruction = program.instructions[owner.pc]!;
  const kind = program.units[unit]!.kind;
  const events: LrcEvent[] = [{ type: 'grant', cycle: state.cycle, context, thread: owner.thread!, instruction: owner.pc, unit }];
  let next: LrcState = state;
  let counters = owner.counters;
  if (kind === 'request') {
    const counter = counterIndexOf(program, instruction);
    counters = counters.map((value, c) => (c === counter ? value + 1 : value));
    if (counters[counter]! > 2 ** program.counters[counter]!.bits - 1) {
      events.push({ type: 'overflow', cycle: state.cycle, context, thread: owner.thread!, instruction: owner.pc, counter, value: counters[counter]! });
    }
    const request = { context, instruction: owner.pc, register: null, counter, read: lrcSources(instruction).length === 0 };
    next = { ...next, requests: [...next.requests, request] };
  } else {
    if (lrcSources(instruction).length > 0) events.push(readEvent(program, state, context, owner, owner.pc));
    if (kind === 'fixed') {
      const latency = (program.units[unit] as { latency: number }).latency;
      next = { ...next, results: [...next.results, { context, instruction: owner.pc, writeIn: latency }] };
    }
  }
  const status: ContextStatus = kind === 'fixed' ? 'ALU' : kind === 'request' ? 'LOAD' : 'FLOW';
  next = { ...next, unit: unit + 1, contexts: replace(next.contexts, context, { ...owner, status, counters }) };
  return nextUnit(program, next, events);
}

/** Skips units nobody waits for; after the last unit the cycle ends. */
function nextUnit(program: LrcProgram, state: LrcState, events: LrcEvent[]): LrcStepResult {
  let unit = state.unit;
  while (unit < program.units.length && eligibleContexts(program, state, unit).length === 0) unit++;
  if (unit < program.units.length) return { state: { ...state, unit }, events };
  return endCycle(program, state, events);
}

/**
 * The cycle ends: granted contexts move to their next instruction (or to EMIT after the last),
 * fixed latencies count down, and idle contexts take the next thread.
 */
function endCycle(program: LrcProgram, state: LrcState, events: LrcEvent[]): LrcStepResult {
  const executing: readonly ContextStatus[] = ['ALU', 'LOAD', 'FLOW'];
  let next: LrcState = {
    ...state,
    cycle: state.cycle + 1,
    phase: 'return',
    unit: 0,
    contexts: state.contexts.map((context) => {
      if (!executing.includes(context.status)) return context;
      const pc = context.pc + 1;
      return pc >= program.instructions.length ? { ...context, pc, status: 'EMIT' } : controllerStatus(program, { ...context, pc, status: 'WAIT' });
    }),
    results: state.results.map((result) => (result.writeIn > 0 ? { ...result, writeIn: result.writeIn - 1 } : result)),
  };
  const launches: LrcEvent[] = [];
  next.contexts.forEach((context, index) => {
    if (context.thread !== null || next.launched >= program.threads) return;
    launches.push({ type: 'launch', cycle: next.cycle, context: index, thread: next.launched });
    next = launchInto(program, next, index);
  });
  return { state: next, events: [...events, ...launches] };
}

function replace<T>(items: readonly T[], index: number, value: T): T[] {
  return items.map((item, i) => (i === index ? value : item));
}
