/**
 * The analysis and the directed runs as they were before they were made fast for big kernels
 * (git history: the commit before "big kernels"), kept as the straightforward reference the
 * fast versions are compared with: a sweep over the whole kernel per round, a \`Map\` per state
 * copied at every step, suspicions looked for at every step, one directed run per suspicion.
 * Only the tests use it.
 */
import { exclusiveGuards } from '../../../../impl/sass/analysis/exclusiveGuards.js';
import { landingLatency, readLatency } from '../../../../spec/sass/latency.js';
import { readsInIssueOrder, type SassInstruction, type SassProgram } from '../../../../spec/sass/program.js';
import { successors } from '../../../../impl/sass/cfg.js';
import { guardChoice } from '../../../../impl/sass/confirm.js';
import { AGE_CAP, INSTANCE_CAP, type AbstractState, type PendingEntry } from '../../../../impl/sass/analysis/domain.js';
import { suspicionKey, type Suspicion } from '../../../../impl/sass/analysis/suspicion.js';
import type { Hazard } from '../../../../spec/oracle/hazard.js';
import type { SassAction } from '../../../../spec/sass/machine/action.js';
import { sassIssueBlocker, type SassBounds } from '../../../../spec/sass/machine/readiness.js';
import type { SassState } from '../../../../spec/sass/machine/state.js';
import { sassSystem } from '../../../../spec/sass/system.js';
import { pathThrough } from '../../../../impl/sass/path.js';
import type { ConfirmedHazard } from '../../../../impl/sass/confirm.js';

// --- domain ---
/** The least upper bound of two abstract states (at a control-flow merge). */
function join(a: AbstractState, b: AbstractState): AbstractState {
  const joined = new Map<number, PendingEntry>(a);
  for (const [index, right] of b) {
    const left = joined.get(index);
    if (!left) {
      joined.set(index, right);
      continue;
    }
    joined.set(index, {
      instruction: index,
      minAge: Math.min(left.minAge, right.minAge),
      instances: Math.max(left.instances, right.instances),
      readInstances: Math.max(left.readsPending ? left.readInstances : 0, right.readsPending ? right.readInstances : 0),
      readsPending: left.readsPending || right.readsPending,
      writesPending: left.writesPending || right.writesPending,
      guardIntact: left.guardIntact && right.guardIntact,
      skipped: left.skipped && right.skipped,
      after: new Set([...left.after].filter((other) => right.after.has(other))),
    });
  }
  return joined;
}

/** True when two abstract states are the same. */
function sameState(a: AbstractState, b: AbstractState): boolean {
  if (a.size !== b.size) return false;
  for (const [index, left] of a) {
    const right = b.get(index);
    if (!right) return false;
    if (left.minAge !== right.minAge || left.instances !== right.instances || left.readInstances !== right.readInstances) return false;
    if (left.readsPending !== right.readsPending || left.writesPending !== right.writesPending) return false;
    if (left.guardIntact !== right.guardIntact || left.skipped !== right.skipped) return false;
    if (left.after.size !== right.after.size || [...left.after].some((other) => !right.after.has(other))) return false;
  }
  return true;
}

/**
 * Drops entries that left the state from every `after` set (in place): an instruction no longer
 * pending is nobody's pending successor. Returns the same map.
 */
function pruneSuccessors(state: Map<number, PendingEntry>): Map<number, PendingEntry> {
  for (const [index, entry] of state) {
    const after = new Set([...entry.after].filter((other) => state.has(other)));
    if (after.size !== entry.after.size) state.set(index, { ...entry, after });
  }
  return state;
}

// --- edge ---
/**
 * The state on one edge of a guarded control transfer: taking `@P0 BRA` means P0 held, falling
 * through means it did not. A pending instruction guarded by the same predicate, not written
 * since, therefore did or did not execute; one that did not is marked `skipped` (the
 * `@P0 LDS ...; @P0 BRA LOOP` pattern of software-pipelined loops).
 */
