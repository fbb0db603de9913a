import { contentsMessage, describeLine, endGapMessage, notAllowedMessage, stateSummary, type ProtocolView, type WdView } from '../../format/streamout/traceExplain.js';
import { placementMistake, writeComplete, writesNothing, type WrittenPiece } from '../../format/streamout/tracePlacement.js';
import type { ReadingFailure } from '../../format/streamout/traceReadings.js';
import { isDataWrite } from '../../format/streamout/traceShape.js';
import { wdMessageLine, type TraceCheck, type TraceLine } from '../../format/streamout/trace.js';
import { BATCH_VERTICES, batchCount, tasksOfBatch, type StreamScenario, type Task } from '../../spec/streamout/scenario.js';
import { nextBatchId } from '../../spec/streamout/state.js';
import { BatchIdSet } from './batchIdSet.js';
import { Channel } from './channel.js';
import { TraceSsync, type UnitRequest, type WdMessage } from './traceSsync.js';

/** A task handed to an SO unit, with its batch ID and where the API's driver order puts its data. */
interface QueuedTask {
  readonly batchId: number;
  readonly task: Task;
  readonly placement: readonly number[];
}

/** An SO unit's queue and the progress of the task at its head (as `UnitState` in the spec). */
interface Unit {
  readonly queue: Channel<QueuedTask>;
  firstSent: boolean;
  secondSent: boolean;
  response: readonly number[] | null;
  written: boolean;
  /** What it has written of its head task so far, piece by piece. */
  pieces: WrittenPiece[];
  /** The last task whose data it wrote. */
  lastWritten: QueuedTask | null;
  readonly requests: Channel<UnitRequest>;
  readonly responses: Channel<readonly number[]>;
}

/** A batch of the scenario as the work distribution unit reaches it. */
interface LazyBatch {
  readonly packet: number;
  readonly tasks: readonly Task[];
}

/**
 * The scenario's batches in driver order, each computed when the work distribution unit reaches
 * it (a scenario may have millions). A cursor rather than a generator, so a reading can be copied.
 */
class BatchCursor {
  private packet = 0;
  private indexInPacket = 0;
  private batch = 0;
  private primitive = 0;

  constructor(private readonly scenario: StreamScenario) {}

  /** The next batch, or null after the last. */
  next(): LazyBatch | null {
    const { packets } = this.scenario;
    for (; this.packet < packets.length; this.packet++, this.indexInPacket = 0) {
      const packet = packets[this.packet]!;
      if (packet.type !== 'work' || this.indexInPacket >= batchCount(packet)) continue;
      const perBatch = Math.floor(BATCH_VERTICES / packet.verticesPerPrimitive);
      const count = Math.min(perBatch, packet.primitives - this.indexInPacket * perBatch);
      const tasks = tasksOfBatch(packet, this.batch++, this.indexInPacket++, count, this.primitive);
      this.primitive = tasks.at(-1)!.firstPrimitive + tasks.at(-1)!.primitiveCount;
      return { packet: this.packet, tasks };
    }
    return null;
  }

  /** A cursor at the same place. */
  copy(): BatchCursor {
    return Object.assign(new BatchCursor(this.scenario), this);
  }
}

/**
 * One reading of a trace for the streaming checker: the protocol state the lines so far lead to,
 * as the reference `checkTrace` replays it through the spec (format/streamout/traceCheck.ts), with
 * mutable state whose size is bounded by the work in flight, for traces of millions of lines.
 * Batches are computed when the work distribution unit reaches them and dropped when their tasks
 * are done; each task carries the offsets the API's driver order gives it, and its data writes
 * are checked against them piece by piece (no buffer contents are kept). Channels are queues with
 * a moving head; the batch IDs in flight a bitmap (`BatchIdSet`). `copy` gives an independent
 * reading (for a bare `wd` line, which may be read more than one way: `TraceReadings`).
 */
