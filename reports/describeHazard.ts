import type { Hazard } from '../spec/oracle/hazard.js';
import type { Trace } from '../spec/scoreboard/trace.js';
import type { ParsedProgram } from '../format/hp/parse.js';
import { printInstructionBody } from '../format/hp/print.js';
import { describeRegisterHazard } from './registerHazardText.js';

/** `#3 FMUL R3 <- R0, R0 (line 12)`: how reports name an instruction. */
export function instructionLabel(parsed: ParsedProgram, index: number): string {
  return `#${index} ${printInstructionBody(parsed.program.instructions[index]!)} (line ${parsed.lines[index]})`;
}

/** First cycle of each `type:warp:instruction` event of a trace, found in one pass and kept with the trace. */
const firstCycles = new WeakMap<Trace, Map<string, number>>();

/** Cycle at which an instruction of a warp did something in a trace, or null if it had not (yet). */
export function eventCycle(trace: Trace, type: 'issue' | 'read' | 'write', warp: number, instruction: number): number | null {
  // Indexed once per trace: reports ask for every hazard of a long schedule, and a scan each time was quadratic.
  let index = firstCycles.get(trace);
  if (index === undefined) {
    index = new Map();
    for (const step of trace.steps) {
      for (const event of step.events) {
        if (!('warp' in event) || !('instruction' in event)) continue;
        const key = `${event.type}:${event.warp}:${event.instruction}`;
        if (!index.has(key)) index.set(key, event.cycle);
      }
    }
    firstCycles.set(trace, index);
  }
  return index.get(`${type}:${warp}:${instruction}`) ?? null;
}

/** One sentence saying what went wrong, naming both instructions and the cycles of the events involved. */
export function describeHazard(parsed: ParsedProgram, hazard: Hazard, trace: Trace): string {
  const warp = parsed.program.warps > 1 ? ` in warp ${hazard.warp}` : '';
  if (hazard.kind === 'overflow') {
    return `scoreboard overflow${warp}: issuing ${instructionLabel(parsed, hazard.instruction)} at cycle ${hazard.cycle} ` +
      `takes SB${hazard.scoreboard} to ${hazard.value}, more than its counter holds`;
  }
  return describeRegisterHazard(hazard, {
    label: (index) => instructionLabel(parsed, index),
    writtenAt: (index) => eventCycle(trace, 'write', hazard.warp, index),
    where: warp, landed: 'written', end: 'final',
  });
}
