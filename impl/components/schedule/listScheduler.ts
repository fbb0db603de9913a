/**
 * Seed 004's list scheduler. Instructions move from the input list to the ready list once every
 * predecessor has issued and each edge latency is covered by its dynamic latency (cycles since
 * the predecessor's last execution); each cycle the best ready instruction issues (moves to the
 * active list: issued, with successors still waiting on its edges) and is appended to the result
 * list (the output, in issue order); an active instruction completes when every successor's
 * dynamic latency has reached its edge latency. A cycle with nothing ready is idle (a NOP).
 *
 * Priority: the longest latency-weighted path from the instruction to the end of the program
 * (issue cycles, repeats and edge latencies), then program order.
 */
import type { ComponentProgram } from '../../../spec/components/program.js';
import type { DependenceGraph } from './dependences.js';
import type { IssueSchedule } from './issueSchedule.js';

/** The four lists at the end of a run, and the schedule they give. */
export interface ListRun extends IssueSchedule {
  /** Idle cycles inserted (cycles with an empty ready list). */
  readonly idle: number;
  /** Completion order of the active list (for the record; the output is `order`). */
  readonly completed: readonly number[];
}

/**
 * Height of each instruction: cycles from its first issue to the end of the longest chain of
 * dependent instructions after it (its own executions included). Indices are in program order,
 * a topological order of the graph, so one backward pass suffices.
 */
export function criticalPath(program: ComponentProgram, graph: DependenceGraph): number[] {
  const height: number[] = [];
  for (let index = program.instructions.length - 1; index >= 0; index--) {
    const repeat = program.instructions[index]!.repeat;
    height[index] = Math.max(repeat + 1, ...graph.successors[index]!.map(({ index: successor, edge }) => repeat + edge + height[successor]!));
  }
  return height;
}

/** Runs the list scheduler over a straight-line program's dependence graph. */
export function listSchedule(program: ComponentProgram, graph: DependenceGraph): ListRun {
  const count = program.instructions.length;
  const priority = criticalPath(program, graph);
  const waitingOn = graph.predecessors.map((edges) => edges.length);
  const start: number[] = new Array<number>(count).fill(-1);
  const last: number[] = new Array<number>(count).fill(-1);
  /** The input list's instructions whose predecessors have all issued, with the cycle their last edge is covered. */
  const earliest = new Map<number, number>();
  const ready: number[] = [];
  const active = new Set<number>();
  const result: number[] = [];
  const completed: number[] = [];
  for (let index = 0; index < count; index++) if (waitingOn[index] === 0) earliest.set(index, 0);
  let cycle = 0;
  let idle = 0;
  while (result.length < count) {
    // Input -> ready: every predecessor issued and every edge latency covered by the dynamic latency.
    for (const [index, at] of earliest) {
      if (at > cycle) continue;
      earliest.delete(index);
      ready.push(index);
    }
    // Active -> complete: every successor's dynamic latency has reached its edge latency.
    for (const index of active) {
      if (graph.successors[index]!.every(({ edge }) => cycle - last[index]! >= edge)) {
        active.delete(index);
        completed.push(index);
      }
    }
    if (ready.length === 0) {
      cycle++;
      idle++;
      continue;
    }
    let best = 0;
    for (let at = 1; at < ready.length; at++) {
      const candidate = ready[at]!;
      const current = ready[best]!;
      if (priority[candidate]! > priority[current]! || (priority[candidate] === priority[current] && candidate < current)) best = at;
    }
    const chosen = ready.splice(best, 1)[0]!;
    start[chosen] = cycle;
    last[chosen] = cycle + program.instructions[chosen]!.repeat;
    result.push(chosen);
    active.add(chosen);
    cycle = last[chosen]! + 1;
    for (const { index: successor } of graph.successors[chosen]!) {
      if (--waitingOn[successor]! > 0) continue;
      earliest.set(successor, Math.max(...graph.predecessors[successor]!.map(({ index: predecessor, edge }) => last[predecessor]! + edge)));
    }
  }
  completed.push(...active);
  return { order: result, start, cycles: cycle, idle, completed };
}
