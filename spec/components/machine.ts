import { componentAt, type ComponentProgram } from './program.js';

/** A component value: the execution that produced it (issue number), or absent for the initial value. */
export interface ComponentValue {
  readonly seq: number;
  readonly instruction: number;
  readonly execution: number;
  /** Once landed, for a fixed-latency result: cycles since its execution issued (capped at `AGE_LIMIT`). */
  readonly age?: number;
}

/** Ages past every latency modelled mean the same; capping keeps the state space finite. */
export const AGE_LIMIT = 16;

/** A result on its way to a register component. */
export interface PendingWrite {
  readonly component: string;
  readonly value: ComponentValue;
  /** Fixed latency: cycles until it lands (0 = this cycle); null for a variable-latency result. */
  readonly landsIn: number | null;
}

/** The sync class a pending result is waited for with: its producer's, for a variable-latency result; null for a fixed one. */
export function pendingSyncClass(program: ComponentProgram, write: PendingWrite): 'sy' | 'ss' | null {
  return write.landsIn === null ? program.instructions[write.value.instruction]!.syncClass : null;
}

/** A source component a late-reading execution may still read. */
export interface OpenRead {
  readonly component: string;
  readonly reader: ComponentValue;
}

/** A result landing on a component an earlier-issued execution may still read: (reader, writer, component). */
export type LateRead = [ComponentValue, ComponentValue, string];

/** The machine: one thread issuing in order, executions one per cycle. */
export interface ComponentState {
  readonly cycle: number;
  /** Next instruction and execution to issue; `next` = instruction count when done. */
  readonly next: number;
  readonly execution: number;
  /** Idle cycles left (`(nopN)`) before the next issue. */
  readonly idle: number;
  readonly nextSeq: number;
  readonly pending: readonly PendingWrite[];
  /** Sources of `lateReads` instructions that may not have been read yet (until a wait of their class). */
  readonly openReads: readonly OpenRead[];
  readonly physical: Readonly<Record<string, ComponentValue>>;
  readonly logical: Readonly<Record<string, ComponentValue>>;
}

/**
 * A step: land a variable result, or end the cycle (issuing if the thread may). When the cycle
 * issues the last execution of a conditional branch, `taken` says which way it goes.
 */
export type ComponentAction = { readonly type: 'land'; readonly position: number } | { readonly type: 'cycle'; readonly taken?: boolean };

/** A read, what it saw and what sequential execution says it should see. */
export interface ComponentRead {
  readonly component: string;
  readonly seen: ComponentValue | null;
  readonly expected: ComponentValue | null;
  readonly reader: ComponentValue;
  /** The expected value has landed but is not old enough for this reader's class yet. */
  readonly early: boolean;
}

/** Before the first cycle. */
export function initialComponentState(): ComponentState {
  return { cycle: 0, next: 0, execution: 0, idle: 0, nextSeq: 0, pending: [], openReads: [], physical: {}, logical: {} };
}

/** True when everything issued and landed. */
export function componentFinished(program: ComponentProgram, state: ComponentState): boolean {
  return state.next >= program.instructions.length && state.pending.length === 0;
}

/**
 * The thread issues this cycle unless it is done, idle, or its next instruction waits (`(sy)`/
 * `(ss)`, checked before its first execution) for a pending variable result of those classes.
 */
function issues(program: ComponentProgram, state: ComponentState): boolean {
  const instruction = program.instructions[state.next];
  if (instruction === undefined || state.idle > 0) return false;
  return state.execution > 0 || !state.pending.some((write) => instruction.waits.some((wait) => wait === pendingSyncClass(program, write)));
}

/**
 * Enabled actions: a variable-latency result may land at any cycle (before the cycle's reads;
 * under `variableWritesAfterOlder`, once no older write of its component is pending);
 * `cycle` lands every due fixed result, then issues the next execution when the thread is not
 * idle and, for a `(sy)`/`(ss)` instruction, no variable result of those classes is pending.
 * A cycle that issues a conditional branch's last execution is two actions, one per direction.
 */
export function componentActions(program: ComponentProgram, state: ComponentState): ComponentAction[] {
  if (componentFinished(program, state)) return [];
  const actions: ComponentAction[] = state.pending.flatMap((write, position) => (write.landsIn === null && !waitsForOlderWrite(program, state, write) ? [{ type: 'land' as const, position }] : []));
  const instruction = program.instructions[state.next];
  if (issues(program, state) && instruction?.branch?.conditional && state.execution === instruction.repeat) {
    actions.push({ type: 'cycle', taken: true }, { type: 'cycle', taken: false });
  } else {
    actions.push({ type: 'cycle' });
  }
  return actions;
}

/** Under `variableWritesAfterOlder`, a variable result cannot land while an older write of its component is still pending. */
function waitsForOlderWrite(program: ComponentProgram, state: ComponentState, write: PendingWrite): boolean {
  return program.variableWritesAfterOlder === true && state.pending.some((other) => other.component === write.component && other.value.seq < write.value.seq);
}

