import { landingLatency, readLatency } from '../../../spec/sass/latency.js';
import { readsInIssueOrder, type SassInstruction, type SassProgram } from '../../../spec/sass/program.js';
import { AGE_CAP, INSTANCE_CAP, pruneSuccessors, type AbstractState, type PendingEntry } from './domain.js';
import { retire } from './retire.js';
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
  let current = state;
  for (const scoreboard of instruction.control.wait) current = retire(program, current, scoreboard, 0, program.visibilityDelay);
  if (instruction.depbar) current = retire(program, current, instruction.depbar.scoreboard, instruction.depbar.limit, program.depbarVisibilityDelay);
  if (instruction.drains.length > 0) current = drained(program, current, instruction.drains);
  const suspicions = [...readHazards(program, current, index), ...writeHazards(program, current, index)];
  const issued = addEntry(program, current, index);
  suspicions.push(...overflowHazards(program, issued, index));
  return { state: age(program, issued, Math.max(1, instruction.control.stall)), suspicions };
}

/** Every instruction of the drained queues has read its sources. */
function drained(program: SassProgram, state: AbstractState, queues: readonly number[]): AbstractState {
  const next = new Map<number, PendingEntry>();
  for (const [index, entry] of state) {
    const unit = program.instructions[index]!.unit;
    const done = entry.readsPending && unit.kind === 'variable' && queues.includes(unit.queue);
    if (done && !entry.writesPending) continue;
    next.set(index, done ? { ...entry, readsPending: false } : entry);
  }
  if (next.size === state.size) return next;
  return pruneSuccessors(next);
}

/** RAW: a source read while a producer of it may not have written (yet, for a fixed latency). */
function readHazards(program: SassProgram, state: AbstractState, index: number): Suspicion[] {
  const instruction = program.instructions[index]!;
  const suspicions: Suspicion[] = [];
  for (const register of instruction.sources) {
    for (const entry of state.values()) {
      const producer = program.instructions[entry.instruction]!;
      if (entry.skipped || !entry.writesPending || !producer.destinations.includes(register)) continue;
      if (producer.unit.kind === 'fixed') {
        // Read-after-write latencies count from issue to issue, whenever the reader reads.
        const latency = readLatency(program, producer, register, instruction, instruction.guard?.predicate === register);
        if (entry.minAge < latency) {
          suspicions.push(pair('RAW', register, entry.instruction, index, `issued ${entry.minAge} cycle(s) after the producer at the earliest, its read-after-write latency is ${latency}`));
        }
      } else {
        suspicions.push(pair('RAW', register, entry.instruction, index, 'no wait or DEPBAR proves the producer has written'));
      }
    }
  }
  return suspicions;
}

/** WAR and WAW: a destination written while an earlier instruction may still read or write it. */
function writeHazards(program: SassProgram, state: AbstractState, index: number): Suspicion[] {
  const instruction = program.instructions[index]!;
  if (instruction.unit.kind === 'none') return [];
  const suspicions: Suspicion[] = [];
  for (const register of instruction.destinations) {
    for (const entry of state.values()) {
      const earlier = program.instructions[entry.instruction]!;
      if (entry.skipped) continue;
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
      } else {
        suspicions.push(pair('WAW', register, entry.instruction, index, 'no wait or DEPBAR proves the earlier write has landed'));
      }
    }
  }
  return suspicions;
}

/**
 * The counters this issue increments may pass 6 bits when enough instances are in flight. An
 * instruction that itself waits for the counter to be at most k (`DEPBAR.LE SBn, k`, AMD's
 * `s_waitcnt vmcnt(k)`) bounds it whatever is in flight: at issue the counter holds at most k
 * visible increments, plus those of the last `depbarVisibilityDelay` cycles not yet seen (one
 * instruction a cycle, two increments each at most), plus its own.
 */
