import type { Hazard } from '../../spec/oracle/hazard.js';
import type { SassProgram } from '../../spec/sass/program.js';
import type { Suspicion } from '../../impl/sass/analysis/suspicion.js';
import { readLatency } from '../../spec/sass/latency.js';
import { WARPGROUP_SCOREBOARD } from '../../spec/sass/controlFlow.js';

/** A scoreboard as the listing names it: `scoreboard 5`, or the warpgroup's `gsb0`. */
function scoreboardNamed(index: number | null): string {
  return index === WARPGROUP_SCOREBOARD ? 'the warpgroup scoreboard gsb0' : `scoreboard ${index}`;
}

/** `line 2903 (LDG.E.SYS R5, [R18])`: an instruction as a reader finds it in the listing. */
export function instructionAt(program: SassProgram, index: number): string {
  const instruction = program.instructions[index]!;
  return `line ${instruction.line} (${instruction.text})`;
}

/** One sentence for a hazard shown on the machine. */
export function describeSassHazard(program: SassProgram, hazard: Hazard): string {
  if (hazard.kind === 'overflow') {
    return `${scoreboardNamed(hazard.scoreboard)} overflows (value ${hazard.value}) when ${instructionAt(program, hazard.instruction)} issues, cycle ${hazard.cycle}`;
  }
  const producer = instructionAt(program, hazard.producer);
  const consumer = instructionAt(program, hazard.consumer);
  switch (hazard.kind) {
    case 'RAW': {
      const waitStates = waitStatesNeeded(program, hazard.producer, hazard.register, hazard.consumer);
      if (waitStates !== null) return `RAW on ${hazard.register}: ${consumer} read it at cycle ${hazard.cycle}, fewer than the ${waitStates} wait state(s) after ${producer} wrote it that the hardware needs and does not interlock`;
      return `RAW on ${hazard.register}: ${consumer} read it at cycle ${hazard.cycle} before ${producer} had written it`;
    }
    case 'WAR': return `WAR on ${hazard.register}: ${consumer} overwrote it before ${producer} had read it (seen at cycle ${hazard.cycle})`;
    case 'WAW': {
      const seen = hazard.observer === null ? 'in the final registers' : `by ${instructionAt(program, hazard.observer)}`;
      return `WAW on ${hazard.register}: ${producer} landed after ${consumer}, seen ${seen} at cycle ${hazard.cycle}`;
    }
  }
}

/**
 * In a program timed in wait states, how many a fixed-latency pair needs (null elsewhere, or where
 * the hardware interlocks the pair). A reader sits at the start of its line and a writer no later
 * in its own, so the latency K x (N + 1) + reader offset - writer offset rounds up to N + 1 lines.
 */
function waitStatesNeeded(program: SassProgram, producer: number, register: string, consumer: number): number | null {
  const cycles = program.cyclesPerWaitState;
  const writer = program.instructions[producer]!;
  if (cycles === undefined || writer.unit.kind !== 'fixed') return null;
  const latency = readLatency(program, writer, register, program.instructions[consumer]!, false);
  return latency <= 1 ? null : Math.ceil(latency / cycles) - 1;
}

/** One sentence for a hazard the analysis could not rule out. */
export function describeSuspicion(program: SassProgram, suspicion: Suspicion): string {
  if (suspicion.kind === 'overflow') return `possible overflow of ${scoreboardNamed(suspicion.scoreboard)} at ${instructionAt(program, suspicion.producer)}: ${suspicion.why}`;
  return `possible ${suspicion.kind} on ${suspicion.register}: ${instructionAt(program, suspicion.producer)} then ${instructionAt(program, suspicion.consumer)}: ${suspicion.why}`;
}
