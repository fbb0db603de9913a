import { exclusiveGuards } from './exclusiveGuards.js';
import { landingLatency, readLatency } from '../../../spec/sass/latency.js';
import { readsAfter, readsAfterSerialWrite, type SassInstruction, type SassProgram } from '../../../spec/sass/program.js';
import { AGE_CAP, entriesOf, INSTANCE_CAP, PendingState, pruneSuccessors, type AbstractState, type PendingEntry } from './domain.js';
import { retireEntries } from './retire.js';
import type { Suspicion } from './suspicion.js';

/** The abstract state after an instruction issues, and the hazards its issue may cause. */
export interface TransferResult {
  readonly state: AbstractState;
  readonly suspicions: readonly Suspicion[];
}

/**
 * Abstract issue of instruction `index`, mirroring the machine's rules in order: the wait mask
 * and `DEPBAR` hold at issue (what they prove complete is retired), then reads at issue (guard,
 * and every source of a fixed or unit-less instruction) or later (queued sources), then the
 * writes it will make, then the instruction joins the pending set and time passes by its stall.
 */
export function transfer(program: SassProgram, state: AbstractState, index: number): TransferResult {
  const instruction = program.instructions[index]!;
  const current = settled(program, entriesOf(state), instruction);
  return {
    state: new PendingState(issueAndAge(program, current, index, Math.max(1, instruction.control.stall))),
    suspicions: hazardsAt(program, current, index),
  };
}

/**
 * The state `transfer` gives, without its suspicions: the fixpoint needs only states until it is
 * reached (suspicions are read from the final states, `suspicionsAt`), and looking for them at
 * every step of it cost a fifth of its time.
 */
export function transferState(program: SassProgram, state: AbstractState, index: number): PendingState {
  const instruction = program.instructions[index]!;
  return new PendingState(issueAndAge(program, settled(program, entriesOf(state), instruction), index, Math.max(1, instruction.control.stall)));
}

/** The suspicions `transfer` gives, without the state after the instruction. */
export function suspicionsAt(program: SassProgram, state: AbstractState, index: number): Suspicion[] {
  return hazardsAt(program, settled(program, entriesOf(state), program.instructions[index]!), index);
}

/** What the instruction's wait mask, `DEPBAR` and drains prove complete, retired before it issues. */
function settled(program: SassProgram, list: readonly PendingEntry[], instruction: SassInstruction): readonly PendingEntry[] {
  let current = list;
  for (const scoreboard of instruction.control.wait) current = retireEntries(program, current, scoreboard, 0, program.visibilityDelay);
  if (instruction.depbar) current = retireEntries(program, current, instruction.depbar.scoreboard, instruction.depbar.limit, program.depbarVisibilityDelay);
  if (instruction.drains.length > 0) current = drained(program, current, instruction.drains);
  return current;
}

/** The hazards the issue of `index` may cause, given what is pending once its waits hold: RAW, then WAR and WAW, then overflow. */
function hazardsAt(program: SassProgram, current: readonly PendingEntry[], index: number): Suspicion[] {
  const suspicions = [...readHazards(program, current, index), ...writeHazards(program, current, index)];
  suspicions.push(...overflowHazards(program, current, index));
  return suspicions;
}

/** Every instruction of the drained queues has read its sources. */
function drained(program: SassProgram, list: readonly PendingEntry[], queues: readonly number[]): readonly PendingEntry[] {
  // Most drains find nothing left to read: the list is then returned as it is, not copied.
  let next: PendingEntry[] | null = null;
  let removed = false;
  for (let position = 0; position < list.length; position++) {
    const entry = list[position]!;
    const unit = program.instructions[entry.instruction]!.unit;
    const done = entry.readsPending && unit.kind === 'variable' && queues.includes(unit.queue);
    if (done) next ??= list.slice(0, position);
    if (next === null) continue;
    if (done && !entry.writesPending) {
      removed = true;
      continue;
    }
    next.push(done ? { ...entry, readsPending: false } : entry);
  }
  if (next === null) return list;
  return removed ? pruneSuccessors(next) : next;
}

