/**
 * The dependence graph of a straight-line component program, per register component across the
 * executions (`componentAt`), each edge with its latency from the proved rules (`EdgeRules`):
 *
 * - flow (read after write) on a fixed-latency producer: `rules.flow(L, d)`, L the producer's
 *   latency for the reader's class and d the instruction distance, from the seed's component
 *   masks (`impl/edgeLatency/rules.ts`) when both operands stay inside one vec4 register, else
 *   from the executions themselves (the same quantity: the smallest number of executions between
 *   the producer's last write of a component and the consumer's first read of it);
 * - anti (write after read): `rules.anti()` (1);
 * - output (write after write) on a fixed-latency producer: `rules.output(L1, L2, d)`, L2 = 1
 *   for a variable-latency successor (its result may land in the next cycle);
 * - on a variable-latency producer, flow and output: edge 1 and a wait: the consumer (a later
 *   reader, or a later writer whose result could otherwise land first) must carry the producer's
 *   sync class;
 * - `order`: edge 1 between instructions the caller keeps in order (side effects the model does
 *   not see), and from every instruction to the closing `end`.
 *
 * Only the nearest writer of a component is a flow or output predecessor: older writers are
 * ordered before it by their own output edges, so their results have landed before it does.
 */
import { componentAt, type ComponentInstruction, type ComponentProgram, type ComponentRegister } from '../../../spec/components/program.js';
import { COMPONENTS, componentMask, maskDistance, type Component } from '../../edgeLatency/rules.js';
import { PROVED_EDGE_RULES, type EdgeRules } from './edgeRules.js';
import { straightLine } from './straightLine.js';

/** What the caller knows about instructions that the component model does not say. */
export interface ScheduleHints {
  /** Instructions that keep their relative order (ir3: memory, texture, barriers, flow). */
  readonly ordered?: (index: number) => boolean;
  /** Register components the instruction also reads, at its first execution (ir3: vector operands the listing names by their first component). */
  readonly alsoReads?: (index: number) => readonly string[];
  /** Register components the instruction also writes, at its first execution, with its latency. */
  readonly alsoWrites?: (index: number) => readonly string[];
}

/** The kinds of edge: the seed's three data dependences, and kept order. */
export type DependenceKind = 'flow' | 'anti' | 'output' | 'order';

/** One dependence between two instructions (indices into the program), with its edge latency. */
export interface Dependence {
  readonly predecessor: number;
  readonly successor: number;
  readonly kind: DependenceKind;
  /** The register components it is on (`r3.z`), empty for `order`. */
  readonly components: readonly string[];
  /** The instruction distance (flow) or mask distance (output) the edge latency used; null when none was needed. */
  readonly distance: number | null;
  /** Cycles from the predecessor's last execution to the successor's first (1 = back to back). */
  readonly edge: number;
  /** For a variable-latency predecessor: the sync class the successor must wait with. */
  readonly wait: 'sy' | 'ss' | null;
}

/** An edge of the graph: the other instruction and the largest edge latency between the two. */
export interface GraphEdge {
  readonly index: number;
  readonly edge: number;
}

/** The dependence graph, per instruction. */
export interface DependenceGraph {
  readonly dependences: readonly Dependence[];
  /** predecessors[s]: every instruction s depends on, with the largest edge latency. */
  readonly predecessors: readonly (readonly GraphEdge[])[];
  /** successors[p]: the reverse. */
  readonly successors: readonly (readonly GraphEdge[])[];
  /** waits[s]: the variable-latency producers (and late readers) s must wait for, with their sync class. */
  readonly waits: readonly (readonly { readonly producer: number; readonly syncClass: 'sy' | 'ss' }[])[];
  /** pending[i]: the sync classes whose wait, issued after i, covers i (its variable result, its late reads). */
  readonly pending: readonly (readonly ('sy' | 'ss')[])[];
  /** The closing `end`, kept last; null when the program has none. */
  readonly terminator: number | null;
}

/** The graph, or why the program cannot be scheduled. */
export type DependenceResult = { readonly ok: true; readonly graph: DependenceGraph } | { readonly ok: false; readonly reason: string };

