import type { SassFlow, SassInstruction, SassProgram } from '../../../spec/sass/program.js';

/**
 * The kernel with instructions inserted before some of its own (`inserts`: the index of the
 * instruction they go before, and what goes there, in order). A branch or call to an instruction
 * goes to the first thing inserted before it, so every path into it passes through them (a
 * `DEPBAR` meant for the instruction holds on every path); every other target moves with the
 * instruction.
 */
export function insertBefore(program: SassProgram, inserts: ReadonlyMap<number, readonly SassInstruction[]>): SassProgram {
  if (inserts.size === 0) return program;
  const start: number[] = [];
  let position = 0;
  program.instructions.forEach((_, index) => {
    start.push(position);
    position += (inserts.get(index)?.length ?? 0) + 1;
  });
  const moved = (flow: SassFlow): SassFlow => (flow.kind === 'branch' || flow.kind === 'call' ? { ...flow, target: start[flow.target]! } : flow);
  const instructions = program.instructions.flatMap((instruction, index) => [
    ...(inserts.get(index) ?? []).map((inserted) => ({ ...inserted, flow: moved(inserted.flow) })),
    { ...instruction, flow: moved(instruction.flow) },
  ]);
  return { ...program, instructions };
}
