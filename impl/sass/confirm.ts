import { successors } from './cfg.js';
import type { Hazard } from '../../spec/oracle/hazard.js';
import type { SassAction } from '../../spec/sass/machine/action.js';
import { sassIssueBlocker, type SassBounds } from '../../spec/sass/machine/readiness.js';
import type { SassState } from '../../spec/sass/machine/state.js';
import { readsAfter, readsInIssueOrder, type SassProgram } from '../../spec/sass/program.js';
import { sassSystem } from '../../spec/sass/system.js';
import { sassStateKey } from '../../spec/sass/machine/stateKey.js';
import type { Suspicion } from './analysis/suspicion.js';
import { pathThrough } from './path.js';
import type { StopPredicate } from '../budget.js';

/** A directed run is no search: bounds only guard against runaway loops, far above what a kernel holds in flight. */
const DIRECTED_BOUNDS: SassBounds = { inFlight: 4096, calls: 256 };

/** A hazard shown by a concrete run of the reference machine. */
export interface ConfirmedHazard {
  readonly hazard: Hazard;
  /** The actions of the run, from the initial state: replaying them shows the hazard. */
  readonly schedule: readonly SassAction[];
  /** The instructions the run issued up to the hazard, in order. */
  readonly path: readonly number[];
}

/**
 * Tries to show a suspected hazard on the reference machine (`spec/sass`) with one directed
 * schedule: follow a shortest control-flow path through the earlier instruction to the later
 * one, skip guarded instructions other than the two, let everything complete as early as
 * possible except the earlier instruction's read (WAR) or write (RAW, WAW), which waits until
 * the thread could not go on without it. Returns null when that run shows no hazard (or
 * `shouldStop` ended it first).
 *
 * `runs` remembers the runs of one check (all its suspicions, on either side of the table), so
 * that a run that would repeat one already made takes that one's outcome (see `DirectedRuns`);
 * without it each call starts afresh. Either way the answer is the same.
 */
export function confirmSuspicion(program: SassProgram, suspicion: Suspicion, stepLimit = 200_000, shouldStop?: StopPredicate, runs: DirectedRuns = new DirectedRuns()): ConfirmedHazard | null {
  const path = pathThrough(program, suspicion.producer, suspicion.consumer);
  if (!path) return null;
  // Guarded instructions off the pair skipped (their writes could mask the hazard), else executed
  // (a predicate committed false could stop a branch on the path from going its way).
  return runs.run(program, suspicion, path, false, stepLimit, shouldStop) ?? runs.run(program, suspicion, path, true, stepLimit, shouldStop);
}

/** How a directed run ended: what the caller needs to answer another run that meets it. */
type RunEnd =
  /** The thread finished (no action enabled) after `actions` actions; `found`: its final-state hazards. */
  | { readonly kind: 'finished'; readonly actions: number; readonly found: readonly Hazard[] }
  /** The `actions`-th action showed `found` (or halted the machine: a counter past 6 bits). */
  | { readonly kind: 'step'; readonly actions: number; readonly found: readonly Hazard[] }
  /** The step limit, `actions` actions, came first. */
  | { readonly kind: 'limit'; readonly actions: number }
  /** The run came back to a state it had been in: it would go round until any step limit, showing nothing. */
  | { readonly kind: 'endless' };

/** One directed run as it goes: its actions and issued instructions, and once it has ended (not stopped by the budget), how. */
interface RunRecord {
  schedule: SassAction[];
  issued: number[];
  end: RunEnd | null;
  /** Actions and issues a prefix checkpoint of this run points into: kept when the run lets go of the rest. */
  keep: { actions: number; issues: number };
}

/** A state a run passed through, under a policy: the run, where it was then, and the cycle (hazards carry cycles). */
interface Checkpoint {
  readonly run: RunRecord;
  readonly actions: number;
  readonly issues: number;
  readonly cycle: number;
}

/**
 * A state a run passed through before either instruction of its suspicion issued: where it was
 * on its path, the machine state itself, and the run whose actions led there.
 */
interface PrefixCheckpoint {
  readonly run: RunRecord;
  readonly actions: number;
  readonly issues: number;
  readonly position: number;
  readonly state: SassState;
}