/**
 * A producer's latency as `reader` sees it: its `readLatency` for the reader's class, never less
 * than its `latency` (before that the result has not landed); `variable` for a variable producer.
 */
export function latencyFor(producer: ComponentInstruction, readerClass: string): number | 'variable' {
  if (producer.latency === 'variable') return 'variable';
  return Math.max(producer.latency, producer.readLatency?.[readerClass] ?? producer.latency);
}

/**
 * A hazard no schedule can remove: an execution reading what an earlier execution of the same
 * instruction writes before it is there, or a repeated variable-latency write of one component
 * (the two results land in either order). Null when there is none.
 */
export function intrinsicHazard(instruction: ComponentInstruction): string | null {
  const destination = instruction.destination;
  if (destination === null || instruction.repeat === 0) return null;
  const written = new Map<string, number>();
  for (let execution = 0; execution <= instruction.repeat; execution++) {
    for (const source of instruction.sources) {
      if (source.kind !== 'register') continue;
      const component = componentAt(source, execution);
      const writer = written.get(component);
      if (writer === undefined) continue;
      const latency = latencyFor(instruction, source.readerClass ?? instruction.readerClass);
      if (latency === 'variable' || execution - writer < latency) {
        return `execution ${execution + 1} reads ${component}, which execution ${writer + 1} of the same instruction writes ${latency === 'variable' ? 'with a variable latency' : `${latency} cycle(s) before it is readable`}`;
      }
    }
    const component = componentAt(destination, execution);
    if (instruction.latency === 'variable' && written.has(component)) return `executions ${written.get(component)! + 1} and ${execution + 1} both write ${component} with a variable latency`;
    written.set(component, execution);
  }
  return null;
}

/** An operand's seed component mask and register, when it stays inside one vec4 register without wrapping; null otherwise. */
function operandMask(operand: ComponentRegister, executions: number): { readonly register: string; readonly mask: Component[] } | null {
  if (executions > COMPONENTS.length || operand.component > 3) return null;
  if (operand.increments && operand.component + executions - 1 > 3) return null;
  return { register: operand.register, mask: componentMask(COMPONENTS[operand.component]!, executions, operand.increments) };
}

interface Write {
  readonly instruction: number;
  readonly execution: number;
  /** Written through the destination operand (so the seed's masks describe it), not a hint. */
  readonly operand: boolean;
}

interface Read {
  readonly component: string;
  readonly readerClass: string;
  /** Source operand index, or -1 for a hinted read. */
  readonly operand: number;
}

/** A flow or output dependence being gathered: smallest exact distance, and whether masks may replace it. */
interface Gathering {
  readonly components: Set<string>;
  exact: number;
  maskable: boolean;
}

/**
 * Builds the dependence graph of a straight-line program, or says why it cannot be scheduled
 * (branches, an intrinsic hazard, a variable-latency producer without a sync class).
 */