export class StreamTraceReplay {
  private readonly scenario: StreamScenario;
  private readonly bits: number;
  // Work distribution unit.
  private packet = 0;
  /** Steps the work distribution unit has taken: bundles, tokens and "packet done" steps; and those that sent a message. */
  private wdTaken = 0;
  private wdSent = 0;
  private readonly batches: BatchCursor;
  private nextBatch: LazyBatch | null;
  private dispatched = -1;
  private dispatching: { readonly id: number; readonly tasks: readonly QueuedTask[] } | null = null;
  private enabled = false;
  private nextId = 0;
  private readonly inFlight: BatchIdSet;
  private readonly nonStream: BatchIdSet;
  /** The API's driver-order offsets: where the next enabled task's data goes. */
  private readonly apiOffsets: number[];
  // Channels.
  private readonly toSsync: Channel<WdMessage>;
  private readonly retires: Channel<number>;
  private readonly ssync: TraceSsync;
  // SO units.
  private readonly units: Unit[];
  /** Protocol rules broken (as the spec's `violations`) and tasks SSYNC placed off the API order. */
  private readonly violations: string[];
  private readonly placementProblems: string[];

  /** A reading at the start of the protocol for `scenario`; or, given `source`, a copy of it. */
  constructor(scenario: StreamScenario, source?: StreamTraceReplay) {
    this.scenario = scenario;
    this.bits = scenario.batchIdBits;
    if (source) {
      this.packet = source.packet;
      this.wdTaken = source.wdTaken;
      this.wdSent = source.wdSent;
      this.dispatched = source.dispatched;
      this.dispatching = source.dispatching;
      this.enabled = source.enabled;
      this.nextId = source.nextId;
    }
    this.batches = source ? source.batches.copy() : new BatchCursor(scenario);
    this.nextBatch = source ? source.nextBatch : this.batches.next();
    this.inFlight = source ? source.inFlight.copy() : new BatchIdSet(this.bits);
    this.nonStream = source ? source.nonStream.copy() : new BatchIdSet(this.bits);
    this.apiOffsets = source ? [...source.apiOffsets] : [0, 0, 0, 0];
    this.toSsync = source ? source.toSsync.copy() : new Channel<WdMessage>();
    this.retires = source ? source.retires.copy() : new Channel<number>();
    this.violations = source ? [...source.violations] : [];
    this.placementProblems = source ? [...source.placementProblems] : [];
    this.units = source ? source.units.map((unit) => ({
      ...unit, queue: unit.queue.copy(), pieces: [...unit.pieces], requests: unit.requests.copy(), responses: unit.responses.copy(),
    })) : Array.from({ length: scenario.soUnits }, () => ({
      queue: new Channel<QueuedTask>(), firstSent: false, secondSent: false, response: null, written: false, pieces: [], lastWritten: null,
      requests: new Channel<UnitRequest>(), responses: new Channel<readonly number[]>(),
    }));
    const outputs = { responses: this.units.map((unit) => unit.responses), retires: this.retires, violations: this.violations };
    this.ssync = source ? source.ssync.copy(scenario, outputs) : new TraceSsync(scenario, outputs);
  }

  /** An independent reading in the same state. */
  copy(): StreamTraceReplay {
    return new StreamTraceReplay(this.scenario, this);
  }

  /** Steps the work distribution unit has taken (`ReadingSteps.wdSteps`). */
  get wdSteps(): number {
    return this.wdTaken;
  }

  /** Of those, the steps that sent a message (`ReadingSteps.wdMessages`). */
  get wdMessages(): number {
    return this.wdSent;
  }

  /** True when the work distribution unit's next step is hidden: its work packet is done (`wdMessageLine` gives no line). */
  packetDone(): boolean {
    return this.scenario.packets[this.packet]?.type === 'work' && this.dispatched < 0 && this.nextBatch?.packet !== this.packet;
  }

  /** Takes the hidden "packet done" step (`packetDone` must hold). */
  takePacketDone(): this {
    this.takeWd();
    return this;
  }

  /** Takes one well-formed line (with the hidden steps of its unit it needs): this reading after it, or why not. */
  take(line: TraceLine): this | ReadingFailure {
    const message = this.step(line);
    return message === null ? this : { failed: true, explain: () => ({ message: message(), state: this.state() }) };
  }

  /** The protocol state in one line, for a failure. */
  state(): string {
    return stateSummary(this.view());
  }

  /** This reading's verdict at the end of a trace of `lines` lines (takes the hidden steps left). */
  finish(lines: number): TraceCheck {
    this.takeSilentSteps();
    const unfinished = this.units.findIndex((unit) => unit.pieces.length > 0);
    if (unfinished >= 0) {
      const message = endGapMessage(this.scenario, unfinished, this.view().units[unfinished]!.head!);
      return { lines, failure: { line: lines + 1, message, state: this.state() }, complete: false, problems: [] };
    }
    const complete = !this.anyEnabled();
    return { lines, failure: null, complete, problems: complete ? this.finalProblems() : [] };
  }

