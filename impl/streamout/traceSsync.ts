import type { StreamScenario } from '../../spec/streamout/scenario.js';
import type { Channel } from './channel.js';
import { SimulatedSsync } from './ssync.js';

/** A message from the work distribution unit to SSYNC. */
export type WdMessage = { readonly kind: 'enable' | 'disable' } | { readonly kind: 'offsets'; readonly offsets: readonly number[] } | { readonly kind: 'token'; readonly id: number };
/** A request from an SO unit to SSYNC: the first (batch ID, task, last-task bit) or the second (bytes needed). */
export type UnitRequest = { readonly kind: 'first'; readonly id: number; readonly task: number; readonly last: boolean } | { readonly kind: 'second'; readonly bytes: readonly number[] };

/** Where SSYNC's messages go, and where broken protocol rules are noted (as the spec's `violations`). */
export interface TraceSsyncOutputs {
  readonly responses: readonly Channel<readonly number[]>[];
  readonly retires: Channel<number>;
  readonly violations: string[];
}

/** An SO unit's message-table slot as the trace checker's state descriptions show it. */
export interface TraceSlot {
  readonly id: number;
  readonly task: number;
  readonly responded: boolean;
}

/**
 * SSYNC for the streaming trace checker: the optimized SSYNC (`SimulatedSsync`, the reference
 * policy) taking the checker's messages, each step followed by serving as the spec's `ssyncWd`
 * and `ssyncUnit` are, with its state shown in the spec's shape for failure messages.
 */
export class TraceSsync {
  private readonly ssync: SimulatedSsync;

  /** SSYNC at the start of the protocol for `scenario`, sending to `outputs`; or, given `source`, in `source`'s state. */
  constructor(scenario: StreamScenario, outputs: TraceSsyncOutputs, source?: TraceSsync) {
    const send = { respond: (unit: number, offsets: number[]) => outputs.responses[unit]!.push(offsets), retire: (id: number) => outputs.retires.push(id) };
    this.ssync = source ? source.ssync.copy(send, outputs.violations) : new SimulatedSsync(scenario.soUnits, scenario.batchIdBits, send, outputs.violations);
  }

  /** An SSYNC in this one's state that sends to `outputs` (another reading's channels). */
  copy(scenario: StreamScenario, outputs: TraceSsyncOutputs): TraceSsync {
    return new TraceSsync(scenario, outputs, this);
  }

  /** SSYNC takes the work distribution unit's next message (the spec's `ssyncWd`). */
  takeWdMessage(message: WdMessage): void {
    switch (message.kind) {
      case 'enable': this.ssync.receiveEnable(); break;
      case 'disable': this.ssync.receiveDisable(); break;
      case 'offsets': this.ssync.receiveOffsets(message.offsets); break;
      case 'token': this.ssync.receiveToken(message.id); break;
    }
    this.ssync.serve();
  }

  /** SSYNC takes an SO unit's next request (the spec's `ssyncUnit`). */
  takeRequest(unit: number, message: UnitRequest): void {
    if (message.kind === 'first') this.ssync.receiveFirst(unit, message.id, message.task, message.last);
    else this.ssync.receiveSecond(unit, message.bytes);
    this.ssync.serve();
  }

  /** The batch ID and task number served next, and how many batches of the operation are done; null between operations. */
  get current(): { readonly id: number; readonly task: number; readonly served: number } | null {
    const { op, currentId, currentTask, served } = this.ssync;
    return op === null ? null : { id: currentId, task: currentTask, served };
  }

  /** The buffer offsets the next response grants. */
  get offsets(): readonly number[] {
    return this.ssync.offsets;
  }

  /** The message table: one slot per SO unit, null where the unit has no request waiting. */
  get table(): readonly (TraceSlot | null)[] {
    return this.ssync.slots.map((slot) => (slot.occupied ? { id: slot.id, task: slot.task, responded: slot.responded } : null));
  }
}