/** Whether two actions are the same step (a land of the same result, or a cycle the same way). */
export function sameComponentAction(a: ComponentAction, b: ComponentAction): boolean {
  if (a.type === 'land' || b.type === 'land') return a.type === b.type && (a as { position: number }).position === (b as { position: number }).position;
  return a.taken === b.taken;
}

/** Results that land on a component a late read of an earlier-issued execution may not have read yet. */
function lateReadsOverwritten(program: ComponentProgram, openReads: readonly OpenRead[], landing: readonly { component: string; value: ComponentValue }[]): LateRead[] {
  const unitOf = (value: ComponentValue) => program.instructions[value.instruction]!.unit;
  return landing.flatMap((write) => openReads
    .filter((read) => read.component === write.component && read.reader.seq < write.value.seq)
    .filter((read) => unitOf(read.reader) === undefined || unitOf(read.reader) !== unitOf(write.value))
    .map((read): LateRead => [read.reader, write.value, write.component]));
}

/**
 * Takes an action; returns the next state, the reads it made, same-cycle writes to one
 * component (older, newer, component), and results landing under an open late read.
 */
export function componentStep(program: ComponentProgram, state: ComponentState, action: ComponentAction): { state: ComponentState; reads: ComponentRead[]; clashes: [ComponentValue, ComponentValue, string][]; lateReads: LateRead[] } {
  if (action.type === 'land') {
    const write = state.pending[action.position]!;
    return {
      state: { ...state, pending: state.pending.filter((_, i) => i !== action.position), physical: { ...state.physical, [write.component]: write.value } },
      reads: [], clashes: [], lateReads: lateReadsOverwritten(program, state.openReads, [write]),
    };
  }
  // Due fixed results land first: a write at cycle c is seen by reads at cycle c.
  const physical = { ...state.physical };
  // A landing fixed result is as old as its producer's latency.
  const due = state.pending.filter((write) => write.landsIn === 0).map((write) => ({ ...write, value: { ...write.value, age: program.instructions[write.value.instruction]!.latency as number } }));
  // Two results landing on one component in one cycle land in an order the machine does not fix.
  const clashes: [ComponentValue, ComponentValue, string][] = [];
  due.forEach((write, i) => due.slice(i + 1).forEach((other) => {
    if (other.component === write.component) clashes.push([write.value, other.value, write.component]);
  }));
  for (const write of due) physical[write.component] = write.value;
  const lateReads = lateReadsOverwritten(program, state.openReads, due);
  let openReads = state.openReads;
  let pending = state.pending.filter((write) => write.landsIn !== 0);
  let { next, execution, idle, nextSeq } = state;
  const logical = { ...state.logical };
  const reads: ComponentRead[] = [];
  const instruction = program.instructions[next];
  if (instruction !== undefined && issues(program, state)) {
    const value: ComponentValue = { seq: nextSeq, instruction: next, execution };
    // A wait of a class is where late reads of that class are done at the latest.
    if (execution === 0 && instruction.waits.length > 0) openReads = openReads.filter((read) => !instruction.waits.includes(program.instructions[read.reader.instruction]!.lateReads!));
    for (const source of instruction.sources) {
      if (source.kind !== 'register') continue;
      const component = componentAt(source, execution);
      const seen = physical[component] ?? null;
      const expected = logical[component] ?? null;
      const writer = expected === null ? undefined : program.instructions[expected.instruction];
      const needed = writer?.readLatency?.[source.readerClass ?? instruction.readerClass];
      const early = seen !== null && seen.seq === expected?.seq && needed !== undefined && seen.age !== undefined && seen.age < needed;
      reads.push({ component, seen, expected, reader: value, early });
      // Read at issue is the earliest it may happen (judged above); until the wait it may happen later too.
      if (instruction.lateReads) openReads = [...openReads, { component, reader: value }];
    }
    if (instruction.destination) {
      const component = componentAt(instruction.destination, execution);
      logical[component] = value;
      const fixed = instruction.latency !== 'variable';
      pending = [...pending, { component, value, landsIn: fixed ? instruction.latency as number : null }];
    }
    nextSeq++;
    if (execution < instruction.repeat) execution++;
    else {
      // A branch not taken, and every other instruction, goes on with the next one.
      const branch = instruction.branch;
      next = branch && (!branch.conditional || action.taken === true) ? branch.target : next + 1;
      execution = 0;
      idle = instruction.nops;
    }
  } else if (idle > 0) {
    idle--;
  }
  // Time passes for fixed results (a latency of 1 lands in the next cycle), landed ones age.
  pending = pending.map((write) => (write.landsIn === null ? write : { ...write, landsIn: write.landsIn - 1 }));
  for (const [component, landed] of Object.entries(physical)) {
    if (landed.age !== undefined && landed.age < AGE_LIMIT) physical[component] = { ...landed, age: landed.age + 1 };
  }
  return { state: { cycle: state.cycle + 1, next, execution, idle, nextSeq, pending, openReads, physical, logical }, reads, clashes, lateReads };
}
