import type { ComponentTrace } from '../../impl/components/replay.js';
import { pendingSyncClass, type ComponentState } from '../../spec/components/machine.js';
import type { ComponentProgram } from '../../spec/components/program.js';
import { componentFindingKey, type ComponentFinding } from '../../spec/components/system.js';
import { formatTable } from '../table.js';
import { componentInstructionLabel, componentValueLabel, readText } from './describe.js';

/**
 * The per-cycle story of a run of the component machine: variable-latency results landing
 * (`land`), fixed-latency results landing (`write`), each execution issued (`issue`, with where
 * its result goes and when) and each component it reads (`read`: what it saw and what sequential
 * execution expects), idle cycles of `(nopN)` (`idle`) and `(sy)`/`(ss)` waits (`wait`). Each of
 * `findings` is marked (`<==`) where it shows, and the story stops after the last of them; a
 * hazard in the final registers gets an `end` row. Without findings the whole run is shown.
 */
export function renderComponentTimeline(program: ComponentProgram, trace: ComponentTrace, findings: readonly ComponentFinding[] = []): string {
  const header = ['cycle', 'event', 'instruction', 'detail', ''];
  const rows: string[][] = [];
  const unmarked = new Map(findings.map((finding) => [componentFindingKey(finding), finding]));
  const mark = (row: number, finding: ComponentFinding) => {
    const cell = rows[row]![header.length - 1]!;
    rows[row]![header.length - 1] = `${cell === '' ? '<== ' : `${cell}, `}${finding.kind} on ${finding.component}`;
  };
  let lastCycle = -1;
  const components: (string | null)[] = [];
  const push = (cycle: number, event: string, instruction: string, detail: string, component: string | null): number => {
    rows.push([cycle === lastCycle ? '' : String(cycle), event, instruction, detail, '']);
    lastCycle = cycle;
    components.push(component);
    return rows.length - 1;
  };
  let before: ComponentState = trace.initial;
  let lastIssued: number | null = null;
  for (const step of trace.steps) {
    const first = rows.length;
    const cycle = before.cycle;
    const value = (v: { instruction: number; execution: number }) => componentValueLabel(program, v);
    if (step.action.type === 'land') {
      const write = before.pending[step.action.position];
      if (write) push(cycle, 'land', componentInstructionLabel(program, write.value.instruction), `${write.component} <- ${value(write.value)} (variable latency, ${pendingSyncClass(program, write) ?? '?'})`, write.component);
    } else {
      for (const write of before.pending.filter((w) => w.landsIn === 0)) {
        push(cycle, 'write', componentInstructionLabel(program, write.value.instruction), `${write.component} <- ${value(write.value)} (latency ${program.instructions[write.value.instruction]!.latency})`, write.component);
      }
      const instruction = program.instructions[before.next];
      if (step.state.nextSeq > before.nextSeq && instruction) {
        const issued = { instruction: before.next, execution: before.execution };
        const created = step.state.pending.find((w) => w.value.seq === before.nextSeq);
        const writes = created === undefined ? (instruction.opcode === 'nop' && instruction.sources.length === 0 ? 'idle issue slot' : 'no result')
          : created.landsIn === null ? `${created.component} <- ${value(issued)} when it lands (variable latency, wait with (${pendingSyncClass(program, created) ?? '?'}))`
            : `${created.component} <- ${value(issued)} at cycle ${cycle + (instruction.latency as number)}`;
        const executions = instruction.repeat > 0 ? `execution ${before.execution} of ${instruction.repeat + 1}; ` : '';
        const last = before.execution === instruction.repeat;
        const branch = last && instruction.branch
          ? `; then ${step.state.next !== instruction.branch.target ? 'falls through' : instruction.branch.target >= program.instructions.length ? 'the thread ends' : `jumps to #${instruction.branch.target}`}`
          : '';
        push(cycle, 'issue', componentInstructionLabel(program, before.next), `${executions}${writes}${branch}`, null);
        lastIssued = before.next;
        for (const read of step.events) push(cycle, 'read', '', readText(program, read), read.component);
      } else if (before.idle > 0) {
        push(cycle, 'idle', lastIssued === null ? '' : `after ${componentInstructionLabel(program, lastIssued)}`, `(nop${program.instructions[lastIssued ?? -1]?.nops ?? 'N'}) idle cycle`, null);
      } else if (instruction) {
        const pending = before.pending.filter((w) => instruction.waits.some((wait) => wait === pendingSyncClass(program, w)));
        push(cycle, 'wait', componentInstructionLabel(program, before.next), `(${instruction.waits.join(')(')}) waits for ${pending.map((w) => `${value(w.value)} -> ${w.component}`).join(', ')}`, null);
      }
    }
    before = step.state;
    for (const found of step.findings) {
      const finding = unmarked.get(componentFindingKey(found));
      if (!finding) continue;
      unmarked.delete(componentFindingKey(found));
      const candidates = [...rows.keys()].slice(first).reverse();
      const row = candidates.find((index) => rows[index]![1] === 'read' && components[index] === finding.component)
        ?? candidates.find((index) => components[index] === finding.component)
        ?? (rows.length > first ? rows.length - 1 : push(cycle, 'cycle', '', '', null));
      mark(row, finding);
    }
    // The story ends with the last finding asked for.
    if (findings.length > 0 && unmarked.size === 0) return formatTable(header, rows, [0]);
  }
  // What is left shows in the final registers.
  for (const finding of unmarked.values()) {
    const final = trace.state;
    const holder = final.physical[finding.component] ?? null;
    const last = final.logical[finding.component] ?? null;
    mark(push(final.cycle, 'end', finding.component, `holds ${componentValueLabel(program, holder)}, sequential execution leaves ${componentValueLabel(program, last)}`, finding.component), finding);
  }
  return formatTable(header, rows, [0]);
}
