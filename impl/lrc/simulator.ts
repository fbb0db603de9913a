import { classifyRead } from '../../spec/oracle/classify.js';
import type { LrcEvent } from '../../spec/lrc/event.js';
import type { BlockedThread, LrcFinding } from '../../spec/lrc/finding.js';
import type { LrcSchedule } from '../../spec/lrc/schedule.js';
import type { ContextStatus } from '../../spec/lrc/state.js';
import { FIXED, NO_WRITER, REQUEST, type CompiledLrcProgram } from './compiled.js';

/** What one simulated execution produced. */
export interface LrcSimulationResult {
  /** The spec's findings, in the spec's order (a deadlock last). */
  readonly findings: LrcFinding[];
  /** False when a counter overflow (or underflow) halted the run; true when it finished or got stuck. */
  readonly finished: boolean;
  /** The spec's clock when the run stopped: the cycle of its final state (`replayPath(...).state.cycle`). */
  readonly lastCycle: number;
  /** The events, in the spec's format, when tracing was asked for. */
  readonly events: LrcEvent[] | null;
  /** Units granted (instruction instances issued), over all threads. */
  readonly grants: number;
  /**
   * Sum over threads of the grant phases, from the thread's launch to the grant of its last
   * instruction, in which it was in DEP or WAIT and not granted (a thread that never got its last
   * grant counts up to the last grant phase of the run).
   */
  readonly stallCycles: number;
  /** Longest run of consecutive cycles a context spent in WAIT (eligible, not DEP) without a grant. */
  readonly maxWaitCycles: number;
  /** Cycles in which some unit was granted to two contexts: always 0 for a correct resource manager. */
  readonly unitConflicts: number;
  /** Cycles actually simulated (the others were skipped: nothing could happen in them). */
  readonly activeCycles: number;
}

// Context states as small integers. EXEC stands for ALU / LOAD / FLOW: granted this cycle.
const IDLE = 0;
const WAIT = 1;
const DEP = 2;
const EXEC = 3;
const EMIT = 4;
const STATUS_NAMES: readonly ContextStatus[] = ['IDLE', 'WAIT', 'DEP', 'ALU', 'EMIT'];
/** A due cycle that never comes (kept a small integer so the hot loops stay on integers). */
const NEVER = 0x3fffffff;

/** Index of the lowest set bit of a non-zero mask. */
function lowestBit(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}

/**
 * The optimized LRC thread scheduler: runs a compiled program under a concrete latency schedule
 * with exactly the rules of the spec's `runLrcSchedule` (round-robin resource manager, every
 * step at the earliest cycle the schedule allows) and produces the same events, findings and
 * finished flag. Typed arrays are allocated once per simulator; the outstanding requests and the
 * fixed-latency results are kept as ordered lists (the spec's order, compacted in place), counter
 * and dependency-flag sets as bitmasks, and cycles in which nothing can happen are skipped by
 * jumping to the next cycle where a return, read, grant or emit can happen.
 */
export class LrcSimulator {
  private readonly registerCount: number;
  // Per context.
  private readonly thread: Int32Array;
  private readonly status: Uint8Array;
  private readonly pc: Int32Array;
  /** Requests, preloads and fixed results still owed to the context. */
  private readonly owed: Int32Array;
  /** Bit c set when counter c of the context is not 0. */
  private readonly nonzero: Int32Array;
  private readonly waitRun: Int32Array;
  private readonly counters: Int32Array;
  private readonly registers: Int32Array;
  /** Registers in the order they were first written (the key order of the spec's register record). */
  private readonly writeOrder: Int32Array;
  private readonly writeOrderLength: Int32Array;
  private readonly pendingPreloads: Int32Array;
  // Per thread.
  private readonly launchCycle: Int32Array;
  private readonly threadGrants: Int32Array;
  private readonly lastGrantCycle: Int32Array;
  /** Per instruction instance (thread * size + instruction): 1 while its request or result is in flight. */
  private readonly inFlight: Uint8Array;
  // Outstanding requests and preloads, oldest first. instruction -1: preload `preload`.
  private readonly requestContext: Int32Array;
  private readonly requestCounter: Int32Array;
  private readonly requestInstruction: Int32Array;
  private readonly requestPreload: Int32Array;
  private readonly requestRead: Uint8Array;
  /** Unread: the earliest cycle of the source read; read: the earliest cycle of the return. */
  private readonly requestDue: Int32Array;
  // Fixed-latency results on their way, in grant order.
  private readonly resultContext: Int32Array;
  private readonly resultInstruction: Int32Array;
  private readonly resultDue: Int32Array;
  // Per unit.
  private readonly lastGranted: Int32Array;
  private readonly best: Int32Array;
  private readonly bestDistance: Int32Array;
  private readonly grantedAt: Int32Array;
  /** Per (context, counter): stamp of the scan that has seen an older outstanding request of the class. */
  private readonly groupStamp: Int32Array;
  private readonly noOrder: Uint8Array;

