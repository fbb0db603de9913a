import { eventOrder } from '../../spec/scoreboard/depbar/eventOrder.js';
import { DEFAULT_SCOREBOARD_MAX } from '../../spec/scoreboard/machine/step.js';
import { pipeIndexOf } from '../../spec/scoreboard/operands.js';
import { DEFAULT_CONTROL, type Instruction, type Program } from '../../spec/scoreboard/program.js';
import { guaranteedBy, type EventName } from '../depbar/guaranteed.js';
import { largestSafeImmediate } from '../depbar/minimumDistance.js';
import { dependencies } from '../depbar/protectedDependencies.js';
import { fixLatencies } from './stalls.js';
import type { StopPredicate } from '../budget.js';

/** The annotated program and what the pass has to say about it. */
export interface Annotated {
  readonly program: Program;
  readonly notes: readonly string[];
  readonly depbars: number;
  readonly nops: number;
  /** Why the pass stopped before it was done (a time budget): then `program` is the input, unannotated. */
  readonly stoppedBy: string | null;
}

/**
 * The scoreboard insertion pass. It keeps the instructions (and NOPs) of `input`, drops its
 * DEPBARs and control fields, and computes new ones:
 * - every decoupled instruction whose write (read) a later instruction of another pipe, or a
 *   later reader of its own pipe, needs counts it on its pipe's write (read) scoreboard;
 * - before each consumer, the events it needs that no earlier barrier guarantees are waited for,
 *   per scoreboard with the largest safe immediate (minimum distance, exploiting in-order reads
 *   and writes per pipe): 0 becomes a wait-mask bit, k > 0 an inserted `DEPBAR.LE SBs, k`;
 * - fixed-latency dependencies get stall counts (and NOPs past 15 cycles);
 * - counters are drained by a DEPBAR before they could pass their maximum.
 * With fewer scoreboards than roles, roles share scoreboards; that stays safe (minimum distance
 * only counts events of the same pipe) and is reported in `notes`. `shouldStop` (a time budget)
 * is asked before each instruction; when it gives a reason the pass gives up (`stoppedBy`).
 */
