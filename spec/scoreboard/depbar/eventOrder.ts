import { pipeIndexOf } from '../operands.js';
import type { Program } from '../program.js';

/** A read or write event of an instruction issued before a barrier. */
export interface BarrierEvent {
  readonly instruction: number;
  readonly kind: 'read' | 'write';
  readonly pipe: number;
  /** Whether the event decrements the scoreboard the barrier looks at. */
  readonly counted: boolean;
}

/**
 * The events a barrier at `barrier` on scoreboard `scoreboard` may still be waiting for, and the
 * order the machine guarantees among them: within one pipe, reads in issue order, writes in issue
 * order, and each instruction's read before its write. Nothing orders events of different pipes.
 * Fixed pipes read at issue, so only their writes can be outstanding; DEPBAR and NOP have no events.
 */
export interface EventOrder {
  readonly events: readonly BarrierEvent[];
  /** Pairs [a, b] of event indices: a happens before b in every execution. */
  readonly before: readonly (readonly [number, number])[];
}

/** The event order in front of the instruction at index `barrier`, for `scoreboard`. */
export function eventOrder(program: Program, barrier: number, scoreboard: number): EventOrder {
  const events: BarrierEvent[] = [];
  const before: [number, number][] = [];
  const lastRead = new Map<number, number>();
  const lastWrite = new Map<number, number>();
  for (let index = 0; index < barrier; index++) {
    const instruction = program.instructions[index]!;
    const pipe = pipeIndexOf(program, instruction);
    if (pipe < 0) continue;
    let read: number | null = null;
    if (program.pipes[pipe]!.kind === 'queue') {
      read = events.push({ instruction: index, kind: 'read', pipe, counted: instruction.control.readScoreboard === scoreboard }) - 1;
      if (lastRead.has(pipe)) before.push([lastRead.get(pipe)!, read]);
      lastRead.set(pipe, read);
    }
    const write = events.push({ instruction: index, kind: 'write', pipe, counted: instruction.control.writeScoreboard === scoreboard }) - 1;
    if (read !== null) before.push([read, write]);
    if (lastWrite.has(pipe)) before.push([lastWrite.get(pipe)!, write]);
    lastWrite.set(pipe, write);
  }
  return { events, before };
}