function refineEdge(program: SassProgram, state: AbstractState, from: number, to: number): AbstractState {
  const instruction = program.instructions[from]!;
  const guard = instruction.guard;
  const flow = instruction.flow;
  // Branches and exits only: a return's edges are shared with other returns' sites.
  if (guard === null || (flow.kind !== 'branch' && flow.kind !== 'exit')) return state;
  const target = flow.kind === 'branch' ? flow.target : null;
  if (target === from + 1) return state;
  const taken = to === target;
  if (!taken && to !== from + 1) return state;
  // A conditional transfer (`@!P0 BRA P1, ...`) falls through when its own condition fails too:
  // falling through says nothing of the guard.
  if (!taken && flow.conditional === true) return state;
  // The predicate's value on this edge.
  const value = taken !== guard.negated;
  let refined: Map<number, PendingEntry> | null = null;
  for (const [index, entry] of state) {
    const entryGuard = program.instructions[index]!.guard;
    if (!entry.guardIntact || entry.skipped || entryGuard?.predicate !== guard.predicate) continue;
    const executed = value !== entryGuard.negated;
    if (executed) continue;
    refined ??= new Map(state);
    refined.set(index, { ...entry, skipped: true });
  }
  return refined ?? state;
}

// --- retire ---
/**
 * What an instruction allowed to issue learns from scoreboard `scoreboard` reading at most
 * `limit` (0 for a wait mask, k for `DEPBAR.LE SBn, k`). Suppose an entry's write were still
 * outstanding: it would count on its write scoreboard (once its increment is visible), and so
 * would every later entry of the same ordered queue, which cannot have written either. If that
 * forced count exceeds the limit, the supposition is false and the write has landed. Reads
 * argue the same way (a pending read also means a pending write, there and later in the queue),
 * in every queue that reads in order, even one whose results complete in any order: a later
 * entry that has not read has not written.
 */
function retire(program: SassProgram, state: AbstractState, scoreboard: number, limit: number, visibilityDelay: number): AbstractState {
  const visible = (entry: PendingEntry) => entry.minAge >= visibilityDelay;
  const counts = (entry: PendingEntry, withReads: boolean): number => {
    const control = program.instructions[entry.instruction]!.control;
    if (!visible(entry)) return 0;
    return (control.writeScoreboard === scoreboard ? 1 : 0) + (withReads && control.readScoreboard === scoreboard ? 1 : 0);
  };
  const forced = (entry: PendingEntry, withReads: boolean): number => {
    const instruction = program.instructions[entry.instruction]!;
    let total = counts(entry, withReads);
    for (const later of entry.after) {
      const laterEntry = state.get(later);
      const laterInstruction = program.instructions[later]!;
      const follows = withReads ? sameReadOrderedQueue(program, instruction, laterInstruction) : sameOrderedQueue(program, instruction, laterInstruction);
      if (laterEntry && follows) total += counts(laterEntry, withReads);
    }
    return total;
  };
  const next = new Map<number, PendingEntry>();
  let changed = false;
  for (const [index, entry] of state) {
    if (program.instructions[index]!.unit.kind !== 'variable') {
      next.set(index, entry);
      continue;
    }
    // A write proved complete here proves the read before it; writes never tracked (stores) prove nothing.
    const writeLanded = entry.writesPending && forced(entry, false) > limit;
    const writesPending = entry.writesPending && !writeLanded;
    const readsPending = entry.readsPending && !writeLanded && forced(entry, true) <= limit;
    if (writesPending === entry.writesPending && readsPending === entry.readsPending) {
      next.set(index, entry);
      continue;
    }
    changed = true;
    if (writesPending || readsPending) next.set(index, { ...entry, writesPending, readsPending });
  }
  if (!changed) return state;
  return pruneSuccessors(next);
}

// --- transfer ---
/** The abstract state after an instruction issues, and the hazards its issue may cause. */
interface TransferResult {
  readonly state: AbstractState;
  readonly suspicions: readonly Suspicion[];
}

/**
 * Abstract issue of instruction `index`, mirroring the machine's rules in order: the wait mask
 * and `DEPBAR` hold at issue (what they prove complete is retired), then reads at issue (guard,
 * and every source of a fixed or unit-less instruction) or later (queued sources), then the
 * writes it will make, then the instruction joins the pending set and time passes by its stall.
 */
