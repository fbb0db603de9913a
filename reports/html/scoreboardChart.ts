import type { ParsedProgram } from '../../format/hp/parse.js';
import { printInstructionBody } from '../../format/hp/print.js';
import type { Hazard } from '../../spec/oracle/hazard.js';
import type { MachineEvent } from '../../spec/scoreboard/machine/event.js';
import { pipeIndexOf } from '../../spec/scoreboard/operands.js';
import type { Trace } from '../../spec/scoreboard/trace.js';
import { instructionLabel } from '../describeHazard.js';
import { usedScoreboards } from '../timeline.js';
import { chartWindow } from './chartWindow.js';
import { statesAtCycleEnd } from './cycleEnds.js';
import { levelRuns } from './levelRuns.js';
import type { ConflictRole, GanttBar, GanttChart, GanttLane, GanttLevel, GanttMark } from './gantt.js';

/** Where a mark for source line `line` links to (an anchor of the page's listing), or null. */
export type SourceLink = (line: number) => string | null;

/**
 * The Gantt chart of a scoreboard machine's trace ending in `hazard`: a lane per warp (issues),
 * a lane per pipe (each instruction as a bar, queued then executing, with its read and write),
 * a lane per scoreboard in use (its value at the end of each cycle), and the hazard's two events
 * highlighted: RAW the consumer's read and the producer's write (or, not written yet, its issue
 * and its open bar), WAR the producer's read and the consumer's write, WAW both writes (the
 * observer's read marked too), overflow the issue that overflowed.
 */
export function scoreboardHazardChart(parsed: ParsedProgram, trace: Trace, hazard: Hazard, sourceLink: SourceLink): GanttChart {
  const { program } = parsed;
  const multiWarp = program.warps > 1;
  const events = trace.steps.flatMap((step) => step.events);
  // The first event of each kind per warp and instruction (an instruction issues, reads and writes once).
  const byKey = new Map<string, MachineEvent>();
  for (const event of events) {
    const key = `${event.type}:${event.warp}:${event.instruction}`;
    if (!byKey.has(key)) byKey.set(key, event);
  }
  const eventOf: EventLookup = (type, warp, instruction) => byKey.get(`${type}:${warp}:${instruction}`) ?? null;
  const roles = conflictRoles(events, eventOf, hazard);
  const wanted = [hazard.cycle, ...[...roles.keys()].map((event) => event.cycle)];
  const endCycle = Math.max(0, ...events.map((event) => event.cycle));
  const window = chartWindow(0, wanted, endCycle, 'cycle');

  const warpLane = (warp: number) => `warp:${warp}`;
  const pipeLane = (pipe: number) => `pipe:${program.pipes[pipe]!.name}`;
  const scoreboardLane = (warp: number, scoreboard: number) => `scoreboard:SB${scoreboard}${multiWarp ? `:warp:${warp}` : ''}`;
  const scoreboards = usedScoreboards(program);
  const lanes: GanttLane[] = [
    ...Array.from({ length: program.warps }, (_, warp): GanttLane => ({ id: warpLane(warp), label: `warp ${warp}`, title: `warp ${warp}: the cycle each instruction issues`, kind: 'events' })),
    ...program.pipes.map((pipe, index): GanttLane => ({
      id: pipeLane(index), label: `pipe ${pipe.name}`, kind: 'events',
      title: `pipe ${pipe.name} (${pipe.kind === 'queue' ? `queue of ${pipe.depth}` : `fixed latency ${pipe.latency}`}: ${pipe.opcodes.join(', ')}): each instruction ${pipe.kind === 'queue' ? 'queued, then executing after its read' : 'executing'} until its write`,
    })),
    ...Array.from({ length: program.warps }, (_, warp) => scoreboards.map((scoreboard): GanttLane => ({
      id: scoreboardLane(warp, scoreboard), label: `SB${scoreboard}${multiWarp ? ` warp ${warp}` : ''}`, kind: 'levels',
      title: `scoreboard SB${scoreboard}${multiWarp ? ` of warp ${warp}` : ''}: its counter at the end of each cycle`,
    }))).flat(),
  ];

  const label = (instruction: number) => instructionLabel(parsed, instruction);
  const who = (warp: number) => (multiWarp ? `warp ${warp}: ` : '');
  const barKey = (warp: number, instruction: number) => `w${warp}#${instruction}`;
  const laneOf = (instruction: number, warp: number) => {
    const pipe = pipeIndexOf(program, program.instructions[instruction]!);
    return pipe < 0 ? warpLane(warp) : pipeLane(pipe);
  };
  const shown = events.filter((event) => event.cycle >= window.first && event.cycle <= window.last);
  const marks: GanttMark[] = shown.map((event): GanttMark => {
    const line = parsed.lines[event.instruction]!;
    const role = roles.get(event) ?? null;
    const registers = event.type === 'read' ? event.seen.map((seen) => seen.register) : event.type === 'write' ? event.registers : [];
    const base = {
      at: event.cycle, type: event.type, href: sourceLink(line),
      data: {
        instruction: event.instruction, warp: event.warp, line,
        ...(registers.length > 0 ? { registers: registers.join(' ') } : {}),
        ...(role !== null && hazard.kind !== 'overflow' ? { register: hazard.register } : {}),
      },
      conflict: role === null ? null : { role, kind: hazard.kind },
    };
    switch (event.type) {
      case 'issue':
        return { ...base, lane: warpLane(event.warp), bar: null, label: `#${event.instruction}`, title: `cycle ${event.cycle}: ${who(event.warp)}issue of ${label(event.instruction)}` };
      case 'read':
        return { ...base, lane: laneOf(event.instruction, event.warp), bar: barKey(event.warp, event.instruction), label: '',
          title: `cycle ${event.cycle}: ${who(event.warp)}${label(event.instruction)} reads ${event.seen.map(({ register, writer }) => `${register}=${writer === null ? 'initial' : `#${writer}`}`).join(' ') || 'no register'}` };
      case 'write':
        return { ...base, lane: laneOf(event.instruction, event.warp), bar: barKey(event.warp, event.instruction), label: '',
          title: `cycle ${event.cycle}: ${who(event.warp)}${label(event.instruction)} ${event.registers.length > 0 ? `writes ${event.registers.join(', ')}` : 'completes'}` };
      case 'overflow':
        return { ...base, lane: scoreboardLane(event.warp, event.scoreboard), bar: null, label: 'overflow',
          title: `cycle ${event.cycle}: ${who(event.warp)}issuing ${label(event.instruction)} takes SB${event.scoreboard} to ${event.value}, more than its counter holds` };
    }
  });

  const bars: GanttBar[] = [];
  for (const issue of events) {
    if (issue.type !== 'issue' || issue.cycle > window.last) continue;
    const pipeIndex = pipeIndexOf(program, program.instructions[issue.instruction]!);
    if (pipeIndex < 0) continue;
    const pipe = program.pipes[pipeIndex]!;
    const same = (type: MachineEvent['type']) => eventOf(type, issue.warp, issue.instruction);
    const read = pipe.kind === 'queue' ? same('read') : issue;
    const write = same('write');
    const key = barKey(issue.warp, issue.instruction);
    const instruction = program.instructions[issue.instruction]!;
    const opcode = instruction.kind === 'op' ? instruction.opcode : printInstructionBody(instruction);
    const text = `${multiWarp ? `w${issue.warp} ` : ''}#${issue.instruction} ${opcode}`;
    const producerOpen = hazard.kind !== 'overflow' && issue.warp === hazard.warp && issue.instruction === hazard.producer && write === null;
    if (pipe.kind === 'queue') {
      bars.push({ lane: pipeLane(pipeIndex), key, from: issue.cycle, to: read?.cycle ?? null, stage: 'queued', label: text, conflict: producerOpen && read === null,
        title: `${who(issue.warp)}${label(issue.instruction)} queued from cycle ${issue.cycle}${read === null ? ', not read yet' : ` to its read at cycle ${read.cycle}`}` });
    }
    if (read !== null) {
      bars.push({ lane: pipeLane(pipeIndex), key, from: read.cycle, to: write?.cycle ?? null, stage: 'executing', label: pipe.kind === 'queue' ? '' : text, conflict: producerOpen,
        title: `${who(issue.warp)}${label(issue.instruction)} executing from cycle ${read.cycle}${write === null ? ', not written yet' : ` to its write at cycle ${write.cycle}`}` });
    }
  }

  return {
    axis: 'cycle', first: window.first, last: window.last, lanes, bars, marks,
    levels: scoreboardLevels(trace, scoreboards, scoreboardLane),
    finding: { at: hazard.cycle, label: hazard.kind === 'overflow' ? `overflow of SB${hazard.scoreboard}` : `${hazard.kind} on ${hazard.register}` },
    caption: `${parsed.file}: ${hazard.kind === 'overflow' ? `overflow of SB${hazard.scoreboard}` : `${hazard.kind} on ${hazard.register}`}, cycles ${window.first} to ${window.last} of the replayed schedule`,
    note: window.note,
  };
}