  constructor(private readonly compiled: CompiledLrcProgram) {
    const { contexts: n, threads, size, counterCount: k, registerNames, unitCount, preloadCount } = compiled;
    const r = registerNames.length;
    this.registerCount = r;
    this.thread = new Int32Array(n);
    this.status = new Uint8Array(n);
    this.pc = new Int32Array(n);
    this.owed = new Int32Array(n);
    this.nonzero = new Int32Array(n);
    this.waitRun = new Int32Array(n);
    this.counters = new Int32Array(n * k);
    this.registers = new Int32Array(n * r);
    this.writeOrder = new Int32Array(n * r);
    this.writeOrderLength = new Int32Array(n);
    this.pendingPreloads = new Int32Array(n * r);
    this.launchCycle = new Int32Array(threads);
    this.threadGrants = new Int32Array(threads);
    this.lastGrantCycle = new Int32Array(threads);
    this.inFlight = new Uint8Array(threads * size);
    // A context runs one thread at a time, and a thread has at most size + preloadCount entries in flight.
    const requests = n * (size + preloadCount);
    this.requestContext = new Int32Array(requests);
    this.requestCounter = new Int32Array(requests);
    this.requestInstruction = new Int32Array(requests);
    this.requestPreload = new Int32Array(requests);
    this.requestRead = new Uint8Array(requests);
    this.requestDue = new Int32Array(requests);
    this.resultContext = new Int32Array(n * size);
    this.resultInstruction = new Int32Array(n * size);
    this.resultDue = new Int32Array(n * size);
    this.lastGranted = new Int32Array(unitCount);
    this.best = new Int32Array(unitCount);
    this.bestDistance = new Int32Array(unitCount);
    this.grantedAt = new Int32Array(unitCount);
    this.groupStamp = new Int32Array(n * k);
    this.noOrder = new Uint8Array(k);
  }