function transfer(program: SassProgram, state: AbstractState, index: number): TransferResult {
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
      if (entry.skipped || !entry.writesPending || !producer.destinations.includes(register) || exclusiveGuards(program, entry, instruction)) continue;
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
      if (entry.skipped || exclusiveGuards(program, entry, instruction)) continue;
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
function queuedSources(instruction: SassInstruction): readonly string[] {
  const guard = instruction.guard?.predicate;
  return instruction.unit.kind === 'variable' ? instruction.sources.filter((register) => register !== guard && !instruction.readAtIssue.includes(register)) : [];
}

/** Both go through the same ordered queue, so the later one's reads and writes come after the earlier one's. */
function sameOrderedQueue(program: SassProgram, earlier: SassInstruction, later: SassInstruction): boolean {
  return earlier.unit.kind === 'variable' && later.unit.kind === 'variable' && earlier.unit.queue === later.unit.queue && program.queues[earlier.unit.queue]!.ordered;
}

/** Both go through the same queue and it reads in issue order, so the later one's reads (and so its writes) come after the earlier one's reads. */
function sameReadOrderedQueue(program: SassProgram, earlier: SassInstruction, later: SassInstruction): boolean {
  return earlier.unit.kind === 'variable' && later.unit.kind === 'variable' && earlier.unit.queue === later.unit.queue && readsInIssueOrder(program.queues[earlier.unit.queue]!);
}

function pair(kind: 'RAW' | 'WAR' | 'WAW', register: string, producer: number, consumer: number, why: string): Suspicion {
  return { kind, register, producer, consumer, scoreboard: null, why };
}

// --- fixpoint ---
/** What the analysis found: the abstract state before each instruction and every hazard it cannot rule out. */
/** What the reference analysis found. */
export interface ReferenceAnalysis {
  /** Abstract state before each instruction; null where no path reaches it. */
  readonly before: readonly (AbstractState | null)[];
  readonly suspicions: readonly Suspicion[];
  /** Transfer-function applications until the fixpoint (a measure of the work done). */
  readonly steps: number;
  /** Why the analysis stopped before its fixpoint (a time budget); then its states and suspicions prove nothing. */
  readonly stoppedBy: string | null;
}

/**
 * Abstract interpretation of a kernel: starting from nothing in flight at instruction 0,
 * propagate abstract states along the control-flow graph, joining at merges, until nothing
 * changes. The domain is finite (capped ages and instance counts, sets of instructions) and the
 * transfer monotone, so this terminates and the final states cover every path, loop count and
 * latency. Suspicions are collected from the final states only.
 */
export function referenceAnalyze(program: SassProgram): ReferenceAnalysis {
  const count = program.instructions.length;
  const next = successors(program);
  const before: (AbstractState | null)[] = new Array<AbstractState | null>(count).fill(null);
  if (count === 0) return { before, suspicions: [], steps: 0, stoppedBy: null };
  before[0] = new Map();
  // Sweeps in index order: straight-line code settles in one sweep, each loop in a few more.
  const dirty = new Array<boolean>(count).fill(false);
  dirty[0] = true;
  let steps = 0;
  for (let changed = true; changed; ) {
    changed = false;
    for (let index = 0; index < count; index++) {
      if (!dirty[index]) continue;
      dirty[index] = false;
      steps++;
      const { state } = transfer(program, before[index]!, index);
      for (const successor of next[index]!) {
        const old = before[successor];
        const edge = refineEdge(program, state, index, successor);
        const joined = old ? join(old, edge) : edge;
        if (old && sameState(old, joined)) continue;
        before[successor] = joined;
        dirty[successor] = true;
        changed = true;
      }
    }
  }
  const seen = new Map<string, Suspicion>();
  before.forEach((state, index) => {
    if (!state) return;
    for (const suspicion of transfer(program, state, index).suspicions) {
      const key = suspicionKey(suspicion);
      if (!seen.has(key)) seen.set(key, suspicion);
    }
  });
  return { before, suspicions: [...seen.values()], steps, stoppedBy: null };
}

// --- confirm ---
/** A directed run is no search: bounds only guard against runaway loops, far above what a kernel holds in flight. */
const DIRECTED_BOUNDS: SassBounds = { inFlight: 4096, calls: 256 };

/** A hazard shown by a concrete run of the reference machine. */

/**
 * Tries to show a suspected hazard on the reference machine (`spec/sass`) with one directed
 * schedule: follow a shortest control-flow path through the earlier instruction to the later
 * one, skip guarded instructions other than the two, let everything complete as early as
 * possible except the earlier instruction's read (WAR) or write (RAW, WAW), which waits until
 * the thread could not go on without it. Returns null when that run shows no hazard (or
 * `shouldStop` ended it first).
 */
export function referenceConfirm(program: SassProgram, suspicion: Suspicion, stepLimit = 200_000): ConfirmedHazard | null {
  const path = pathThrough(program, suspicion.producer, suspicion.consumer);
  if (!path) return null;
  // Guarded instructions off the pair skipped (their writes could mask the hazard), else executed
  // (a predicate committed false could stop a branch on the path from going its way).
  return directedRun(program, suspicion, path, false, stepLimit) ?? directedRun(program, suspicion, path, true, stepLimit);
}

/** One directed run; `executeGuarded`: guarded instructions other than the pair execute. */
function directedRun(program: SassProgram, suspicion: Suspicion, path: readonly number[], executeGuarded: boolean, stepLimit: number): ConfirmedHazard | null {
  const held = suspicion.producer;
  const holdRead = suspicion.kind === 'WAR';
  const system = sassSystem(program, DIRECTED_BOUNDS);
  const toExit = distancesToExit(program);
  let state = system.initial;
  let position = 0;
  const schedule: SassAction[] = [];
  const issued: number[] = [];
  const isHeld = (instruction: number, stage: 'read' | 'write') => instruction === held && (stage === 'read' ? holdRead : !holdRead);
  for (let step = 0; step < stepLimit; step++) {
    const enabled = system.actions(state);
    if (enabled.length === 0) {
      const found = system.stateFindings(state, enabled);
      return found.length > 0 ? { hazard: pick(found, suspicion), schedule, path: issued } : null;
    }
    const action = choose(program, state, enabled, path, position, suspicion, isHeld, executeGuarded, toExit);
    const result = system.step(state, action);
    schedule.push(action);
    if (action.type === 'issue') {
      issued.push(state.pc!);
      if (position < path.length && path[position] === state.pc) position++;
    }
    state = result.state;
    if (result.findings.length > 0) return { hazard: pick(result.findings, suspicion), schedule, path: issued };
    if (result.halt) return null;
  }
  return null;
}

/** The directed policy: everything early but the held step; the path decides branches. */
function choose(
  program: SassProgram,
  state: SassState,
  enabled: readonly SassAction[],
  path: readonly number[],
  position: number,
  suspicion: Suspicion,
  isHeld: (instruction: number, stage: 'read' | 'write') => boolean,
  executeGuarded: boolean,
  toExit: readonly number[],
): SassAction {
  const instructionOf = (action: SassAction): number | null => {
    if (action.type === 'writeFixed') return state.fixed[action.position]!.instruction;
    if (action.type === 'write' || action.type === 'read') return state.queues[action.queue]![action.position]!.instruction;
    return null;
  };
  const free = enabled.filter((action) => {
    const instruction = instructionOf(action);
    if (instruction === null || action.type === 'writeFixed') return instruction !== null;
    return !isHeld(instruction, action.type === 'read' ? 'read' : 'write');
  });
  if (free.length > 0) return free[0]!;
  const blocker = sassIssueBlocker(program, state, DIRECTED_BOUNDS);
  const stuck = blocker !== null && blocker.reason !== 'stall';
  // The held step goes only when the thread cannot go on without it, and after everything else
  // that can still land has landed (a later write must not be overtaken by the held read).
  const held = enabled.find((action) => instructionOf(action) !== null);
  if (held && stuck && !othersInFlight(program, state, suspicion.producer, suspicion.kind === 'WAR')) return held;
  // A WAR shows as soon as the later write has landed: the held read may go then, a schedule as
  // real as waiting until the thread is stuck, which could be the end of a long kernel.
  if (held && held.type === 'read' && suspicion.kind === 'WAR' && overwrittenBeforeRead(state, suspicion)) return held;
  const issues = enabled.filter((action) => action.type === 'issue');
  if (issues.length > 0) {
    const pc = state.pc!;
    const instruction = program.instructions[pc]!;
    const want = position < path.length && path[position] === pc ? path[position + 1] : undefined;
    let taken: boolean;
    if (instruction.flow.kind === 'next') taken = pc === suspicion.producer || pc === suspicion.consumer || (guardChoice(program, pc, suspicion) ?? executeGuarded);
    // Past the path, a branch goes the shorter way out of the program: the run should end with the
    // held step landing, not go round a loop until the step limit.
    else if (want === undefined) taken = instruction.flow.kind === 'branch' && pc + 1 < program.instructions.length && toExit[instruction.flow.target]! < toExit[pc + 1]!;
    else taken = !(want === pc + 1 && (instruction.flow.kind !== 'branch' || instruction.flow.target !== pc + 1));
    return issues.find((action) => action.type === 'issue' && action.taken === taken) ?? issues[0]!;
  }
  return enabled.find((action) => action.type === 'endWrites' || action.type === 'endReads' || action.type === 'tick') ?? enabled[0]!;
}

/** Per instruction, the fewest instructions from it to the end of the thread (an exit, or falling off the end); Infinity where none. */
function distancesToExit(program: SassProgram): number[] {
  const next = successors(program);
  const count = program.instructions.length;
  const distance = new Array<number>(count).fill(Number.POSITIVE_INFINITY);
  const before: number[][] = Array.from({ length: count }, () => []);
  const queue: number[] = [];
  next.forEach((targets, index) => {
    for (const target of targets) before[target]!.push(index);
    const flow = program.instructions[index]!.flow;
    const ends = flow.kind === 'exit' || flow.kind === 'return' || (index + 1 === count && (flow.kind === 'next' || program.instructions[index]!.guard !== null));
    if (ends) {
      distance[index] = 0;
      queue.push(index);
    }
  });
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head]!;
    for (const previous of before[at]!) {
      if (distance[previous]! <= distance[at]! + 1) continue;
      distance[previous] = distance[at]! + 1;
      queue.push(previous);
    }
  }
  return distance;
}