export function componentDependences(program: ComponentProgram, rules: EdgeRules = PROVED_EDGE_RULES, hints: ScheduleHints = {}): DependenceResult {
  const shape = straightLine(program);
  if (!shape.ok) return shape;
  const instructions = program.instructions;
  for (const instruction of instructions) {
    const intrinsic = intrinsicHazard(instruction);
    if (intrinsic !== null) return { ok: false, reason: `line ${instruction.line} (${instruction.text}): ${intrinsic}; no schedule can fix that` };
    if (instruction.latency === 'variable' && instruction.syncClass === null) return { ok: false, reason: `line ${instruction.line} (${instruction.text}) has a variable latency but no sync class: no wait can order its result` };
  }
  const lastWrite = new Map<string, Write>();
  const readers = new Map<string, Set<number>>();
  // Keyed by `${predecessor}:${successor}:${operand}` (flow) or `${predecessor}:${successor}` (output, anti).
  const flows = new Map<string, Gathering & { predecessor: number; successor: number; readerClass: string; operand: number }>();
  const outputs = new Map<string, Gathering & { predecessor: number; successor: number }>();
  const antis = new Map<string, { predecessor: number; successor: number; components: Set<string> }>();

  for (const [index, instruction] of instructions.entries()) {
    const extraReads = hints.alsoReads?.(index) ?? [];
    const extraWrites = hints.alsoWrites?.(index) ?? [];
    for (let execution = 0; execution <= instruction.repeat; execution++) {
      const reads: Read[] = [];
      instruction.sources.forEach((source, operand) => {
        if (source.kind === 'register') reads.push({ component: componentAt(source, execution), readerClass: source.readerClass ?? instruction.readerClass, operand });
      });
      if (execution === 0) for (const component of extraReads) reads.push({ component, readerClass: instruction.readerClass, operand: -1 });
      for (const read of reads) {
        const writer = lastWrite.get(read.component);
        if (writer !== undefined && writer.instruction !== index) {
          const producer = instructions[writer.instruction]!;
          const distance = producer.repeat - writer.execution + execution;
          const key = `${writer.instruction}:${index}:${read.operand}`;
          const flow = flows.get(key) ?? { predecessor: writer.instruction, successor: index, readerClass: read.readerClass, operand: read.operand, components: new Set<string>(), exact: Infinity, maskable: true };
          flow.components.add(read.component);
          flow.exact = Math.min(flow.exact, distance);
          flow.maskable &&= writer.operand && read.operand >= 0;
          flows.set(key, flow);
        }
        let set = readers.get(read.component);
        if (set === undefined) readers.set(read.component, (set = new Set()));
        set.add(index);
      }
      const writes: { component: string; operand: boolean }[] = [];
      if (instruction.destination !== null) writes.push({ component: componentAt(instruction.destination, execution), operand: true });
      if (execution === 0) for (const component of extraWrites) writes.push({ component, operand: false });
      for (const write of writes) {
        for (const reader of readers.get(write.component) ?? []) {
          if (reader === index) continue;
          const key = `${reader}:${index}`;
          const anti = antis.get(key) ?? { predecessor: reader, successor: index, components: new Set<string>() };
          anti.components.add(write.component);
          antis.set(key, anti);
        }
        const writer = lastWrite.get(write.component);
        if (writer !== undefined && writer.instruction !== index) {
          const producer = instructions[writer.instruction]!;
          const key = `${writer.instruction}:${index}`;
          const output = outputs.get(key) ?? { predecessor: writer.instruction, successor: index, components: new Set<string>(), exact: Infinity, maskable: true };
          output.components.add(write.component);
          output.exact = Math.min(output.exact, producer.repeat - writer.execution + execution);
          output.maskable &&= writer.operand && write.operand;
          outputs.set(key, output);
        }
        lastWrite.set(write.component, { instruction: index, execution, operand: write.operand });
        readers.set(write.component, new Set());
      }
    }
  }

  const dependences: Dependence[] = [];
  const sorted = (components: Set<string>) => [...components].sort();
  for (const flow of flows.values()) {
    const producer = instructions[flow.predecessor]!;
    const latency = latencyFor(producer, flow.readerClass);
    if (latency === 'variable') {
      dependences.push({ predecessor: flow.predecessor, successor: flow.successor, kind: 'flow', components: sorted(flow.components), distance: null, edge: 1, wait: producer.syncClass });
      continue;
    }
    const consumer = instructions[flow.successor]!;
    const source = flow.operand >= 0 ? consumer.sources[flow.operand] : undefined;
    const distance = flow.maskable && source?.kind === 'register' ? seedDistance(producer, consumer, source) ?? flow.exact : flow.exact;
    dependences.push({ predecessor: flow.predecessor, successor: flow.successor, kind: 'flow', components: sorted(flow.components), distance, edge: rules.flow(latency, distance), wait: null });
  }
  for (const anti of antis.values()) {
    // A late-reading predecessor (`lateReads`, ir3's needs_ss_war) may read after the successor's write lands: the successor waits.
    const late = instructions[anti.predecessor]!.lateReads ?? null;
    dependences.push({ predecessor: anti.predecessor, successor: anti.successor, kind: 'anti', components: sorted(anti.components), distance: null, edge: rules.anti(), wait: late });
  }
  for (const output of outputs.values()) {
    const producer = instructions[output.predecessor]!;
    const successor = instructions[output.successor]!;
    if (producer.latency === 'variable') {
      dependences.push({ predecessor: output.predecessor, successor: output.successor, kind: 'output', components: sorted(output.components), distance: null, edge: 1, wait: producer.syncClass });
      continue;
    }
    const masks = output.maskable ? destinationMasks(producer, successor) : null;
    const distance = masks === null ? output.exact : maskDistance(masks[0], masks[1]);
    const successorLatency = successor.latency === 'variable' ? 1 : successor.latency;
    dependences.push({ predecessor: output.predecessor, successor: output.successor, kind: 'output', components: sorted(output.components), distance, edge: rules.output(producer.latency, successorLatency, distance), wait: null });
  }
  if (hints.ordered) {
    let previous: number | null = null;
    for (let index = 0; index < instructions.length; index++) {
      if (!hints.ordered(index)) continue;
      if (previous !== null) dependences.push({ predecessor: previous, successor: index, kind: 'order', components: [], distance: null, edge: 1, wait: null });
      previous = index;
    }
  }
  if (shape.terminator !== null) {
    for (let index = 0; index < shape.terminator; index++) dependences.push({ predecessor: index, successor: shape.terminator, kind: 'order', components: [], distance: null, edge: 1, wait: null });
  }
  const pending = instructions.map((instruction) => {
    const classes = new Set<'sy' | 'ss'>();
    if (instruction.latency === 'variable' && instruction.syncClass !== null) classes.add(instruction.syncClass);
    const late = instruction.lateReads ?? null;
    if (late !== null) classes.add(late);
    return [...classes];
  });
  return { ok: true, graph: { ...graphOf(instructions.length, dependences, shape.terminator), pending } };
}