/** RAW: a source read while a producer of it may not have written (yet, for a fixed latency). */
function readHazards(program: SassProgram, list: readonly PendingEntry[], index: number): Suspicion[] {
  const instruction = program.instructions[index]!;
  const facts = registerFacts(program);
  // The entries that may write a register read here, found in one pass over the state; then the
  // same loops as ever over those few (registers in order, entries in order: the suspicions'
  // order). Asking every entry about every register was most of the time of big kernels.
  wanted.mark(facts.sources[index]!);
  const writers = list.filter((entry) => !entry.skipped && entry.writesPending && wanted.any(facts.destinations[entry.instruction]!) && !exclusiveGuards(program, entry, instruction));
  const suspicions: Suspicion[] = [];
  if (writers.length === 0) return suspicions;
  for (const register of instruction.sources) {
    for (const entry of writers) {
      const producer = program.instructions[entry.instruction]!;
      if (!producer.destinations.includes(register)) continue;
      // One serial queue, one shape: the reader reads once the producer has written.
      if (readsAfterSerialWrite(program, producer, instruction)) continue;
      if (producer.unit.kind === 'fixed') {
        // Read-after-write latencies count from issue to issue, whenever the reader reads.
        const latency = readLatency(program, producer, register, instruction, instruction.guard?.predicate === register);
        if (entry.minAge < latency) {
          suspicions.push(pair('RAW', register, entry.instruction, index, `issued ${entry.minAge} cycle(s) after the producer at the earliest, its read-after-write latency is ${latency}`));
        }
      } else if (writtenEarly(producer, register)) {
        // Written at the read step: landed once the producer's own scoreboards show it has read its sources.
        if (entry.earlyPending ?? false) suspicions.push(pair('RAW', register, entry.instruction, index, 'no wait or DEPBAR proves the producer has read its sources, when it writes this result'));
      } else {
        suspicions.push(pair('RAW', register, entry.instruction, index, 'no wait or DEPBAR proves the producer has written'));
      }
    }
  }
  return suspicions;
}

/** `register` is one the variable-latency `producer` writes at its read step (`SassInstruction.earlyDestinations`). */
function writtenEarly(producer: SassInstruction, register: string): boolean {
  return producer.earlyDestinations?.includes(register) ?? false;
}

/** WAR and WAW: a destination written while an earlier instruction may still read or write it. */
function writeHazards(program: SassProgram, list: readonly PendingEntry[], index: number): Suspicion[] {
  const instruction = program.instructions[index]!;
  if (instruction.unit.kind === 'none') return [];
  const facts = registerFacts(program);
  // As in `readHazards`: first the entries that may read or write a register written here.
  wanted.mark(facts.destinations[index]!);
  const involved = list.filter((entry) => !entry.skipped && !exclusiveGuards(program, entry, instruction)
    && ((entry.readsPending && wanted.any(facts.queued[entry.instruction]!)) || (entry.writesPending && wanted.any(facts.destinations[entry.instruction]!))));
  const suspicions: Suspicion[] = [];
  if (involved.length === 0) return suspicions;
  for (const register of instruction.destinations) {
    for (const entry of involved) {
      const earlier = program.instructions[entry.instruction]!;
      // A later instruction of a queue that reads in order writes after it reads, so after the earlier one's reads.
      const readsFirst = sameReadOrderedQueue(program, earlier, instruction);
      const inOrder = sameOrderedQueue(program, earlier, instruction);
      if (entry.readsPending && !readsFirst && queuedSources(earlier).includes(register)) {
        suspicions.push(pair('WAR', register, entry.instruction, index, 'no wait or DEPBAR proves the earlier instruction has read it'));
      }
      if (!entry.writesPending || !earlier.destinations.includes(register) || inOrder) continue;
      if (earlier.unit.kind === 'fixed') {
        // Out of order (or in the same cycle, either order) when this write can land no later.
        const earliest = instruction.unit.kind === 'fixed' ? landingLatency(program, instruction, register) : 2;
        const latency = landingLatency(program, earlier, register);
        if (entry.minAge + earliest <= latency) {
          suspicions.push(pair('WAW', register, entry.instruction, index, `can land ${earliest} cycle(s) after issue, ${entry.minAge} cycle(s) after the earlier write with latency ${latency} issued`));
        }
      } else if (writtenEarly(earlier, register)) {
        if (entry.earlyPending ?? false) suspicions.push(pair('WAW', register, entry.instruction, index, 'no wait or DEPBAR proves the earlier instruction has read its sources, when it writes this result'));
      } else {
        suspicions.push(pair('WAW', register, entry.instruction, index, 'no wait or DEPBAR proves the earlier write has landed'));
      }
    }
  }
  return suspicions;
}

