import type { MachineEvent } from '../spec/scoreboard/machine/event.js';
import { destinationRegisters, sourceRegisters } from '../spec/scoreboard/operands.js';
import type { Program } from '../spec/scoreboard/program.js';

/** Where a value first differed from sequential execution (a read, or the final state) and what kind of mistake it was. */
export interface Mismatch {
  readonly kind: 'RAW' | 'WAR' | 'WAW';
  readonly warp: number;
  readonly reader: number | 'final';
  readonly register: string;
}

/** A value an instruction computes: a hash of its index and the values it read. */
function compute(instruction: number, inputs: readonly number[]): number {
  let hash = (0x811c9dc5 ^ instruction) >>> 0;
  for (const input of inputs) hash = Math.imul(hash ^ input, 0x01000193) >>> 0;
  return Math.imul(hash ^ (hash >>> 13), 0x5bd1e995) >>> 0;
}

/**
 * A second, independent formulation of "hazard": run the program on values instead of writer
 * identities. Sequential execution computes every instruction's value from the values it reads;
 * the trace is replayed the same way, in its own event order. The first read (in trace order)
 * whose values differ from sequential execution's, or the first register whose final value
 * differs, is returned; null when the trace computes exactly what sequential execution does.
 * The kind comes from the values too: a value authored by a later instruction is WAR; an older
 * value when the expected writer's write event has already happened is WAW; otherwise RAW.
 */
export function firstValueMismatch(program: Program, events: readonly MachineEvent[], finished: boolean): Mismatch | null {
  const expectedReads: number[][] = [];
  const expectedWriter: (number | null)[][] = [];
  const lastWriter = new Map<string, number>();
  const sequential = new Map<string, number>();
  const initial = (register: string) => compute(-1 - register.length, [...register].map((c) => c.charCodeAt(0)));
  program.instructions.forEach((instruction, index) => {
    const inputs = sourceRegisters(instruction).map((register) => sequential.get(register) ?? initial(register));
    expectedReads.push(inputs);
    expectedWriter.push(sourceRegisters(instruction).map((register) => lastWriter.get(register) ?? null));
    for (const register of destinationRegisters(instruction)) {
      sequential.set(register, compute(index, inputs));
      lastWriter.set(register, index);
    }
  });
  const files = Array.from({ length: program.warps }, () => new Map<string, number>());
  const readValues = new Map<string, number[]>();
  const author = new Map<number, number>();
  const wroteAlready = new Set<string>();
  for (const event of events) {
    const file = files[event.warp]!;
    if (event.type === 'read') {
      const values = event.seen.map(({ register }) => file.get(register) ?? initial(register));
      readValues.set(`${event.warp}:${event.instruction}`, values);
      const wrong = values.findIndex((value, k) => value !== expectedReads[event.instruction]![k]);
      if (wrong < 0) continue;
      const seenAuthor = author.get(values[wrong]!);
      const expected = expectedWriter[event.instruction]![wrong]!;
      const kind = seenAuthor !== undefined && seenAuthor > event.instruction ? 'WAR'
        : expected !== null && wroteAlready.has(`${event.warp}:${expected}`) ? 'WAW' : 'RAW';
      return { kind, warp: event.warp, reader: event.instruction, register: event.seen[wrong]!.register };
    }
    if (event.type === 'write') {
      const value = compute(event.instruction, readValues.get(`${event.warp}:${event.instruction}`) ?? []);
      author.set(value, event.instruction);
      wroteAlready.add(`${event.warp}:${event.instruction}`);
      for (const register of event.registers) file.set(register, value);
    }
  }
  if (!finished) return null;
  for (let warp = 0; warp < program.warps; warp++) {
    for (const [register, value] of sequential) {
      if (files[warp]!.get(register) !== value) return { kind: 'WAW', warp, reader: 'final', register };
    }
  }
  return null;
}
