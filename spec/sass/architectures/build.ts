/**
 * Small constructors the opcode tables are written with, so each table states an opcode list
 * once per kind instead of one object literal per opcode.
 */
import type { ArchitectureTable, OpcodeInfo } from '../architecture.js';
import type { SourceKey } from './sources.js';

/** Extra fields of an entry (operand shape, destination count...). */
export type Extra = Partial<Omit<OpcodeInfo, 'kind' | 'latency' | 'queue' | 'source'>>;

/** A fixed-latency entry. */
export function fixed(latency: number, source: SourceKey, extra: Extra = {}): OpcodeInfo {
  return { kind: 'fixed', latency, source, ...extra };
}

/**
 * A fixed-latency entry for an opcode no source times, placed in latency class `latencyClass`
 * because every use in compiler output fits it (`source`, of provenance `inferred-bound`, cites
 * the exact pairs): `latency` is that class's slowest figure, an upper bound a proof relies on.
 * Its writes are ordered against others as the class's are: a compiler that never scoreboards
 * it treats it as coupled, and NVIDIA's write-after-write figures between coupled classes are 1
 * cycle (nak-sm80 write_after_write, nak-sm100 waw): coupled results land in issue order.
 */
export function inferredFixed(latency: number, latencyClass: string, source: SourceKey, extra: Extra = {}): OpcodeInfo {
  return fixed(latency, source, { latencyClass, ...extra });
}

/**
 * `info`, a variable-latency entry, with an alternative for instances the listing gives no write
 * scoreboard (`OpcodeInfo.unscoreboarded`): the same entry for a proof (its queue and order kept),
 * but ready the next cycle for a counterexample. Compiler output issues such an instance relying
 * on a latency no source gives (`source` cites it), so no hazard may rest on its result being late.
 */
export function unscoreboardedNotLate(info: OpcodeInfo, source: SourceKey): OpcodeInfo {
  return { ...info, unscoreboarded: { ...info, counterexample: { latency: 1, source } } };
}

/** A variable-latency entry through `queue`. */
export function variable(queue: string, source: SourceKey, extra: Extra = {}): OpcodeInfo {
  return { kind: 'variable', queue, source, ...extra };
}

/** A control or no-result entry (`branch`, `call`, `return`, `exit`, `sync`, `none`). */
export function control(kind: 'branch' | 'call' | 'return' | 'exit' | 'sync' | 'none', source: SourceKey, extra: Extra = {}): OpcodeInfo {
  return { kind, source, ...extra };
}

/** The same entry for every opcode of `names`. */
export function each(names: readonly string[], info: OpcodeInfo): Record<string, OpcodeInfo> {
  return Object.fromEntries(names.map((name) => [name, info]));
}

/**
 * The entry of an opcode no source describes: variable latency through the unordered `unknown`
 * queue and no latency class, so every reader of its result needs a scoreboard and every result
 * it reads is waited for in full. It can only raise a false alarm, never hide a hazard.
 */
export function conservative(extra: Extra = {}): OpcodeInfo {
  return { kind: 'variable', queue: 'unknown', source: 'conservative', ...extra };
}

/** The queues with `names` put in one read group (`QueueFacts.readGroup`), named by its source; unchanged without one. */
export function withReadGroup(queues: ArchitectureTable['queues'], names: readonly string[], source: string | undefined): ArchitectureTable['queues'] {
  if (source === undefined) return queues;
  const result = { ...queues };
  for (const name of names) {
    const queue = result[name];
    if (queue !== undefined) result[name] = { ...queue, readGroup: source };
  }
  return result;
}