/** The registers of a program's instructions as small numbers, per instruction: what it writes, reads, and reads from its queue. */
interface RegisterFacts {
  readonly destinations: readonly Int32Array[];
  readonly sources: readonly Int32Array[];
  readonly queued: readonly Int32Array[];
}

/** Register facts per list of instructions (programs are never changed in place; variants of one share their instructions' list only when unchanged). */
const factsCache = new WeakMap<readonly SassInstruction[], RegisterFacts>();

/** The program's `RegisterFacts`, made on first use. */
function registerFacts(program: SassProgram): RegisterFacts {
  let facts = factsCache.get(program.instructions);
  if (facts === undefined) {
    const numbers = new Map<string, number>();
    const number = (register: string) => {
      let id = numbers.get(register);
      if (id === undefined) numbers.set(register, id = numbers.size);
      return id;
    };
    const ids = (registers: readonly string[]) => Int32Array.from(registers, number);
    facts = {
      destinations: program.instructions.map((instruction) => ids(instruction.destinations)),
      sources: program.instructions.map((instruction) => ids(instruction.sources)),
      queued: program.instructions.map((instruction) => ids(queuedSources(instruction))),
    };
    factsCache.set(program.instructions, facts);
  }
  return facts;
}

/** A small set of register numbers, the registers one instruction reads or writes, with a test for any of a list (a stamped scratch array: no clearing, no hashing). */
class RegisterSet {
  private stamp = new Int32Array(64);
  private current = 0;

  /** Makes `registers` the set (replacing the previous one). */
  mark(registers: Int32Array): void {
    if (++this.current === 0x7fffffff) {
      this.stamp.fill(0);
      this.current = 1;
    }
    for (const register of registers) {
      if (register >= this.stamp.length) {
        const grown = new Int32Array(Math.max(register + 1, 2 * this.stamp.length));
        grown.set(this.stamp);
        this.stamp = grown;
      }
      this.stamp[register] = this.current;
    }
  }

  /** Whether any of `registers` is in the marked set. */
  any(registers: Int32Array): boolean {
    for (const register of registers) if (register < this.stamp.length && this.stamp[register] === this.current) return true;
    return false;
  }
}

/** The registers the instruction being judged reads (RAW) or writes (WAR, WAW): one at a time, the analysis being synchronous. */
const wanted = new RegisterSet();

/**
 * The counters this issue increments may pass 6 bits when enough instances are in flight. An
 * instruction that itself waits for the counter to be at most k (`DEPBAR.LE SBn, k`, AMD's
 * `s_waitcnt vmcnt(k)`) bounds it whatever is in flight: at issue the counter holds at most k
 * visible increments, plus those of the last `depbarVisibilityDelay` cycles not yet seen (one
 * instruction a cycle, two increments each at most), plus its own.
 *
 * `current` is the state before the issue: the count is over the state after it (every other
 * entry, with the issued instruction's own entry in place of its older one), which differs from
 * `current` only in that entry, so that state is not built.
 */
function overflowHazards(program: SassProgram, current: readonly PendingEntry[], index: number): Suspicion[] {
  const { control: { readScoreboard, writeScoreboard }, depbar } = program.instructions[index]!;
  const suspicions: Suspicion[] = [];
  if (readScoreboard === null && writeScoreboard === null) return suspicions;
  const issued = newEntry(program, current.find((entry) => entry.instruction === index), index);
  for (const scoreboard of new Set([readScoreboard, writeScoreboard])) {
    if (scoreboard === null) continue;
    const own = (readScoreboard === scoreboard ? 1 : 0) + (writeScoreboard === scoreboard ? 1 : 0);
    if (depbar !== null && depbar.scoreboard === scoreboard && depbar.limit + 2 * program.depbarVisibilityDelay + own <= 63) continue;
    let bound = 0;
    const count = (entry: PendingEntry) => {
      const control = program.instructions[entry.instruction]!.control;
      if (entry.readsPending && control.readScoreboard === scoreboard) bound += entry.readInstances;
      if (entry.writesPending && control.writeScoreboard === scoreboard) bound += entry.instances;
    };
    for (const entry of current) if (entry.instruction !== index) count(entry);
    if (issued !== null) count(issued);
    if (bound > 63) {
      suspicions.push({ kind: 'overflow', register: null, producer: index, consumer: index, scoreboard, why: `up to ${bound >= INSTANCE_CAP ? 'an unbounded number of' : bound} increments may be outstanding` });
    }
  }
  return suspicions;
}