/** What `DirectedRuns` keeps per program. */
interface ProgramRuns {
  /** Per instruction, the fewest instructions from it to the end of the thread. */
  readonly toExit: readonly number[];
  /** Where each instruction may issue again from (see `Cycles`). */
  readonly cycles: Cycles;
  /** Whole runs by everything that decides them (held instruction and stage, path's ends, guards, limit). */
  readonly whole: Map<string, RunRecord>;
  /** States met past the path, by the policy that was running and the state's identity. */
  readonly checkpoints: Map<string, Checkpoint>;
  /** States met before a run's pair issued, by guard policy and the path so far (see `PathPrefixes`). */
  readonly prefixes: Map<string, PrefixCheckpoint>;
  readonly pathPrefixes: PathPrefixes;
}

/** Every this many instructions of the kernel, a run past its path records its state (and looks for a run that met it). */
const CHECKPOINT_EVERY = 32;
/** Checkpoints kept per program (a state's identity is a few kilobytes of text): enough for every run of a check. */
const CHECKPOINT_LIMIT = 8_192;

/**
 * Numbers for the prefixes of paths: two paths share the number of a prefix length exactly when
 * they agree on it (interned one element at a time, so numbering a path costs its length).
 */
class PathPrefixes {
  private readonly ids = new Map<string, number>();

  /** Per length 0..path.length, the number of `path`'s prefix of that length. */
  of(path: readonly number[]): Int32Array {
    const numbers = new Int32Array(path.length + 1);
    for (let length = 1; length <= path.length; length++) {
      const key = `${numbers[length - 1]},${path[length - 1]}`;
      let id = this.ids.get(key);
      if (id === undefined) {
        id = this.ids.size + 1;
        this.ids.set(key, id);
      }
      numbers[length] = id;
    }
    return numbers;
  }
}

/**
 * The directed runs of one check, so that the 16 suspicions it tries do not each simulate the
 * whole kernel. A run is a deterministic function of the program and its policy; the policy
 * depends on the suspicion only through the held instruction and stage, the path (which
 * branches to take until the later instruction), and which guarded instructions execute. So:
 *
 * - a run whose policy is the same as an earlier one's (RAW and WAW on several registers of one
 *   pair of instructions: the same run) is that run, its findings picked again;
 * - until either instruction of its pair issues, a run depends only on its guard policy and its
 *   path so far (nothing is held yet, no guard is the pair's): it starts from the farthest state
 *   a run that agrees on those recorded, with neither instruction of its pair issued on the way
 *   (the way there is copied, not simulated: 53,000 actions for each suspicion of a
 *   20,000-instruction kernel whose pair lies mid-way);
 * - past its path, a run's next action depends only on the machine state and on what of the
 *   suspicion can still act (the held instruction, if it is in flight or may issue again; the
 *   later one's guard, if it may issue again). A run that reaches a state another run reached
 *   under the same policy has the same future, which the other run already simulated: its end
 *   is taken (shifted by the difference in actions and cycles) instead of simulated again,
 *   when the step limit would let this run get there too. A run that reaches its own earlier
 *   state goes round for ever: it ends at the step limit with nothing shown.
 *
 * On ptxas kernels of 5,000 to 20,000 instructions the runs of different suspicions meet soon
 * after their held step has landed, so most of them stop there instead of at the kernel's end.
 */
export class DirectedRuns {
  private readonly programs = new WeakMap<SassProgram, ProgramRuns>();

  /** `checkpointEvery`: a run past its path looks for (and records) its state at instructions whose index is a multiple of it (tests use 1). */
  constructor(private readonly checkpointEvery = CHECKPOINT_EVERY) {}

  /** Actions simulated, runs answered (wholly or from a checkpoint) by another run, and runs started where another was: for tests and the bench. */
  readonly stats = { runs: 0, actions: 0, reused: 0, resumed: 0 };

  /** One directed run of `suspicion` along `path`; `executeGuarded`: guarded instructions other than the pair execute. */
  run(program: SassProgram, suspicion: Suspicion, path: readonly number[], executeGuarded: boolean, stepLimit: number, shouldStop?: StopPredicate): ConfirmedHazard | null {
    const known = this.of(program);
    const key = `${suspicion.producer}${holdsRead(program, suspicion) ? 'r' : 'w'}:${path.join(',')}:${suspicion.consumer}:${executeGuarded ? 'g' : 's'}:${stepLimit}`;
    let record = known.whole.get(key);
    if (record?.end != null) {
      this.stats.reused++;
    } else {
      this.stats.runs++;
      record = directedRun(program, known, suspicion, path, executeGuarded, stepLimit, this.checkpointEvery, this.stats, shouldStop);
      if (record.end === null) return null;
      known.whole.set(key, record);
    }
    const end = record.end!;
    return end.kind === 'limit' || end.kind === 'endless' || end.found.length === 0 ? null : { hazard: pick(end.found, suspicion), schedule: record.schedule, path: record.issued };
  }

