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
  /** Global primitive numbers (driver order) of this task's primitives. */
  readonly primitives: readonly number[];
  /** Bytes one primitive writes to each buffer. */
  readonly bytesPerPrimitive: readonly [number, number, number, number];
}

/** A batch of up to 32 vertices cut from a work packet. */
export interface Batch {
  readonly packet: number;
  readonly tasks: readonly Task[];
}

/** The batches of a scenario in driver order, each split into its tasks. */
export function batchesOf(scenario: StreamScenario): Batch[] {
  const batches: Batch[] = [];
  let primitive = 0;
  scenario.packets.forEach((packet, packetIndex) => {
    if (packet.type !== 'work') return;
    const perBatch = Math.floor(BATCH_VERTICES / packet.verticesPerPrimitive);
    const bytes = packet.stride.map((s) => s * packet.verticesPerPrimitive) as unknown as [number, number, number, number];
    for (let first = 0; first < packet.primitives; first += perBatch) {
      const count = Math.min(perBatch, packet.primitives - first);
      const batch = batches.length;
      const tasks: Task[] = [];
      let given = 0;
      for (let task = 0; task < packet.tasksPerBatch; task++) {
        const share = Math.floor(count / packet.tasksPerBatch) + (task < count % packet.tasksPerBatch ? 1 : 0);
        tasks.push({ batch, task, last: task === packet.tasksPerBatch - 1, primitives: Array.from({ length: share }, (_, k) => primitive + given + k), bytesPerPrimitive: bytes });
        given += share;
      }
      primitive += count;
      batches.push({ packet: packetIndex, tasks });
    }
  });
  return batches;
}
