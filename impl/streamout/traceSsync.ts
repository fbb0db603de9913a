import type { StreamScenario } from '../../spec/streamout/scenario.js';
import { nextBatchId } from '../../spec/streamout/state.js';
import { Channel } from './channel.js';

/** A message from the work distribution unit to SSYNC. */
export type WdMessage = { readonly kind: 'enable' | 'disable' } | { readonly kind: 'offsets'; readonly offsets: readonly number[] } | { readonly kind: 'token'; readonly id: number };
/** A request from an SO unit to SSYNC: the first (batch ID, task, last-task bit) or the second (bytes needed). */
export type UnitRequest = { readonly kind: 'first'; readonly id: number; readonly task: number; readonly last: boolean } | { readonly kind: 'second'; readonly bytes: readonly number[] };

/** A stream-output operation: its first batch ID, the work tokens counted, and whether the disable closed it. */
interface Operation { start: number; count: number; closed: boolean }
/** An SO unit's message-table slot. */
interface Slot { id: number; task: number; last: boolean; bytes: readonly number[] | null; responded: boolean }

/** Where SSYNC's messages go, and where broken protocol rules are noted (as the spec's `violations`). */
export interface SsyncOutputs {
  readonly responses: readonly Channel<readonly number[]>[];
  readonly retires: Channel<number>;
  readonly violations: string[];
}

/**
 * SSYNC for the streaming trace checker: the spec's `ssyncWd` and `ssyncUnit` steps and the
 * reference policy `serveInOrder`, on mutable state (a FIFO with a moving head, slots changed in
 * place). Its state is what the protocol holds, so it does not grow with the trace.
 */
export class TraceSsync {
  private readonly fifo = new Channel<Operation | readonly number[]>();
  private op: Operation | null = null;
  /** The operation tokens count towards: the last one pushed, while it is queued or served. */
  private lastOp: Operation | null = null;
  /** The batch ID and task number served next, and how many batches of the operation are done. */
  current: { id: number; task: number; served: number } | null = null;
  /** The buffer offsets the next response grants. */
  offsets = [0, 0, 0, 0];
  /** The message table: one slot per SO unit. */
  readonly table: (Slot | null)[];
  private pendingStart = false;
  private enabled = false;
  private readonly bits: number;

  /** SSYNC at the start of the protocol for `scenario`, sending to `outputs`. */
  constructor(scenario: StreamScenario, private readonly outputs: SsyncOutputs) {
    this.bits = scenario.batchIdBits;
    this.table = Array.from({ length: scenario.soUnits }, () => null);
  }

  /** SSYNC takes the work distribution unit's next message (the spec's `ssyncWd`). */
  takeWdMessage(message: WdMessage): void {
    const open = this.lastOp;
    if (message.kind === 'enable' && !this.enabled) {
      this.enabled = true;
      this.pendingStart = true;
    } else if (message.kind === 'disable' && this.enabled) {
      this.enabled = false;
      if (this.pendingStart) this.pendingStart = false; // an operation without batches
      else if (open) open.closed = true;
    } else if (message.kind === 'offsets') {
      this.fifo.push(message.offsets);
    } else if (message.kind === 'token' && this.enabled) {
      if (this.pendingStart) {
        this.lastOp = { start: message.id, count: 1, closed: false };
        this.fifo.push(this.lastOp);
        this.pendingStart = false;
      } else if (open) {
        open.count++;
      }
    }
    this.serve();
  }

  /** SSYNC takes an SO unit's next request (the spec's `ssyncUnit`). */
  takeRequest(unit: number, message: UnitRequest): void {
    const slot = this.table[unit];
    if (message.kind === 'first') {
      if (slot) this.outputs.violations.push(`SO unit ${unit} has two messages in the message table`);
      this.table[unit] = { id: message.id, task: message.task, last: message.last, bytes: null, responded: false };
    } else if (!slot) {
      this.outputs.violations.push(`second request from SO unit ${unit} without a first one`);
    } else {
      slot.bytes = message.bytes;
    }
    this.serve();
  }

  /** The reference policy (`serveInOrder`): answer the current batch and task, advance on its second request, retire on the last task. */
  private serve(): void {
    for (;;) {
      if (this.op === null) {
        if (this.fifo.size === 0) return;
        const entry = this.fifo.take();
        if (Array.isArray(entry)) {
          this.offsets = [...entry];
          continue;
        }
        this.op = entry as Operation;
        this.current = { id: this.op.start, task: 0, served: 0 };
      }
      const current = this.current!;
      if (current.served === this.op.count) {
        if (!this.op.closed) return;
        if (this.lastOp === this.op) this.lastOp = null; // a finished operation takes no more tokens
        this.op = null;
        this.current = null;
        continue;
      }
      const unit = this.table.findIndex((slot) => slot !== null && slot.id === current.id && slot.task === current.task);
      if (unit < 0) return;
      const slot = this.table[unit]!;
      if (!slot.responded) {
        this.outputs.responses[unit]!.push([...this.offsets]);
        slot.responded = true;
      }
      if (slot.bytes === null) return;
      for (let b = 0; b < 4; b++) this.offsets[b]! += slot.bytes[b]!;
      this.table[unit] = null;
      if (slot.last) {
        this.outputs.retires.push(current.id);
        this.current = { id: nextBatchId(current.id, this.bits), task: 0, served: current.served + 1 };
      } else {
        this.current = { ...current, task: current.task + 1 };
      }
    }
  }
}
