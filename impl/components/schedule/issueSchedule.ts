/**
 * An issue schedule: the order instructions issue in and the cycle each starts at. Both the list
 * scheduler and in-order issue produce one; `emitSchedule` turns it into a program.
 */
import type { ComponentProgram } from '../../../spec/components/program.js';
import type { DependenceGraph } from './dependences.js';

/** Issue order and start cycles of a straight-line program's instructions. */
export interface IssueSchedule {
  /** Instruction indices (into the scheduled program) in issue order. */
  readonly order: readonly number[];
  /** start[i]: the cycle instruction i's first execution issues at. */
  readonly start: readonly number[];
  /** Cycles from the first issue to the end of the last instruction's executions. */
  readonly cycles: number;
}

/**
 * The first edge the schedule breaks: a successor ordered before its predecessor, or issued
 * fewer cycles after the predecessor's last execution than the edge latency; null when none.
 */
export function violatedEdge(program: ComponentProgram, graph: DependenceGraph, schedule: IssueSchedule): string | null {
  const position = new Map(schedule.order.map((index, at) => [index, at]));
  for (const [successor, edges] of graph.predecessors.entries()) {
    for (const { index: predecessor, edge } of edges) {
      if (position.get(predecessor)! > position.get(successor)!) return `instruction ${successor + 1} issues before instruction ${predecessor + 1}, which it depends on`;
      const gap = schedule.start[successor]! - (schedule.start[predecessor]! + program.instructions[predecessor]!.repeat);
      if (gap < edge) return `instruction ${successor + 1} issues ${gap} cycle(s) after instruction ${predecessor + 1}'s last execution, edge latency ${edge}`;
    }
  }
  return null;
}
