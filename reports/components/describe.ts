import type { ComponentTrace } from '../../impl/components/replay.js';
import type { ComponentValue } from '../../spec/components/machine.js';
import { componentAt, type ComponentProgram } from '../../spec/components/program.js';
import type { ComponentFinding } from '../../spec/components/system.js';

/** `#2 (rpt1)fmac r9.x, (r)r18.y, (r)r18.y (line 6)`: an instruction as reports name it. */
export function componentInstructionLabel(program: ComponentProgram, index: number): string {
  const instruction = program.instructions[index];
  return instruction === undefined ? `#${index}` : `#${index} ${instruction.text} (line ${instruction.line})`;
}

/** A value (one execution's result): `#0` for an instruction that runs once, `#0[1]` for execution 1 of a repeated one. */
export function componentValueLabel(program: ComponentProgram, value: { readonly instruction: number; readonly execution: number } | null): string {
  if (value === null) return 'initial';
  const repeated = (program.instructions[value.instruction]?.repeat ?? 0) > 0;
  return repeated ? `#${value.instruction}[${value.execution}]` : `#${value.instruction}`;
}

/** `line 4 (fmac r18.z, ...) execution 1`: one side of a finding. */
function side(program: ComponentProgram, at: { readonly instruction: number; readonly execution: number }): string {
  const instruction = program.instructions[at.instruction];
  const where = instruction === undefined ? `#${at.instruction}` : `line ${instruction.line} (${instruction.text})`;
  return `${where} execution ${at.execution}`;
}

/** The last cycle before `before` in which execution `at` issued in a trace; null if it did not. */
export function issueCycle(trace: ComponentTrace, at: { readonly instruction: number; readonly execution: number }, before: number): number | null {
  let found: number | null = null;
  let previous = trace.initial;
  for (const step of trace.steps) {
    if (step.state.nextSeq > previous.nextSeq && previous.next === at.instruction && previous.execution === at.execution && previous.cycle < before) found = previous.cycle;
    previous = step.state;
  }
  return found;
}

/**
 * One sentence for a finding: `hazard: KIND on COMPONENT: producer, then consumer, cycle N`, and
 * what happened (from the trace when one is given).
 */
export function describeComponentFinding(program: ComponentProgram, finding: ComponentFinding, trace?: ComponentTrace): string {
  const head = `hazard: ${finding.kind} on ${finding.component}: ${side(program, finding.producer)}, then ${side(program, finding.consumer)}, cycle ${finding.cycle}`;
  const producer = program.instructions[finding.producer.instruction];
  switch (finding.kind) {
    case 'RAW': {
      if (producer === undefined) return head;
      if (producer.latency === 'variable') return `${head}: read before the variable-latency result landed (nothing waited for it with (${producer.syncClass ?? 'sy'}))`;
      const issued = trace ? issueCycle(trace, finding.producer, finding.cycle) : null;
      if (issued === null) return `${head}: read before the result was ready (latency ${producer.latency})`;
      const lands = issued + producer.latency;
      if (lands > finding.cycle) return `${head}: read before the result landed (issued at cycle ${issued}, latency ${producer.latency}: lands at cycle ${lands})`;
      const readerClass = readerClassOf(program, finding.consumer, finding.component);
      const needed = readerClass === null ? undefined : producer.readLatency?.[readerClass];
      return `${head}: the result landed at cycle ${lands}, but ${readerClass} readers may use it only ${needed ?? '?'} cycles after it issued (cycle ${needed === undefined ? '?' : issued + needed})`;
    }
    case 'WAR':
      return `${head}: the read saw the value of the later instruction`;
    case 'WAW':
      return `${head}: the older write landed after the newer one`;
  }
}

/** The reader class execution `at` read `component` as: its source's own class (`(read=CLASS)`), else its instruction's. */
function readerClassOf(program: ComponentProgram, at: { readonly instruction: number; readonly execution: number }, component: string): string | null {
  const reader = program.instructions[at.instruction];
  if (!reader) return null;
  const source = reader.sources.find((s) => s.kind === 'register' && componentAt(s, at.execution) === component);
  return (source?.kind === 'register' ? source.readerClass : undefined) ?? reader.readerClass;
}

/** `r18.z: saw #0[0], expected #0[1]`: one read of a timeline. */
export function readText(program: ComponentProgram, read: { component: string; seen: ComponentValue | null; expected: ComponentValue | null; early: boolean; reader: ComponentValue }): string {
  const seen = componentValueLabel(program, read.seen);
  if (read.seen?.seq !== read.expected?.seq) return `${read.component}: saw ${seen}, expected ${componentValueLabel(program, read.expected)}`;
  if (read.early && read.seen?.age !== undefined) {
    const writer = program.instructions[read.expected!.instruction];
    const readerClass = readerClassOf(program, read.reader, read.component);
    const needed = readerClass === null ? undefined : writer?.readLatency?.[readerClass];
    return `${read.component}: saw ${seen} as expected, but only ${read.seen.age} cycles after it issued${needed === undefined ? '' : ` (${readerClass} readers need ${needed})`}`;
  }
  return `${read.component}: ${seen}, as expected`;
}
