import { pipeIndexOf } from '../../spec/scoreboard/operands.js';
import type { Program } from '../../spec/scoreboard/program.js';
import { deltaDebug } from './deltaDebug.js';
import { showsHazard, type HazardTarget, type SearchEffort } from './showsHazard.js';
import { simplifyInstructions } from './simplifyInstructions.js';
import { RecordedStop, type StopPredicate } from '../budget.js';

/** A minimized program and what it cost. */
export interface Minimized {
  readonly program: Program;
  readonly instructionsBefore: number;
  readonly instructionsAfter: number;
  /** Candidate programs examined. */
  readonly evaluations: number;
  readonly elapsedMs: number;
  /** Why minimization stopped before it was done (a time budget): the program still shows the hazard, but may not be minimal. */
  readonly stoppedBy: string | null;
}

/**
 * Shrinks a program to a smallest one that still shows the target hazard: delta debugging over
 * the instruction list, then the argument simplification pass, then pipes no instruction uses
 * are dropped. The input must show the hazard (under `effort`). When `shouldStop` gives a reason
 * the passes end with what they have (every kept step still showed the hazard).
 */
export function minimizeProgram(program: Program, target: HazardTarget, effort: SearchEffort, shouldStop?: StopPredicate): Minimized {
  const started = performance.now();
  let evaluations = 0;
  const stop = new RecordedStop(shouldStop);
  // Once the budget is spent every candidate counts as not failing: both passes then end at once, keeping what they have.
  const fails = (candidate: Program) => {
    if (stop.ask() !== null) return false;
    evaluations++;
    return showsHazard(candidate, target, effort);
  };
  const stopped = () => stop.ask() !== null;
  const instructions = deltaDebug(program.instructions, (subset) => fails({ ...program, instructions: subset }), stopped);
  const simplified = simplifyInstructions({ ...program, instructions }, fails, stopped).program;
  const result = dropUnusedPipes(simplified);
  return {
    program: result, instructionsBefore: program.instructions.length, instructionsAfter: result.instructions.length,
    evaluations, elapsedMs: performance.now() - started, stoppedBy: stop.reason,
  };
}

/** Removes pipes that no instruction of the program is executed by (they cannot matter). */
export function dropUnusedPipes(program: Program): Program {
  const used = new Set(program.instructions.map((instruction) => pipeIndexOf(program, instruction)));
  return { ...program, pipes: program.pipes.filter((_, index) => used.has(index)) };
}
