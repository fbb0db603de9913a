import { effectiveStall, pipeIndexOf } from '../../spec/scoreboard/operands.js';
import { DEFAULT_CONTROL, type Instruction, type Program } from '../../spec/scoreboard/program.js';
import { MAX_STALL } from '../../format/hp/validate.js';
import { dependencies } from '../depbar/protectedDependencies.js';
import type { StopPredicate } from '../budget.js';

/**
 * Minimum issue distance (cycles) from a fixed-latency producer to a consumer: a RAW read must see
 * the result (written latency cycles after issue; a decoupled consumer reads one cycle after
 * issue at the earliest); a WAW write must land strictly later (same-cycle writes have no order).
 */
export function requiredDistance(program: Program, producer: number, consumer: number, kind: 'RAW' | 'WAR' | 'WAW'): number {
  const producerPipe = program.pipes[pipeIndexOf(program, program.instructions[producer]!)];
  const consumerPipe = program.pipes[pipeIndexOf(program, program.instructions[consumer]!)];
  if (producerPipe?.kind !== 'fixed' || kind === 'WAR' || !consumerPipe) return 0;
  const latency = producerPipe.latency;
  if (consumerPipe.kind === 'queue') return latency - 1;
  return kind === 'RAW' ? latency : latency - consumerPipe.latency + 1;
}

/**
 * Raises stall counts so every dependency on a fixed-latency producer has its minimum distance:
 * the shortfall goes on the instruction just before the consumer, and beyond a stall of 15 into
 * inserted NOPs. Distances only grow, so one pass in program order suffices. When `shouldStop`
 * gives a reason the pass gives up (`stoppedBy`) and returns the program unchanged.
 */
export function fixLatencies(program: Program, shouldStop?: StopPredicate): { program: Program; nops: number; stoppedBy: string | null } {
  const instructions: Instruction[] = [...program.instructions];
  /** Original index of each instruction (-1 for inserted NOPs): positions move as NOPs go in. */
  const origin: number[] = instructions.map((_, index) => index);
  const stall = (i: Instruction) => effectiveStall(i.control);
  let nops = 0;
  for (const { producer, consumer, kind } of dependencies(program)) {
    const stop = shouldStop?.() ?? null;
    if (stop !== null) return { program, nops: 0, stoppedBy: stop };
    const from = origin.indexOf(producer);
    const to = origin.indexOf(consumer);
    const needed = requiredDistance(program, producer, consumer, kind);
    let distance = instructions.slice(from, to).reduce((sum, i) => sum + stall(i), 0);
    let before = to - 1;
    while (distance < needed) {
      const previous = instructions[before]!;
      const room = MAX_STALL - stall(previous);
      if (room > 0) {
        const add = Math.min(room, needed - distance);
        instructions[before] = { ...previous, control: { ...previous.control, stall: stall(previous) + add } } as Instruction;
        distance += add;
      } else {
        instructions.splice(before + 1, 0, { kind: 'nop', control: { ...DEFAULT_CONTROL, stall: 1 } });
        origin.splice(before + 1, 0, -1);
        nops++;
        before++;
        distance += 1;
      }
    }
  }
  return { program: { ...program, instructions }, nops, stoppedBy: null };
}
