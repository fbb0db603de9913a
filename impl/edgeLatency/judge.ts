/**
 * Judges seed 004's edge-latency rules against the per-component timing model
 * (`spec/components/pairTiming.ts`) by enumerating every case: every component mask over XYZW
 * (start component, 1-4 executions, incrementing or keeping its index) for the predecessor's and
 * the successor's operand on a shared register, and every latency 1..8. A rule is sound in a
 * case when the pair has no hazard of its kind at the rule's edge latency, and tight when one
 * cycle less (down to 1) would have one.
 */
import { pairHazards, type ComponentHazard, type ComponentOperand, type RepeatedInstruction } from '../../spec/components/pairTiming.js';
import { COMPONENTS, componentMask, edgeLatency, instructionDistance, maskDistance, type Component, type DependenceKind } from './rules.js';

/** An operand's use of a register over its executions. */
interface OperandShape {
  readonly start: Component;
  readonly executions: number;
  readonly increments: boolean;
}

/** One enumerated case: the two instructions and the edge latency the rule gives. */
export interface RuleCase {
  readonly predecessor: RepeatedInstruction;
  readonly successor: RepeatedInstruction;
  readonly edge: number;
  /** Smallest edge latency with no hazard of the rule's kind (the model's answer). */
  readonly needed: number;
}

/** One rule with every case it is judged on, as `judgeRules` enumerates them. */
export interface RuleCaseSet {
  readonly rule: string;
  /** The dependence the rule covers: flow is judged on RAW hazards, anti on WAR, output on WAW. */
  readonly kind: DependenceKind;
  /** Whether the passes use this rule (the seed's verbatim output rule is judged but replaced). */
  readonly usedByPasses: boolean;
  readonly cases: readonly RuleCase[];
}

/** A rule's verdict over all its cases. */
export interface RuleVerdict {
  readonly rule: string;
  readonly usedByPasses: boolean;
  readonly cases: number;
  readonly sound: number;
  readonly tight: number;
  /** The smallest unsound case (fewest executions, then latencies), with the hazard it shows. */
  readonly counterexample: { readonly case: RuleCase; readonly hazard: ComponentHazard } | null;
}

const LATENCIES = [1, 2, 3, 4, 5, 6, 7, 8];

function shapes(): OperandShape[] {
  return COMPONENTS.flatMap((start) => [1, 2, 3, 4].flatMap((executions) => [true, false].map((increments) => ({ start, executions, increments }))));
}

function operand(shape: OperandShape): ComponentOperand {
  const mask = componentMask(shape.start, shape.executions, shape.increments);
  return { register: 'R0', components: Array.from({ length: shape.executions }, (_, j) => (shape.increments ? mask[j]! : mask[0]!)) };
}

function maskOf(shape: OperandShape): Component[] {
  return componentMask(shape.start, shape.executions, shape.increments);
}

/** The smallest edge latency from 1 at which the pair shows no hazard of `kind`. */
function neededEdge(predecessor: RepeatedInstruction, successor: RepeatedInstruction, kind: ComponentHazard['kind']): number {
  for (let edge = 1; ; edge++) {
    if (!pairHazards(predecessor, successor, edge).some((hazard) => hazard.kind === kind)) return edge;
  }
}

/** Every flow, anti and output case, each rule applied verbatim, plus the corrected output rule. */
export function judgeRules(sets: readonly RuleCaseSet[] = enumerateRuleCases()): RuleVerdict[] {
  return sets.map((set) => verdict(set.rule, set.usedByPasses, set.cases));
}

/**
 * The case space `judgeRules` judges: for each rule (flow, anti, output verbatim, corrected
 * output), every case with the edge latency the rule gives and the one the model needs.
 */
