/**
 * The fixed latency between one producer and one consumer: how many cycles after `producer`
 * issues `consumer` may read `register`. The table's `readAfterWrite` matrices give it per
 * (writer class, reader class) where their source does (NAK's NVIDIA tables on Turing and
 * Ampere, maxas' read delays on Maxwell/Pascal), with each side's class for that register where
 * the instruction has one (IMAD.WIDE's halves); otherwise it is the producer's latency for that
 * register, the maximum over consumers.
 */
import type { ArchitectureTable } from './architecture.js';
import type { InstructionEffects } from './effects.js';
import { registerPairLatency } from './latency.js';

/**
 * Cycles from `producer`'s issue until `consumer` may read `register` (one of the producer's
 * destinations; the producer's unit must be fixed). `asGuard` when the consumer reads it as its
 * guard predicate. A null consumer (unknown, e.g. past the end of a block) gets the worst case.
 */
export function readAfterWriteLatency(
  table: ArchitectureTable,
  producer: InstructionEffects,
  register: string,
  consumer: InstructionEffects | null,
  asGuard = false,
): number {
  const worst = producer.destinationLatencies[register] ?? (producer.unit.kind === 'fixed' ? producer.unit.latency : 0);
  if (consumer === null) return worst;
  return registerPairLatency(table.readAfterWrite, register, producer, consumer, asGuard, worst);
}
