import type { ParsedLrcProgram } from '../../format/lrc/parse.js';
import type { LrcEvent } from '../../spec/lrc/event.js';
import type { LrcFinding } from '../../spec/lrc/finding.js';
import { PRELOAD_WRITER, type LrcState } from '../../spec/lrc/state.js';
import { lrcInstructionLabel, type LrcTrace } from '../lrc/describe.js';
import { chartWindow } from './chartWindow.js';
import { statesAtCycleEnd } from './cycleEnds.js';
import { levelRuns } from './levelRuns.js';
import type { ConflictRole, GanttBar, GanttChart, GanttLane, GanttLevel, GanttMark } from './gantt.js';
import type { SourceLink } from './scoreboardChart.js';

/**
 * The Gantt chart of an LRC trace ending in `finding`: a lane per thread (launch, the grant that
 * issues each instruction, the cycles it is held in DEP, emit), a lane per unit (each granted
 * instruction as a bar from its grant to its last write, with its read and writes), a lane per
 * context and counter class (the load reference counter's value), and the finding's events
 * highlighted: RAW the read and the write it missed (or the producer's grant), WAR the read and
 * the write that came first, WAW both writes, a counter overflow its event, a deadlock the threads
 * held for ever.
 */
export function lrcFindingChart(parsed: ParsedLrcProgram, trace: LrcTrace, finding: LrcFinding, sourceLink: SourceLink): GanttChart {
  const { program } = parsed;
  const events = trace.steps.flatMap((step) => step.events);
  const byKey = new Map<string, LrcEvent[]>();
  for (const event of events) {
    if (!('instruction' in event)) continue;
    const key = `${event.type}:${event.thread}:${event.instruction}`;
    byKey.set(key, [...(byKey.get(key) ?? []), event]);
  }
  const eventOf = (type: LrcEvent['type'], thread: number, instruction: number, register?: string): LrcEvent | undefined =>
    byKey.get(`${type}:${thread}:${instruction}`)?.find((event) => register === undefined || event.type !== 'write' || event.registers.includes(register));
  const roles = new Map<LrcEvent, ConflictRole>();
  const set = (event: LrcEvent | undefined, role: ConflictRole) => { if (event !== undefined) roles.set(event, role); };
  if (finding.kind === 'overflow') {
    set(events.find((event) => event.type === 'overflow' && event.thread === finding.thread && event.instruction === finding.instruction && event.counter === finding.counter), 'violation');
  } else if (finding.kind !== 'deadlock') {
    const thread = finding.warp;
    const { register } = finding;
    if (finding.kind === 'RAW') {
      set(eventOf('write', thread, finding.producer, register) ?? eventOf('grant', thread, finding.producer), 'producer');
      set(eventOf('read', thread, finding.consumer), 'consumer');
    } else if (finding.kind === 'WAR') {
      set(eventOf('read', thread, finding.producer), 'producer');
      set(eventOf('write', thread, finding.consumer, register), 'consumer');
    } else {
      set(eventOf('write', thread, finding.producer, register) ?? eventOf('grant', thread, finding.producer), 'producer');
      set(eventOf('write', thread, finding.consumer, register), 'consumer');
      if (finding.observer !== null) set(eventOf('read', thread, finding.observer), 'observer');
    }
  }
  const endCycle = Math.max(trace.state.cycle, ...events.map((event) => event.cycle));
  const window = chartWindow(0, [finding.cycle, ...[...roles.keys()].map((event) => event.cycle)], endCycle, 'cycle');

  const threadLane = (thread: number) => `thread:${thread}`;
  const unitLane = (unit: number) => `unit:${program.units[unit]!.name}`;
  const counterLane = (context: number, counter: number) => `counter:${program.counters[counter]!.name}:C${context}`;
  const lanes: GanttLane[] = [
    ...Array.from({ length: program.threads }, (_, thread): GanttLane => ({ id: threadLane(thread), label: `thread ${thread}`, kind: 'events', title: `thread ${thread}: launch, each instruction's grant (issue), cycles held in DEP, emit` })),
    ...program.units.map((unit, index): GanttLane => ({ id: unitLane(index), label: `unit ${unit.name}`, kind: 'events', title: `unit ${unit.name} (${unit.kind}${unit.kind === 'fixed' ? ` latency ${unit.latency}` : ''}: ${unit.opcodes.join(', ')}): each granted instruction until its last write` })),
    ...Array.from({ length: program.contexts }, (_, context) => program.counters.map((counter, index): GanttLane => ({
      id: counterLane(context, index), label: `${counter.name} C${context}`, kind: 'levels', title: `counter ${counter.name} of context ${context}: its value at the end of each cycle`,
    }))).flat(),
  ];

  const label = (instruction: number, register?: string) => lrcInstructionLabel(parsed, instruction, register);
  const link = (instruction: number) => (instruction === PRELOAD_WRITER ? null : sourceLink(parsed.lines[instruction]!));
  const barKey = (thread: number, instruction: number) => `t${thread}#${instruction}`;
  const grants = new Map<string, Extract<LrcEvent, { type: 'grant' }>>();
  for (const event of events) if (event.type === 'grant') grants.set(barKey(event.thread, event.instruction), event);
  const onUnit = (thread: number, instruction: number) => {
    const grant = grants.get(barKey(thread, instruction));
    return grant === undefined ? null : unitLane(grant.unit);
  };

  const marks: GanttMark[] = [];
  for (const event of events) {
    if (event.cycle < window.first || event.cycle > window.last) continue;
    const role = roles.get(event) ?? null;
    const conflict = role === null ? null : { role, kind: finding.kind };
    const register: Record<string, string> = role !== null && 'register' in finding ? { register: finding.register } : {};
    switch (event.type) {
      case 'launch': case 'emit':
        marks.push({ lane: threadLane(event.thread), bar: null, at: event.cycle, type: event.type, label: event.type, href: null, conflict,
          title: `cycle ${event.cycle}: thread ${event.thread} ${event.type === 'launch' ? `starts in context ${event.context}` : `moves its results out of context ${event.context}`}`,
          data: { thread: event.thread, context: event.context } });
        break;
      case 'grant':
        marks.push({ lane: threadLane(event.thread), bar: null, at: event.cycle, type: 'issue', label: `#${event.instruction}`, href: link(event.instruction), conflict,
          title: `cycle ${event.cycle}: thread ${event.thread} is granted unit ${program.units[event.unit]!.name} for ${label(event.instruction)}`,
          data: { instruction: event.instruction, thread: event.thread, context: event.context, line: parsed.lines[event.instruction]!, ...register } });
        break;
      case 'read': case 'write': {
        const unit = event.instruction === PRELOAD_WRITER ? null : onUnit(event.thread, event.instruction);
        const registers = event.type === 'read' ? event.seen.map((seen) => seen.register) : event.registers;
        const what = event.type === 'read'
          ? `reads ${event.seen.map(({ register: name, writer }) => `${name}=${writer === null ? 'initial' : writer < 0 ? 'preload' : `#${writer}`}`).join(' ') || 'no register'}`
          : event.registers.length > 0 ? `writes ${event.registers.join(', ')}` : 'completes';
        marks.push({
          lane: unit ?? threadLane(event.thread), bar: unit === null ? null : barKey(event.thread, event.instruction), at: event.cycle, type: event.type,
          label: event.instruction === PRELOAD_WRITER ? 'preload' : '', href: link(event.instruction), conflict,
          title: `cycle ${event.cycle}: thread ${event.thread}: ${label(event.instruction, registers[0])} ${what}`,
          data: { instruction: event.instruction, thread: event.thread, ...(event.instruction === PRELOAD_WRITER ? {} : { line: parsed.lines[event.instruction]! }), registers: registers.join(' '), ...register },
        });
        break;
      }
      case 'overflow':
        marks.push({ lane: counterLane(event.context, event.counter), bar: null, at: event.cycle, type: 'overflow', label: String(event.value), href: link(event.instruction), conflict,
          title: `cycle ${event.cycle}: thread ${event.thread}: ${label(event.instruction)} takes ${program.counters[event.counter]!.name} to ${event.value}`,
          data: { instruction: event.instruction, thread: event.thread, context: event.context } });
        break;
    }
  }
  if (finding.kind === 'deadlock') {
    for (const blocked of finding.blocked) {
      marks.push({ lane: threadLane(blocked.thread), bar: null, at: finding.cycle, type: 'stuck', label: 'stuck', href: link(blocked.instruction), conflict: { role: 'violation', kind: 'deadlock' },
        title: `cycle ${finding.cycle}: thread ${blocked.thread} is held for ever (${blocked.status}) at ${blocked.instruction < program.instructions.length ? label(blocked.instruction) : 'its end'}, waiting for ${program.counters[blocked.counter]!.name}=${blocked.value}`,
        data: { instruction: blocked.instruction, thread: blocked.thread, context: blocked.context } });
    }
  }

  const bars: GanttBar[] = [];
  for (const [key, grant] of grants) {
    const writes = byKey.get(`write:${grant.thread}:${grant.instruction}`) ?? [];
    const unit = program.units[grant.unit]!;
    const last = writes.at(-1);
    const open = unit.kind !== 'flow' && last === undefined;
    const producerOpen = open && 'producer' in finding && finding.warp === grant.thread && finding.producer === grant.instruction;
    bars.push({
      lane: unitLane(grant.unit), key, from: grant.cycle, to: unit.kind === 'flow' ? grant.cycle : last?.cycle ?? null, stage: 'executing',
      label: `${program.threads > 1 ? `t${grant.thread} ` : ''}#${grant.instruction} ${program.instructions[grant.instruction]!.opcode}`, conflict: producerOpen,
      title: `thread ${grant.thread}: ${label(grant.instruction)} granted at cycle ${grant.cycle}${open ? ', nothing written yet' : last === undefined ? '' : `, last write at cycle ${last.cycle}`}`,
    });
  }
  bars.push(...heldBars(parsed, trace, threadLane));

  return {
    axis: 'cycle', first: window.first, last: window.last, lanes, bars, marks,
    levels: counterLevels(parsed, trace, counterLane),
    finding: { at: finding.cycle, label: findingLabel(parsed, finding) },
    caption: `${parsed.file}: ${findingLabel(parsed, finding)}, cycles ${window.first} to ${window.last} of the replayed schedule`,
    note: window.note,
  };
}

