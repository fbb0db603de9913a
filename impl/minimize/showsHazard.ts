import { exploreExhaustive } from '../../spec/scoreboard/explore.js';
import { runSeed } from '../../explore/search.js';
import type { Hazard } from '../../spec/oracle/hazard.js';
import type { Program } from '../../spec/scoreboard/program.js';
import { randomSchedule } from '../../spec/scoreboard/schedule/latencySchedule.js';
import { compileProgram } from '../compiled.js';
import { Simulator } from '../simulator.js';

/** The hazard a minimization keeps: same kind on the same register (instruction indices change as instructions go). */
export interface HazardTarget {
  readonly kind: Hazard['kind'];
  /** The register, or for an overflow the scoreboard as `SBn`. */
  readonly register: string;
}

/** How hard to look for the hazard in each candidate program. */
export interface SearchEffort {
  readonly seed: number;
  readonly runs: number;
  readonly maxLatency: number;
  readonly scoreboardMax: number;
  /** Candidates with at most this many instruction instances are searched exhaustively. */
  readonly exhaustiveUpTo: number;
}

/** Whether a hazard is the target: same kind, same register (or scoreboard). */
export function matchesTarget(hazard: Hazard, target: HazardTarget): boolean {
  if (hazard.kind !== target.kind) return false;
  return hazard.kind === 'overflow' ? `SB${hazard.scoreboard}` === target.register : hazard.register === target.register;
}

/**
 * Whether some schedule of `program` shows the target hazard. Small programs are decided
 * exactly by exhaustive search; larger ones by the simulator under fixed seeds, so the answer is
 * the same every time it is asked (a false "no" only makes minimization stop earlier).
 */
export function showsHazard(program: Program, target: HazardTarget, effort: SearchEffort): boolean {
  if (program.instructions.length * program.warps <= effort.exhaustiveUpTo) {
    const result = exploreExhaustive(program, { maxStates: 50_000, scoreboardMax: effort.scoreboardMax });
    if (result.hazards.some((found) => matchesTarget(found.hazard, target))) return true;
    if (result.complete) return false;
  }
  const simulator = new Simulator(compileProgram(program), effort.scoreboardMax);
  for (let index = 0; index < effort.runs; index++) {
    const run = simulator.run(randomSchedule(program, runSeed(effort.seed, index), effort.maxLatency));
    if (run.hazards.some((hazard) => matchesTarget(hazard, target))) return true;
  }
  return false;
}