  /** Runs one execution under `schedule`; with `trace`, also returns the events in the spec's format. */
  run(schedule: LrcSchedule, trace = false): LrcSimulationResult {
    const c = this.compiled;
    const { size: S, contexts: n, threads: T, counterCount: K, initialPc, preloadCount: P } = c;
    const { unitOf, kindOf, latencyOf, counterOf, waitMask, sourceStart, sources, expectedWriter, destinationStart, destinations, counterMax, registerNames } = c;
    const { preloadRegister, preloadCounter, preloadDelayIndex, preloadShared, initialValue } = c;
    const { readDelay, returnDelay, preloadDelay } = schedule;
    const R = this.registerCount;
    if (readDelay.length < T * S || returnDelay.length < T * S || preloadDelay.length < T * P) {
      throw new Error(`the schedule does not fit the program: it needs ${T * S} request delays and ${T * P} preload delays, it has ${Math.min(readDelay.length, returnDelay.length)} and ${preloadDelay.length}`);
    }
    const {
      thread, status, pc, owed, nonzero, waitRun, counters, registers, writeOrder, writeOrderLength, pendingPreloads,
      launchCycle, threadGrants, lastGrantCycle, inFlight, requestContext, requestCounter, requestInstruction, requestPreload,
      requestRead, requestDue, resultContext, resultInstruction, resultDue, lastGranted, best, bestDistance, grantedAt, groupStamp,
    } = this;
    const inOrder = this.honoursInOrder() ? c.inOrder : this.noOrder;
    const grantLimit = this.grantsPerUnit();
    thread.fill(-1);
    status.fill(IDLE);
    pc.fill(0);
    owed.fill(0);
    nonzero.fill(0);
    waitRun.fill(0);
    counters.fill(0);
    pendingPreloads.fill(0);
    threadGrants.fill(0);
    lastGrantCycle.fill(-1);
    inFlight.fill(0);
    lastGranted.fill(n - 1);
    grantedAt.fill(-1);
    groupStamp.fill(0);
    let stamp = 0;

    const events: LrcEvent[] | null = trace ? [] : null;
    const findings: LrcFinding[] = [];
    let cycle = 0;
    let launched = 0;
    let requestCount = 0;
    let resultCount = 0;
    let unread = 0;
    // Lower bounds of the due cycles of the results, the unread requests (reads) and the read ones (returns): phases skip their scans before them.
    let resultDueMin = NEVER;
    let readDueMin = NEVER;
    let returnDueMin = NEVER;
    let halted = false;
    let stopCycle = 0;
    let lastGrantPhase = -1;
    let activeCycles = 0;
    let grants = 0;
    let maxWaitCycles = 0;
    let unitConflicts = 0;

    /** The counter an instruction or an EMIT context is held by, as a mask of non-zero counters (0: free). */
    const holding = (context: number): number =>
      status[context] === EMIT ? nonzero[context]! : waitMask[pc[context]!]! & nonzero[context]!;
    const changeCounter = (context: number, counter: number, by: number): number => {
      const value = (counters[context * K + counter]! += by);
      if (value === 0) nonzero[context]! &= ~(1 << counter);
      else nonzero[context]! |= 1 << counter;
      return value;
    };
    const overflow = (context: number, instruction: number, counter: number, value: number): void => {
      const t = thread[context]!;
      events?.push({ type: 'overflow', cycle, context, thread: t, instruction, counter, value });
      findings.push({ kind: 'overflow', thread: t, context, counter, instruction, value, cycle });
    };
    const write = (context: number, register: number, writer: number): void => {
      const at = context * R + register;
      if (registers[at] === NO_WRITER) writeOrder[context * R + writeOrderLength[context]!++] = register;
      registers[at] = writer;
    };
    const writeDestinations = (context: number, instruction: number): void => {
      for (let d = destinationStart[instruction]!; d < destinationStart[instruction + 1]!; d++) write(context, destinations[d]!, instruction);
      if (events) {
        const names: string[] = [];
        for (let d = destinationStart[instruction]!; d < destinationStart[instruction + 1]!; d++) names.push(registerNames[destinations[d]!]!);
        events.push({ type: 'write', cycle, context, thread: thread[context]!, instruction, registers: names });
      }
    };
    /** The spec's `hasLanded` on the state after the step. */
    const landed = (context: number, writer: number, register: number): boolean => {
      if (writer === -1) return pendingPreloads[context * R + register] === 0;
      if (pc[context]! <= writer) return false;
      return inFlight[thread[context]! * S + writer] === 0;
    };
    const readSources = (context: number, instruction: number): void => {
      const t = thread[context]!;
      const base = context * R;
      const from = sourceStart[instruction]!;
      const to = sourceStart[instruction + 1]!;
      if (events) {
        const seen = [];
        for (let s = from; s < to; s++) {
          const value = registers[base + sources[s]!]!;
          seen.push({ register: registerNames[sources[s]!]!, writer: value === NO_WRITER ? null : value });
        }
        events.push({ type: 'read', cycle, context, thread: t, instruction, seen });
      }
      for (let s = from; s < to; s++) {
        const register = sources[s]!;
        const seen = registers[base + register]!;
        const expected = expectedWriter[s]!;
        if (seen === expected) continue;
        const hazard = classifyRead(
          { warp: t, register: registerNames[register]!, reader: instruction, seen: seen === NO_WRITER ? null : seen, expected: expected === NO_WRITER ? null : expected, cycle },
          (writer) => landed(context, writer, register),
        );
        if (hazard) findings.push(hazard);
      }
    };
    const appendRequest = (context: number, counter: number, instruction: number, preload: number, read: number, due: number): void => {
      requestContext[requestCount] = context;
      requestCounter[requestCount] = counter;
      requestInstruction[requestCount] = instruction;
      requestPreload[requestCount] = preload;
      requestRead[requestCount] = read;
      requestDue[requestCount] = due;
      requestCount++;
      if (read === 1) {
        if (due < returnDueMin) returnDueMin = due;
      } else if (due < readDueMin) {
        readDueMin = due;
      }
    };
    const controllerStatus = (context: number): number => (holding(context) !== 0 ? DEP : WAIT);
    const launch = (context: number, at: number): void => {
      const t = launched++;
      thread[context] = t;
      pc[context] = initialPc;
      launchCycle[t] = at;
      waitRun[context] = 0;
      let mask = 0;
      for (let k = 0; k < K; k++) {
        counters[context * K + k] = initialValue[k]!;
        if (initialValue[k] !== 0) mask |= 1 << k;
      }
      nonzero[context] = mask;
      registers.fill(NO_WRITER, context * R, context * R + R);
      writeOrderLength[context] = 0;
      owed[context] = P;
      status[context] = initialPc >= S ? EMIT : WAIT;
      if (status[context] === WAIT) status[context] = controllerStatus(context);
      for (let k = 0; k < P; k++) {
        appendRequest(context, preloadCounter[k]!, -1, k, 1, at + preloadDelay[t * P + preloadDelayIndex[k]!]!);
        pendingPreloads[context * R + preloadRegister[k]!]!++;
      }
    };
    /** Data of request j lands; returns false when its counter went below zero (the run halts). */
    const returnRequest = (j: number): boolean => {
      const context = requestContext[j]!;
      const instruction = requestInstruction[j]!;
      const counter = requestCounter[j]!;
      owed[context]!--;
      if (instruction < 0) {
        const register = preloadRegister[requestPreload[j]!]!;
        write(context, register, -1);
        pendingPreloads[context * R + register]!--;
        events?.push({ type: 'write', cycle, context, thread: thread[context]!, instruction: -1, registers: [registerNames[register]!] });
      } else {
        inFlight[thread[context]! * S + instruction] = 0;
        writeDestinations(context, instruction);
      }
      const value = changeCounter(context, counter, -1);
      if (value >= 0) return true;
      overflow(context, instruction, counter, value);
      return false;
    };
    const copyRequest = (from: number, to: number): void => {
      requestContext[to] = requestContext[from]!;
      requestCounter[to] = requestCounter[from]!;
      requestInstruction[to] = requestInstruction[from]!;
      requestPreload[to] = requestPreload[from]!;
      requestRead[to] = requestRead[from]!;
      requestDue[to] = requestDue[from]!;
    };
    /** Finished or stuck (only asked with nothing in flight): the spec has no action left. */
    const stopped = (): 'finished' | 'stuck' | null => {
      let live = 0;
      for (let context = 0; context < n; context++) {
        if (thread[context]! < 0) continue;
        live++;
        if (holding(context) === 0) return null;
      }
      if (live > 0) return 'stuck';
      return launched === T ? 'finished' : null;
    };
    const deadlock = (): void => {
      const blocked: BlockedThread[] = [];
      for (let context = 0; context < n; context++) {
        if (thread[context]! < 0) continue;
        const counter = lowestBit(holding(context));
        blocked.push({
          thread: thread[context]!, context, status: STATUS_NAMES[status[context]!]!, instruction: pc[context]!,
          counter, value: counters[context * K + counter]!,
        });
      }
      findings.push({ kind: 'deadlock', cycle, blocked });
    };
    /** Grants `unit` to `context`; returns false when the request overflowed its counter (the run halts). */
    const grant = (unit: number, context: number): boolean => {
      const t = thread[context]!;
      const instruction = pc[context]!;
      const slot = t * S + instruction;
      grants++;
      threadGrants[t]!++;
      if (instruction === S - 1) lastGrantCycle[t] = cycle;
      if (grantedAt[unit] === cycle) unitConflicts++;
      grantedAt[unit] = cycle;
      lastGranted[unit] = context;
      status[context] = EXEC;
      events?.push({ type: 'grant', cycle, context, thread: t, instruction, unit });
      const kind = kindOf[instruction]!;
      if (kind === REQUEST) {
        const counter = counterOf[instruction]!;
        const value = changeCounter(context, counter, 1);
        const noSources = sourceStart[instruction] === sourceStart[instruction + 1];
        appendRequest(context, counter, instruction, -1, noSources ? 1 : 0, cycle + (noSources ? returnDelay[slot]! : readDelay[slot]!));
        if (!noSources) unread++;
        owed[context]!++;
        inFlight[slot] = 1;
        if (value > counterMax[counter]!) {
          overflow(context, instruction, counter, value);
          return false;
        }
        return true;
      }
      if (sourceStart[instruction] !== sourceStart[instruction + 1]) readSources(context, instruction);
      if (kind === FIXED) {
        resultContext[resultCount] = context;
        resultInstruction[resultCount] = instruction;
        const due = cycle + latencyOf[instruction]!;
        resultDue[resultCount] = due;
        resultCount++;
        if (due < resultDueMin) resultDueMin = due;
        owed[context]!++;
        inFlight[slot] = 1;
      }
      return true;
    };
    /**
     * The cycle ends: contexts left in WAIT waited one more cycle, granted contexts move on, idle
     * contexts take the next threads (launch events at the next cycle).
     */
    const endCycle = (): void => {
      for (let context = 0; context < n; context++) {
        if (status[context] !== EXEC) {
          if (status[context] !== WAIT) waitRun[context] = 0;
          else if (++waitRun[context]! > maxWaitCycles) maxWaitCycles = waitRun[context]!;
          continue;
        }
        waitRun[context] = 0;
        const next = ++pc[context]!;
        status[context] = next >= S ? EMIT : WAIT;
        if (next < S) status[context] = controllerStatus(context);
      }
      for (let context = 0; context < n && launched < T; context++) {
        if (thread[context]! >= 0) continue;
        events?.push({ type: 'launch', cycle: cycle + 1, context, thread: launched });
        launch(context, cycle + 1);
      }
    };
    /** The waiting context the round-robin policy picks for `unit` (the first after the last one granted), or -1. */
    const nextWaiting = (unit: number): number => {
      for (let step = 1; step <= n; step++) {
        const context = (lastGranted[unit]! + step) % n;
        if (status[context] === WAIT && unitOf[pc[context]!] === unit) return context;
      }
      return -1;
    };

    for (let context = 0; context < n && launched < T; context++) launch(context, 0);

    main: for (;;) {
      activeCycles++;
      // Start of the cycle: nothing enabled when finished or stuck.
      const inFlightAtStart = requestCount + resultCount;
      if (inFlightAtStart === 0) {
        const stop = stopped();
        if (stop !== null) {
          if (stop === 'stuck') deadlock();
          stopCycle = cycle;
          break;
        }
      }
      // Return phase: due fixed-latency results (grant order), then due requests, oldest first.
      if (resultCount > 0 && resultDueMin <= cycle) {
        let kept = 0;
        resultDueMin = NEVER;
        for (let i = 0; i < resultCount; i++) {
          if (resultDue[i]! <= cycle) {
            const context = resultContext[i]!;
            const instruction = resultInstruction[i]!;
            owed[context]!--;
            inFlight[thread[context]! * S + instruction] = 0;
            writeDestinations(context, instruction);
          } else {
            resultContext[kept] = resultContext[i]!;
            resultInstruction[kept] = resultInstruction[i]!;
            resultDue[kept] = resultDue[i]!;
            if (resultDue[i]! < resultDueMin) resultDueMin = resultDue[i]!;
            kept++;
          }
        }
        resultCount = kept;
      }
      if (requestCount > 0 && returnDueMin <= cycle) {
        stamp++;
        let kept = 0;
        returnDueMin = NEVER;
        for (let j = 0; j < requestCount; j++) {
          const context = requestContext[j]!;
          const group = context * K + requestCounter[j]!;
          if (requestRead[j] === 1 && requestDue[j]! <= cycle && (inOrder[requestCounter[j]!] === 0 || groupStamp[group] !== stamp)) {
            const preload = requestPreload[j]!;
            if (requestInstruction[j]! < 0 && preloadShared[preload] === 1) {
              // The spec names a preload return by (context, register) and lands the oldest such
              // request: an older one with the same register (of another, in-order class) goes first.
              const register = preloadRegister[preload]!;
              for (let older = 0; older < kept; older++) {
                if (requestInstruction[older]! >= 0 || requestContext[older] !== context || preloadRegister[requestPreload[older]!] !== register) continue;
                if (!returnRequest(older)) {
                  halted = true;
                  stopCycle = cycle;
                  break main;
                }
                for (let move = older + 1; move < kept; move++) copyRequest(move, move - 1);
                kept--;
                older--;
              }
            }
            if (!returnRequest(j)) {
              halted = true;
              stopCycle = cycle;
              break main;
            }
            continue;
          }
          if (kept !== j) copyRequest(j, kept);
          if (requestRead[kept] === 1 && requestDue[kept]! < returnDueMin) returnDueMin = requestDue[kept]!;
          groupStamp[group] = stamp;
          kept++;
        }
        requestCount = kept;
      }
      if (inFlightAtStart > 0 && requestCount + resultCount === 0) {
        // The last return may leave every live context held: the spec stops in the return phase.
        const stop = stopped();
        if (stop !== null) {
          if (stop === 'stuck') deadlock();
          stopCycle = cycle;
          break;
        }
      }
      // Read phase: due source reads, oldest first.
      if (unread > 0 && readDueMin <= cycle) {
        readDueMin = NEVER;
        for (let j = 0; j < requestCount; j++) {
          if (requestRead[j] === 1) continue;
          if (requestDue[j]! > cycle) {
            if (requestDue[j]! < readDueMin) readDueMin = requestDue[j]!;
            continue;
          }
          const context = requestContext[j]!;
          const instruction = requestInstruction[j]!;
          readSources(context, instruction);
          const due = cycle + returnDelay[thread[context]! * S + instruction]!;
          requestRead[j] = 1;
          requestDue[j] = due;
          if (due < returnDueMin) returnDueMin = due;
          unread--;
        }
      }
      // Grant phase: the context controllers look at their counters; EMIT contexts that are done move out.
      // Round robin per unit: the waiting context nearest after the one granted last.
      lastGrantPhase = cycle;
      for (let unit = 0; unit < best.length; unit++) best[unit] = -1;
      let lastUnit = -1;
      for (let context = 0; context < n; context++) {
        if (thread[context]! < 0) continue;
        if (status[context] === EMIT) {
          if (nonzero[context] === 0 && owed[context] === 0) this.emit(context, cycle, events, findings);
          continue;
        }
        const instruction = pc[context]!;
        if ((waitMask[instruction]! & nonzero[context]!) !== 0) {
          status[context] = DEP;
          continue;
        }
        status[context] = WAIT;
        const unit = unitOf[instruction]!;
        const distance = (context - lastGranted[unit]! - 1 + n) % n;
        if (best[unit]! < 0 || distance < bestDistance[unit]!) {
          best[unit] = context;
          bestDistance[unit] = distance;
        }
        if (unit > lastUnit) lastUnit = unit;
      }
      for (let unit = 0; unit <= lastUnit; unit++) {
        if (best[unit]! < 0) continue;
        let ok = grant(unit, best[unit]!);
        for (let extra = 1; ok && extra < grantLimit; extra++) {
          const context = nextWaiting(unit);
          if (context < 0) break;
          ok = grant(unit, context);
        }
        if (!ok) {
          // The halting grant's step ends the cycle too when no later unit has a waiting context.
          halted = true;
          stopCycle = cycle;
          if (unit === lastUnit) {
            endCycle();
            stopCycle = cycle + 1;
          }
          break main;
        }
      }
      endCycle();
      const due = Math.min(resultCount > 0 ? resultDueMin : NEVER, unread > 0 ? readDueMin : NEVER, requestCount > 0 ? returnDueMin : NEVER);
      cycle = this.nextCycle(cycle + 1, requestCount, resultCount, due, inOrder, ++stamp, holding);
    }
    let stallCycles = 0;
    const instructionsRun = S - initialPc;
    if (instructionsRun > 0) {
      for (let t = 0; t < launched; t++) {
        const end = lastGrantCycle[t]! >= 0 ? lastGrantCycle[t]! : lastGrantPhase;
        stallCycles += Math.max(0, end - launchCycle[t]! + 1 - threadGrants[t]!);
      }
    }
    return { findings, finished: !halted, lastCycle: stopCycle, events, grants, stallCycles, maxWaitCycles, unitConflicts, activeCycles };
  }