/** The seed's instruction distance for one source operand (Eq. 3-4 via `maskDistance`), when both masks are defined on one register. */
function seedDistance(producer: ComponentInstruction, consumer: ComponentInstruction, source: ComponentRegister): number | null {
  const destination = producer.destination === null ? null : operandMask(producer.destination, producer.repeat + 1);
  const read = operandMask(source, consumer.repeat + 1);
  if (destination === null || read === null || destination.register !== read.register) return null;
  return maskDistance(destination.mask, read.mask);
}

/** Both destinations' masks, when defined on one register. */
function destinationMasks(first: ComponentInstruction, second: ComponentInstruction): [Component[], Component[]] | null {
  const a = first.destination === null ? null : operandMask(first.destination, first.repeat + 1);
  const b = second.destination === null ? null : operandMask(second.destination, second.repeat + 1);
  if (a === null || b === null || a.register !== b.register) return null;
  return [a.mask, b.mask];
}

function graphOf(count: number, dependences: readonly Dependence[], terminator: number | null): Omit<DependenceGraph, 'pending'> {
  const predecessors = Array.from({ length: count }, () => new Map<number, number>());
  const successors = Array.from({ length: count }, () => new Map<number, number>());
  const waits = Array.from({ length: count }, () => [] as { producer: number; syncClass: 'sy' | 'ss' }[]);
  for (const dependence of dependences) {
    const { predecessor, successor, edge } = dependence;
    predecessors[successor]!.set(predecessor, Math.max(edge, predecessors[successor]!.get(predecessor) ?? 0));
    successors[predecessor]!.set(successor, Math.max(edge, successors[predecessor]!.get(successor) ?? 0));
    if (dependence.wait !== null && !waits[successor]!.some((w) => w.producer === predecessor && w.syncClass === dependence.wait)) {
      waits[successor]!.push({ producer: predecessor, syncClass: dependence.wait });
    }
  }
  const edges = (map: Map<number, number>) => [...map].map(([index, edge]) => ({ index, edge })).sort((a, b) => a.index - b.index);
  return { dependences, predecessors: predecessors.map(edges), successors: successors.map(edges), waits, terminator };
}
