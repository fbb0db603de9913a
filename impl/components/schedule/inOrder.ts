/**
 * In-order issue: the program's own order, each instruction as early as its edges allow (idle
 * cycles where they do not). With full-latency edges this is the baseline the scheduler is
 * measured against; with the proved edges it is the scheduler's fallback.
 */
import type { ComponentProgram } from '../../../spec/components/program.js';
import type { DependenceGraph } from './dependences.js';
import type { IssueSchedule } from './issueSchedule.js';

/** Issues every instruction in program order, at the first cycle its predecessors' edge latencies allow. */
export function inOrderSchedule(program: ComponentProgram, graph: DependenceGraph): IssueSchedule {
  const start: number[] = [];
  const last: number[] = [];
  let cycle = 0;
  program.instructions.forEach((instruction, index) => {
    const earliest = Math.max(cycle, ...graph.predecessors[index]!.map(({ index: predecessor, edge }) => last[predecessor]! + edge));
    start[index] = earliest;
    last[index] = earliest + instruction.repeat;
    cycle = last[index]! + 1;
  });
  return { order: program.instructions.map((_, index) => index), start, cycles: cycle };
}
