import type { Instruction, Operand, Program } from '../../spec/scoreboard/program.js';
import { printControl } from './control.js';

/** Prints an operand as written in `.hp` text. */
export function printOperand(operand: Operand): string {
  return operand.kind === 'immediate' ? operand.text : operand.name;
}

/** Prints one instruction with its control field, e.g. `[B------:R-:W0:-:S01] TEX R0 <- R10, R11`. */
export function printInstruction(instruction: Instruction, scoreboards: number): string {
  return `${printControl(instruction.control, scoreboards)} ${printInstructionBody(instruction)}`;
}

/** Prints an instruction without its control field, e.g. `TEX R0 <- R10, R11`. */
export function printInstructionBody(instruction: Instruction): string {
  switch (instruction.kind) {
    case 'nop': return 'NOP';
    case 'depbar': return `DEPBAR.LE SB${instruction.scoreboard}, ${instruction.limit}`;
    case 'op': {
      const { destinations, sources } = instruction;
      if (destinations.length === 0 && sources.length === 0) return instruction.opcode;
      const left = destinations.map(printOperand).join(', ');
      const right = sources.map(printOperand).join(', ');
      return `${instruction.opcode}${left ? ` ${left}` : ''} <-${right ? ` ${right}` : ''}`;
    }
  }
}

/** Prints a program in the `.hp` format; `parseProgram(printProgram(p)).program` equals `p`. */
export function printProgram(program: Program): string {
  const lines = [`.scoreboards ${program.scoreboards}`];
  if (program.warps !== 1) lines.push(`.warps ${program.warps}`);
  if (program.interlock) lines.push('.interlock registers');
  for (const pipe of program.pipes) {
    const size = pipe.kind === 'queue' ? `queue ${pipe.depth}` : `fixed ${pipe.latency}`;
    lines.push(`.pipe ${pipe.name} ${size}: ${pipe.opcodes.join(', ')}`);
  }
  lines.push('');
  for (const instruction of program.instructions) lines.push(printInstruction(instruction, program.scoreboards));
  return `${lines.join('\n')}\n`;
}