  /** Takes one line: null when accepted, else the failure message (built when asked: see `ReadingFailure`). */
  private step(line: TraceLine): (() => string) | null {
    if (line.step === 'wd' && line.message !== undefined) this.takePacketsDone();
    if (line.step === 'first') this.takeSilentWrite(line.unit!);
    if (isDataWrite(line)) return this.dataWrite(line);
    const unitIndex = line.unit ?? 0;
    const unit = this.units[unitIndex]!;
    if (!this.allowed(line) || (line.step === 'write' && unit.pieces.length > 0)) return () => notAllowedMessage(this.scenario, this.view(), line);
    const expected = this.expectedContents(line);
    if (expected) {
      for (const field of ['message', 'id', 'batch', 'task', 'last', 'bytes', 'offsets'] as const) {
        if (expected[field] === undefined || sameValue(line[field], expected[field])) continue;
        return () => contentsMessage(this.view(), line, field, expected[field]);
      }
    }
    this.takeStep(line, unitIndex);
    return null;
  }

  /** Whether the protocol allows the step a (well-formed, non-data) line names, as `streamActions` does. */
  private allowed(line: TraceLine): boolean {
    const unit = this.units[line.unit ?? 0]!;
    const busy = unit.queue.size > 0;
    switch (line.step) {
      case 'wd': return this.wdReady();
      case 'dispatch': return this.dispatched >= 0;
      case 'finish': return this.nonStream.has(line.id!);
      case 'ssyncWd': return this.toSsync.size > 0;
      case 'ssyncUnit': return unit.requests.size > 0;
      case 'first': return busy && !unit.firstSent;
      case 'second': return busy && unit.firstSent && !unit.secondSent;
      case 'response': return unit.responses.size > 0;
      case 'write': return busy && unit.response !== null && !unit.written;
      case 'retire': return this.retires.size > 0;
    }
  }

  /** True when any step at all is enabled (the protocol is not at its end). */
  private anyEnabled(): boolean {
    if (this.wdReady() || this.dispatched >= 0 || this.nonStream.size > 0 || this.toSsync.size > 0 || this.retires.size > 0) return true;
    return this.units.some((unit) => unit.requests.size > 0 || unit.responses.size > 0 || unit.queue.size > 0 && (!unit.firstSent || !unit.secondSent || (unit.response !== null && !unit.written)));
  }

  private wdReady(): boolean {
    const packet = this.scenario.packets[this.packet];
    if (!packet) return false;
    if (packet.type !== 'work') return true;
    if (this.dispatched >= 0) return false;
    if (this.nextBatch?.packet !== this.packet) return true; // the packet is done
    return !this.inFlight.has(this.nextId);
  }

  /** The message contents the protocol gives for an allowed line, or null when it carries none to compare. */
  private expectedContents(line: TraceLine): Partial<TraceLine> | null {
    const unit = this.units[line.unit ?? 0]!;
    switch (line.step) {
      case 'wd': {
        if (line.message === undefined) return null;
        const packet = this.scenario.packets[this.packet]!;
        return wdMessageLine(packet, this.nextId);
      }
      case 'first': {
        const head = unit.queue.peek();
        return { batch: head.batchId, task: head.task.task, last: head.task.last };
      }
      case 'second': {
        const { task } = unit.queue.peek();
        return { bytes: task.bytesPerPrimitive.map((bytes) => bytes * task.primitiveCount) };
      }
      case 'response': return { offsets: unit.responses.peek() };
      case 'retire': return { id: this.retires.peek() };
      default: return null;
    }
  }