export function annotateProgram(input: Program, scoreboardMax = DEFAULT_SCOREBOARD_MAX, shouldStop?: StopPredicate): Annotated {
  const stripped: Program = {
    ...input,
    instructions: input.instructions.filter((i) => i.kind !== 'depbar').map((i) => ({ ...i, control: { ...DEFAULT_CONTROL, yield: i.control.yield } }) as Instruction),
  };
  const pipeOf = (index: number) => pipeIndexOf(stripped, stripped.instructions[index]!);
  const decoupled = (index: number) => stripped.pipes[pipeOf(index)]?.kind === 'queue';
  const needs: { producer: number; consumer: number; event: 'read' | 'write' }[] = [];
  for (const { kind, producer, consumer, event } of dependencies(stripped)) {
    if (!decoupled(producer)) continue; // fixed latency: stalls
    if (pipeOf(producer) === pipeOf(consumer) && kind !== 'RAW') continue; // in-order reads and writes already order these
    needs.push({ producer, consumer, event });
  }
  // Scoreboard roles: a write role and a read role per pipe that needs them.
  const roles: string[] = [];
  const roleOf = (pipe: number, event: 'read' | 'write') => `${event}:${pipe}`;
  for (const { producer, event } of needs) if (!roles.includes(roleOf(pipeOf(producer), event))) roles.push(roleOf(pipeOf(producer), event));
  roles.sort();
  const scoreboardOf = (pipe: number, event: 'read' | 'write') => roles.indexOf(roleOf(pipe, event)) % stripped.scoreboards;
  const notes: string[] = [];
  if (roles.length > stripped.scoreboards) {
    notes.push(`${roles.length} scoreboard roles (${roles.map((r) => { const [event, pipe] = r.split(':'); return `${stripped.pipes[Number(pipe)]!.name} ${event}s`; }).join(', ')}) share ${stripped.scoreboards} scoreboard(s): ` +
      'still safe (immediates count only same-pipe events), but some waits are longer than with one scoreboard per role');
  }
  const byProducer = groupBy(needs, (need) => need.producer);
  const byConsumer = groupBy(needs, (need) => need.consumer);
  const counted = stripped.instructions.map((instruction, index): Instruction => {
    const own = byProducer.get(index) ?? [];
    if (own.length === 0) return instruction;
    const pipe = pipeOf(index);
    return {
      ...instruction,
      control: {
        ...instruction.control,
        readScoreboard: own.some((n) => n.event === 'read') ? scoreboardOf(pipe, 'read') : null,
        writeScoreboard: own.some((n) => n.event === 'write') ? scoreboardOf(pipe, 'write') : null,
      },
    } as Instruction;
  });

  // Walk in order, placing waits and DEPBARs in front of each consumer.
  const output: Instruction[] = [];
  const position: number[] = [];
  const guaranteed = new Set<EventName>();
  const outstanding = new Array<number>(stripped.scoreboards).fill(0);
  let depbars = 0;
  const place = (instruction: Instruction) => {
    output.push(instruction);
    const program = { ...stripped, instructions: output };
    for (const event of guaranteedBy(program, output.length - 1)) guaranteed.add(event);
    for (const scoreboard of instruction.control.wait) outstanding[scoreboard] = 0;
    if (instruction.kind === 'depbar') outstanding[instruction.scoreboard] = Math.min(outstanding[instruction.scoreboard]!, instruction.limit);
    for (const scoreboard of [instruction.control.readScoreboard, instruction.control.writeScoreboard]) if (scoreboard !== null) outstanding[scoreboard]!++;
  };
  for (const [index, instruction] of counted.entries()) {
    const stop = shouldStop?.() ?? null;
    if (stop !== null) return { program: input, notes: [], depbars: 0, nops: 0, stoppedBy: stop };
    const needed = byConsumer.get(index) ?? [];
    const immediates = new Map<number, number>();
    let prefix: Program | null = null;
    for (const { producer, event } of needed) {
      const name: EventName = `${position[producer]!}:${event}`;
      if (guaranteed.has(name)) continue;
      prefix ??= { ...stripped, instructions: [...output, instruction] };
      const scoreboard = scoreboardOf(pipeOf(producer), event);
      const order = eventOrder(prefix, output.length, scoreboard);
      const largest = largestSafeImmediate(order, order.events.findIndex((e) => `${e.instruction}:${e.kind}` === name));
      if (largest === null) throw new Error(`internal error: ${name} is not tracked on SB${scoreboard}`);
      immediates.set(scoreboard, Math.min(immediates.get(scoreboard) ?? Infinity, largest));
    }
    // Drain a counter that this instruction could push past its maximum.
    const increments = [instruction.control.readScoreboard, instruction.control.writeScoreboard];
    for (const scoreboard of new Set(increments)) {
      if (scoreboard === null) continue;
      const adds = increments.filter((s) => s === scoreboard).length;
      if (outstanding[scoreboard]! + adds > scoreboardMax) immediates.set(scoreboard, Math.min(immediates.get(scoreboard) ?? Infinity, scoreboardMax - adds));
    }
    const wait: number[] = [];
    for (const [scoreboard, immediate] of [...immediates].sort((a, b) => a[0] - b[0])) {
      if (immediate === 0) wait.push(scoreboard);
      else {
        place({ kind: 'depbar', scoreboard, limit: immediate, control: DEFAULT_CONTROL });
        depbars++;
      }
    }
    position[index] = output.length;
    place({ ...instruction, control: { ...instruction.control, wait } } as Instruction);
  }
  const { program, nops, stoppedBy } = fixLatencies({ ...stripped, instructions: output }, shouldStop);
  if (stoppedBy !== null) return { program: input, notes: [], depbars: 0, nops: 0, stoppedBy };
  if (depbars > 0) notes.push(`inserted ${depbars} DEPBAR(s) with the largest safe immediates`);
  if (nops > 0) notes.push(`inserted ${nops} NOP(s) for fixed latencies longer than a stall can hold`);
  return { program, notes, depbars, nops, stoppedBy: null };
}

/** Items grouped by a key, each group in input order. */
function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