function overflowHazards(program: SassProgram, state: AbstractState, index: number): Suspicion[] {
  const { control: { readScoreboard, writeScoreboard }, depbar } = program.instructions[index]!;
  const suspicions: Suspicion[] = [];
  for (const scoreboard of new Set([readScoreboard, writeScoreboard])) {
    if (scoreboard === null) continue;
    const own = (readScoreboard === scoreboard ? 1 : 0) + (writeScoreboard === scoreboard ? 1 : 0);
    if (depbar !== null && depbar.scoreboard === scoreboard && depbar.limit + 2 * program.depbarVisibilityDelay + own <= 63) continue;
    let bound = 0;
    for (const entry of state.values()) {
      const control = program.instructions[entry.instruction]!.control;
      if (entry.readsPending && control.readScoreboard === scoreboard) bound += entry.readInstances;
      if (entry.writesPending && control.writeScoreboard === scoreboard) bound += entry.instances;
    }
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
 * scoreboard (a store), reads with no queued source and no read scoreboard.
 */
function addEntry(program: SassProgram, state: AbstractState, index: number): AbstractState {
  const instruction = program.instructions[index]!;
  const next = new Map<number, PendingEntry>();
  for (const [other, entry] of state) {
    if (other === index) continue;
    const follows = sameReadOrderedQueue(program, program.instructions[other]!, instruction);
    // Writing a predicate ends what a later branch on it can tell about instructions it guarded.
    const guard = program.instructions[other]!.guard;
    const broken = entry.guardIntact && guard !== null && instruction.destinations.includes(guard.predicate);
    next.set(other, follows || broken ? { ...entry, after: follows ? new Set([...entry.after, index]) : entry.after, guardIntact: entry.guardIntact && !broken } : entry);
  }
  if (instruction.unit.kind === 'none') return next;
  const older = state.get(index);
  const writes = instruction.destinations.length > 0 || instruction.control.writeScoreboard !== null;
  const reads = instruction.unit.kind === 'variable' && (queuedSources(instruction).length > 0 || instruction.control.readScoreboard !== null);
  const writesPending = writes || (older?.writesPending ?? false);
  const readsPending = reads || (older?.readsPending ?? false);
  // An ordered-queue instruction with nothing to track still orders the ones before it, which `after` already records.
  if (!writesPending && !readsPending) return next;
  next.set(index, {
    instruction: index,
    minAge: 0,
    instances: Math.min(INSTANCE_CAP, (older?.writesPending ? older.instances : 0) + (writes ? 1 : 0)),
    readInstances: Math.min(INSTANCE_CAP, (older?.readsPending ? older.readInstances : 0) + (reads ? 1 : 0)),
    readsPending,
    writesPending,
    guardIntact: instruction.guard !== null && !(older?.readsPending || older?.writesPending) && !instruction.destinations.includes(instruction.guard.predicate),
    skipped: false,
    after: new Set(),
  });
  return next;
}

/** Time passes: every age grows by the stall; fixed-latency results that have surely landed retire. */
function age(program: SassProgram, state: AbstractState, cycles: number): AbstractState {
  const next = new Map<number, PendingEntry>();
  for (const [index, entry] of state) {
    const minAge = Math.min(AGE_CAP, entry.minAge + cycles);
    const unit = program.instructions[index]!.unit;
    if (unit.kind === 'fixed' && minAge >= unit.latency) continue;
    next.set(index, { ...entry, minAge });
  }
  if (next.size === state.size) return next;
  return pruneSuccessors(next);
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

/** Both go through the same queue and it reads in issue order, so the later one's reads (and so its writes) come after the earlier one's reads. */
export function sameReadOrderedQueue(program: SassProgram, earlier: SassInstruction, later: SassInstruction): boolean {
  return earlier.unit.kind === 'variable' && later.unit.kind === 'variable' && earlier.unit.queue === later.unit.queue && readsInIssueOrder(program.queues[earlier.unit.queue]!);
}

function pair(kind: 'RAW' | 'WAR' | 'WAW', register: string, producer: number, consumer: number, why: string): Suspicion {
  return { kind, register, producer, consumer, scoreboard: null, why };
}
