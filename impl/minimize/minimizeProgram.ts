import { pipeIndexOf } from '../../spec/scoreboard/operands.js';
import type { Program } from '../../spec/scoreboard/program.js';
import { deltaDebug } from './deltaDebug.js';
import { showsHazard, type HazardTarget, type SearchEffort } from './showsHazard.js';
import { simplifyInstructions } from './simplifyInstructions.js';

/** A minimized program and what it cost. */
export interface Minimized {
  readonly program: Program;
  readonly instructionsBefore: number;
  readonly instructionsAfter: number;
  /** Candidate programs examined. */
  readonly evaluations: number;
  readonly elapsedMs: number;
}

/**
 * Shrinks a program to a smallest one that still shows the target hazard: delta debugging over
 * the instruction list, then the argument simplification pass, then pipes no instruction uses
 * are dropped. The input must show the hazard (under `effort`).
 */
export function minimizeProgram(program: Program, target: HazardTarget, effort: SearchEffort): Minimized {
  const started = performance.now();
  let evaluations = 0;
  const fails = (candidate: Program) => {
    evaluations++;
    return showsHazard(candidate, target, effort);
  };
  const instructions = deltaDebug(program.instructions, (subset) => fails({ ...program, instructions: subset }));
  const simplified = simplifyInstructions({ ...program, instructions }, fails).program;
  const result = dropUnusedPipes(simplified);
  return {
    program: result, instructionsBefore: program.instructions.length, instructionsAfter: result.instructions.length,
    evaluations, elapsedMs: performance.now() - started,
  };
}

/** Removes pipes that no instruction of the program is executed by (they cannot matter). */
export function dropUnusedPipes(program: Program): Program {
  const used = new Set(program.instructions.map((instruction) => pipeIndexOf(program, instruction)));
  return { ...program, pipes: program.pipes.filter((_, index) => used.has(index)) };
}
