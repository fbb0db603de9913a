import type { ParsedLrcProgram } from '../../format/lrc/parse.js';
import type { LrcEvent } from '../../spec/lrc/event.js';
import { lrcFindingKey, type LrcFinding } from '../../spec/lrc/finding.js';
import type { LrcState } from '../../spec/lrc/state.js';
import { formatTable } from '../table.js';
import { lrcInstructionLabel, type LrcTrace } from './describe.js';

/**
 * The per-cycle story of an LRC trace: launches, grants, source reads, returns and emits, the
 * moments a context is held in DEP, and after each row every context's state and counters
 * (`C0 LOAD sy=1`), ending at `finding` (marked) when one is given.
 */
export function renderLrcTimeline(parsed: ParsedLrcProgram, trace: LrcTrace, finding?: LrcFinding): string {
  const { program } = parsed;
  const header = ['cycle', 'thread', 'event', 'instruction', 'detail', 'contexts', ''];
  const rows: string[][] = [];
  const key = finding ? lrcFindingKey(finding) : null;
  let lastCycle = -1;
  let previous: LrcState = trace.initial;
  const push = (cycle: number, thread: string, event: string, instruction: string, detail: string, state: LrcState, granted?: LrcEvent) => {
    rows.push([cycle === lastCycle ? '' : String(cycle), thread, event, instruction, detail, contextsText(parsed, state, granted), '']);
    lastCycle = cycle;
  };
  for (const step of trace.steps) {
    // A grant ends the cycle when it decides the last unit: its rows show the state the grant set.
    const grantOf = (context: number) => step.events.find((e) => e.type === 'grant' && e.context === context);
    for (const event of step.events) {
      push(event.cycle, String(event.thread), event.type, eventInstruction(parsed, event), eventDetail(parsed, event), step.state, grantOf(event.context));
    }
    step.state.contexts.forEach((context, index) => {
      if (context.status !== 'DEP' || previous.contexts[index]!.status === 'DEP') return;
      const waits = program.instructions[context.pc]!.waitFor.map((c) => `${program.counters[c]!.name}=${context.counters[c]}`).join(' ');
      push(step.state.cycle, String(context.thread), 'DEP', lrcInstructionLabel(parsed, context.pc), `held: ${waits}`, step.state);
    });
    previous = step.state;
    if (key !== null && step.findings.some((found) => lrcFindingKey(found) === key)) {
      if (rows.length === 0) push(step.state.cycle, '', 'start', '', '', step.state);
      rows[rows.length - 1]![header.length - 1] = `<== ${findingLabel(finding!)}`;
      return formatTable(header, rows, [0]);
    }
  }
  if (finding?.kind === 'deadlock') {
    push(finding.cycle, '', 'stuck', '', 'nothing in flight; no counter can change', previous);
    rows[rows.length - 1]![header.length - 1] = '<== deadlock';
  }
  return formatTable(header, rows, [0]);
}

function findingLabel(finding: LrcFinding): string {
  if (finding.kind === 'deadlock') return 'deadlock';
  if (finding.kind === 'overflow') return finding.value < 0 ? 'counter below zero' : 'counter overflow';
  return `${finding.kind} on ${finding.register}`;
}

/** Every context's state and counters; a granted context shows the state its grant put it in (ALU, LOAD, FLOW) even if the cycle has ended since. */
function contextsText(parsed: ParsedLrcProgram, state: LrcState, event?: LrcEvent): string {
  const executing = { fixed: 'ALU', request: 'LOAD', flow: 'FLOW' } as const;
  return state.contexts.map((context, index) => {
    const counters = context.counters.map((value, c) => `${parsed.program.counters[c]!.name}=${value}`).join(',');
    const status = event?.type === 'grant' && event.context === index ? executing[parsed.program.units[event.unit]!.kind] : context.status;
    return `C${index} ${status}${context.thread === null ? '' : ` ${counters}`}`;
  }).join('  ');
}

function eventInstruction(parsed: ParsedLrcProgram, event: LrcEvent): string {
  switch (event.type) {
    case 'launch': case 'emit': return `context ${event.context}`;
    case 'write': return lrcInstructionLabel(parsed, event.instruction, event.registers[0]);
    default: return lrcInstructionLabel(parsed, event.instruction);
  }
}

function eventDetail(parsed: ParsedLrcProgram, event: LrcEvent): string {
  switch (event.type) {
    case 'launch': return '';
    case 'grant': return `unit ${parsed.program.units[event.unit]!.name}`;
    case 'read': return event.seen.map(({ register, writer }) => `${register}=${writer === null ? 'initial' : writer < 0 ? 'preload' : `#${writer}`}`).join(' ');
    case 'write': return event.registers.length > 0 ? `wrote ${event.registers.join(', ')}` : 'completed';
    case 'emit': return 'results moved out';
    case 'overflow': return `${parsed.program.counters[event.counter]!.name} -> ${event.value}`;
  }
}
