import type { MachineEvent } from '../spec/scoreboard/machine/event.js';
import { hazardKey, type Hazard } from '../spec/oracle/hazard.js';
import type { Trace } from '../spec/scoreboard/trace.js';
import type { ParsedProgram } from '../format/hp/parse.js';
import type { Program } from '../spec/scoreboard/program.js';
import { instructionLabel } from './describeHazard.js';
import { formatTable } from './table.js';

/** Scoreboards a program mentions anywhere (wait masks, R/W fields, DEPBAR); the timeline shows only these. */
export function usedScoreboards(program: Program): number[] {
  return scoreboardsMentioned(program.instructions, (instruction) => (instruction.kind === 'depbar' ? instruction.scoreboard : null));
}

/** The scoreboard fields of a control record, the same in `.hp` programs and NVIDIA listings. */
interface ScoreboardFields {
  readonly wait: readonly number[];
  readonly readScoreboard: number | null;
  readonly writeScoreboard: number | null;
}

/** Scoreboards instructions mention in their control records or as a DEPBAR's (`depbarOf`), ascending. */
export function scoreboardsMentioned<I extends { readonly control: ScoreboardFields }>(instructions: readonly I[], depbarOf: (instruction: I) => number | null): number[] {
  const used = new Set<number>();
  for (const instruction of instructions) {
    const { wait, readScoreboard, writeScoreboard } = instruction.control;
    wait.forEach((scoreboard) => used.add(scoreboard));
    if (readScoreboard !== null) used.add(readScoreboard);
    if (writeScoreboard !== null) used.add(writeScoreboard);
    const depbar = depbarOf(instruction);
    if (depbar !== null) used.add(depbar);
  }
  return [...used].sort((a, b) => a - b);
}

/**
 * The per-cycle story of a trace: every issue, read and write with the values reads saw and the
 * scoreboard counters after each event, ending at `hazard` (marked) when one is given.
 */
export function renderTimeline(parsed: ParsedProgram, trace: Trace, hazard?: Hazard): string {
  const { program } = parsed;
  const scoreboards = usedScoreboards(program);
  const multiWarp = program.warps > 1;
  const header = ['cycle', ...(multiWarp ? ['warp'] : []), 'event', 'instruction', 'detail', ...scoreboards.map((s) => `SB${s}`), ''];
  const rows: string[][] = [];
  const key = hazard ? hazardKey(hazard) : null;
  const marksHazard = (step: Trace['steps'][number]) => step.hazards.some((found) => hazardKey(found) === key);
  let lastCycle = -1;
  for (const step of trace.steps) {
    for (const event of step.events) {
      const counters = step.state.warps[event.warp]!.scoreboards;
      const cycle = event.cycle === lastCycle ? '' : String(event.cycle);
      lastCycle = event.cycle;
      rows.push([
        cycle, ...(multiWarp ? [String(event.warp)] : []), event.type, instructionLabel(parsed, event.instruction),
        eventDetail(event), ...scoreboards.map((s) => String(counters[s])), '',
      ]);
    }
    if (hazard && marksHazard(step)) {
      rows[rows.length - 1]![header.length - 1] = `<== ${hazard.kind}${hazard.kind === 'overflow' ? '' : ` on ${hazard.register}`}`;
      break;
    }
  }
  if (hazard && hazard.kind !== 'overflow' && !trace.steps.some(marksHazard)) {
    const final = trace.steps.at(-1)?.state ?? trace.initial;
    const holder = final.warps[hazard.warp]!.registers[hazard.register];
    rows.push(['end', ...(multiWarp ? [String(hazard.warp)] : []), 'final', `${hazard.register} holds #${holder}'s value`,
      `expected #${hazard.consumer}'s`, ...scoreboards.map(() => ''), `<== ${hazard.kind} on ${hazard.register}`]);
  }
  return formatTable(header, rows, [0]);
}

function eventDetail(event: MachineEvent): string {
  switch (event.type) {
    case 'issue': return '';
    case 'read': return event.seen.map(({ register, writer }) => `${register}=${writer === null ? 'initial' : `#${writer}`}`).join(' ');
    case 'write': return event.registers.length > 0 ? `wrote ${event.registers.join(', ')}` : 'completed';
    case 'overflow': return `SB${event.scoreboard} -> ${event.value}`;
  }
}
