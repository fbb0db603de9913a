import { destinationRegisters, effectiveStall, pipeIndexOf, sourceRegisters } from '../operands.js';
import type { Program } from '../program.js';
import { actionCode, type Action } from './action.js';
import { enabledActions } from './enabled.js';
import type { MachineEvent } from './event.js';
import type { InFlight, MachineState, WarpState } from './state.js';

/** Largest value a scoreboard counter holds by default (6 bits). */
export const DEFAULT_SCOREBOARD_MAX = 63;

/** Result of one step: the next state and what was observed. */
export interface StepResult {
  readonly state: MachineState;
  readonly events: readonly MachineEvent[];
}

/**
 * Takes one enabled action. Throws if the action is not enabled in `state`: callers that replay
 * recorded traces rely on that to reject traces the machine does not allow.
 */
export function step(
  program: Program,
  state: MachineState,
  action: Action,
  scoreboardMax: number = DEFAULT_SCOREBOARD_MAX,
): StepResult {
  const code = actionCode(action);
  if (!enabledActions(program, state).some((enabled) => actionCode(enabled) === code)) {
    throw new Error(`action ${code} is not enabled at cycle ${state.cycle} (${state.phase} phase)`);
  }
  switch (action.type) {
    case 'endWrites': return { state: { ...state, phase: 'read' }, events: [] };
    case 'endReads': return { state: { ...state, phase: 'issue' }, events: [] };
    case 'tick': return { state: endCycle(state), events: [] };
    case 'write': return write(program, state, action.pipe);
    case 'read': return read(program, state, action.pipe);
    case 'issue': return issue(program, state, action.warp, scoreboardMax);
  }
}

/** The oldest pending result of the pipe lands in the register file. */
function write(program: Program, state: MachineState, pipe: number): StepResult {
  const [entry, ...rest] = state.pipes[pipe]!;
  const instruction = program.instructions[entry!.instruction]!;
  const registers = destinationRegisters(instruction);
  const warps = updateWarp(state.warps, entry!.warp, (warp) => {
    const file = { ...warp.registers };
    for (const register of registers) file[register] = entry!.instruction;
    return {
      ...warp,
      registers: file,
      scoreboards: decrement(warp.scoreboards, instruction.control.writeScoreboard),
    };
  });
  const event: MachineEvent = {
    type: 'write', cycle: state.cycle, warp: entry!.warp, instruction: entry!.instruction, registers,
  };
  return { state: { ...state, warps, pipes: replace(state.pipes, pipe, rest) }, events: [event] };
}

/** The oldest queued instruction of a decoupled pipe leaves the queue and reads its sources. */
function read(program: Program, state: MachineState, pipe: number): StepResult {
  const entries = state.pipes[pipe]!;
  const position = entries.findIndex((entry) => entry.stage === 'queued');
  const entry = entries[position]!;
  const { warps, event } = readSources(program, state, entry.warp, entry.instruction);
  const moved: InFlight = { ...entry, stage: 'executing' };
  const pipes = replace(state.pipes, pipe, entries.map((e, i) => (i === position ? moved : e)));
  return { state: { ...state, warps, pipes }, events: [event] };
}

/** Reads an instruction's sources now and releases its read scoreboard. */
function readSources(program: Program, state: MachineState, warp: number, index: number) {
  const instruction = program.instructions[index]!;
  const file = state.warps[warp]!.registers;
  const seen = sourceRegisters(instruction).map((register) => ({ register, writer: file[register] ?? null }));
  const warps = updateWarp(state.warps, warp, (w) => ({
    ...w,
    scoreboards: decrement(w.scoreboards, instruction.control.readScoreboard),
  }));
  const event: MachineEvent = { type: 'read', cycle: state.cycle, warp, instruction: index, seen };
  return { warps, event };
}

/** The warp's next instruction issues: scoreboards count it, it enters its pipe, and the cycle ends. */
function issue(program: Program, state: MachineState, warp: number, scoreboardMax: number): StepResult {
  const index = state.warps[warp]!.next;
  const instruction = program.instructions[index]!;
  const { readScoreboard, writeScoreboard } = instruction.control;
  const events: MachineEvent[] = [{ type: 'issue', cycle: state.cycle, warp, instruction: index }];
  let scoreboards = increment(increment(state.warps[warp]!.scoreboards, readScoreboard), writeScoreboard);
  for (const scoreboard of new Set([readScoreboard, writeScoreboard])) {
    if (scoreboard !== null && scoreboards[scoreboard]! > scoreboardMax) {
      events.push({ type: 'overflow', cycle: state.cycle, warp, instruction: index, scoreboard, value: scoreboards[scoreboard]! });
    }
  }
  let next: MachineState = {
    ...state,
    warps: updateWarp(state.warps, warp, (w) => ({ ...w, next: index + 1, stallLeft: effectiveStall(instruction.control), scoreboards })),
  };
  const pipeIndex = pipeIndexOf(program, instruction);
  const pipe = program.pipes[pipeIndex];
  if (pipe === undefined) {
    // DEPBAR and NOP have no pipe: any scoreboard they name is released at once.
    scoreboards = decrement(decrement(scoreboards, readScoreboard), writeScoreboard);
    next = { ...next, warps: updateWarp(next.warps, warp, (w) => ({ ...w, scoreboards })) };
  } else if (pipe.kind === 'queue') {
    const entry: InFlight = { warp, instruction: index, stage: 'queued', writeIn: 0 };
    next = { ...next, pipes: replace(next.pipes, pipeIndex, [...next.pipes[pipeIndex]!, entry]) };
  } else {
    const sources = readSources(program, next, warp, index);
    events.push(sources.event);
    const entry: InFlight = { warp, instruction: index, stage: 'executing', writeIn: pipe.latency };
    next = { ...next, warps: sources.warps, pipes: replace(next.pipes, pipeIndex, [...next.pipes[pipeIndex]!, entry]) };
  }
  return { state: endCycle(next), events };
}

/** Moves to the next cycle: stalls and fixed latencies count down. */
function endCycle(state: MachineState): MachineState {
  return {
    cycle: state.cycle + 1,
    phase: 'write',
    warps: state.warps.map((warp) => (warp.stallLeft > 0 ? { ...warp, stallLeft: warp.stallLeft - 1 } : warp)),
    pipes: state.pipes.map((entries) =>
      entries.map((entry) => (entry.writeIn > 0 ? { ...entry, writeIn: entry.writeIn - 1 } : entry)),
    ),
  };
}

function updateWarp(warps: readonly WarpState[], index: number, change: (warp: WarpState) => WarpState): WarpState[] {
  return warps.map((warp, i) => (i === index ? change(warp) : warp));
}

function replace<T>(items: readonly T[], index: number, value: T): T[] {
  return items.map((item, i) => (i === index ? value : item));
}

function increment(scoreboards: readonly number[], index: number | null): number[] {
  return scoreboards.map((value, i) => (i === index ? value + 1 : value));
}

function decrement(scoreboards: readonly number[], index: number | null): number[] {
  return scoreboards.map((value, i) => (i === index ? value - 1 : value));
}
