import { contentsMessage, describeLine, endGapMessage, notAllowedMessage, stateSummary, type ProtocolView, type WdView } from '../../format/streamout/traceExplain.js';
import { placementMistake, writeComplete, writesNothing, type WrittenPiece } from '../../format/streamout/tracePlacement.js';
import { isDataWrite, traceLineProblem } from '../../format/streamout/traceShape.js';
import { wdMessageLine, type TraceCheck, type TraceFailure, type TraceLine } from '../../format/streamout/trace.js';
import { BATCH_VERTICES, batchCount, tasksOfBatch, type StreamScenario, type Task } from '../../spec/streamout/scenario.js';
import { nextBatchId } from '../../spec/streamout/state.js';
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

/** The scenario's batches in driver order, each computed when the work distribution unit reaches it. */
function* lazyBatches(scenario: StreamScenario): Generator<{ readonly packet: number; readonly tasks: readonly Task[] }> {
  let batch = 0;
  let primitive = 0;
  for (let packetIndex = 0; packetIndex < scenario.packets.length; packetIndex++) {
    const packet = scenario.packets[packetIndex]!;
    if (packet.type !== 'work') continue;
    const perBatch = Math.floor(BATCH_VERTICES / packet.verticesPerPrimitive);
    for (let indexInPacket = 0; indexInPacket < batchCount(packet); indexInPacket++) {
      const count = Math.min(perBatch, packet.primitives - indexInPacket * perBatch);
      const tasks = tasksOfBatch(packet, batch++, indexInPacket, count, primitive);
      primitive = tasks.at(-1)!.firstPrimitive + tasks.at(-1)!.primitiveCount;
      yield { packet: packetIndex, tasks };
    }
  }
}

/**
 * The streaming trace checker: the reference `checkTrace` (format/streamout/traceCheck.ts) with
 * mutable state whose size is bounded by the work in flight, for traces of millions of lines.
 * Batches are computed when the work distribution unit reaches them and dropped when their
 * tasks are done; each task carries the offsets the API's driver order gives it, and its data
 * writes are checked against them piece by piece (no buffer contents are kept). Channels are
 * queues with a moving head; the batch IDs in flight an insertion-ordered set. It accepts the
 * same lines with the same messages as the reference (property-tested); once a line fails, it
 * ignores the rest.
 */
export class StreamTraceChecker {
  private readonly scenario: StreamScenario;
  private readonly bits: number;
  private count = 0;
  private failure: TraceFailure | null = null;
  // Work distribution unit.
  private packet = 0;
  private readonly batches: Generator<{ readonly packet: number; readonly tasks: readonly Task[] }>;
  private nextBatch: { readonly packet: number; readonly tasks: readonly Task[] } | null;
  private dispatched = -1;
  private dispatching: { readonly id: number; readonly tasks: readonly QueuedTask[] } | null = null;
  private enabled = false;
  private nextId = 0;
  private readonly inFlight = new Set<number>();
  private readonly nonStream = new Set<number>();
  /** The API's driver-order offsets: where the next enabled task's data goes. */
  private readonly apiOffsets = [0, 0, 0, 0];
  // Channels.
  private readonly toSsync = new Channel<WdMessage>();
  private readonly retires = new Channel<number>();
  private readonly ssync: TraceSsync;
  // SO units.
  private readonly units: Unit[];
  /** Protocol rules broken (as the spec's `violations`) and tasks SSYNC placed off the API order. */
  private readonly violations: string[] = [];
  private readonly placementProblems: string[] = [];

  /** A checker at the start of the protocol for `scenario`. */
  constructor(scenario: StreamScenario) {
    this.scenario = scenario;
    this.bits = scenario.batchIdBits;
    this.batches = lazyBatches(scenario);
    this.nextBatch = this.batches.next().value ?? null;
    this.units = Array.from({ length: scenario.soUnits }, () => ({
      queue: new Channel<QueuedTask>(), firstSent: false, secondSent: false, response: null, written: false, pieces: [], lastWritten: null,
      requests: new Channel<UnitRequest>(), responses: new Channel<readonly number[]>(),
    }));
    this.ssync = new TraceSsync(scenario, { responses: this.units.map((unit) => unit.responses), retires: this.retires, violations: this.violations });
  }