  /** Takes the step of an allowed line whose contents match. */
  private takeStep(line: TraceLine, unitIndex: number): void {
    const unit = this.units[unitIndex]!;
    switch (line.step) {
      case 'wd': return this.takeWd();
      case 'dispatch': {
        const batch = this.dispatching!;
        unit.queue.push(batch.tasks[this.dispatched]!);
        if (++this.dispatched === batch.tasks.length) {
          this.dispatched = -1;
          this.dispatching = null;
        }
        return;
      }
      case 'finish':
        this.nonStream.delete(line.id!);
        this.inFlight.delete(line.id!);
        return;
      case 'ssyncWd': return this.ssync.takeWdMessage(this.toSsync.take());
      case 'ssyncUnit': return this.ssync.takeRequest(unitIndex, unit.requests.take());
      case 'first': {
        const head = unit.queue.peek();
        unit.requests.push({ kind: 'first', id: head.batchId, task: head.task.task, last: head.task.last });
        unit.firstSent = true;
        return;
      }
      case 'second': {
        const { task } = unit.queue.peek();
        unit.requests.push({ kind: 'second', bytes: task.bytesPerPrimitive.map((bytes) => bytes * task.primitiveCount) });
        unit.secondSent = true;
        return this.finishTask(unit);
      }
      case 'response': {
        unit.response = unit.responses.take();
        const head = unit.queue.peek();
        if (!sameValue(unit.response, head.placement)) {
          this.placementProblems.push(`SSYNC granted SO unit ${unitIndex} offsets [${unit.response.join(', ')}] for batch ${head.batchId} task ${head.task.task}, but the API order puts the task at [${head.placement.join(', ')}]`);
        }
        return;
      }
      case 'write': return this.writeStep(unit);
      case 'retire': {
        const id = this.retires.take();
        if (!this.inFlight.has(id)) this.violations.push(`batch ID ${id} retired but not in flight`);
        this.inFlight.delete(id);
        return;
      }
    }
  }

  /** The work distribution unit's step: a bundle, a batch's ID and work token, or "packet done". */
  private takeWd(): void {
    this.wdTaken++;
    if (!this.packetDone()) this.wdSent++;
    const packet = this.scenario.packets[this.packet]!;
    if (packet.type === 'enable' || packet.type === 'disable') {
      this.enabled = packet.type === 'enable';
      this.toSsync.push({ kind: packet.type });
      this.packet++;
      return;
    }
    if (packet.type === 'offsets') {
      this.toSsync.push({ kind: 'offsets', offsets: [...packet.offsets] });
      packet.offsets.forEach((offset, b) => { this.apiOffsets[b] = offset; });
      this.packet++;
      return;
    }
    const batch = this.nextBatch;
    if (batch?.packet !== this.packet) {
      this.packet++;
      return;
    }
    const id = this.nextId;
    this.inFlight.add(id);
    this.nextId = nextBatchId(id, this.bits);
    this.toSsync.push({ kind: 'token', id });
    this.nextBatch = this.batches.next();
    if (!this.enabled) {
      this.nonStream.add(id);
      return;
    }
    // Stream output: the API appends the batch's tasks in order at its running offsets.
    const tasks = batch.tasks.map((task): QueuedTask => {
      const placement = [...this.apiOffsets];
      for (let b = 0; b < 4; b++) this.apiOffsets[b]! += task.bytesPerPrimitive[b]! * task.primitiveCount;
      return { batchId: id, task, placement };
    });
    this.dispatching = { id, tasks };
    this.dispatched = 0;
  }

  /** A data-write line: checked against the API order, added to the task's pieces; the write step once complete. */
  private dataWrite(line: TraceLine & { readonly unit: number; readonly buffer: number; readonly offset: number; readonly bytes: number; readonly primitives: readonly [number, number] }): (() => string) | null {
    const unit = this.units[line.unit]!;
    if (unit.queue.size === 0 || unit.response === null) return () => notAllowedMessage(this.scenario, this.view(), line);
    const head = unit.queue.peek();
    const writing = { unit: line.unit, batchId: head.batchId, task: head.task, grant: unit.response, placement: head.placement, written: unit.written, pieces: unit.pieces };
    const mistake = placementMistake(this.scenario, writing, line);
    if (mistake) return () => `write ${line.unit}: ${describeLine(line)}, but ${mistake}`;
    unit.pieces.push({ buffer: line.buffer, first: line.primitives[0], last: line.primitives[1] });
    if (writeComplete(this.scenario, head.task, head.placement, unit.pieces)) this.writeStep(unit);
    return null;
  }

  /** The unit's write step: its task's data is all there. */
  private writeStep(unit: Unit): void {
    unit.lastWritten = unit.queue.peek();
    unit.written = true;
    unit.pieces = [];
    this.finishTask(unit);
  }