  private of(program: SassProgram): ProgramRuns {
    let known = this.programs.get(program);
    if (known === undefined) {
      known = { toExit: distancesToExit(program), cycles: cyclesOf(program), whole: new Map(), checkpoints: new Map(), prefixes: new Map(), pathPrefixes: new PathPrefixes() };
      this.programs.set(program, known);
    }
    return known;
  }
}

/**
 * Whether a directed run holds back the producer's read step (else its write): a WAR needs the
 * read late, and so does a RAW or WAW on a result the producer writes at its read step
 * (`SassInstruction.earlyDestinations`: an ATOM's predicate), which lands with the read.
 */
export function holdsRead(program: SassProgram, suspicion: Suspicion): boolean {
  if (suspicion.kind === 'WAR') return true;
  return suspicion.register !== null && program.instructions[suspicion.producer]!.earlyDestinations?.includes(suspicion.register) === true;
}

/** One directed run; `executeGuarded`: guarded instructions other than the pair execute. Its record has no end when `shouldStop` ended it. */
function directedRun(
  program: SassProgram, known: ProgramRuns, suspicion: Suspicion, path: readonly number[], executeGuarded: boolean, stepLimit: number,
  checkpointEvery: number, stats: { actions: number; reused: number; resumed: number }, shouldStop?: StopPredicate,
): RunRecord {
  const held = suspicion.producer;
  const holdRead = holdsRead(program, suspicion);
  const system = sassSystem(program, DIRECTED_BOUNDS);
  let state = system.initial;
  let position = 0;
  const record: RunRecord = { schedule: [], issued: [], end: null, keep: { actions: 0, issues: 0 } };
  // Until either instruction of the pair issues, what the run does depends only on the guard
  // policy and on its path up to one element past where it is (`choose` looks that far ahead):
  // a run that agrees on those went through the same states, and this one starts where the
  // farthest such run was.
  const prefixIds = known.pathPrefixes.of(path);
  const prefixKey = (at: number) => `${executeGuarded ? 'g' : 's'}|${prefixIds[Math.min(at + 2, path.length)]}`;
  const resumed = farthestPrefix(known, suspicion, path, prefixKey, stepLimit);
  if (resumed !== null) {
    record.schedule = resumed.run.schedule.slice(0, resumed.actions);
    record.issued = resumed.run.issued.slice(0, resumed.issues);
    state = resumed.state;
    position = resumed.position;
    stats.resumed++;
  }
  let pairIssued = false;
  const { schedule, issued } = record;
  const isHeld = (instruction: number, stage: 'read' | 'write') => instruction === held && (stage === 'read' ? holdRead : !holdRead);
  // What of the suspicion can still steer the run once past its path (see `DirectedRuns`).
  const heldMayAct = (current: SassState) => mayIssueAgain(known.cycles, held, current.pc)
    || current.fixed.some((entry) => entry.instruction === held) || current.queues.some((entries) => entries.some((entry) => entry.instruction === held));
  const consumerGuarded = program.instructions[suspicion.consumer]!.guard !== null;
  const consumerMatters = (current: SassState) => consumerGuarded && mayIssueAgain(known.cycles, suspicion.consumer, current.pc);
  for (let step = schedule.length; step < stepLimit; step++) {
    if (shouldStop?.() != null) return record;
    const enabled = system.actions(state);
    if (enabled.length === 0) return ended(record, { kind: 'finished', actions: schedule.length, found: system.stateFindings(state, enabled) });
    const action = choose(program, state, enabled, path, position, suspicion, isHeld, executeGuarded, known.toExit);
    if (action.type === 'issue' && !pairIssued && state.pc! % checkpointEvery === 0) {
      const key = prefixKey(position);
      if (!known.prefixes.has(key) && known.prefixes.size < CHECKPOINT_LIMIT) {
        known.prefixes.set(key, { run: record, actions: schedule.length, issues: issued.length, position, state });
        record.keep = { actions: schedule.length, issues: issued.length };
      }
    } else if (action.type === 'issue' && position >= path.length && state.pc! % checkpointEvery === 0) {
      const policy = `${executeGuarded ? 'g' : 's'}|${heldMayAct(state) ? `${held}${holdRead ? 'r' : 'w'}` : '-'}|${consumerMatters(state) ? suspicion.consumer : '-'}|`;
      const checkpointKey = policy + sassStateKey(state);
      const met = known.checkpoints.get(checkpointKey);
      // The run is back in a state it was in: the same actions again, for ever (nothing was shown, or it would have ended).
      if (met?.run === record) return ended(record, { kind: 'endless' });
      const end = met?.run.end;
      if (met !== undefined && end != null) {
        const taken = takeEnd(record, met, end, state.cycle, stepLimit);
        if (taken) {
          stats.reused++;
          return record;
        }
      }
      if ((met === undefined || met.run.end === null) && known.checkpoints.size < CHECKPOINT_LIMIT) {
        known.checkpoints.set(checkpointKey, { run: record, actions: schedule.length, issues: issued.length, cycle: state.cycle });
      }
    }
    const result = system.step(state, action);
    stats.actions++;
    schedule.push(action);
    if (action.type === 'issue') {
      issued.push(state.pc!);
      if (state.pc === held || state.pc === suspicion.consumer) pairIssued = true;
      if (position < path.length && path[position] === state.pc) position++;
    }
    state = result.state;
    if (result.findings.length > 0 || result.halt) return ended(record, { kind: 'step', actions: schedule.length, found: result.findings });
  }
  return ended(record, { kind: 'limit', actions: schedule.length });
}

