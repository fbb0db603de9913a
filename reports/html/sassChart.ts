import type { Path } from '../../explore/run.js';
import type { Hazard } from '../../spec/oracle/hazard.js';
import type { SassAction } from '../../spec/sass/machine/action.js';
import type { SassEvent } from '../../spec/sass/machine/event.js';
import type { SassState } from '../../spec/sass/machine/state.js';
import type { SassProgram } from '../../spec/sass/program.js';
import { chartWindow } from './chartWindow.js';
import { statesAtCycleEnd } from './cycleEnds.js';
import type { ConflictRole, GanttBar, GanttChart, GanttLane, GanttMark } from './gantt.js';
import { levelRuns } from './levelRuns.js';
import type { SourceLink } from './scoreboardChart.js';
import { scoreboardsMentioned } from '../timeline.js';

/** A run of the reference machine of NVIDIA listings, replayed from a hazard's schedule. */
export type SassTrace = Path<SassState, SassAction, SassEvent, Hazard>;

/**
 * The Gantt chart of a kernel's schedule on the reference machine (`spec/sass/`) ending in
 * `hazard`: a lane for the thread (each issue; a guarded one not executed is marked so), a lane
 * for the fixed-latency units and one per queue (each issued instance as a bar, queued then
 * executing, with its read and writes), a lane per scoreboard the kernel uses (its counter at the
 * end of each cycle), and the hazard's two events highlighted as in `scoreboardHazardChart`.
 */
export function sassHazardChart(program: SassProgram, trace: SassTrace, hazard: Hazard, title: string, sourceLink: SourceLink): GanttChart {
  const events = trace.steps.flatMap((step) => step.events);
  const roles = sassConflictRoles(events, hazard);
  const window = chartWindow(0, [hazard.cycle, ...[...roles.keys()].map((event) => event.cycle)], Math.max(0, ...events.map((event) => event.cycle)), 'cycle');
  const scoreboards = usedSassScoreboards(program);
  const unitLane = (instruction: number) => {
    const unit = program.instructions[instruction]!.unit;
    return unit.kind === 'fixed' ? 'unit:fixed' : unit.kind === 'variable' ? `queue:${program.queues[unit.queue]!.name}` : 'warp:0';
  };
  const lanes: GanttLane[] = [
    { id: 'warp:0', label: 'thread', title: 'the thread: the cycle each instruction issues', kind: 'events' },
    { id: 'unit:fixed', label: 'fixed latency', title: 'fixed-latency instructions: sources read at issue, results written a known number of cycles later', kind: 'events' },
    ...program.queues.map((queue): GanttLane => ({ id: `queue:${queue.name}`, label: `queue ${queue.name}`, title: `queue ${queue.name} (${queue.ordered ? 'in order' : 'any order'}): each instance queued, then executing after its read, until its write`, kind: 'events' })),
    ...scoreboards.map((scoreboard): GanttLane => ({ id: `scoreboard:SB${scoreboard}`, label: `SB${scoreboard}`, title: `scoreboard SB${scoreboard}: its counter at the end of each cycle`, kind: 'levels' })),
  ];

  const label = (instruction: number) => `line ${program.instructions[instruction]!.line} (${program.instructions[instruction]!.text})`;
  const line = (instruction: number) => program.instructions[instruction]!.line;
  const marks: GanttMark[] = [];
  for (const event of events) {
    if (event.cycle < window.first || event.cycle > window.last) continue;
    const role = roles.get(event) ?? null;
    const conflict = role === null ? null : { role, kind: hazard.kind };
    const register: Record<string, string> = role !== null && hazard.kind !== 'overflow' ? { register: hazard.register } : {};
    const data = { instruction: event.instruction, line: line(event.instruction), ...('seq' in event ? { seq: event.seq } : {}), ...register };
    const base = { at: event.cycle, href: sourceLink(line(event.instruction)), conflict, data };
    switch (event.type) {
      case 'issue':
        marks.push({ ...base, lane: 'warp:0', bar: null, type: 'issue', label: `L${line(event.instruction)}`, title: `cycle ${event.cycle}: issue of ${label(event.instruction)}${event.taken ? '' : ' (guard false or branch not taken)'}` });
        break;
      case 'read':
        marks.push({ ...base, lane: unitLane(event.instruction), bar: `s${event.seq}`, type: 'read', label: '',
          title: `cycle ${event.cycle}: ${label(event.instruction)} reads ${event.reads.map((read) => `${read.register}=${read.seen === null ? 'initial' : `line ${line(read.seen.instruction)}`}`).join(' ') || 'no register'}` });
        break;
      case 'write':
        marks.push({ ...base, lane: unitLane(event.instruction), bar: `s${event.seq}`, type: 'write', label: '', title: `cycle ${event.cycle}: ${label(event.instruction)} writes ${event.registers.join(', ') || 'nothing'}` });
        break;
      case 'early':
        marks.push({ ...base, lane: unitLane(event.instruction), bar: `s${event.seq}`, type: 'early', label: '',
          title: `cycle ${event.cycle}: ${label(event.instruction)} uses ${event.register} ${event.age} cycles after ${label(event.producer)} issued: too early for its latency` });
        break;
      case 'overflow':
        marks.push({ ...base, lane: `scoreboard:SB${event.scoreboard}`, bar: null, type: 'overflow', label: 'overflow', title: `cycle ${event.cycle}: ${label(event.instruction)} takes SB${event.scoreboard} to ${event.value}` });
        break;
    }
  }

  const bySeq = new Map<number, SassEvent[]>();
  for (const event of events) if ('seq' in event) bySeq.set(event.seq, [...(bySeq.get(event.seq) ?? []), event]);
  const bars: GanttBar[] = [];
  for (const [seq, own] of bySeq) {
    const issue = own.find((event) => event.type === 'issue');
    if (issue === undefined || issue.cycle > window.last) continue;
    const unit = program.instructions[issue.instruction]!.unit;
    if (unit.kind === 'none') continue;
    const read = unit.kind === 'fixed' ? issue : own.find((event) => event.type === 'read');
    const writes = own.filter((event) => event.type === 'write');
    const last = writes.at(-1);
    const lane = unitLane(issue.instruction);
    const text = `L${line(issue.instruction)} ${program.instructions[issue.instruction]!.opcode}`;
    const open = hazard.kind !== 'overflow' && hazard.producer === issue.instruction && last === undefined;
    if (unit.kind === 'variable') {
      bars.push({ lane, key: `s${seq}`, from: issue.cycle, to: read?.cycle ?? null, stage: 'queued', label: text, conflict: open && read === undefined,
        title: `${label(issue.instruction)} queued from cycle ${issue.cycle}${read === undefined ? ', not read yet' : ` to its read at cycle ${read.cycle}`}` });
    }
    if (read !== undefined) {
      bars.push({ lane, key: `s${seq}`, from: read.cycle, to: last?.cycle ?? null, stage: 'executing', label: unit.kind === 'fixed' ? text : '', conflict: open,
        title: `${label(issue.instruction)} executing from cycle ${read.cycle}${last === undefined ? ', not written yet' : ` to its last write at cycle ${last.cycle}`}` });
    }
  }

  const ends = statesAtCycleEnd(trace.initial, trace.steps);
  const levels = scoreboards.flatMap((scoreboard) => levelRuns(`scoreboard:SB${scoreboard}`, ends.map(([cycle, state]) => [cycle, state.scoreboards[scoreboard]!] as const),
    (run) => `SB${scoreboard} = ${run.value} at the end of cycle${run.from === run.to ? ` ${run.from}` : `s ${run.from} to ${run.to}`}`));
  const name = hazard.kind === 'overflow' ? `overflow of SB${hazard.scoreboard}` : `${hazard.kind} on ${hazard.register}`;
  return {
    axis: 'cycle', first: window.first, last: window.last, lanes, bars, marks, levels,
    finding: { at: hazard.cycle, label: name },
    caption: `${title}: ${name}, cycles ${window.first} to ${window.last} of the schedule on the reference machine`,
    note: window.note,
  };
}