  /** Lines checked so far (every line given, also after a failure). */
  get lines(): number {
    return this.count;
  }

  /** Checks the next trace line: the failure if this line is the first one not accepted, else null. */
  check(line: TraceLine): TraceFailure | null {
    this.count++;
    if (this.failure) return null;
    const message = this.step(line);
    if (message === null) return null;
    this.failure = { line: this.count, message, state: stateSummary(this.view()) };
    return this.failure;
  }

  /** The verdict once every line is in: as `checkTrace` gives it. */
  finish(): TraceCheck {
    if (this.failure) return { lines: this.count, failure: this.failure, complete: false, problems: [] };
    this.takeSilentSteps();
    const unfinished = this.units.findIndex((unit) => unit.pieces.length > 0);
    if (unfinished >= 0) {
      const message = endGapMessage(this.scenario, unfinished, this.view().units[unfinished]!.head!);
      return { lines: this.count, failure: { line: this.count + 1, message, state: stateSummary(this.view()) }, complete: false, problems: [] };
    }
    const complete = !this.anyEnabled();
    return { lines: this.count, failure: null, complete, problems: complete ? this.finalProblems() : [] };
  }

  /** Takes one line; the failure message, or null when accepted. */
  private step(line: TraceLine): string | null {
    const shape = traceLineProblem(line, this.scenario);
    if (shape) return shape.message;
    if (line.step === 'wd' && line.message !== undefined) this.takePacketsDone();
    if (line.step === 'first') this.takeSilentWrite(line.unit!);
    if (isDataWrite(line)) return this.dataWrite(line);
    const unitIndex = line.unit ?? 0;
    const unit = this.units[unitIndex]!;
    if (!this.allowed(line) || (line.step === 'write' && unit.pieces.length > 0)) return notAllowedMessage(this.scenario, this.view(), line);
    const expected = this.expectedContents(line);
    if (expected) {
      for (const field of ['message', 'id', 'batch', 'task', 'last', 'bytes', 'offsets'] as const) {
        if (expected[field] === undefined || sameValue(line[field], expected[field])) continue;
        return contentsMessage(this.view(), line, field, expected[field]);
      }
    }
    this.take(line, unitIndex);
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

  private packetDone(): boolean {
    return this.scenario.packets[this.packet]?.type === 'work' && this.dispatched < 0 && this.nextBatch?.packet !== this.packet;
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
  private take(line: TraceLine, unitIndex: number): void {
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
    this.nextBatch = this.batches.next().value ?? null;
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
  private dataWrite(line: TraceLine & { readonly unit: number; readonly buffer: number; readonly offset: number; readonly bytes: number; readonly primitives: readonly [number, number] }): string | null {
    const unit = this.units[line.unit]!;
    if (unit.queue.size === 0 || unit.response === null) return notAllowedMessage(this.scenario, this.view(), line);
    const head = unit.queue.peek();
    const writing = { unit: line.unit, batchId: head.batchId, task: head.task, grant: unit.response, placement: head.placement, written: unit.written, pieces: unit.pieces };
    const mistake = placementMistake(this.scenario, writing, line);
    if (mistake) return `write ${line.unit}: ${describeLine(line)}, but ${mistake}`;
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

  private takePacketsDone(): void {
    while (this.packetDone()) this.takeWd();
  }

  /** An SO unit's write step when it writes nothing: silent, taken when its next first request needs it. */
  private takeSilentWrite(unitIndex: number): boolean {
    const unit = this.units[unitIndex]!;
    if (unit.queue.size === 0 || unit.response === null || unit.written || unit.pieces.length > 0) return false;
    if (!writesNothing(this.scenario, unit.queue.peek().task, unit.queue.peek().placement)) return false;
    this.writeStep(unit);
    return true;
  }

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
      nonStream: [...this.nonStream],
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
      inFlight: [...this.inFlight],
    };
  }
}

/** Equal numbers, booleans or number arrays, as JSON would compare them. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((value, index) => value === b[index]);
  return a === b;
}

/** Checks a whole trace with the streaming checker (the same answer as `checkTrace`, in bounded memory). */
export function checkTraceStreaming(scenario: StreamScenario, lines: Iterable<TraceLine>): TraceCheck {
  const checker = new StreamTraceChecker(scenario);
  for (const line of lines) checker.check(line);
  return checker.finish();
}