/**
 * The issued instruction becomes the newest instance of its entry, and the successor of every
 * pending entry of its queue when that queue reads in order (`after` is used only there). Parts that can no
 * longer matter are not tracked: writes of an instruction with no destination and no write
 * scoreboard (a store), reads with no queued source and no read scoreboard. Then time passes:
 * every age grows by the stall, and fixed-latency results that have surely landed retire. One
 * pass over the entries, and the order is kept: every other entry where it was, the issued
 * instruction's own last (the order decides the order of suspicions, and so which are tried first).
 */
function issueAndAge(program: SassProgram, list: readonly PendingEntry[], index: number, cycles: number): PendingEntry[] {
  const instruction = program.instructions[index]!;
  const next: PendingEntry[] = [];
  let older: PendingEntry | undefined;
  let removed = false;
  for (const entry of list) {
    if (entry.instruction === index) {
      older = entry;
      continue;
    }
    const aged = agedEntry(program, issuedPast(program, entry, instruction, index), cycles);
    if (aged === null) removed = true;
    else next.push(aged);
  }
  const entry = withOlderAges(program, newEntry(program, older, index), list);
  if (entry !== null) {
    const aged = agedEntry(program, entry, cycles);
    if (aged === null) removed = true;
    else next.push(aged);
  }
  return removed ? pruneSuccessors(next) : next;
}

/** A pending entry once `instruction` (at `index`) has issued after it: the same object when nothing about it changes. */
function issuedPast(program: SassProgram, entry: PendingEntry, instruction: SassInstruction, index: number): PendingEntry {
  const earlier = program.instructions[entry.instruction]!;
  const follows = sameReadOrderedQueue(program, earlier, instruction);
  // Writing a predicate ends what a later branch on it can tell about instructions it guarded.
  const guard = earlier.guard;
  const broken = entry.guardIntact && guard !== null && instruction.destinations.includes(guard.predicate);
  // A newer instance of an entry it knows the age of is not older than it.
  if (entry.olderAges?.has(index)) return issuedPast(program, withoutOlder(entry, index), instruction, index);
  if (!follows && !broken) return entry;
  // Already its successor, and no guard broken: the entry would be rebuilt equal to itself.
  if (!broken && entry.after.has(index)) return entry;
  return { ...entry, after: follows ? new Set([...entry.after, index]) : entry.after, guardIntact: entry.guardIntact && !broken };
}

/** `entry` without `instruction` among its `olderAges`. */
function withoutOlder(entry: PendingEntry, instruction: number): PendingEntry {
  const olderAges = new Map(entry.olderAges);
  olderAges.delete(instruction);
  const { olderAges: _replaced, ...rest } = entry;
  return olderAges.size === 0 ? rest : { ...rest, olderAges };
}

/**
 * A variable-latency instruction with a read delay, as it issues, learns how much older the
 * fixed-latency results still pending in `list` are than it (`PendingEntry.olderAges`): their
 * ages now, at least.
 */
function withOlderAges(program: SassProgram, entry: PendingEntry | null, list: readonly PendingEntry[]): PendingEntry | null {
  const unit = entry === null ? null : program.instructions[entry.instruction]!.unit;
  if (entry === null || unit?.kind !== 'variable' || unit.readDelay === undefined) return entry;
  const olderAges = new Map<number, number>();
  for (const other of list) {
    if (other.instruction !== entry.instruction && other.writesPending && program.instructions[other.instruction]!.unit.kind === 'fixed') olderAges.set(other.instruction, other.minAge);
  }
  return olderAges.size === 0 ? entry : { ...entry, olderAges };
}

