import type { TransitionSystem } from '../../explore/transitionSystem.js';
import { classifyRead } from '../oracle/classify.js';
import {
  componentActions, componentStep, initialComponentState, sameComponentAction,
  type ComponentAction, type ComponentRead, type ComponentState, type ComponentValue,
} from './machine.js';
import type { ComponentProgram } from './program.js';

/** A per-component hazard: the two instructions (and their executions) and the component. */
export interface ComponentFinding {
  readonly kind: 'RAW' | 'WAR' | 'WAW';
  readonly component: string;
  readonly producer: { readonly instruction: number; readonly execution: number };
  readonly consumer: { readonly instruction: number; readonly execution: number };
  readonly cycle: number;
}

/** Identity of a finding: kind, component, and the two executions. */
export function componentFindingKey(finding: ComponentFinding): string {
  return `${finding.kind}:${finding.component}:${finding.producer.instruction}.${finding.producer.execution}:${finding.consumer.instruction}.${finding.consumer.execution}`;
}

/** The component machine as a transition system, judged per component against sequential execution. */
export type ComponentSystem = TransitionSystem<ComponentState, ComponentAction, ComponentRead, ComponentFinding>;

/**
 * The machine of a program with its oracle (reads as they happen, the final registers at the end).
 * `settle: false` keeps every component in the state identity (the unreduced search the
 * reduction is tested against).
 */
export function componentSystem(program: ComponentProgram, options: { readonly settle?: boolean } = {}): ComponentSystem {
  const settled = options.settle === false ? null : settleAge(program);
  return {
    initial: initialComponentState(),
    actions: (state) => componentActions(program, state),
    step(state, action) {
      if (!componentActions(program, state).some((enabled) => sameComponentAction(enabled, action))) {
        throw new Error(`${JSON.stringify(action)} is not enabled at cycle ${state.cycle}`);
      }
      const result = componentStep(program, state, action);
      const pending = new Set(result.state.pending.map((write) => write.value.seq));
      const findings = result.reads.flatMap((read) => judge(read, state.cycle, pending));
      // A late read that may happen after a later instruction's result landed would see that result.
      for (const [reader, writer, component] of result.lateReads) {
        findings.push({ kind: 'WAR', component, producer: { instruction: reader.instruction, execution: reader.execution }, consumer: { instruction: writer.instruction, execution: writer.execution }, cycle: state.cycle });
      }
      for (const [older, newer, component] of result.clashes) {
        findings.push({ kind: 'WAW', component, producer: { instruction: older.instruction, execution: older.execution }, consumer: { instruction: newer.instruction, execution: newer.execution }, cycle: state.cycle });
      }
      return { state: result.state, events: result.reads, findings };
    },
    key: (state) => componentStateKey(state, settled),
    stateFindings: (state, actions) => (actions.length === 0 ? finalFindings(state) : []),
    findingKey: componentFindingKey,
  };
}

function judge(read: ComponentRead, cycle: number, pending: ReadonlySet<number>): ComponentFinding[] {
  if (read.early) {
    const at = (v: ComponentValue) => ({ instruction: v.instruction, execution: v.execution });
    return [{ kind: 'RAW', component: read.component, producer: at(read.expected!), consumer: at(read.reader), cycle }];
  }
  const values = new Map<number, ComponentValue>([[read.reader.seq, read.reader]]);
  if (read.seen) values.set(read.seen.seq, read.seen);
  if (read.expected) values.set(read.expected.seq, read.expected);
  const hazard = classifyRead({ warp: 0, register: read.component, reader: read.reader.seq, seen: read.seen?.seq ?? null, expected: read.expected?.seq ?? null, cycle }, (seq) => !pending.has(seq));
  if (!hazard) return [];
  const at = (seq: number) => ({ instruction: values.get(seq)!.instruction, execution: values.get(seq)!.execution });
  return [{ kind: hazard.kind, component: read.component, producer: at(hazard.producer), consumer: at(hazard.consumer), cycle }];
}

function finalFindings(state: ComponentState): ComponentFinding[] {
  return Object.entries(state.logical).flatMap(([component, last]) => {
    const landed = state.physical[component];
    if (!landed || landed.seq === last.seq) return [];
    return [{ kind: 'WAW' as const, component, producer: { instruction: landed.instruction, execution: landed.execution }, consumer: { instruction: last.instruction, execution: last.execution }, cycle: state.cycle }];
  });
}

/** Cycles after which a landed fixed result is old enough for every reader of the program. */
function settleAge(program: ComponentProgram): number {
  return Math.max(1, ...program.instructions.flatMap((instruction) => [
    ...(instruction.latency === 'variable' ? [] : [instruction.latency]),
    ...Object.values(instruction.readLatency ?? {}),
  ]));
}

/**
 * Identity of a state: issue numbers ranked, the cycle left out (no rule reads it). A component
 * is settled when its landed value is the one sequential execution expects, old enough for every
 * reader, and no write to it is still on its way. Then no future step can name that value in a
 * finding: a read sees it and expects it (no RAW, WAR or WAW), the end state holds it and expects
 * it, and a newer write replaces it as the expected value before it can be seen late. So which
 * execution wrote it is left out too, and states that differ only there (one loop iteration and
 * the next) are one. A write still pending on the component is what breaks this: an older
 * variable result landing over the settled value ends in a WAW that names the settled value as
 * its consumer, so merging two such states would keep only one of two distinct findings (the
 * README's "Why the settled reduction is exact" has the whole argument).
 */
function componentStateKey(state: ComponentState, settled: number | null): string {
  const isSettled = (component: string) => {
    if (settled === null) return false;
    const landed = state.physical[component];
    return landed !== undefined && landed.seq === state.logical[component]?.seq && (landed.age === undefined || landed.age >= settled)
      && !state.pending.some((write) => write.component === component);
  };
  const live = Object.keys(state.logical).filter((component) => !isSettled(component)).sort();
  const seqs = new Set<number>();
  const note = (value: ComponentValue) => seqs.add(value.seq);
  for (const component of live) {
    note(state.logical[component]!);
    if (state.physical[component]) note(state.physical[component]);
  }
  state.pending.forEach((write) => note(write.value));
  state.openReads.forEach((read) => note(read.reader));
  const rank = new Map([...seqs].sort((a, b) => a - b).map((seq, i) => [seq, i]));
  const value = (v: ComponentValue | undefined) => (v === undefined ? '-' : `${rank.get(v.seq)}@${v.instruction}.${v.execution}${v.age === undefined ? '' : `~${v.age}`}`);
  const file = live.map((name) => `${name}=${value(state.physical[name])}/${value(state.logical[name])}`).join(';');
  const pending = state.pending.map((write) => `${write.component}<${value(write.value)}:${write.landsIn ?? 'v'}`).join(',');
  const openReads = state.openReads.map((read) => `${read.component}>${value(read.reader)}`).join(',');
  return `${state.next}.${state.execution}.${state.idle}|${pending}|${openReads}|${file}`;
}