/**
 * Sets a run's end. A run that showed nothing lets go of its actions: another run that meets it
 * needs only how many there were, and a check of a 20,000-instruction kernel makes dozens of
 * runs of 100,000 actions and more.
 */
function ended(record: RunRecord, end: RunEnd): RunRecord {
  record.end = end;
  if (end.kind === 'limit' || end.kind === 'endless' || end.found.length === 0) {
    record.schedule.length = record.keep.actions;
    record.issued.length = record.keep.issues;
  }
  return record;
}

/**
 * The farthest state along `path` that another run reached before either instruction of its
 * pair issued, under the same guard policy and path so far, with neither instruction of this
 * suspicion's pair among its issues either: up to there the two runs are one (no held step, no
 * pair instruction's guard, the same branches), so this run may start there. Null when none is
 * known, or the step limit ends this run before it.
 */
function farthestPrefix(known: ProgramRuns, suspicion: Suspicion, path: readonly number[], prefixKey: (at: number) => string, stepLimit: number): PrefixCheckpoint | null {
  // The path's first leg ends at the producer's first issue, the latest a run can be before it.
  for (let at = path.indexOf(suspicion.producer); at >= 0; at--) {
    const met = known.prefixes.get(prefixKey(at));
    if (met === undefined || met.actions >= stepLimit) continue;
    const issuedThere = (instruction: number) => met.issues > 0 && met.run.issued.lastIndexOf(instruction, met.issues - 1) !== -1;
    if (issuedThere(suspicion.producer) || issuedThere(suspicion.consumer)) continue;
    return met;
  }
  return null;
}

/**
 * Ends `record` (now in the state `met` recorded) as `met`'s run ended from there, when this
 * run's step limit lets it get as far; false when it cannot tell (the other run hit its own,
 * larger, limit first). Hazards are moved to this run's cycles.
 */
function takeEnd(record: RunRecord, met: Checkpoint, end: RunEnd, cycle: number, stepLimit: number): boolean {
  const done = record.schedule.length;
  if (end.kind === 'endless') {
    ended(record, end);
    return true;
  }
  const more = end.actions - met.actions;
  if (end.kind === 'limit') {
    // The other run went `more` actions from here without ending; this one has no more left than that.
    if (stepLimit - done > more) return false;
    ended(record, { kind: 'limit', actions: stepLimit });
    return true;
  }
  // A finished thread is seen at the start of the step after the last action, a finding right after the action.
  const last = end.kind === 'finished' ? done + more : done + more - 1;
  if (last >= stepLimit) {
    if (stepLimit - done > more) return false;
    ended(record, { kind: 'limit', actions: stepLimit });
    return true;
  }
  const shift = cycle - met.cycle;
  // One by one: a spread of 100,000 actions would overflow the stack.
  for (let at = met.actions; at < end.actions; at++) record.schedule.push(met.run.schedule[at]!);
  for (let at = met.issues; at < met.run.issued.length; at++) record.issued.push(met.run.issued[at]!);
  ended(record, { kind: end.kind, actions: done + more, found: end.found.map((hazard) => ({ ...hazard, cycle: hazard.cycle + shift })) });
  return true;
}

