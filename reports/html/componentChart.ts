import type { ComponentTrace } from '../../impl/components/replay.js';
import type { ComponentState, ComponentValue } from '../../spec/components/machine.js';
import type { ComponentProgram } from '../../spec/components/program.js';
import type { ComponentFinding } from '../../spec/components/system.js';
import { componentInstructionLabel, componentValueLabel, readText } from '../components/describe.js';
import { chartWindow } from './chartWindow.js';
import type { ConflictRole, GanttBar, GanttChart, GanttLane, GanttMark } from './gantt.js';
import type { SourceLink } from './scoreboardChart.js';

/** Most register-component lanes a chart draws (the finding's component always among them). */
const MAX_COMPONENT_LANES = 16;

/** What happened in one cycle of a component-machine run, as the chart needs it. */
type ComponentEvent =
  | { readonly type: 'issue'; readonly cycle: number; readonly value: ComponentValue; readonly destination: string | null }
  | { readonly type: 'read'; readonly cycle: number; readonly value: ComponentValue; readonly component: string; readonly text: string }
  | { readonly type: 'write'; readonly cycle: number; readonly value: ComponentValue; readonly component: string; readonly variable: boolean }
  | { readonly type: 'idle' | 'wait'; readonly cycle: number; readonly instruction: number | null; readonly text: string };

/**
 * The Gantt chart of a run of seed 004's component machine (a `.comp` program or an ir3 shader)
 * ending in `finding`: a lane for the thread (each execution's issue, idle `(nopN)` cycles and
 * `(sy)`/`(ss)` waits), a lane per register component (each result in flight from its issue to
 * where it lands, the reads of the component), and the finding's two events highlighted: RAW the
 * read and the write it missed (or the producer's issue), WAR the read and the write before it,
 * WAW the two writes.
 */
