/**
 * A stream-output scenario (seed 002): what the driver sends and the buffers it binds. Timing is
 * not part of it: the protocol model explores every timing.
 */
export interface StreamScenario {
  /** Number of distributed stream-output (SO) units. */
  readonly soUnits: number;
  /** Size in bytes of each of the 4 stream-output buffers; 0 = not bound. */
  readonly bufferSizes: readonly [number, number, number, number];
  /** Bits of the wrapping batch-ID counter (13 in the hardware; the phase bit comes on top). */
  readonly batchIdBits: number;
  readonly packets: readonly Packet[];
}

/** A packet from the driver. */
export type Packet =
  | {
      readonly type: 'work';
      readonly primitives: number;
      /** 1 points, 2 lines, 3 triangles: batches hold whole primitives, up to 32 vertices. */
      readonly verticesPerPrimitive: 1 | 2 | 3;
      /** Bytes each vertex writes to each buffer. */
      readonly stride: readonly [number, number, number, number];
      /** A geometry or tessellation shader splits each batch into this many tasks (1 = no split). */
      readonly tasksPerBatch: number;
      /**
       * Vertices each task of each batch emits, when stated (a geometry or tessellation shader emits
       * one or more vertices per vertex received): one list per batch of the packet, its length the
       * batch's task count. Without it, the batch's primitives are split evenly over `tasksPerBatch`.
       */
      readonly taskVertices?: readonly (readonly number[])[];
    }
  | { readonly type: 'enable' }
  | { readonly type: 'disable' }
  | { readonly type: 'offsets'; readonly offsets: readonly [number, number, number, number] };

/** Vertices per batch, as the work distribution unit bundles them. */
export const BATCH_VERTICES = 32;

/** One task of one batch: the primitives it streams out and their bytes per buffer. */
export interface Task {
  /** Index of the batch in the scenario (driver order). */
  readonly batch: number;
  readonly task: number;
  readonly last: boolean;
  /** Global number (driver order) of this task's first primitive; its primitives are consecutive. */
  readonly firstPrimitive: number;
  /** How many primitives the task streams out. */
  readonly primitiveCount: number;
  /** Bytes one primitive writes to each buffer. */
  readonly bytesPerPrimitive: readonly [number, number, number, number];
}

/** A batch of up to 32 vertices cut from a work packet. */
export interface Batch {
  readonly packet: number;
  readonly tasks: readonly Task[];
}

/** The number of batches a work packet is cut into: whole primitives, up to 32 vertices each. */
export function batchCount(packet: Packet & { type: 'work' }): number {
  return Math.ceil(packet.primitives / Math.floor(BATCH_VERTICES / packet.verticesPerPrimitive));
}

/**
 * The tasks of one batch: the stated vertex counts, or the batch's `count` input primitives split
 * as evenly as possible (earlier tasks take the remainder). Primitives are numbered from `first`.
 */
export function tasksOfBatch(packet: Packet & { type: 'work' }, batch: number, indexInPacket: number, count: number, first: number): Task[] {
  const bytesPerPrimitive = packet.stride.map((s) => s * packet.verticesPerPrimitive) as unknown as [number, number, number, number];
  const stated = packet.taskVertices?.[indexInPacket];
  const shares = stated
    ? stated.map((vertices) => Math.floor(vertices / packet.verticesPerPrimitive))
    : Array.from({ length: packet.tasksPerBatch }, (_, task) => Math.floor(count / packet.tasksPerBatch) + (task < count % packet.tasksPerBatch ? 1 : 0));
  let next = first;
  return shares.map((share, task) => {
    const info = { batch, task, last: task === shares.length - 1, firstPrimitive: next, primitiveCount: share, bytesPerPrimitive };
    next += share;
    return info;
  });
}

/** The batches of a scenario in driver order, each split into its tasks. */
export function batchesOf(scenario: StreamScenario): Batch[] {
  const batches: Batch[] = [];
  let primitive = 0;
  scenario.packets.forEach((packet, packetIndex) => {
    if (packet.type !== 'work') return;
    const perBatch = Math.floor(BATCH_VERTICES / packet.verticesPerPrimitive);
    for (let indexInPacket = 0; indexInPacket < batchCount(packet); indexInPacket++) {
      const count = Math.min(perBatch, packet.primitives - indexInPacket * perBatch);
      const tasks = tasksOfBatch(packet, batches.length, indexInPacket, count, primitive);
      primitive = tasks.at(-1)!.firstPrimitive + tasks.at(-1)!.primitiveCount;
      batches.push({ packet: packetIndex, tasks });
    }
  });
  return batches;
}