/** Scoreboards a kernel mentions (wait masks, read and write scoreboards, DEPBAR). */
function usedSassScoreboards(program: SassProgram): number[] {
  return scoreboardsMentioned(program.instructions, (instruction) => instruction.depbar?.scoreboard ?? null);
}

/** The hazard's events: the last of each kind at or before the cycle it shows (a loop issues an instruction many times). */
function sassConflictRoles(events: readonly SassEvent[], hazard: Hazard): Map<SassEvent, ConflictRole> {
  const roles = new Map<SassEvent, ConflictRole>();
  const set = (event: SassEvent | undefined, role: ConflictRole) => { if (event !== undefined) roles.set(event, role); };
  const lastOf = (match: (event: SassEvent) => boolean) => events.filter((event) => event.cycle <= hazard.cycle && match(event)).at(-1);
  if (hazard.kind === 'overflow') {
    set(lastOf((event) => event.type === 'overflow' && event.instruction === hazard.instruction && event.scoreboard === hazard.scoreboard), 'violation');
    return roles;
  }
  const { register } = hazard;
  const reads = (event: SassEvent, instruction: number) => event.instruction === instruction &&
    ((event.type === 'read' && event.reads.some((read) => read.register === register)) || (event.type === 'early' && event.register === register));
  const writes = (event: SassEvent, instruction: number) => event.type === 'write' && event.instruction === instruction && event.registers.includes(register);
  if (hazard.kind === 'RAW') {
    const consumer = lastOf((event) => reads(event, hazard.consumer));
    const issue = lastOf((event) => event.type === 'issue' && event.instruction === hazard.producer);
    const write = issue !== undefined && 'seq' in issue ? events.find((event) => event.type === 'write' && event.seq === issue.seq && event.registers.includes(register)) : undefined;
    set(write ?? issue, 'producer');
    set(consumer, 'consumer');
  } else if (hazard.kind === 'WAR') {
    set(lastOf((event) => reads(event, hazard.producer)), 'producer');
    set(lastOf((event) => writes(event, hazard.consumer)), 'consumer');
  } else {
    set(lastOf((event) => writes(event, hazard.producer)), 'producer');
    set(lastOf((event) => writes(event, hazard.consumer)), 'consumer');
    if (hazard.observer !== null) set(lastOf((event) => reads(event, hazard.observer!)), 'observer');
  }
  return roles;
}
