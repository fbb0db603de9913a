import { defaultSeed } from '../format/defaultSeed.js';
import { printProgram } from '../format/hp/print.js';
import { minimizeProgram } from '../impl/minimize/minimizeProgram.js';
import type { HazardTarget } from '../impl/minimize/showsHazard.js';
import { parseProgram, toProgram, type HazardproofProgram, type ProgramInput } from './program.js';
import { stopPredicate, type StopOptions } from './stop.js';

/** Options of `minimize`: how hard each candidate is searched for the hazard. */
export interface MinimizeOptions extends StopOptions {
  readonly seed?: number;
  /** Random schedules per candidate (default 40). */
  readonly runs?: number;
  readonly maxLatency?: number;
  readonly scoreboardBits?: number;
}

/** A smallest program found that still shows the hazard. */
export interface MinimizeResult {
  readonly program: HazardproofProgram;
  readonly text: string;
  readonly instructionsBefore: number;
  readonly instructionsAfter: number;
  /** Why it stopped early (time budget, abort), or null when no smaller candidate shows the hazard. */
  readonly stoppedBy: string | null;
}

/**
 * Shrinks a scoreboard program to a smallest one that still shows a hazard of the given kind on
 * the given register (for an overflow, the scoreboard as `SBn`): instructions, operands, warps
 * and pipes are removed while the hazard stays.
 */
export function minimize(program: ProgramInput, target: HazardTarget, options: MinimizeOptions = {}): MinimizeResult {
  const loaded = toProgram(program);
  if (loaded.machine !== 'scoreboard') throw new TypeError('minimize works on scoreboard programs; LRC programs shrink with the CLI (check --minimize)');
  const minimized = minimizeProgram(loaded.parsed.program, target, {
    seed: options.seed ?? defaultSeed(), runs: options.runs ?? 40, maxLatency: options.maxLatency ?? 8,
    scoreboardMax: 2 ** (options.scoreboardBits ?? 6) - 1, exhaustiveUpTo: 12,
  }, stopPredicate(options));
  const text = printProgram(minimized.program);
  return {
    program: parseProgram(text, { file: loaded.parsed.file }), text,
    instructionsBefore: minimized.instructionsBefore, instructionsAfter: minimized.instructionsAfter, stoppedBy: minimized.stoppedBy,
  };
}
