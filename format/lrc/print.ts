/**
 * Prints LRC machine programs in the notation of `parse.ts`, in a canonical form: every setting
 * explicit (`.threads`, `.launch`, `.init-pc`, counter widths, preload counts), so the text says
 * all the program means, and `parseLrcProgram(printLrcProgram(p)).program` equals `p`.
 */
import type { CounterClass, LrcInstruction, LrcProgram, Preload, Unit } from '../../spec/lrc/program.js';
import type { Operand } from '../../spec/operand.js';

/** Prints an operand as written. */
export function printLrcOperand(operand: Operand): string {
  return operand.kind === 'immediate' ? operand.text : operand.name;
}

/** Prints an instruction without its flags, e.g. `add r2 <- r0, r1`. */
export function printLrcInstructionBody(instruction: LrcInstruction): string {
  const { destinations, sources } = instruction;
  if (destinations.length === 0 && sources.length === 0) return instruction.opcode;
  const left = destinations.map(printLrcOperand).join(', ');
  const right = sources.map(printLrcOperand).join(', ');
  return `${instruction.opcode}${left ? ` ${left}` : ''} <-${right ? ` ${right}` : ''}`;
}

/** The flags of an instruction, e.g. `(sy)(ss)`; a class index the program lacks prints as `(#3)`. */
export function printLrcFlags(instruction: LrcInstruction, program: LrcProgram): string {
  return instruction.waitFor.map((counter) => `(${program.counters[counter]?.name ?? `#${counter}`})`).join('');
}

/** Prints one instruction with its dependency flags, e.g. `(sy)add r2 <- r0, r1`. */
export function printLrcInstruction(instruction: LrcInstruction, program: LrcProgram): string {
  return `${printLrcFlags(instruction, program)}${printLrcInstructionBody(instruction)}`;
}

function printUnit(unit: Unit): string {
  const kind = unit.kind === 'fixed' ? `fixed ${unit.latency}` : unit.kind;
  return `.unit ${unit.name} ${kind}: ${unit.opcodes.join(', ')}`;
}

function printCounter(counter: CounterClass): string {
  const opcodes = counter.opcodes.length === 0 ? '' : ` ${counter.opcodes.join(', ')}`;
  return `.counter ${counter.name} ${counter.bits}${counter.inOrder ? ' in-order' : ''}:${opcodes}`;
}

function printPreload(preload: Preload, program: LrcProgram): string {
  const registers = preload.registers.length === 0 ? '' : ` ${preload.registers.join(', ')}`;
  return `.preload ${program.counters[preload.counter]?.name ?? `#${preload.counter}`} ${preload.initialValue}:${registers}`;
}

/** Prints a whole program in the canonical form (declarations, a blank line, the instructions). */
export function printLrcProgram(program: LrcProgram): string {
  const lines = [
    '.machine lrc',
    `.threads ${program.contexts}`,
    `.launch ${program.threads}`,
    ...program.units.map(printUnit),
    ...program.counters.map(printCounter),
    ...program.preloads.map((preload) => printPreload(preload, program)),
    `.init-pc ${program.initialPc}`,
    '',
    ...program.instructions.map((instruction) => printLrcInstruction(instruction, program)),
  ];
  return `${lines.join('\n')}\n`;
}