/** The entry of the issued instruction (its newest instance; `older` is its entry before), or null when it leaves nothing to track. */
function newEntry(program: SassProgram, older: PendingEntry | undefined, index: number): PendingEntry | null {
  const instruction = program.instructions[index]!;
  if (instruction.unit.kind === 'none') return null;
  const writes = instruction.destinations.length > 0 || instruction.control.writeScoreboard !== null;
  const reads = instruction.unit.kind === 'variable' && (registerFacts(program).queued[index]!.length > 0 || instruction.control.readScoreboard !== null);
  const early = instruction.unit.kind === 'variable' && (instruction.earlyDestinations?.length ?? 0) > 0;
  const writesPending = writes || (older?.writesPending ?? false);
  const readsPending = reads || (older?.readsPending ?? false);
  // An ordered-queue instruction with nothing to track still orders the ones before it, which `after` already records.
  if (!writesPending && !readsPending) return null;
  return {
    instruction: index,
    minAge: 0,
    // A count is read only to bound the counter the instruction increments (`overflowHazards`):
    // with no such scoreboard it is pinned at the cap, a bound that always holds. Counted, it
    // would grow by one per trip round a loop that leaves the instruction pending (a store no
    // wait retires, an HMMA with no scoreboard), and the fixpoint would go round such a loop 64
    // times for a number nothing reads: two thirds of all transfer steps on big ptxas kernels.
    instances: instruction.control.writeScoreboard === null ? INSTANCE_CAP : Math.min(INSTANCE_CAP, (older?.writesPending ? older.instances : 0) + (writes ? 1 : 0)),
    readInstances: instruction.control.readScoreboard === null ? INSTANCE_CAP : Math.min(INSTANCE_CAP, (older?.readsPending ? older.readInstances : 0) + (reads ? 1 : 0)),
    readsPending,
    writesPending,
    ...(early || older?.earlyPending ? { earlyPending: true } : {}),
    guardIntact: instruction.guard !== null && !(older?.readsPending || older?.writesPending) && !instruction.destinations.includes(instruction.guard.predicate),
    skipped: false,
    after: new Set(),
  };
}

/**
 * An entry `cycles` later: null when its fixed-latency results have surely landed, else the
 * entry, the same object when its age is already at the cap (most entries of a big kernel are:
 * stores and loads that no wait retires, until their queue drains), so ageing allocates only
 * for what changes.
 */
function agedEntry(program: SassProgram, entry: PendingEntry, cycles: number): PendingEntry | null {
  const minAge = Math.min(AGE_CAP, entry.minAge + cycles);
  const unit = program.instructions[entry.instruction]!.unit;
  if (unit.kind === 'fixed' && minAge >= unit.latency) return null;
  return minAge === entry.minAge ? entry : { ...entry, minAge };
}

/** Sources read from the queue (the guard and `readAtIssue` are read at issue). */
export function queuedSources(instruction: SassInstruction): readonly string[] {
  const guard = instruction.guard?.predicate;
  return instruction.unit.kind === 'variable' ? instruction.sources.filter((register) => register !== guard && !instruction.readAtIssue.includes(register)) : [];
}

/** Both go through the same ordered queue, so the later one's reads and writes come after the earlier one's. */
export function sameOrderedQueue(program: SassProgram, earlier: SassInstruction, later: SassInstruction): boolean {
  return earlier.unit.kind === 'variable' && later.unit.kind === 'variable' && earlier.unit.queue === later.unit.queue && program.queues[earlier.unit.queue]!.ordered;
}

/**
 * Both go through the same queue and it reads in issue order, or through two queues of one read
 * group (`SassQueue.readGroup`), so the later one's reads (and so its writes) come after the
 * earlier one's reads.
 */
export function sameReadOrderedQueue(program: SassProgram, earlier: SassInstruction, later: SassInstruction): boolean {
  return earlier.unit.kind === 'variable' && later.unit.kind === 'variable' && readsAfter(program, earlier.unit.queue, later.unit.queue);
}

function pair(kind: 'RAW' | 'WAR' | 'WAW', register: string, producer: number, consumer: number, why: string): Suspicion {
  return { kind, register, producer, consumer, scoreboard: null, why };
}