/** A warp's instruction's first event of a kind in the trace, or null. */
type EventLookup = (type: MachineEvent['type'], warp: number, instruction: number) => MachineEvent | null;

/** The events of the hazard, each with its side. */
function conflictRoles(events: readonly MachineEvent[], eventOf: EventLookup, hazard: Hazard): Map<MachineEvent, ConflictRole> {
  const find = (type: MachineEvent['type'], instruction: number) => eventOf(type, hazard.warp, instruction) ?? undefined;
  const roles = new Map<MachineEvent, ConflictRole>();
  const set = (event: MachineEvent | undefined, role: ConflictRole) => { if (event !== undefined) roles.set(event, role); };
  switch (hazard.kind) {
    case 'overflow':
      set(find('issue', hazard.instruction), 'violation');
      set(events.find((event) => event.type === 'overflow' && event.warp === hazard.warp && event.instruction === hazard.instruction && event.scoreboard === hazard.scoreboard), 'violation');
      break;
    case 'RAW':
      // The producer's write, if it came at all (after the read); else its issue: it was in flight.
      set(find('write', hazard.producer) ?? find('issue', hazard.producer), 'producer');
      set(find('read', hazard.consumer), 'consumer');
      break;
    case 'WAR':
      set(find('read', hazard.producer), 'producer');
      set(find('write', hazard.consumer), 'consumer');
      break;
    case 'WAW':
      set(find('write', hazard.producer) ?? find('issue', hazard.producer), 'producer');
      set(find('write', hazard.consumer), 'consumer');
      if (hazard.observer !== null) set(find('read', hazard.observer), 'observer');
      break;
  }
  return roles;
}

/** Each used scoreboard's value at the end of each cycle, as runs of equal values. */
function scoreboardLevels(trace: Trace, scoreboards: readonly number[], laneOf: (warp: number, scoreboard: number) => string): GanttLevel[] {
  const ends = statesAtCycleEnd(trace.initial, trace.steps);
  return trace.initial.warps.flatMap((_, warp) => scoreboards.flatMap((scoreboard) => levelRuns(
    laneOf(warp, scoreboard),
    ends.map(([cycle, state]) => [cycle, state.warps[warp]!.scoreboards[scoreboard]!] as const),
    (run) => `SB${scoreboard} = ${run.value} at the end of cycle${run.from === run.to ? ` ${run.from}` : `s ${run.from} to ${run.to}`}`,
  )));
}