  /** A context in EMIT with its counters at 0 and nothing owed moves its results out and goes IDLE. */
  private emit(context: number, cycle: number, events: LrcEvent[] | null, findings: LrcFinding[]): void {
    const c = this.compiled;
    const R = this.registerCount;
    const base = context * R;
    const t = this.thread[context]!;
    if (events) {
      const registers: Record<string, number> = {};
      for (let k = 0; k < this.writeOrderLength[context]!; k++) {
        const register = this.writeOrder[base + k]!;
        registers[c.registerNames[register]!] = this.registers[base + register]!;
      }
      events.push({ type: 'emit', cycle, context, thread: t, registers });
    }
    for (let k = 0; k < c.finalRegisters.length; k++) {
      const register = c.finalRegisters[k]!;
      const landed = this.registers[base + register]!;
      const last = c.finalWriter[k]!;
      if (landed !== NO_WRITER && landed !== last) {
        findings.push({ kind: 'WAW', warp: t, register: c.registerNames[register]!, producer: landed, consumer: last, observer: null, cycle });
      }
    }
    this.thread[context] = -1;
    this.status[context] = IDLE;
  }

  /**
   * The next cycle at which anything can happen, from `next` (the cycle after the one just
   * simulated): `next` itself when a context can be granted or emit (or nothing is in flight, so
   * the spec stops there); else `due`, a lower bound of every due cycle in flight, when it is
   * later; else the earliest due fixed result, source read, or return of a request that may
   * return (an in-order class's oldest), found by a pass over what is in flight.
   */
  private nextCycle(next: number, requestCount: number, resultCount: number, due: number, inOrder: Uint8Array, stamp: number, holding: (context: number) => number): number {
    const { contexts: n, counterCount: K } = this.compiled;
    for (let context = 0; context < n; context++) {
      if (this.thread[context]! < 0) continue;
      if (this.status[context] === EMIT ? this.nonzero[context] === 0 && this.owed[context] === 0 : holding(context) === 0) return next;
    }
    if (requestCount + resultCount === 0) return next;
    if (due > next) return due;
    let earliest = NEVER;
    for (let i = 0; i < resultCount; i++) earliest = Math.min(earliest, this.resultDue[i]!);
    for (let j = 0; j < requestCount; j++) {
      const counter = this.requestCounter[j]!;
      const group = this.requestContext[j]! * K + counter;
      const blocked = inOrder[counter] === 1 && this.groupStamp[group] === stamp;
      this.groupStamp[group] = stamp;
      // An unread request may read whatever its class; a read one may return only when it is its class's oldest (in-order).
      if (this.requestRead[j] === 0 || !blocked) earliest = Math.min(earliest, this.requestDue[j]!);
    }
    return Math.max(next, earliest);
  }

  /** Whether in-order classes return oldest first; the property suites override this to plant a bug. */
  protected honoursInOrder(): boolean {
    return true;
  }

  /** How many waiting contexts one unit may be granted to per cycle: 1; the property suites override this to plant a bug. */
  protected grantsPerUnit(): number {
    return 1;
  }
}
