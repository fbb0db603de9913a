import { readFileSync } from 'node:fs';
import { combinedExitCode } from '../explore/verdict.js';
import { readExpectation } from '../format/hp/expectation.js';
import { lowerIr3Shader } from '../format/ir3/lower.js';
import { parseIr3 } from '../format/ir3/parse.js';
import { readInputFile } from '../format/readInputFile.js';
import { checkComponentProgram, type ComponentCheckResult } from '../impl/components/check.js';
import type { ComponentProgram } from '../spec/components/program.js';
import { readInput, type CliIo } from './io.js';

/** True for the files Mesa's ir3 tools write: computerator `.asm`, CI reference `.log`. */
export function isIr3File(file: string): boolean {
  return /\.(asm|log)$/i.test(file);
}

/**
 * `hazardproof check` on ir3 listings: each shader becomes a program of the component machine
 * (`format/ir3/lower.ts`) and gets a verdict from exhaustive exploration. Returns the exit code.
 */
export function checkIr3Files(files: readonly string[], json: boolean, expect: boolean, io: CliIo): number {
  const listings = files.map((file) => readInput(io, () => parseIr3(readInputFile(file, 'listing'), file)));
  if (listings.some((listing) => listing === null)) return 2;
  const checks = listings.flatMap((listing) => listing!.shaders.map((shader) => {
    const lowered = lowerIr3Shader(shader);
    const blocked = lowered.notes.length === 0 ? null : `line ${lowered.notes[0]!.line}: ${lowered.notes[0]!.message}`;
    return { file: listing!.file, shader: shader.index, program: lowered.program, result: checkComponentProgram(lowered.program, blocked), instructions: shader.instructions.length };
  }));
  if (json) {
    io.stdout(`${JSON.stringify(checks.map(({ file, shader, instructions, result }) => ({ file, shader, instructions, verdict: result.verdict, reason: result.reason, hazards: result.hazards.map((h) => h.finding) })), null, 2)}\n`);
  } else {
    io.stdout(`${checks.map((check) => render(check.file, check.shader, check.instructions, check.program, check.result)).join('\n')}\n`);
  }
  if (expect) {
    const failed = files.filter((file) => {
      const expectation = readExpectation(readFileSync(file, 'utf8'));
      return expectation === null || checks.some((check) => check.file === file && check.result.verdict !== expectation.verdict);
    });
    if (!json) io.stdout(`${files.length - failed.length}/${files.length} ir3 listings got their expected verdict\n`);
    return failed.length > 0 ? 1 : 0;
  }
  return combinedExitCode(checks.map((check) => check.result.verdict));
}

function render(file: string, shader: number, instructions: number, program: ComponentProgram, result: ComponentCheckResult): string {
  const lines = [`${file}: shader ${shader} (${instructions} instructions): ${result.verdict}`, `  ${result.reason}`];
  for (const { finding } of result.hazards.slice(0, 5)) {
    const at = (index: number) => `line ${program.instructions[index]!.line} (${program.instructions[index]!.text})`;
    lines.push(`  hazard: ${finding.kind} on ${finding.component}: ${at(finding.producer.instruction)} execution ${finding.producer.execution}, then ${at(finding.consumer.instruction)} execution ${finding.consumer.execution}, cycle ${finding.cycle}`);
  }
  return lines.join('\n');
}
