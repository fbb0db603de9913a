import type { SassProgram } from '../../../spec/sass/program.js';
import { successors } from '../cfg.js';
import { queuedSources, sameOrderedQueue } from '../analysis/transfer.js';

/** What a consumer needs of an earlier variable-latency instruction: its results written, or its queued sources read. */
export interface Need {
  readonly producer: number;
  readonly role: 'write' | 'read';
}

/** A variable-latency instruction that may still be in flight before some instruction issues. */
export interface FlowEntry {
  /** Some instance may not have written its results yet. */
  readonly write: boolean;
  /** Some instance may not have read its queued sources yet. */
  readonly read: boolean;
  /** Instructions of the same ordered queue certainly issued after its newest instance, on every path here. */
  readonly after: ReadonlySet<number>;
}

/** Per instruction: what may be in flight before it issues, and what it needs complete. */
export interface PendingFlow {
  /** Null where no path reaches the instruction. */
  readonly before: readonly (ReadonlyMap<number, FlowEntry> | null)[];
  /** The variable-latency work each instruction must see complete before it issues (empty for unreached ones). */
  readonly needs: readonly (readonly Need[])[];
}

/**
 * Where the derived records must protect a variable-latency result or source, assuming each
 * instruction waits for exactly what it needs: a forward may-analysis over the control-flow
 * graph, like the checker's, but with no counters, ages or fixed latencies. An instruction needs
 * the write of every pending producer of a register it reads, or writes out of queue order, and
 * the read of every pending reader of a register it writes out of queue order. Once it issues,
 * what it needed is complete, and so is everything of the same ordered queue issued before that
 * (loads of one in-order queue complete in issue order). The waits therefore sit at the first
 * reader on each path, never earlier. The derived records are proved by the checker afterwards,
 * so this only has to be a good guess, not a sound one.
 */
export function pendingFlow(program: SassProgram): PendingFlow {
  const count = program.instructions.length;
  const next = successors(program);
  const before: (Map<number, FlowEntry> | null)[] = new Array<Map<number, FlowEntry> | null>(count).fill(null);
  if (count === 0) return { before, needs: [] };
  before[0] = new Map();
  const dirty = new Array<boolean>(count).fill(false);
  dirty[0] = true;
  for (let changed = true; changed; ) {
    changed = false;
    for (let index = 0; index < count; index++) {
      if (!dirty[index]) continue;
      dirty[index] = false;
      const after = issue(program, before[index]!, index, needsOf(program, before[index]!, index));
      for (const successor of next[index]!) {
        const old = before[successor];
        const joined = old ? join(old, after) : after;
        if (old && same(old, joined)) continue;
        before[successor] = joined;
        dirty[successor] = true;
        changed = true;
      }
    }
  }
  return { before, needs: before.map((state, index) => (state ? needsOf(program, state, index) : [])) };
}

/** What instruction `index` needs complete, given what may be in flight. */
function needsOf(program: SassProgram, state: ReadonlyMap<number, FlowEntry>, index: number): Need[] {
  const instruction = program.instructions[index]!;
  const needs: Need[] = [];
  for (const [producer, entry] of state) {
    const earlier = program.instructions[producer]!;
    const inOrder = sameOrderedQueue(program, earlier, instruction);
    const raw = entry.write && earlier.destinations.some((register) => instruction.sources.includes(register));
    const waw = entry.write && !inOrder && instruction.unit.kind !== 'none' && earlier.destinations.some((register) => instruction.destinations.includes(register));
    if (raw || waw) {
      needs.push({ producer, role: 'write' });
      continue;
    }
    const war = entry.read && !inOrder && instruction.unit.kind !== 'none' && queuedSources(earlier).some((register) => instruction.destinations.includes(register));
    if (war) needs.push({ producer, role: 'read' });
  }
  return needs;
}

/** The state after instruction `index` waits for `needs` and issues. */
function issue(program: SassProgram, state: ReadonlyMap<number, FlowEntry>, index: number, needs: readonly Need[]): Map<number, FlowEntry> {
  const instruction = program.instructions[index]!;
  const next = new Map(state);
  for (const need of needs) complete(program, next, state, need);
  if (instruction.drains.length > 0) {
    for (const [other, entry] of next) {
      const unit = program.instructions[other]!.unit;
      if (entry.read && unit.kind === 'variable' && instruction.drains.includes(unit.queue)) settle(next, other, { ...entry, read: false });
    }
  }
  if (instruction.unit.kind !== 'variable') return next;
  for (const [other, entry] of next) {
    if (other !== index && sameOrderedQueue(program, program.instructions[other]!, instruction)) next.set(other, { ...entry, after: new Set([...entry.after, index]) });
  }
  const older = next.get(index);
  const write = instruction.destinations.length > 0 || (older?.write ?? false);
  const read = queuedSources(instruction).length > 0 || (older?.read ?? false);
  if (write || read) next.set(index, { write, read, after: new Set() });
  else next.delete(index);
  return next;
}

/** `need` is met: so is the same part of every earlier instruction of its ordered queue (a write also means its read). */
function complete(program: SassProgram, next: Map<number, FlowEntry>, state: ReadonlyMap<number, FlowEntry>, need: Need): void {
  const producer = program.instructions[need.producer]!;
  const met = (entry: FlowEntry): FlowEntry => (need.role === 'write' ? { ...entry, write: false, read: false } : { ...entry, read: false });
  for (const [other, entry] of state) {
    const current = next.get(other);
    if (!current) continue;
    if (other === need.producer || (entry.after.has(need.producer) && sameOrderedQueue(program, program.instructions[other]!, producer))) settle(next, other, met(current));
  }
}

/** Stores an entry, or drops it when nothing of it is pending. */
function settle(state: Map<number, FlowEntry>, index: number, entry: FlowEntry): void {
  if (entry.write || entry.read) state.set(index, entry);
  else state.delete(index);
}

function join(a: ReadonlyMap<number, FlowEntry>, b: ReadonlyMap<number, FlowEntry>): Map<number, FlowEntry> {
  const joined = new Map(a);
  for (const [index, right] of b) {
    const left = joined.get(index);
    joined.set(index, left ? { write: left.write || right.write, read: left.read || right.read, after: new Set([...left.after].filter((other) => right.after.has(other))) } : right);
  }
  return joined;
}

function same(a: ReadonlyMap<number, FlowEntry>, b: ReadonlyMap<number, FlowEntry>): boolean {
  if (a.size !== b.size) return false;
  for (const [index, left] of a) {
    const right = b.get(index);
    if (!right || left.write !== right.write || left.read !== right.read || left.after.size !== right.after.size) return false;
    for (const other of left.after) if (!right.after.has(other)) return false;
  }
  return true;
}
