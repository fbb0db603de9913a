import { nextBatchId } from '../../spec/streamout/state.js';
import { Channel } from './channel.js';

/** A stream-output operation as SSYNC counts it: first batch ID, work tokens so far, closed by a disable. */
export interface SimulatedOperation {
  start: number;
  count: number;
  closed: boolean;
}

/**
 * SSYNC's message-table slot of one SO unit. `advanced` marks a slot a planted bug has already
 * moved past before its bytes came (the spec gives such a slot batch ID -1).
 */
export interface SimulatedSlot {
  occupied: boolean;
  advanced: boolean;
  id: number;
  task: number;
  last: boolean;
  bytes: readonly number[] | null;
  responded: boolean;
}

/** Where SSYNC's outputs go: offsets to an SO unit, retire messages to the work distribution unit. */
export interface SsyncOutputs {
  readonly respond: (unit: number, offsets: number[]) => void;
  readonly retire: (id: number) => void;
}

/** Task numbers are 10 bits, so (batch ID, task) packs into one map key. */
const TASK_KEYS = 1024;

/**
 * The optimized SSYNC: the spec's `ssyncWd` and `ssyncUnit` steps and the reference policy
 * `serveInOrder` (`spec/streamout/ssync.ts`) on mutable state, with the FIFO as a `Channel` and
 * the message table indexed by (batch ID, task) so serving needs no scan. Its state is what the
 * protocol holds, so it does not grow with the run. The optimized simulation drives it directly;
 * the streaming trace checker through `TraceSsync` (`traceSsync.ts`). Planted bugs
 * (`plantedBugs.ts`) override `serve`.
 *
 * The index assumes no two units wait with the same (batch ID, task), where the spec answers the
 * lowest unit: with the reference policy that never happens, as each task goes to one unit and a
 * batch ID is reused only after SSYNC has served every task of it. (Broken SSYNCs can get there,
 * so planted bugs scan instead.)
 */
export class SimulatedSsync {
  /** The 4 buffer offsets SSYNC hands out next. */
  offsets = [0, 0, 0, 0];
  /** The operation being served, or null between operations. */
  op: SimulatedOperation | null = null;
  /** The batch ID and task number served next (while `op` is set). */
  currentId = 0;
  currentTask = 0;
  /** Batches of the current operation done. */
  served = 0;
  /** The message table: one slot per SO unit. */
  readonly slots: SimulatedSlot[];
  private fifo = new Channel<SimulatedOperation | readonly number[]>();
  private enabled = false;
  private pendingStart = false;
  /** The operation work tokens count towards: the last one opened, while it is queued or served. */
  private lastOp: SimulatedOperation | null = null;
  private readonly waiting = new Map<number, number>();

  constructor(units: number, protected readonly bits: number, protected readonly out: SsyncOutputs, protected readonly problems: string[]) {
    this.slots = Array.from({ length: units }, () => ({ occupied: false, advanced: false, id: 0, task: 0, last: false, bytes: null, responded: false }));
  }

  /**
   * An SSYNC in the same state, sending to `out` and noting problems in `problems`: for the
   * streaming trace checker, which keeps a copy per reading of a trace. An operation shared by
   * the FIFO, `op` and `lastOp` stays shared in the copy (tokens count towards it in place).
   * The reference policy only (planted bugs are not copied).
   */
  copy(out: SsyncOutputs, problems: string[]): SimulatedSsync {
    const copy = new SimulatedSsync(this.slots.length, this.bits, out, problems);
    const copies = new Map<SimulatedOperation, SimulatedOperation>();
    const copyOp = (op: SimulatedOperation): SimulatedOperation => {
      let mine = copies.get(op);
      if (mine === undefined) copies.set(op, mine = { ...op });
      return mine;
    };
    copy.offsets = [...this.offsets];
    copy.op = this.op && copyOp(this.op);
    copy.currentId = this.currentId;
    copy.currentTask = this.currentTask;
    copy.served = this.served;
    this.slots.forEach((slot, unit) => Object.assign(copy.slots[unit]!, slot));
    copy.fifo = this.fifo.copy((entry) => (Array.isArray(entry) ? entry : copyOp(entry as SimulatedOperation)));
    copy.enabled = this.enabled;
    copy.pendingStart = this.pendingStart;
    copy.lastOp = this.lastOp && copyOp(this.lastOp);
    for (const [key, unit] of this.waiting) copy.waiting.set(key, unit);
    return copy;
  }