/** Whether the suspicion's register already holds a later instance's write while the held instruction has yet to read it. */
function overwrittenBeforeRead(state: SassState, suspicion: Suspicion): boolean {
  if (suspicion.register === null) return false;
  const entry = state.queues.flat().find((inFlight) => inFlight.instruction === suspicion.producer && inFlight.stage === 'queued');
  const value = state.physical[suspicion.register];
  return entry !== undefined && value !== undefined && value.seq > entry.seq;
}

/**
 * Whether anything besides the held instruction is in flight and can move without it: fixed
 * latencies, other queues, entries ahead of it in its own queue, and, behind a held write in an
 * ordered queue, entries that have yet to read.
 */
function othersInFlight(program: SassProgram, state: SassState, held: number, holdRead: boolean): boolean {
  if (state.fixed.length > 0) return true;
  return state.queues.some((entries, queue) => {
    const position = entries.findIndex((entry) => entry.instruction === held);
    const order = program.queues[queue]!;
    if (position < 0 || !readsInIssueOrder(order)) return entries.some((entry) => entry.instruction !== held);
    // Reads only in order: behind a held read, entries that have read can still write.
    if (!order.ordered) return entries.some((entry) => entry.instruction !== held && (!holdRead || entry.stage === 'executing'));
    // Behind a held write, later entries can still read; behind a held read, nothing moves.
    return position > 0 || (!holdRead && entries.slice(position + 1).some((entry) => entry.stage === 'queued'));
  });
}

/** The finding that matches the suspicion if the run showed it, else the first (still a real hazard). */
function pick(found: readonly Hazard[], suspicion: Suspicion): Hazard {
  return found.find((hazard) => hazard.kind === suspicion.kind && (hazard.kind === 'overflow' || hazard.register === suspicion.register)) ?? found[0]!;
}
