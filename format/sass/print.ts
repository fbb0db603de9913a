/**
 * The imported model of a kernel in the project's `.hp` style, for people: each instruction
 * with its control field, what it writes and reads (`DESTINATIONS <- SOURCES`), its unit and
 * its source line; branch targets as labels. It shows what the checker believes the listing
 * means, which is what a user needs to see when a verdict surprises them.
 */
import type { SassInstruction, SassProgram } from '../../spec/sass/program.js';
import { printControl } from '../hp/control.js';

/** Prints a lowered kernel. */
export function printSassProgram(program: SassProgram, file: string): string {
  const targets = new Set<number>();
  for (const instruction of program.instructions) {
    if (instruction.flow.kind === 'branch' || instruction.flow.kind === 'call') targets.add(instruction.flow.target);
  }
  const lines = [
    `# kernel ${program.name}, imported from ${file}`,
    `.arch ${program.architecture}`,
    `.scoreboards ${program.scoreboards}`,
    `.visibility ${program.visibilityDelay}  # cycles before a scoreboard increment is seen`,
    ...program.queues.map((queue) => `.queue ${queue.name} ${queue.ordered ? 'ordered' : queue.readsInOrder === true || queue.readGroup !== undefined ? 'unordered, reads in order' : 'unordered'}${readGroupNote(program, queue)}`),
    '',
  ];
  program.instructions.forEach((instruction, index) => {
    if (targets.has(index)) lines.push(`L${index}:`);
    lines.push(`${printControl(instruction.control, program.scoreboards)} ${body(instruction)}`.padEnd(72) + `  # line ${instruction.line}, ${unit(program, instruction)}`);
  });
  return `${lines.join('\n')}\n`;
}

function body(instruction: SassInstruction): string {
  const guard = instruction.guard ? `@${instruction.guard.negated ? '!' : ''}${instruction.guard.predicate} ` : '';
  const flow = instruction.flow;
  if (instruction.depbar) return `${guard}DEPBAR.LE SB${instruction.depbar.scoreboard}, ${instruction.depbar.limit}`;
  // A conditional transfer (its own condition, not only its guard, decides) is marked `?`.
  const maybe = flow.kind !== 'next' && flow.conditional === true ? '?' : '';
  if (flow.kind === 'branch' || flow.kind === 'call') return `${guard}${flow.kind === 'branch' ? 'BRA' : 'CALL'}${maybe} L${flow.target}`;
  if (flow.kind === 'return' || flow.kind === 'exit') return `${guard}${flow.kind === 'return' ? 'RET' : 'EXIT'}${maybe}`;
  const guardRegister = instruction.guard?.predicate;
  const sources = instruction.sources.filter((register) => register !== guardRegister);
  return `${guard}${instruction.opcode} ${instruction.destinations.join(', ')} <- ${sources.join(', ')}`.trimEnd();
}

function unit(program: SassProgram, instruction: SassInstruction): string {
  switch (instruction.unit.kind) {
    case 'fixed': return `fixed ${instruction.unit.latency}`;
    case 'variable': return `queue ${program.queues[instruction.unit.queue]!.name}`;
    case 'none': return 'no unit';
  }
}

/** `, reads in one order with global` for a queue of a read group (`SassQueue.readGroup`) with another queue in the program. */
function readGroupNote(program: SassProgram, queue: SassProgram['queues'][number]): string {
  if (queue.readGroup === undefined) return '';
  const others = program.queues.filter((other) => other !== queue && other.readGroup === queue.readGroup).map((other) => other.name);
  return others.length === 0 ? '' : `, reads in one order with ${others.join(', ')}`;
}
