/**
 * Per-component timing of two repeated scalar instructions, the model seed 004's rules are
 * judged against. An instruction executed k times issues one execution per cycle; execution j
 * reads its source components at its issue cycle and writes its destination component
 * `latency` cycles later; a write at cycle c is seen by reads at cycle c. The successor's first
 * execution issues `edge` cycles after the predecessor's last one (edge 1 = back to back).
 */
import type { Component } from '../../impl/edgeLatency/rules.js';

/** One operand: the register and the component each execution uses. */
export interface ComponentOperand {
  readonly register: string;
  /** Component used by execution j (length = the instruction's executions). */
  readonly components: readonly Component[];
}

/** One repeated instruction of the pair. */
export interface RepeatedInstruction {
  readonly executions: number;
  readonly latency: number;
  readonly destination: ComponentOperand | null;
  readonly sources: readonly ComponentOperand[];
}

/** A per-component hazard of the pair under one edge latency. */
export interface ComponentHazard {
  readonly kind: 'RAW' | 'WAR' | 'WAW';
  readonly register: string;
  readonly component: Component;
  /** Cycle of the successor's event and of the predecessor's event it conflicts with. */
  readonly successorCycle: number;
  readonly predecessorCycle: number;
}

/** The events of an instruction whose first execution issues at `start`. */
function events(instruction: RepeatedInstruction, start: number) {
  const reads: { register: string; component: Component; cycle: number }[] = [];
  const writes: { register: string; component: Component; cycle: number }[] = [];
  for (let j = 0; j < instruction.executions; j++) {
    for (const source of instruction.sources) reads.push({ register: source.register, component: source.components[j]!, cycle: start + j });
    if (instruction.destination) writes.push({ register: instruction.destination.register, component: instruction.destination.components[j]!, cycle: start + j + instruction.latency });
  }
  return { reads, writes };
}

/**
 * Hazards of `successor` issued `edge` cycles after `predecessor`'s last execution (the
 * predecessor starting at cycle 0): RAW when a component is read before the predecessor's last
 * write of it; WAR when the successor writes a component before (or when) the predecessor reads
 * it; WAW when a successor write lands no later than a predecessor write of the same component.
 */
export function pairHazards(predecessor: RepeatedInstruction, successor: RepeatedInstruction, edge: number): ComponentHazard[] {
  const before = events(predecessor, 0);
  const after = events(successor, predecessor.executions - 1 + edge);
  const hazards: ComponentHazard[] = [];
  const same = (a: { register: string; component: Component }, b: { register: string; component: Component }) => a.register === b.register && a.component === b.component;
  for (const read of after.reads) {
    const writes = before.writes.filter((write) => same(write, read));
    const last = Math.max(...writes.map((write) => write.cycle));
    // A successor execution that itself wrote the component first would read its own value: not a dependence on the predecessor.
    if (writes.length > 0 && read.cycle < last) hazards.push({ kind: 'RAW', register: read.register, component: read.component, successorCycle: read.cycle, predecessorCycle: last });
  }
  for (const write of after.writes) {
    for (const read of before.reads.filter((r) => same(r, write))) {
      if (write.cycle <= read.cycle) hazards.push({ kind: 'WAR', register: write.register, component: write.component, successorCycle: write.cycle, predecessorCycle: read.cycle });
    }
    for (const earlier of before.writes.filter((w) => same(w, write))) {
      if (write.cycle <= earlier.cycle) hazards.push({ kind: 'WAW', register: write.register, component: write.component, successorCycle: write.cycle, predecessorCycle: earlier.cycle });
    }
  }
  return hazards;
}
