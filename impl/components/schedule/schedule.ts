/**
 * Schedules a straight-line component program: drops its NOPs, builds the dependence graph with
 * the proved edge latencies, runs the list scheduler, and emits the program (instructions
 * reordered, idle cycles as `nops` on the instruction before them, waits set). List scheduling is
 * a heuristic: issuing whatever is ready can lose to program order, so when in-order issue with
 * the same edges is shorter the scheduler returns that instead (`method: 'in-order'`); either is
 * never longer than the full-latency in-order baseline, whose edges are never shorter.
 */
import type { ComponentProgram } from '../../../spec/components/program.js';
import { componentDependences, type DependenceGraph, type ScheduleHints } from './dependences.js';
import { PROVED_EDGE_RULES, type EdgeRules } from './edgeRules.js';
import { emitSchedule } from './emit.js';
import { inOrderSchedule } from './inOrder.js';
import { issueStatistics, type IssueStatistics } from './cycles.js';
import type { IssueSchedule } from './issueSchedule.js';
import { listSchedule } from './listScheduler.js';
import { stripNops } from './stripNops.js';

/** How to schedule. */
export interface ScheduleOptions {
  /** Edge latencies; default the proved rules. */
  readonly rules?: EdgeRules;
  /** Facts beyond the model, by instruction index of the input program. */
  readonly hints?: ScheduleHints;
  /** Keep the input's own waits besides the ones the schedule needs (default: recompute them all). */
  readonly keepWaits?: boolean;
  /** `best` (default): the list schedule unless in-order issue is shorter; or force one. */
  readonly method?: 'best' | 'list' | 'in-order';
}

/** A scheduled program and what it costs. */
export interface ScheduledProgram {
  readonly ok: true;
  readonly program: ComponentProgram;
  /** For each instruction of `program`, its index in the input program. */
  readonly order: readonly number[];
  /** Instructions, idle cycles and issue cycles of `program` (waits count 0 cycles). */
  readonly statistics: IssueStatistics;
  /** Which schedule was kept. */
  readonly method: 'list' | 'in-order';
  /** The dependence graph, over the input program's non-nop instructions (`graphIndices` maps them). */
  readonly graph: DependenceGraph;
  /** For each node of `graph`, its index in the input program. */
  readonly graphIndices: readonly number[];
}

/** The schedule, or why the program cannot be scheduled (branches, an intrinsic hazard). */
export type ScheduleResult = ScheduledProgram | { readonly ok: false; readonly reason: string };

/** Schedules `program` (see the file comment). */
export function scheduleComponentProgram(program: ComponentProgram, options: ScheduleOptions = {}): ScheduleResult {
  const rules = options.rules ?? PROVED_EDGE_RULES;
  const stripped = stripNops(program);
  const hints = options.hints;
  const mapped: ScheduleHints | undefined = hints && {
    ...(hints.ordered ? { ordered: (index: number) => hints.ordered!(stripped.original[index]!) } : {}),
    ...(hints.alsoReads ? { alsoReads: (index: number) => hints.alsoReads!(stripped.original[index]!) } : {}),
    ...(hints.alsoWrites ? { alsoWrites: (index: number) => hints.alsoWrites!(stripped.original[index]!) } : {}),
  };
  const dependences = componentDependences(stripped.program, rules, mapped);
  if (!dependences.ok) return dependences;
  const graph = dependences.graph;
  const method = options.method ?? 'best';
  let chosen: IssueSchedule;
  let kept: 'list' | 'in-order';
  if (method === 'in-order') {
    chosen = inOrderSchedule(stripped.program, graph);
    kept = 'in-order';
  } else {
    const list = listSchedule(stripped.program, graph);
    const inOrder = method === 'best' ? inOrderSchedule(stripped.program, graph) : null;
    [chosen, kept] = inOrder !== null && inOrder.cycles < list.cycles ? [inOrder, 'in-order'] : [list, 'list'];
  }
  const emitted = emitSchedule(stripped.program, graph, chosen, options.keepWaits ?? false);
  return {
    ok: true,
    program: emitted,
    order: chosen.order.map((index) => stripped.original[index]!),
    statistics: issueStatistics(emitted),
    method: kept,
    graph,
    graphIndices: stripped.original,
  };
}
