import type { BufferEntry } from './layout.js';
import type { StreamScenario } from './scenario.js';

/** A message from the work distribution unit to SSYNC (in order). */
export type WdMessage = { readonly kind: 'enable' } | { readonly kind: 'disable' } | { readonly kind: 'offsets'; readonly offsets: number[] } | { readonly kind: 'token'; readonly id: number };
/** A message from an SO unit to SSYNC: the first request (batch ID, task, last-task bit) or the second (bytes needed per buffer). */
export type UnitMessage = { readonly kind: 'first'; readonly id: number; readonly task: number; readonly last: boolean } | { readonly kind: 'second'; readonly bytes: number[] };
/**
 * A stream-output operation as SSYNC knows it: its first batch ID, how many work tokens it has
 * received for it so far, and whether the disable has closed it. (The seed names the end by the
 * first batch ID after the disable, which is `start + count`; counting lets SSYNC serve a batch
 * as soon as its token is in, and end the last operation of a packet sequence that has no work
 * after its disable.)
 */
export interface StreamOperation { kind: 'op'; start: number; count: number; closed: boolean }
/** An entry of SSYNC's FIFO: a stream-output operation or an offset bundle. */
export type FifoEntry = StreamOperation | { kind: 'offsets'; offsets: number[] };
/** SSYNC's message-table slot of one SO unit. */
export interface TableSlot { id: number; task: number; last: boolean; bytes: number[] | null; responded: boolean }
/** An SO unit: its tasks in arrival order ([batch index, task]) and the progress of the head task. */
export interface UnitState { queue: [number, number][]; firstSent: boolean; secondSent: boolean; response: number[] | null; written: boolean }

/** The whole distributed protocol: work distribution, channels, SSYNC, SO units, buffers. */
export interface StreamState {
  // Work distribution unit.
  packet: number;
  /** Next batch (global index) to allocate or dispatch. */
  batch: number;
  /** Tasks of the current batch dispatched so far; -1 before its ID is allocated. */
  dispatched: number;
  enabled: boolean;
  counter: number;
  phase: number;
  inFlight: number[];
  /** ID given to each allocated batch. */
  batchIds: number[];
  /** IDs of batches outside stream output, still in the pipeline. */
  nonStream: number[];
  // Channels (FIFO).
  toSsync: WdMessage[];
  fromUnit: UnitMessage[][];
  toUnit: number[][][];
  retires: number[];
  // SSYNC.
  ssync: {
    fifo: FifoEntry[];
    op: StreamOperation | null;
    /** The batch ID and task number SSYNC serves next, and how many batches of the operation are done. */
    current: { id: number; task: number; served: number } | null;
    offsets: number[];
    table: (TableSlot | null)[];
    /** A stream enable was seen and no token since: the next token starts an operation. */
    pendingStart: boolean;
    enabled: boolean;
  };
  units: UnitState[];
  // Results.
  buffers: BufferEntry[][];
  needed: number;
  written: number;
  /** Protocol rules broken so far (a correct protocol never adds any). */
  violations: string[];
}

/** The state before the driver's first packet. */
export function initialStreamState(scenario: StreamScenario): StreamState {
  return {
    packet: 0, batch: 0, dispatched: -1, enabled: false, counter: 0, phase: 0, inFlight: [], batchIds: [], nonStream: [],
    toSsync: [], fromUnit: Array.from({ length: scenario.soUnits }, () => []), toUnit: Array.from({ length: scenario.soUnits }, () => []), retires: [],
    ssync: { fifo: [], op: null, current: null, offsets: [0, 0, 0, 0], table: Array.from({ length: scenario.soUnits }, () => null), pendingStart: false, enabled: false },
    units: Array.from({ length: scenario.soUnits }, () => ({ queue: [], firstSent: false, secondSent: false, response: null, written: false })),
    buffers: [[], [], [], []], needed: 0, written: 0, violations: [],
  };
}

/** The batch ID after `id`: the counter wraps at 2^bits and the phase bit (the top bit) flips. */
export function nextBatchId(id: number, bits: number): number {
  const counter = id & ((1 << bits) - 1);
  const phase = id >> bits;
  return counter + 1 === 1 << bits ? (phase ^ 1) << bits : (phase << bits) | (counter + 1);
}
