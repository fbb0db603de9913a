import { formatCodes } from '../../explore/scheduleText.js';
import type { SassCheckResult } from '../../impl/sass/check.js';
import { sassActionCode, type SassAction } from '../../spec/sass/machine/action.js';
import type { SassProgram } from '../../spec/sass/program.js';
import { describeSassHazard, describeSuspicion } from './describe.js';

/** One kernel of a listing with its verdict, as the reports print it. */
export interface KernelCheck {
  readonly file: string;
  readonly program: SassProgram;
  readonly result: SassCheckResult;
  readonly elapsedMs: number;
}

/** Suspicions listed in full; the rest are counted. */
const SHOWN = 8;

/** The command that replays a schedule on one kernel of a listing (as the text report prints it after `replay:`). */
export function sassReplayCommand(file: string, program: SassProgram, schedule: readonly SassAction[]): string {
  return `hazardproof check ${file} --kernel ${program.name} --replay '${formatCodes(schedule.map(sassActionCode))}'`;
}

/** The text report of one kernel: verdict, why, evidence, notes, and how to replay. */
export function renderKernelCheck(check: KernelCheck): string {
  const { file, program, result } = check;
  const lines = [`${file}: kernel ${program.name} (${program.architecture}, ${program.instructions.length} instructions, ${(check.elapsedMs / 1000).toFixed(2)} s): ${result.verdict}`, `  ${result.reason}`];
  for (const shown of result.hazards) {
    lines.push(`  hazard: ${describeSassHazard(program, shown.hazard)}`);
    if (shown.path.length > 0) {
      const tail = shown.path.slice(-8).map((index) => program.instructions[index]!.line);
      lines.push(`    issued (last ${tail.length} of ${shown.path.length}): lines ${tail.join(', ')}`);
    }
    lines.push(`    replay: ${sassReplayCommand(file, program, shown.schedule)}`);
  }
  for (const suspicion of result.unconfirmed.slice(0, SHOWN)) lines.push(`  unconfirmed: ${describeSuspicion(program, suspicion)}`);
  if (result.unconfirmed.length > SHOWN) lines.push(`  ... and ${result.unconfirmed.length - SHOWN} more unconfirmed`);
  for (const note of result.notes) lines.push(`  ${note.kind} at line ${note.line}:${note.column}: ${note.message}`);
  return lines.join('\n');
}

/** The JSON object of one kernel. */
export function kernelCheckJson(check: KernelCheck): Record<string, unknown> {
  const { file, program, result } = check;
  return {
    file,
    kernel: program.name,
    architecture: program.architecture,
    instructions: program.instructions.length,
    verdict: result.verdict,
    reason: result.reason,
    hazards: result.hazards.map((shown) => ({
      ...shown.hazard,
      producerLine: 'producer' in shown.hazard ? program.instructions[shown.hazard.producer]!.line : program.instructions[shown.hazard.instruction]!.line,
      consumerLine: 'consumer' in shown.hazard ? program.instructions[shown.hazard.consumer]!.line : null,
      description: describeSassHazard(program, shown.hazard),
      schedule: formatCodes(shown.schedule.map(sassActionCode)),
      replay: sassReplayCommand(file, program, shown.schedule),
    })),
    unconfirmed: result.unconfirmed.map((suspicion) => ({
      ...suspicion,
      producerLine: program.instructions[suspicion.producer]!.line,
      consumerLine: program.instructions[suspicion.consumer]!.line,
      description: describeSuspicion(program, suspicion),
    })),
    notes: result.notes,
    analysisSteps: result.analysisSteps,
    elapsedMs: Math.round(check.elapsedMs),
  };
}