function findingLabel(parsed: ParsedLrcProgram, finding: LrcFinding): string {
  if (finding.kind === 'deadlock') return 'deadlock';
  if (finding.kind === 'overflow') return `${parsed.program.counters[finding.counter]!.name} ${finding.value < 0 ? 'below zero' : 'overflow'}`;
  return `${finding.kind} on ${finding.register}`;
}

/** The cycles each context is held in DEP, as bars on its thread's lane (open when still held where the trace ends). */
function heldBars(parsed: ParsedLrcProgram, trace: LrcTrace, laneOf: (thread: number) => string): GanttBar[] {
  const { program } = parsed;
  const bars: GanttBar[] = [];
  const since = new Map<number, { cycle: number; thread: number; pc: number }>();
  let previous: LrcState = trace.initial;
  const close = (context: number, to: number | null) => {
    const held = since.get(context)!;
    since.delete(context);
    const waits = program.instructions[held.pc]?.waitFor.map((counter) => program.counters[counter]!.name).join(', ') ?? '';
    bars.push({ lane: laneOf(held.thread), key: `held:C${context}:${held.cycle}`, from: held.cycle, to, stage: 'held', label: `DEP (${waits})`, conflict: false,
      title: `thread ${held.thread} held in DEP at ${lrcInstructionLabel(parsed, held.pc)} from cycle ${held.cycle}${to === null ? '' : ` to ${to}`}: it waits for ${waits} to be 0` });
  };
  for (const step of trace.steps) {
    step.state.contexts.forEach((context, index) => {
      const wasHeld = previous.contexts[index]!.status === 'DEP';
      if (context.status === 'DEP' && !wasHeld && context.thread !== null) since.set(index, { cycle: step.state.cycle, thread: context.thread, pc: context.pc });
      if (context.status !== 'DEP' && wasHeld && since.has(index)) close(index, Math.max(since.get(index)!.cycle, step.state.cycle - 1));
    });
    previous = step.state;
  }
  for (const context of [...since.keys()]) close(context, null);
  return bars;
}

/** Each context's counters at the end of each cycle, as runs of equal values. */
function counterLevels(parsed: ParsedLrcProgram, trace: LrcTrace, laneOf: (context: number, counter: number) => string): GanttLevel[] {
  const ends = statesAtCycleEnd(trace.initial, trace.steps);
  return Array.from({ length: parsed.program.contexts }, (_, context) => parsed.program.counters.flatMap((counter, index) => levelRuns(
    laneOf(context, index),
    ends.map(([cycle, state]) => [cycle, state.contexts[context]!.counters[index]!] as const),
    (run) => `${counter.name} of context ${context} = ${run.value} at the end of cycle${run.from === run.to ? ` ${run.from}` : `s ${run.from} to ${run.to}`}`,
  ))).flat();
}
