import { eventOrder } from '../../spec/scoreboard/depbar/eventOrder.js';
import { destinationRegisters, sourceRegisters } from '../../spec/scoreboard/operands.js';
import type { Program } from '../../spec/scoreboard/program.js';
import { firstGuarantees, type EventName } from './guaranteed.js';
import { largestSafeImmediates } from './minimumDistance.js';

/** A dependency a DEPBAR is responsible for, and the producer event it must wait for. */
export interface ProtectedDependency {
  readonly kind: 'RAW' | 'WAR' | 'WAW';
  readonly register: string;
  readonly producer: number;
  readonly consumer: number;
  /** The producer's event the consumer needs: its write (RAW, WAW) or its read (WAR). */
  readonly event: 'read' | 'write';
  /** Index of that event in `eventOrder(program, depbar, scoreboard)`. */
  readonly eventIndex: number;
  /** Largest immediate that protects this dependency (closed form). */
  readonly largestSafe: number;
}

/** Dependencies (producer before, consumer after) of a program, from sequential execution. */
export function dependencies(program: Program): Omit<ProtectedDependency, 'eventIndex' | 'largestSafe'>[] {
  const found: Omit<ProtectedDependency, 'eventIndex' | 'largestSafe'>[] = [];
  const lastWriter = new Map<string, number>();
  const readersSince = new Map<string, number[]>();
  program.instructions.forEach((instruction, consumer) => {
    for (const register of sourceRegisters(instruction)) {
      const producer = lastWriter.get(register);
      if (producer !== undefined) found.push({ kind: 'RAW', register, producer, consumer, event: 'write' });
    }
    for (const register of destinationRegisters(instruction)) {
      for (const producer of readersSince.get(register) ?? []) if (producer !== consumer) found.push({ kind: 'WAR', register, producer, consumer, event: 'read' });
      const producer = lastWriter.get(register);
      if (producer !== undefined) found.push({ kind: 'WAW', register, producer, consumer, event: 'write' });
    }
    // In place: copying the list at every read made a register read n times cost n^2.
    for (const register of sourceRegisters(instruction)) {
      const readers = readersSince.get(register);
      if (readers) readers.push(consumer);
      else readersSince.set(register, [consumer]);
    }
    for (const register of destinationRegisters(instruction)) {
      lastWriter.set(register, consumer);
      readersSince.set(register, []);
    }
  });
  return found;
}

/**
 * The dependencies the DEPBAR at `depbar` (on SBn) is responsible for: producer before it,
 * consumer after it and before the next DEPBAR on the same scoreboard, the producer's event
 * tracked by SBn (counted, or ordered before a counted event of its pipe), and not already
 * guaranteed at the consumer by any other barrier or wait mask.
 */
export function protectedDependencies(program: Program, depbar: number): ProtectedDependency[] {
  const barrier = program.instructions[depbar]!;
  if (barrier.kind !== 'depbar') throw new Error(`instruction ${depbar} is not a DEPBAR`);
  const scoreboard = barrier.scoreboard;
  const next = program.instructions.findIndex((instruction, index) => index > depbar && instruction.kind === 'depbar' && instruction.scoreboard === scoreboard);
  const end = next < 0 ? program.instructions.length : next;
  const order = eventOrder(program, depbar, scoreboard);
  // Indexed once per call: a scan per dependency (and every barrier's guarantees per dependency) was cubic in long programs.
  const eventIndexOf = new Map(order.events.map((event, index) => [`${event.instruction}:${event.kind}`, index]));
  const largest = largestSafeImmediates(order);
  const guaranteedFrom = firstGuarantees(program, new Set([depbar]), end - 1);
  const result: ProtectedDependency[] = [];
  for (const dependency of dependencies(program)) {
    if (dependency.producer >= depbar || dependency.consumer <= depbar || dependency.consumer >= end) continue;
    const name: EventName = `${dependency.producer}:${dependency.event}`;
    const eventIndex = eventIndexOf.get(name);
    if (eventIndex === undefined) continue; // a fixed-pipe read: done at issue, before the DEPBAR
    const largestSafe = largest[eventIndex]!;
    if (largestSafe === null) continue; // SBn cannot tell when this event happens: not this DEPBAR's job
    const guaranteedAt = guaranteedFrom.get(name);
    if (guaranteedAt !== undefined && guaranteedAt <= dependency.consumer) continue;
    result.push({ ...dependency, eventIndex, largestSafe });
  }
  return result;
}