export function enumerateRuleCases(): RuleCaseSet[] {
  const all = shapes();
  const other: ComponentOperand = { register: 'R9', components: [] };
  const repeat = (o: ComponentOperand) => ({ ...o, components: o.components.length > 0 ? o.components : ['X' as Component] });
  const flow: RuleCase[] = [];
  const anti: RuleCase[] = [];
  const output: RuleCase[] = [];
  const corrected: RuleCase[] = [];
  for (const first of all) {
    for (const second of all) {
      const firstMask = maskOf(first);
      const secondMask = maskOf(second);
      if (!firstMask.some((component) => secondMask.includes(component))) continue;
      for (const latency of LATENCIES) {
        // Flow: the predecessor writes R0 with `first`, the successor reads it with `second`.
        const writer: RepeatedInstruction = { executions: first.executions, latency, destination: operand(first), sources: [] };
        const reader: RepeatedInstruction = { executions: second.executions, latency: 1, destination: null, sources: [operand(second)] };
        flow.push({ predecessor: writer, successor: reader, edge: edgeLatency('flow', latency, instructionDistance(firstMask, [secondMask])), needed: neededEdge(writer, reader, 'RAW') });
        for (const later of LATENCIES) {
          // Anti: the predecessor reads R0 with `first`, the successor writes it with `second`.
          const earlyReader: RepeatedInstruction = { executions: first.executions, latency, destination: { ...repeat(other), components: Array(first.executions).fill('X') }, sources: [operand(first)] };
          const lateWriter: RepeatedInstruction = { executions: second.executions, latency: later, destination: operand(second), sources: [] };
          anti.push({ predecessor: earlyReader, successor: lateWriter, edge: edgeLatency('anti', latency, 0), needed: neededEdge(earlyReader, lateWriter, 'WAR') });
          // Output: both write R0.
          const secondWriter: RepeatedInstruction = { executions: second.executions, latency: later, destination: operand(second), sources: [] };
          const needed = neededEdge(writer, secondWriter, 'WAW');
          output.push({ predecessor: writer, successor: secondWriter, edge: edgeLatency('output', latency, 0), needed });
          corrected.push({ predecessor: writer, successor: secondWriter, edge: correctedOutputLatency(latency, later, maskDistance(firstMask, secondMask)), needed });
        }
      }
    }
  }
  return [
    { rule: 'flow, fixed latency (Eq. 8): max(1, latency - instruction distance)', kind: 'flow', usedByPasses: true, cases: flow },
    { rule: 'anti (Eq. 6): 1', kind: 'anti', usedByPasses: true, cases: anti },
    { rule: 'output (Eq. 6): 1', kind: 'output', usedByPasses: false, cases: output },
    { rule: 'output, corrected: max(1, latency1 - latency2 + 1 - mask distance)', kind: 'output', usedByPasses: true, cases: corrected },
  ];
}

/**
 * The output-dependence rule that holds when latencies differ: the successor's write of a
 * shared component must land after the predecessor's, so the edge covers the latency difference
 * plus one, less the mask distance of the two destinations.
 */
export function correctedOutputLatency(predecessorLatency: number, successorLatency: number, distance: number): number {
  return Math.max(1, predecessorLatency - successorLatency + 1 - distance);
}

function verdict(rule: string, usedByPasses: boolean, cases: readonly RuleCase[]): RuleVerdict {
  const unsound = cases.filter((c) => c.edge < c.needed);
  const smallest = [...unsound].sort((a, b) =>
    a.predecessor.executions + a.successor.executions - (b.predecessor.executions + b.successor.executions) ||
    a.predecessor.latency + a.successor.latency - (b.predecessor.latency + b.successor.latency))[0];
  const counterexample = smallest ? { case: smallest, hazard: pairHazards(smallest.predecessor, smallest.successor, smallest.edge)[0]! } : null;
  return {
    rule,
    usedByPasses,
    cases: cases.length,
    sound: cases.length - unsound.length,
    tight: cases.filter((c) => c.edge === c.needed).length,
    counterexample,
  };
}
