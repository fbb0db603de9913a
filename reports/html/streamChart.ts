import { chartWindow } from './chartWindow.js';
import type { GanttBar, GanttChart, GanttLane, GanttMark } from './gantt.js';

/** Who takes a stream-output step: the work distribution unit, SSYNC, or an SO unit. */
export type StreamLane = 'wd' | 'ssync' | number;

/**
 * One step of a stream-output run or trace, as the charts draw it: its number (the step's place
 * in a run, or the line of a trace), who takes it, what it is, in words, the byte ranges it grants
 * or writes, and the task it belongs to.
 */
export interface StreamChartStep {
  readonly number: number;
  readonly lane: StreamLane;
  /** The protocol step (`wd`, `dispatch`, `first`, `second`, `response`, `write`, `ssyncWd`, `ssyncUnit`, `retire`, `finish`). */
  readonly type: string;
  readonly text: string;
  readonly ranges: readonly BufferRange[];
  /** The SO unit's task this step belongs to, or null: `key` tells tasks apart, `label` names it (`b3.t0`). */
  readonly task: StreamTask | null;
  /** Where the step's mark links to (its line in the page's listing), or null. */
  readonly href: string | null;
}

/** Bytes of one buffer that SSYNC granted a task (offset and bytes needed) or that an SO unit wrote. */
export interface BufferRange {
  readonly buffer: number;
  readonly unit: number;
  readonly kind: 'granted' | 'written';
  readonly start: number;
  readonly bytes: number;
  /** The step (number) that granted or wrote it. */
  readonly step: number;
  readonly task: StreamTask | null;
}

/** A task of an SO unit: `key` is unique in a run (batch IDs wrap), `label` is short (`b3.t0`: batch ID 3, task 0). */
export interface StreamTask {
  readonly key: string;
  readonly label: string;
}

/** The lane name of a step's taker: `wd`, `ssync`, `unit:2`. */
export function streamLaneId(lane: StreamLane): string {
  return typeof lane === 'number' ? `unit:${lane}` : lane;
}

/**
 * The Gantt chart of a stream-output counterexample: x is the step, a lane for the work
 * distribution unit, one for SSYNC and one per SO unit, a mark per step (its message, in words,
 * as the tooltip) and on each unit a bar per task from its dispatch (or first request) to its
 * write; `violating` (a step number, or null when the run just stops) is highlighted.
 */
export function streamStepsChart(title: string, units: number, steps: readonly StreamChartStep[], violating: number | null, finding: string): GanttChart {
  const firstStep = steps[0]?.number ?? 1;
  const lastStep = steps.at(-1)?.number ?? firstStep;
  const window = chartWindow(firstStep, violating === null ? [] : [violating], lastStep, 'step');
  const lanes: GanttLane[] = [
    { id: 'wd', label: 'work distribution', title: 'the work distribution unit: packets, batch IDs, work tokens, retire messages', kind: 'events' },
    { id: 'ssync', label: 'SSYNC', title: 'the stream synchronization unit: takes tokens, bundles and the SO units\' requests, answers with offsets', kind: 'events' },
    ...Array.from({ length: units }, (_, unit): GanttLane => ({ id: streamLaneId(unit), label: `SO unit ${unit}`, title: `SO unit ${unit}: its tasks from dispatch to write`, kind: 'events' })),
  ];
  const taskKey = (step: StreamChartStep) => `${streamLaneId(step.lane)}:${step.task?.key}`;
  const spans = new Map<string, { lane: string; from: number; to: number; task: string; done: boolean }>();
  for (const step of steps) {
    if (typeof step.lane !== 'number' || step.task === null) continue;
    const key = taskKey(step);
    const span = spans.get(key);
    if (span === undefined) spans.set(key, { lane: streamLaneId(step.lane), from: step.number, to: step.number, task: step.task.label, done: step.type === 'write' });
    else spans.set(key, { ...span, to: step.number, done: span.done || step.type === 'write' });
  }
  const bars: GanttBar[] = [...spans].map(([key, span]) => ({
    lane: span.lane, key, from: span.from, to: span.done ? span.to : null, stage: 'executing', label: span.task, conflict: false,
    title: `${span.task} on ${span.lane.replace('unit:', 'SO unit ')}: steps ${span.from} to ${span.done ? span.to : `${span.to} (not written yet)`}`,
  }));
  const marks: GanttMark[] = steps.filter((step) => step.number >= window.first && step.number <= window.last).map((step) => ({
    lane: streamLaneId(step.lane), bar: typeof step.lane === 'number' && step.task !== null ? taskKey(step) : null, at: step.number, type: step.type, label: '',
    title: `step ${step.number}: ${step.text}`, href: step.href,
    data: { ...(typeof step.lane === 'number' ? { unit: step.lane } : {}), ...(step.task === null ? {} : { task: step.task.label }) },
    conflict: step.number === violating ? { role: 'violation' as const, kind: 'violation' } : null,
  }));
  return {
    axis: 'step', first: window.first, last: window.last, lanes, bars, marks, levels: [],
    finding: violating === null ? null : { at: violating, label: finding },
    caption: `${title}: steps ${window.first} to ${window.last}`, note: window.note,
  };
}