export function componentFindingChart(program: ComponentProgram, trace: ComponentTrace, finding: ComponentFinding, title: string, sourceLink: SourceLink): GanttChart {
  const events = componentEvents(program, trace);
  const same = (value: ComponentValue, at: { readonly instruction: number; readonly execution: number }) => value.instruction === at.instruction && value.execution === at.execution;
  // The last matching event at or before the finding (a loop may run an execution again later).
  const last = <E extends ComponentEvent>(match: (event: ComponentEvent) => event is E) => events.filter(match).filter((event) => event.cycle <= finding.cycle).at(-1);
  const writeOf = (at: ComponentFinding['producer']) => last((event): event is Extract<ComponentEvent, { type: 'write' }> => event.type === 'write' && event.component === finding.component && same(event.value, at));
  const readOf = (at: ComponentFinding['producer']) => last((event): event is Extract<ComponentEvent, { type: 'read' }> => event.type === 'read' && event.component === finding.component && same(event.value, at));
  const issueOf = (at: ComponentFinding['producer']) => last((event): event is Extract<ComponentEvent, { type: 'issue' }> => event.type === 'issue' && same(event.value, at));
  const roles = new Map<ComponentEvent, ConflictRole>();
  const set = (event: ComponentEvent | undefined, role: ConflictRole) => { if (event !== undefined) roles.set(event, role); };
  if (finding.kind === 'RAW') {
    set(writeOf(finding.producer) ?? issueOf(finding.producer), 'producer');
    set(readOf(finding.consumer), 'consumer');
  } else if (finding.kind === 'WAR') {
    set(readOf(finding.producer), 'producer');
    set(writeOf(finding.consumer), 'consumer');
  } else {
    set(writeOf(finding.producer) ?? issueOf(finding.producer), 'producer');
    set(writeOf(finding.consumer), 'consumer');
  }
  const window = chartWindow(0, [finding.cycle, ...[...roles.keys()].map((event) => event.cycle)], Math.max(trace.state.cycle, finding.cycle), 'cycle');
  const shown = events.filter((event) => event.cycle >= window.first && event.cycle <= window.last);

  const touched = new Set<string>();
  for (const event of shown) {
    if (event.type === 'read' || event.type === 'write') touched.add(event.component);
    if (event.type === 'issue' && event.destination !== null) touched.add(event.destination);
  }
  touched.delete(finding.component);
  const components = [finding.component, ...[...touched].sort()].slice(0, MAX_COMPONENT_LANES);
  const componentLane = (component: string) => `component:${component}`;
  const drawn = new Set(components);
  const lanes: GanttLane[] = [
    { id: 'thread', label: 'thread', title: 'the thread: each execution issued, idle (nopN) cycles, (sy)/(ss) waits', kind: 'events' },
    ...components.map((component): GanttLane => ({ id: componentLane(component), label: component, title: `register component ${component}: results in flight to it, and its reads`, kind: 'events' })),
  ];

  const line = (instruction: number) => program.instructions[instruction]?.line ?? null;
  const link = (instruction: number) => {
    const at = line(instruction);
    return at === null ? null : sourceLink(at);
  };
  const valueData = (value: ComponentValue): Record<string, number> => ({ instruction: value.instruction, execution: value.execution, ...(line(value.instruction) === null ? {} : { line: line(value.instruction)! }) });
  const marks: GanttMark[] = [];
  for (const event of shown) {
    const role = roles.get(event) ?? null;
    const conflict = role === null ? null : { role, kind: finding.kind };
    const register: Record<string, string> = role === null ? {} : { register: finding.component };
    if (event.type === 'issue') {
      marks.push({ lane: 'thread', bar: null, at: event.cycle, type: 'issue', label: componentValueLabel(program, event.value), href: link(event.value.instruction), conflict,
        title: `cycle ${event.cycle}: issue of ${componentInstructionLabel(program, event.value.instruction)}, execution ${event.value.execution}`, data: { ...valueData(event.value), ...register } });
    } else if (event.type === 'read' || event.type === 'write') {
      if (!drawn.has(event.component)) continue;
      marks.push({
        lane: componentLane(event.component), bar: event.type === 'write' ? `s${event.value.seq}` : null, at: event.cycle, type: event.type,
        label: event.type === 'read' ? componentValueLabel(program, event.value) : '', href: link(event.value.instruction), conflict,
        title: event.type === 'read'
          ? `cycle ${event.cycle}: ${componentInstructionLabel(program, event.value.instruction)} execution ${event.value.execution} reads ${event.text}`
          : `cycle ${event.cycle}: ${componentValueLabel(program, event.value)} (${componentInstructionLabel(program, event.value.instruction)}) lands in ${event.component}${event.variable ? ' (variable latency)' : ''}`,
        data: { ...valueData(event.value), component: event.component, ...register },
      });
    } else {
      marks.push({ lane: 'thread', bar: null, at: event.cycle, type: event.type, label: '', href: event.instruction === null ? null : link(event.instruction), conflict: null,
        title: `cycle ${event.cycle}: ${event.text}`, data: event.instruction === null ? {} : { instruction: event.instruction } });
    }
  }

  const landings = new Map<number, Extract<ComponentEvent, { type: 'write' }>>();
  for (const event of events) if (event.type === 'write') landings.set(event.value.seq, event);
  const bars: GanttBar[] = [];
  for (const issue of events) {
    if (issue.type !== 'issue' || issue.destination === null || !drawn.has(issue.destination) || issue.cycle > window.last) continue;
    const landing = landings.get(issue.value.seq);
    const instruction = program.instructions[issue.value.instruction]!;
    const producerOpen = landing === undefined && same(issue.value, finding.producer) && issue.destination === finding.component;
    bars.push({
      lane: componentLane(issue.destination), key: `s${issue.value.seq}`, from: issue.cycle, to: landing?.cycle ?? null, stage: 'executing',
      label: `${componentValueLabel(program, issue.value)} ${instruction.opcode}`, conflict: producerOpen,
      title: `${componentValueLabel(program, issue.value)} (${componentInstructionLabel(program, issue.value.instruction)}) in flight to ${issue.destination} from cycle ${issue.cycle}` +
        `${landing === undefined ? ', not landed yet' : ` to cycle ${landing.cycle}`} (${instruction.latency === 'variable' ? 'variable latency' : `latency ${instruction.latency}`})`,
    });
  }

  const label = `${finding.kind} on ${finding.component}`;
  return {
    axis: 'cycle', first: window.first, last: window.last, lanes, bars, marks, levels: [],
    finding: { at: finding.cycle, label },
    caption: `${title}: ${label}, cycles ${window.first} to ${window.last} of the replayed schedule`,
    note: [window.note, touched.size + 1 > MAX_COMPONENT_LANES ? `${touched.size + 1 - MAX_COMPONENT_LANES} more register components not drawn` : null].filter((note) => note !== null).join('; ') || null,
  };
}

/** The run's issues, reads, landings, idle cycles and waits, cycle by cycle (the story the text timeline tells). */
function componentEvents(program: ComponentProgram, trace: ComponentTrace): ComponentEvent[] {
  const events: ComponentEvent[] = [];
  let before: ComponentState = trace.initial;
  let lastIssued: number | null = null;
  for (const step of trace.steps) {
    const cycle = before.cycle;
    if (step.action.type === 'land') {
      const write = before.pending[step.action.position];
      if (write) events.push({ type: 'write', cycle, value: write.value, component: write.component, variable: true });
    } else {
      for (const write of before.pending.filter((pending) => pending.landsIn === 0)) events.push({ type: 'write', cycle, value: write.value, component: write.component, variable: false });
      const instruction = program.instructions[before.next];
      if (step.state.nextSeq > before.nextSeq && instruction) {
        const value: ComponentValue = { seq: before.nextSeq, instruction: before.next, execution: before.execution };
        const created = step.state.pending.find((write) => write.value.seq === before.nextSeq);
        events.push({ type: 'issue', cycle, value, destination: created?.component ?? null });
        for (const read of step.events) events.push({ type: 'read', cycle, value, component: read.component, text: readText(program, read) });
        lastIssued = before.next;
      } else if (before.idle > 0) {
        events.push({ type: 'idle', cycle, instruction: lastIssued, text: `idle cycle of (nop${program.instructions[lastIssued ?? -1]?.nops ?? 'N'})` });
      } else if (instruction) {
        events.push({ type: 'wait', cycle, instruction: before.next, text: `${componentInstructionLabel(program, before.next)} waits with (${instruction.waits.join(')(')})` });
      }
    }
    before = step.state;
  }
  return events;
}
