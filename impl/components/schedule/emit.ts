/**
 * From an issue schedule to a program of the component machine: instructions in issue order,
 * each with the idle cycles before the next one as its `nops`, and the waits the order needs.
 *
 * Waits: an instruction waits with class K when it depends on a variable-latency producer (or a
 * late reader) of class K that no wait of class K has covered since that producer issued. A
 * `(sy)`/`(ss)` wait lets the thread go on only once no result of its class is pending, so one
 * wait covers every producer of its class issued before it. With `keepWaits`, the input's own
 * waits stay as well (ir3: some order memory accesses, which the model does not see).
 */
import type { ComponentInstruction, ComponentProgram } from '../../../spec/components/program.js';
import type { DependenceGraph } from './dependences.js';
import type { IssueSchedule } from './issueSchedule.js';

/** Builds the scheduled program (see the file comment). Keeps `line` and `text` of every instruction. */
export function emitSchedule(program: ComponentProgram, graph: DependenceGraph, schedule: IssueSchedule, keepWaits: boolean): ComponentProgram {
  const uncovered: Record<'sy' | 'ss', Set<number>> = { sy: new Set(), ss: new Set() };
  const instructions = schedule.order.map((index, at): ComponentInstruction => {
    const instruction = program.instructions[index]!;
    const next = schedule.order[at + 1];
    const nops = next === undefined ? 0 : schedule.start[next]! - (schedule.start[index]! + instruction.repeat + 1);
    const needed = new Set<'sy' | 'ss'>(keepWaits ? instruction.waits : []);
    for (const { producer, syncClass } of graph.waits[index]!) if (uncovered[syncClass].has(producer)) needed.add(syncClass);
    const waits = (['sy', 'ss'] as const).filter((flag) => needed.has(flag));
    for (const flag of waits) uncovered[flag].clear();
    for (const flag of graph.pending[index]!) uncovered[flag].add(index);
    return { ...instruction, nops, waits };
  });
  return { ...program, instructions };
}