/**
 * The control-flow graph's strongly connected components: per instruction, whether it lies on
 * a cycle (it may issue more than once), and its component's number in Tarjan's order, in which
 * whatever a component reaches has a number no larger (components are numbered as they are
 * completed, sinks first).
 */
interface Cycles {
  readonly onCycle: Uint8Array;
  readonly component: Int32Array;
}

/**
 * Whether `instruction`, issued once already, may issue again once control is at `pc`: only if it
 * is on a cycle that `pc` can still reach (a component numbered no higher than `pc`'s). Past a
 * loop, its instructions are done with. The graph has more paths than the machine (returns go
 * to every call site), so "may" over-approximates, as it must.
 */
function mayIssueAgain(cycles: Cycles, instruction: number, pc: number | null): boolean {
  return pc !== null && cycles.onCycle[instruction] === 1 && cycles.component[instruction]! <= cycles.component[pc]!;
}

/** Tarjan's strongly connected components of the control-flow graph, iterative (kernels have tens of thousands of instructions). */
function cyclesOf(program: SassProgram): Cycles {
  const next = successors(program);
  const count = program.instructions.length;
  const onCycle = new Uint8Array(count);
  const component = new Int32Array(count);
  const index = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const onStack = new Uint8Array(count);
  const stack: number[] = [];
  let counter = 0;
  let components = 0;
  for (let root = 0; root < count; root++) {
    if (index[root] !== -1) continue;
    const work: [number, number][] = [[root, 0]];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const [node, edge] = frame;
      const targets = next[node]!;
      if (edge < targets.length) {
        frame[1]++;
        const target = targets[edge]!;
        if (index[target] === -1) {
          index[target] = low[target] = counter++;
          stack.push(target);
          onStack[target] = 1;
          work.push([target, 0]);
        } else if (onStack[target] === 1) {
          low[node] = Math.min(low[node]!, index[target]!);
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]![0];
        low[parent] = Math.min(low[parent]!, low[node]!);
      }
      if (low[node] !== index[node]) continue;
      const members: number[] = [];
      for (let member = stack.pop()!; ; member = stack.pop()!) {
        onStack[member] = 0;
        members.push(member);
        if (member === node) break;
      }
      const cyclic = members.length > 1 || next[node]!.includes(node);
      for (const member of members) {
        component[member] = components;
        if (cyclic) onCycle[member] = 1;
      }
      components++;
    }
  }
  return { onCycle, component };
}

/**
 * How a guarded instruction off the pair goes where its guard names the predicate that guards the
 * producer or consumer, with no write of it between the two in the listing: executed in the same
 * sense, skipped in the opposite one, so that the run
 * does not commit the predicate against the pair (the machine keeps a predicate's value between
 * guards that read it: `@P0 FFMA` skipped makes a later `@P0 FADD` skipped too). Undefined
 * otherwise: the run's own policy decides. A choice the machine does not allow falls back to the
 * one it does; a schedule found is replayed whatever chose it.
 */
export function guardChoice(program: SassProgram, pc: number, suspicion: Suspicion): boolean | undefined {
  const guard = program.instructions[pc]!.guard;
  if (guard === null) return undefined;
  for (const pair of [suspicion.producer, suspicion.consumer]) {
    const other = program.instructions[pair]!.guard;
    if (other === null || other.predicate !== guard.predicate) continue;
    // Only the same value: no instruction between the two (in listing order) writes the predicate.
    const [from, to] = pc < pair ? [pc, pair] : [pair, pc];
    if (program.instructions.slice(from, to).some((between) => between.destinations.includes(guard.predicate))) continue;
    return other.negated === guard.negated;
  }
  return undefined;
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
  if (held && stuck && !othersInFlight(program, state, suspicion.producer, isHeld(suspicion.producer, 'read'))) return held;
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
  // Behind a held read, the later entries of the queues reading in one order with its own cannot read either.
  const heldQueue = state.queues.findIndex((entries) => entries.some((entry) => entry.instruction === held));
  const heldSeq = heldQueue < 0 ? -1 : state.queues[heldQueue]!.find((entry) => entry.instruction === held)!.seq;
  return state.queues.some((entries, queue) => {
    const position = entries.findIndex((entry) => entry.instruction === held);
    const order = program.queues[queue]!;
    if (position < 0 && holdRead && heldQueue >= 0 && readsAfter(program, heldQueue, queue)) {
      return entries.some((entry) => entry.stage === 'executing' || entry.seq < heldSeq);
    }
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