  /** An SO unit moves to its next task once it has written its data and sent its second request. */
  private finishTask(unit: Unit): void {
    if (!unit.written || !unit.secondSent) return;
    unit.queue.take();
    unit.firstSent = false;
    unit.secondSent = false;
    unit.written = false;
    unit.response = null;
  }

  /** The hidden "packet done" steps the work distribution unit has next: a `wd` line with a message needs them. */
  private takePacketsDone(): void {
    while (this.packetDone()) this.takeWd();
  }

  /** An SO unit's write step when it writes nothing (`taskWriteLines` gives no line): hidden, taken when its next first request needs it. */
  private takeSilentWrite(unitIndex: number): boolean {
    const unit = this.units[unitIndex]!;
    if (unit.queue.size === 0 || unit.response === null || unit.written || unit.pieces.length > 0) return false;
    if (!writesNothing(this.scenario, unit.queue.peek().task, unit.queue.peek().placement)) return false;
    this.writeStep(unit);
    return true;
  }

  /** At the end of a trace: every hidden step left, until none is. */
  private takeSilentSteps(): void {
    for (let changed = true; changed;) {
      changed = this.packetDone();
      this.takePacketsDone();
      for (let unit = 0; unit < this.units.length; unit++) changed = this.takeSilentWrite(unit) || changed;
    }
  }

  /** The spec's `streamProblems` of a state where nothing is enabled, plus tasks placed off the API order. */
  private finalProblems(): string[] {
    const problems = [...this.violations];
    const done = this.packet === this.scenario.packets.length && this.dispatched < 0 && this.toSsync.size === 0 && this.retires.size === 0 &&
      this.units.every((unit) => unit.requests.size === 0 && unit.responses.size === 0 && unit.queue.size === 0) && this.inFlight.size === 0;
    if (!done) {
      const { table, current: serving } = this.ssync;
      const waiting = table.flatMap((slot, unit) => (slot ? [`unit ${unit} waits with batch ${slot.id} task ${slot.task}`] : []));
      const current = serving ? `SSYNC serves batch ${serving.id} task ${serving.task}` : 'SSYNC idle';
      problems.push(`deadlock: nothing can happen but the work is not done (${[current, ...waiting, `${this.inFlight.size} batch ID(s) in flight`].join('; ')})`);
      return problems;
    }
    return [...problems, ...this.placementProblems];
  }

  /** The message-level view of this state (see `ProtocolView`), for failure messages. */
  private view(): ProtocolView {
    const packet = this.scenario.packets[this.packet];
    const wd: WdView = !packet ? { kind: 'done' }
      : packet.type !== 'work' ? { kind: 'send', packet: this.packet, line: wdMessageLine(packet, null)!, waitsForId: false }
      : this.dispatched >= 0 ? { kind: 'dispatching', id: this.dispatching!.id, dispatched: this.dispatched, tasks: this.dispatching!.tasks.length }
      : this.nextBatch?.packet !== this.packet ? { kind: 'packetDone', packet: this.packet }
      : { kind: 'send', packet: this.packet, line: wdMessageLine(packet, this.nextId)!, waitsForId: this.inFlight.has(this.nextId) };
    return {
      wd,
      nonStream: this.nonStream.inOrder(this.nextId),
      messagesToSsync: this.toSsync.size,
      retiresToWd: this.retires.size,
      units: this.units.map((unit) => {
        const head = unit.queue.size > 0 ? unit.queue.peek() : null;
        return {
          head: head && {
            batchId: head.batchId, task: head.task, firstSent: unit.firstSent, secondSent: unit.secondSent, response: unit.response,
            written: unit.written, placement: unit.response === null ? null : head.placement, pieces: unit.pieces,
          },
          lastWritten: unit.lastWritten && { batchId: unit.lastWritten.batchId, task: unit.lastWritten.task },
          requestsToSsync: unit.requests.size,
          responsesToUnit: unit.responses.size,
        };
      }),
      ssync: { current: this.ssync.current, offsets: this.ssync.offsets, table: this.ssync.table },
      inFlight: this.inFlight.inOrder(this.nextId),
    };
  }
}

/** Equal numbers, booleans or number arrays, as JSON would compare them. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((value, index) => value === b[index]);
  return a === b;
}
