import type { Hazard } from '../../spec/oracle/hazard.js';
import type { SassProgram } from '../../spec/sass/program.js';
import type { Suspicion } from '../../impl/sass/analysis/suspicion.js';

/** `line 2903 (LDG.E.SYS R5, [R18])`: an instruction as a reader finds it in the listing. */
export function instructionAt(program: SassProgram, index: number): string {
  const instruction = program.instructions[index]!;
  return `line ${instruction.line} (${instruction.text})`;
}

/** One sentence for a hazard shown on the machine. */
export function describeSassHazard(program: SassProgram, hazard: Hazard): string {
  if (hazard.kind === 'overflow') {
    return `scoreboard ${hazard.scoreboard} overflows (value ${hazard.value}) when ${instructionAt(program, hazard.instruction)} issues, cycle ${hazard.cycle}`;
  }
  const producer = instructionAt(program, hazard.producer);
  const consumer = instructionAt(program, hazard.consumer);
  switch (hazard.kind) {
    case 'RAW': return `RAW on ${hazard.register}: ${consumer} read it at cycle ${hazard.cycle} before ${producer} had written it`;
    case 'WAR': return `WAR on ${hazard.register}: ${consumer} overwrote it before ${producer} had read it (seen at cycle ${hazard.cycle})`;
    case 'WAW': {
      const seen = hazard.observer === null ? 'in the final registers' : `by ${instructionAt(program, hazard.observer)}`;
      return `WAW on ${hazard.register}: ${producer} landed after ${consumer}, seen ${seen} at cycle ${hazard.cycle}`;
    }
  }
}

/** One sentence for a hazard the analysis could not rule out. */
export function describeSuspicion(program: SassProgram, suspicion: Suspicion): string {
  if (suspicion.kind === 'overflow') return `possible overflow of scoreboard ${suspicion.scoreboard} at ${instructionAt(program, suspicion.producer)}: ${suspicion.why}`;
  return `possible ${suspicion.kind} on ${suspicion.register}: ${instructionAt(program, suspicion.producer)} then ${instructionAt(program, suspicion.consumer)}: ${suspicion.why}`;
}
