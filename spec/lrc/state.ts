import { controllerStatus } from './enabled.js';
import type { LrcProgram } from './program.js';

/**
 * The seed's seven context states (seed 001, figure 2). IDLE: no thread. WAIT: the instruction is
 * presented to the resource manager. DEP: its dependency indicator is set and a counter it waits
 * for is not 0. ALU / LOAD / FLOW: granted a fixed-latency, request or flow unit this cycle.
 * EMIT: the last instruction has issued; results are moved out once every return is in.
 */
export type ContextStatus = 'IDLE' | 'WAIT' | 'DEP' | 'ALU' | 'LOAD' | 'FLOW' | 'EMIT';

/** Writer id of a register value delivered by a preload (INIT_LRC_VAL data): earlier than every instruction. */
export const PRELOAD_WRITER = -1;

/** A thread context unit: its thread, PC, state, load reference counters and register file. */
export interface ContextState {
  /** The thread it runs (0-based launch order), or null when IDLE. */
  readonly thread: number | null;
  readonly status: ContextStatus;
  /** Index of the current instruction (= instruction count once all have issued). */
  readonly pc: number;
  /** One load reference counter per counter class. */
  readonly counters: readonly number[];
  /** For each register, the writer whose value it holds (instruction index or PRELOAD_WRITER); absent = initial value. */
  readonly registers: Readonly<Record<string, number>>;
}

/** A data request (or a preload) whose data has not returned. */
export interface PendingRequest {
  readonly context: number;
  /** The requesting instruction, or PRELOAD_WRITER for preload data. */
  readonly instruction: number;
  /** Preloads only: the register the data goes to. */
  readonly register: string | null;
  readonly counter: number;
  /** Sources read (requests read them at some moment before their data returns). */
  readonly read: boolean;
}

/** A fixed-latency result on its way to the register file. */
export interface PendingResult {
  readonly context: number;
  readonly instruction: number;
  /** Cycles left until it is written (0 = written in this cycle's return phase). */
  readonly writeIn: number;
}

/**
 * Within a cycle: returns and fixed-latency results land (`return`), requests read their sources
 * (`read`), then the resource manager grants each unit in turn (`grant`; `unit` is the next unit
 * to decide), and the cycle ends. So a register written at cycle c is seen by reads at cycle c,
 * and a request reads at least a cycle after its grant and returns at least a cycle after its read.
 */
export type LrcPhase = 'return' | 'read' | 'grant';

/** The whole machine. No rule reads `cycle`: it is left out of state identity. */
export interface LrcState {
  readonly cycle: number;
  readonly phase: LrcPhase;
  /** In the grant phase, the next unit whose grant is decided. */
  readonly unit: number;
  /** Threads handed to contexts so far. */
  readonly launched: number;
  readonly contexts: readonly ContextState[];
  /** Outstanding requests, oldest first. */
  readonly requests: readonly PendingRequest[];
  readonly results: readonly PendingResult[];
}

/** Before the first cycle: every context takes a thread (while threads are left), nothing is in flight. */
export function initialLrcState(program: LrcProgram): LrcState {
  const idle: ContextState = { thread: null, status: 'IDLE', pc: 0, counters: program.counters.map(() => 0), registers: {} };
  let state: LrcState = {
    cycle: 0, phase: 'return', unit: 0, launched: 0,
    contexts: Array.from({ length: program.contexts }, () => idle), requests: [], results: [],
  };
  for (let context = 0; context < program.contexts; context++) state = launchInto(program, state, context);
  return state;
}

/**
 * Hands the next thread to an idle context (seed 001, step 302): PC = INIT_PC, counters =
 * INIT_LRC_VAL, a fresh register file, and the preload data on its way. No thread left: stays IDLE.
 */
export function launchInto(program: LrcProgram, state: LrcState, context: number): LrcState {
  if (state.launched >= program.threads) return state;
  const done = program.initialPc >= program.instructions.length;
  const counters = program.counters.map((_, index) => program.preloads.find((p) => p.counter === index)?.initialValue ?? 0);
  const fresh = controllerStatus(program, { thread: state.launched, status: done ? 'EMIT' : 'WAIT', pc: program.initialPc, counters, registers: {} });
  const preloads: PendingRequest[] = program.preloads.flatMap((preload) =>
    preload.registers.map((register) => ({ context, instruction: PRELOAD_WRITER, register, counter: preload.counter, read: true })));
  return {
    ...state,
    launched: state.launched + 1,
    contexts: state.contexts.map((c, i) => (i === context ? fresh : c)),
    requests: [...state.requests, ...preloads],
  };
}
