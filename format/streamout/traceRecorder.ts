import { BATCH_VERTICES, batchCount, tasksOfBatch, type Packet, type StreamScenario, type Task } from '../../spec/streamout/scenario.js';
import { nextBatchId } from '../../spec/streamout/state.js';
import { taskWriteLines, wdMessageLine, type TraceLine } from './trace.js';

/**
 * Turns the protocol's steps, one canonical line each (as `traceLine` or the optimized
 * simulation's `--trace-out` write them: bare `wd` and whole-task `write` lines), into what a
 * testbench or C model records: each `wd` line names the message the work distribution unit
 * sends (a "packet done" step sends none and is left out), each `write` becomes the task's
 * data-write lines (none when nothing is written), every other line stays as it is. Lines
 * already in the recorded form pass through. It follows the work distribution unit and the SO
 * units' queues, one batch at a time, so its memory stays bounded however long the trace.
 */
export class TraceRecorder {
  private packet = 0;
  /** Batches of the current work packet still to give an ID (-1 before the packet is entered). */
  private batchesLeft = -1;
  private indexInPacket = 0;
  private batchIndex = 0;
  private nextPrimitive = 0;
  private nextId = 0;
  private enabled = false;
  private dispatchTasks: readonly Task[] = [];
  private dispatched = 0;
  /** Tasks dispatched to each SO unit and not yet asked for (first request). */
  private readonly queues: Task[][];
  /** The task each SO unit last sent a first request for: the one it writes next. */
  private readonly current: (Task | null)[];
  private readonly responses: (readonly number[] | null)[];

  /** A recorder at the start of the protocol for `scenario`. */
  constructor(private readonly scenario: StreamScenario) {
    this.queues = Array.from({ length: scenario.soUnits }, () => []);
    this.current = Array.from({ length: scenario.soUnits }, () => null);
    this.responses = Array.from({ length: scenario.soUnits }, () => null);
  }

  /** The recorded lines of one protocol step (given in the order the steps were taken). */
  record(line: TraceLine): TraceLine[] {
    switch (line.step) {
      case 'wd':
        if (line.message !== undefined) this.skipPacketsDone(); // already recorded: its "packet done" steps were left out
        return this.wd();
      case 'dispatch':
        this.queues[line.unit!]!.push(this.dispatchTasks[this.dispatched++]!);
        return [line];
      case 'first':
        this.current[line.unit!] = this.queues[line.unit!]!.shift()!;
        return [line];
      case 'response':
        this.responses[line.unit!] = line.offsets!;
        return [line];
      case 'write':
        if (line.buffer !== undefined) return [line]; // already a data write
        return taskWriteLines(this.scenario, line.unit!, this.current[line.unit!]!, this.responses[line.unit!]!);
      default: return [line];
    }
  }

  /** Starts counting a work packet's batches when the work distribution unit first reaches it. */
  private enter(packet: Packet & { type: 'work' }): void {
    if (this.batchesLeft >= 0) return;
    this.batchesLeft = batchCount(packet);
    this.indexInPacket = 0;
  }

  /** Moves past work packets whose batches all have their IDs (their "packet done" steps). */
  private skipPacketsDone(): void {
    for (;;) {
      const packet = this.scenario.packets[this.packet];
      if (packet?.type !== 'work') return;
      this.enter(packet);
      if (this.batchesLeft > 0) return;
      this.wd();
    }
  }

  /** The work distribution unit's step: its message, or nothing for "packet done". */
  private wd(): TraceLine[] {
    const packet = this.scenario.packets[this.packet]!;
    if (packet.type !== 'work') {
      if (packet.type === 'enable' || packet.type === 'disable') this.enabled = packet.type === 'enable';
      this.packet++;
      return [wdMessageLine(packet, null)!];
    }
    this.enter(packet);
    if (this.batchesLeft === 0) {
      this.packet++;
      this.batchesLeft = -1;
      return [];
    }
    // The next batch: its ID, and its tasks for the dispatches to come (stream output only).
    const perBatch = Math.floor(BATCH_VERTICES / packet.verticesPerPrimitive);
    const count = Math.min(perBatch, packet.primitives - this.indexInPacket * perBatch);
    const tasks = tasksOfBatch(packet, this.batchIndex++, this.indexInPacket++, count, this.nextPrimitive);
    this.nextPrimitive = tasks.at(-1)!.firstPrimitive + tasks.at(-1)!.primitiveCount;
    this.batchesLeft--;
    const id = this.nextId;
    this.nextId = nextBatchId(id, this.scenario.batchIdBits);
    if (this.enabled) {
      this.dispatchTasks = tasks;
      this.dispatched = 0;
    }
    return [wdMessageLine(packet, id)!];
  }
}
