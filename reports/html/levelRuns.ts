import type { GanttLevel } from './gantt.js';

/**
 * A counter's samples (`[x, value]`, x ascending) as levels: one per run of equal values at
 * consecutive x. `title` words a run for its tooltip.
 */
export function levelRuns(lane: string, samples: readonly (readonly [number, number])[], title: (run: { from: number; to: number; value: number }) => string): GanttLevel[] {
  const levels: GanttLevel[] = [];
  let run: { from: number; to: number; value: number } | null = null;
  const close = () => {
    if (run !== null) levels.push({ lane, ...run, title: title(run) });
  };
  for (const [at, value] of samples) {
    if (run !== null && run.value === value && run.to === at - 1) {
      run.to = at;
    } else {
      close();
      run = { from: at, to: at, value };
    }
  }
  close();
  return levels;
}