  /** A stream enable from the work distribution unit: the next work token opens an operation. */
  receiveEnable(): void {
    if (this.enabled) return;
    this.enabled = true;
    this.pendingStart = true;
  }

  /** A stream disable: closes the open operation (or drops an enable that saw no batch). */
  receiveDisable(): void {
    if (!this.enabled) return;
    this.enabled = false;
    if (this.pendingStart) this.pendingStart = false;
    else if (this.lastOp) this.lastOp.closed = true;
  }

  /** An offset bundle: it takes effect between operations, in FIFO order. */
  receiveOffsets(offsets: readonly number[]): void {
    this.fifo.push([...offsets]);
  }

  /** A work token: counts towards the open operation, or opens one after an enable. */
  receiveToken(id: number): void {
    if (!this.enabled) return;
    if (this.pendingStart) {
      this.lastOp = { start: id, count: 1, closed: false };
      this.fifo.push(this.lastOp);
      this.pendingStart = false;
    } else if (this.lastOp) {
      this.lastOp.count++;
    }
  }

  /** An SO unit's first request enters the table (a unit with a message there already breaks a rule). */
  receiveFirst(unit: number, id: number, task: number, last: boolean): void {
    const slot = this.slots[unit]!;
    if (slot.occupied) {
      this.problems.push(`SO unit ${unit} has two messages in the message table`);
      this.free(unit);
    }
    slot.occupied = true;
    slot.advanced = false;
    slot.id = id;
    slot.task = task;
    slot.last = last;
    slot.bytes = null;
    slot.responded = false;
    this.waiting.set(id * TASK_KEYS + task, unit);
  }

  /** An SO unit's second request: the bytes its task needs per buffer. */
  receiveSecond(unit: number, bytes: readonly number[]): void {
    const slot = this.slots[unit]!;
    if (!slot.occupied) this.problems.push(`second request from SO unit ${unit} without a first one`);
    else slot.bytes = bytes;
  }

  /**
   * The reference SSYNC (see `serveInOrder`): between operations it pops its FIFO, applying
   * offset bundles; it answers the unit whose first request is the current batch ID and task,
   * and once that unit's bytes are in advances the offsets, then the task or the batch.
   */
  serve(): void {
    for (;;) {
      if (this.op === null) {
        if (this.fifo.size === 0) return;
        const entry = this.fifo.take();
        if (Array.isArray(entry)) {
          this.offsets = [...entry];
          continue;
        }
        this.op = entry as SimulatedOperation;
        this.currentId = this.op.start;
        this.currentTask = 0;
        this.served = 0;
      }
      if (this.served === this.op.count) {
        if (!this.op.closed) return; // the next batch's token has not arrived yet
        // As in the spec, a finished operation takes no more tokens. Nothing could reach it anyway
        // (it was closed by a disable, and tokens count again only once an enable and a token have
        // opened the next operation); this just does not keep it alive.
        if (this.lastOp === this.op) this.lastOp = null;
        this.op = null;
        continue;
      }
      const unit = this.unitWaitingFor(this.currentId, this.currentTask);
      if (unit < 0) return;
      const slot = this.slots[unit]!;
      if (!slot.responded) {
        this.out.respond(unit, [...this.offsets]);
        slot.responded = true;
      }
      if (slot.bytes === null) return;
      for (let b = 0; b < 4; b++) this.offsets[b]! += slot.bytes[b]!;
      this.free(unit);
      if (slot.last) this.advanceBatch();
      else this.currentTask++;
    }
  }

  /** The current batch is done: retire its ID and serve the next batch ID from task 0. */
  protected advanceBatch(): void {
    this.out.retire(this.currentId);
    this.currentId = nextBatchId(this.currentId, this.bits);
    this.currentTask = 0;
    this.served++;
  }

  /** The unit whose first request is (id, task) and still waits to be served, or -1. */
  protected unitWaitingFor(id: number, task: number): number {
    return this.waiting.get(id * TASK_KEYS + task) ?? -1;
  }

  /** Empties a unit's slot. */
  protected free(unit: number): void {
    const slot = this.slots[unit]!;
    slot.occupied = false;
    if (this.waiting.get(slot.id * TASK_KEYS + slot.task) === unit) this.waiting.delete(slot.id * TASK_KEYS + slot.task);
  }
}
