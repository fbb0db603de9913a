import { eventOrder } from '../../spec/scoreboard/depbar/eventOrder.js';
import type { Program } from '../../spec/scoreboard/program.js';
import { largestSafeImmediates } from './minimumDistance.js';
import { pipeIndexOf } from '../../spec/scoreboard/operands.js';

/** An event of an instruction: `instruction:read` or `instruction:write`. */
export type EventName = `${number}:${'read' | 'write'}`;

/**
 * Events that the barrier at instruction `barrier` guarantees have happened when it issues: its
 * wait mask (scoreboard at zero) and, for a DEPBAR, its immediate, each judged by the minimum
 * distance over the events in front of it.
 */
export function guaranteedBy(program: Program, barrier: number): Set<EventName> {
  const instruction = program.instructions[barrier]!;
  const done = new Set<EventName>();
  const add = (scoreboard: number, immediate: number) => {
    const order = eventOrder(program, barrier, scoreboard);
    const largest = largestSafeImmediates(order);
    order.events.forEach((event, index) => {
      const safe = largest[index]!;
      if (safe !== null && safe >= immediate) done.add(`${event.instruction}:${event.kind}`);
    });
  };
  for (const scoreboard of instruction.control.wait) add(scoreboard, 0);
  if (instruction.kind === 'depbar') add(instruction.scoreboard, instruction.limit);
  return done;
}

/**
 * For every event some barrier guarantees, the first barrier (in program order, those in
 * `ignore` left out, up to `upTo`) that does: an event is guaranteed at a point exactly when that
 * barrier is at or before it. The same answers as asking `guaranteedAt` at every point, in time
 * linear in the program: a barrier on SBs with immediate k guarantees, in each pipe, the events
 * up to the (k+1)-th last event counted on SBs in front of it (writes for a write, reads and
 * writes for a read: the closed form of `largestSafeImmediate`), so what it adds is a prefix
 * of each pipe's events, and each event is reached once.
 */
export function firstGuarantees(program: Program, ignore: ReadonlySet<number> = new Set(), upTo = program.instructions.length - 1): Map<EventName, number> {
  const pipeOf = program.instructions.map((instruction) => pipeIndexOf(program, instruction));
  const kinds = (pipe: number): ('read' | 'write')[] => (program.pipes[pipe]!.kind === 'queue' ? ['read', 'write'] : ['write']);
  /** For each scoreboard, pipe and kind of protected event: the instructions of the counted events that bound it, in order. */
  const counted = new Map<string, number[]>();
  const countedList = (scoreboard: number, pipe: number, kind: 'read' | 'write') => {
    const key = `${scoreboard}:${pipe}:${kind}`;
    if (!counted.has(key)) counted.set(key, []);
    return counted.get(key)!;
  };
  /** The instructions of each pipe, in order, and how far each (pipe, kind) is already guaranteed. */
  const ofPipe = program.pipes.map(() => [] as number[]);
  program.instructions.forEach((instruction, index) => {
    const pipe = pipeOf[index]!;
    if (pipe < 0) return;
    ofPipe[pipe]!.push(index);
    const { readScoreboard, writeScoreboard } = instruction.control;
    // A protected write waits for counted writes; a protected read for counted reads and writes.
    if (writeScoreboard !== null) {
      countedList(writeScoreboard, pipe, 'write').push(index);
      countedList(writeScoreboard, pipe, 'read').push(index);
    }
    if (readScoreboard !== null && program.pipes[pipe]!.kind === 'queue') countedList(readScoreboard, pipe, 'read').push(index);
  });
  for (const list of counted.values()) list.sort((a, b) => a - b);
  const reached = new Map<string, number>();
  const first = new Map<EventName, number>();
  for (let barrier = 0; barrier <= upTo; barrier++) {
    if (ignore.has(barrier)) continue;
    const instruction = program.instructions[barrier]!;
    const asks: [number, number][] = instruction.control.wait.map((scoreboard) => [scoreboard, 0]);
    if (instruction.kind === 'depbar') asks.push([instruction.scoreboard, instruction.limit]);
    for (const [scoreboard, immediate] of asks) {
      program.pipes.forEach((_, pipe) => {
        for (const kind of kinds(pipe)) {
          const list = counted.get(`${scoreboard}:${pipe}:${kind}`) ?? [];
          const before = countBelow(list, barrier);
          if (before < immediate + 1) continue;
          const bound = list[before - immediate - 1]!;
          const events = ofPipe[pipe]!;
          let at = reached.get(`${pipe}:${kind}`) ?? 0;
          for (; at < events.length && events[at]! <= bound; at++) first.set(`${events[at]!}:${kind}`, barrier);
          reached.set(`${pipe}:${kind}`, at);
        }
      });
    }
  }
  return first;
}

/** How many of the ascending `values` are below `bound`. */
function countBelow(values: readonly number[], bound: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]! < bound) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Events guaranteed when instruction `point` issues by every barrier up to and including it, except those in `ignore`. */
export function guaranteedAt(program: Program, point: number, ignore: ReadonlySet<number> = new Set()): Set<EventName> {
  const done = new Set<EventName>();
  for (let barrier = 0; barrier <= point; barrier++) {
    if (ignore.has(barrier)) continue;
    for (const event of guaranteedBy(program, barrier)) done.add(event);
  }
  return done;
}
