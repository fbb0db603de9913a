import type { LrcAction } from '../../spec/lrc/action.js';
import type { LrcEvent } from '../../spec/lrc/event.js';
import { counterIndexOf, unitIndexOf } from '../../spec/lrc/operands.js';
import type { LrcProgram } from '../../spec/lrc/program.js';

/** What the trace reader keeps of a context: enough to know when it waits, is held, and when the machine stops. */
interface ShadowContext {
  thread: number;
  pc: number;
  emit: boolean;
  counters: number[];
  /** Preload data still on its way, oldest first. */
  preloads: { register: string; counter: number }[];
}

/**
 * The spec actions that reproduce a traced simulator run (`LrcSimulator.run(schedule, true)`),
 * for `replayPath(lrcSystem(program), actions)`: per cycle the returns (one per write), `X`, the
 * source reads of the read phase, `R`, then the grant phase: a `grant` per grant event, and an
 * `idle` for every unit the spec stops at (one with a waiting context) that granted nobody. The
 * spec needs actions in idle cycles too (`X`, `R`), and it stops without an action when the
 * machine is finished or stuck, possibly in the middle of a return phase, or right after a step
 * that overflowed a counter.
 *
 * To know which units had a waiting context and where the spec stops, the reader follows a small
 * shadow of the machine from the events alone: per context its thread, PC, EMIT state, counters
 * and pending preloads, and the number of requests and results in flight.
 */
export function lrcTraceActions(program: LrcProgram, events: readonly LrcEvent[]): LrcAction[] {
  const size = program.instructions.length;
  const unitOf = program.instructions.map((instruction) => unitIndexOf(program, instruction));
  const counterOf = program.instructions.map((instruction, index) =>
    (program.units[unitOf[index]!]?.kind === 'request' ? counterIndexOf(program, instruction) : -1));
  const kindOf = (instruction: number) => program.units[unitOf[instruction]!]?.kind;
  const initialCounters = program.counters.map((_, index) => program.preloads.find((p) => p.counter === index)?.initialValue ?? 0);
  const preloads = program.preloads.flatMap((preload) => preload.registers.map((register) => ({ register, counter: preload.counter })));
  const contexts: ShadowContext[] = Array.from({ length: program.contexts }, () => ({ thread: -1, pc: 0, emit: false, counters: [], preloads: [] }));
  let launched = 0;
  let inFlight = 0;

  const launch = (context: ShadowContext) => {
    context.thread = launched++;
    context.pc = program.initialPc;
    context.emit = program.initialPc >= size;
    context.counters = [...initialCounters];
    context.preloads = preloads.map((preload) => ({ ...preload }));
    inFlight += preloads.length;
  };
  const held = (context: ShadowContext) => {
    const classes = context.emit ? context.counters.map((_, index) => index) : program.instructions[context.pc]!.waitFor;
    return classes.some((counter) => context.counters[counter] !== 0);
  };
  /** The spec's `isFinished || isStuck` (asked in the return phase). */
  const stopped = () => {
    if (inFlight > 0) return false;
    const live = contexts.filter((context) => context.thread >= 0);
    return live.length === 0 ? launched === program.threads : live.every(held);
  };
  const waiting = (context: ShadowContext, unit: number) => context.thread >= 0 && !context.emit && unitOf[context.pc] === unit && !held(context);

  for (let index = 0; index < program.contexts && launched < program.threads; index++) launch(contexts[index]!);
  const actions: LrcAction[] = [];
  let next = 0;
  const at = (cycle: number, type: LrcEvent['type']) => events[next]?.cycle === cycle && events[next]!.type === type;
  for (let cycle = 0; ; cycle++) {
    if (stopped() || next >= events.length) return actions;
    // Return phase.
    while (at(cycle, 'write')) {
      const event = events[next++] as Extract<LrcEvent, { type: 'write' }>;
      const context = contexts[event.context]!;
      if (event.instruction < 0) {
        const register = event.registers[0]!;
        actions.push({ type: 'return', context: event.context, instruction: event.instruction, register });
        const k = context.preloads.findIndex((preload) => preload.register === register);
        if (k >= 0) context.counters[context.preloads.splice(k, 1)[0]!.counter]!--;
      } else {
        actions.push({ type: 'return', context: event.context, instruction: event.instruction, register: null });
        const counter = counterOf[event.instruction]!;
        if (counter >= 0) context.counters[counter]!--;
      }
      inFlight--;
      if (at(cycle, 'overflow')) return actions; // below zero: the run halted
      if (stopped()) return actions;
    }
    actions.push({ type: 'endReturns' });
    // Read phase.
    while (at(cycle, 'read')) {
      const event = events[next++] as Extract<LrcEvent, { type: 'read' }>;
      actions.push({ type: 'read', context: event.context, instruction: event.instruction });
    }
    actions.push({ type: 'endReads' });
    // Grant phase: emits first, then each unit with a waiting context in order, granted or idle.
    while (at(cycle, 'emit')) contexts[(events[next++] as Extract<LrcEvent, { type: 'emit' }>).context]!.thread = -1;
    const eligible = program.units.map((_, unit) => contexts.some((context) => waiting(context, unit)));
    const granted = new Set<number>();
    let unit = 0;
    const idleUpTo = (end: number) => {
      for (; unit < end; unit++) if (eligible[unit]) actions.push({ type: 'idle', unit });
    };
    while (at(cycle, 'grant')) {
      const event = events[next++] as Extract<LrcEvent, { type: 'grant' }>;
      idleUpTo(event.unit);
      actions.push({ type: 'grant', unit: event.unit, context: event.context });
      unit = Math.max(unit, event.unit + 1);
      granted.add(event.context);
      const context = contexts[event.context]!;
      const counter = counterOf[event.instruction] ?? -1;
      if (counter >= 0) context.counters[counter]!++;
      if (kindOf(event.instruction) !== 'flow') inFlight++;
      const read = events[next];
      if (read?.type === 'read' && read.cycle === cycle && read.context === event.context && read.instruction === event.instruction) next++;
      if (at(cycle, 'overflow')) return actions; // past its width: the run halted
    }
    idleUpTo(program.units.length);
    for (const index of granted) {
      const context = contexts[index]!;
      context.pc++;
      if (context.pc >= size) context.emit = true;
    }
    while (at(cycle + 1, 'launch')) launch(contexts[(events[next++] as Extract<LrcEvent, { type: 'launch' }>).context]!);
  }
}
