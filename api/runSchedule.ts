import { DEFAULT_SCOREBOARD_MAX } from '../spec/scoreboard/machine/step.js';
import type { Hazard } from '../spec/oracle/hazard.js';
import { runSchedule as runOnSpec } from '../spec/scoreboard/schedule/runSchedule.js';
import type { LatencySchedule } from '../spec/scoreboard/schedule/latencySchedule.js';
import { formatSchedule } from '../spec/scoreboard/trace.js';
import { toProgram, type ProgramInput } from './program.js';

/** One run of a program under a fixed latency schedule. */
export interface ScheduleRun {
  /** The hazards this run shows (empty when it has none). */
  readonly hazards: readonly Hazard[];
  /** The run as an action schedule: `hazardproof check FILE --replay "..."` shows it again. */
  readonly schedule: string;
}

/**
 * Runs a scoreboard program on the reference model under one latency schedule (from
 * `latencySchedules`): one execution, its hazards, and its replayable schedule.
 */
export function runSchedule(program: ProgramInput, schedule: LatencySchedule, options: { readonly scoreboardBits?: number } = {}): ScheduleRun {
  const loaded = toProgram(program);
  if (loaded.machine !== 'scoreboard') throw new TypeError('runSchedule runs scoreboard programs');
  const size = loaded.parsed.program.warps * loaded.parsed.program.instructions.length;
  for (const [name, values] of Object.entries(schedule)) {
    if ((values as ArrayLike<number>).length < size) throw new RangeError(`the schedule's ${name} has ${(values as ArrayLike<number>).length} entries; this program needs ${size} (warps x instructions): draw schedules for the program you run`);
  }
  const scoreboardMax = options.scoreboardBits === undefined ? DEFAULT_SCOREBOARD_MAX : 2 ** options.scoreboardBits - 1;
  const run = runOnSpec(loaded.parsed.program, schedule, scoreboardMax);
  return { hazards: run.hazards, schedule: formatSchedule(run.schedule) };
}
