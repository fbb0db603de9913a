/**
 * Programs of the component machine with branches: few registers and components so that
 * dependences are frequent, fixed and variable latencies, readers that need a result longer
 * than it takes to land, `(sy)` waits, and conditional or
 * unconditional branches forward (and, with `loops`, backward).
 */
import fc from 'fast-check';
import type { ComponentInstruction, ComponentProgram, ComponentRegister } from '../../spec/components/program.js';

/** Options of `branchingComponentPrograms`. */
export interface BranchingProgramOptions {
  /** Largest number of instructions (default 6). */
  readonly maxInstructions?: number;
  /** Allow branches to an earlier instruction (loops). Default false: every path is finite and acyclic. */
  readonly loops?: boolean;
}

const register = fc.record({
  kind: fc.constant('register' as const),
  register: fc.constantFrom('r0', 'r1'),
  component: fc.integer({ min: 0, max: 1 }),
  increments: fc.boolean(),
}) as fc.Arbitrary<ComponentRegister>;

const body = fc.record({
  repeat: fc.integer({ min: 0, max: 1 }),
  nops: fc.integer({ min: 0, max: 2 }),
  destination: fc.option(register, { nil: null, freq: 4 }),
  sources: fc.array(register, { maxLength: 2 }),
  latency: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.constant('variable' as const)),
  waits: fc.boolean(),
  // Readers of class 'late' need a fixed result this many cycles longer than it takes to land (as ir3's non-ALU readers).
  lateBy: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  readerClass: fc.constantFrom('alu', 'late'),
  branch: fc.option(fc.record({ to: fc.nat(), conditional: fc.boolean() }), { nil: undefined, freq: 2 }),
});

/** Programs with branches; branch targets are drawn among the instructions (and the end). */
export function branchingComponentPrograms(options: BranchingProgramOptions = {}): fc.Arbitrary<ComponentProgram> {
  return fc.array(body, { minLength: 1, maxLength: options.maxInstructions ?? 6 }).map((drawn) => ({
    instructions: drawn.map((instruction, index): ComponentInstruction => {
      const count = drawn.length;
      const variable = instruction.latency === 'variable';
      let branch: ComponentInstruction['branch'];
      if (instruction.branch) {
        // Forward targets lie in (index, count]; with loops, anywhere in [0, count].
        const target = options.loops ? instruction.branch.to % (count + 1) : index + 1 + (instruction.branch.to % (count - index));
        branch = { target, conditional: instruction.branch.conditional };
      }
      return {
        opcode: `I${index}`, repeat: instruction.repeat, nops: instruction.nops, line: index + 1, text: `I${index}`,
        destination: instruction.destination, sources: instruction.sources,
        latency: instruction.latency, readerClass: instruction.readerClass,
        ...(instruction.lateBy !== undefined && !variable ? { readLatency: { late: (instruction.latency as number) + instruction.lateBy } } : {}),
        syncClass: variable && instruction.destination !== null ? 'sy' : null,
        waits: instruction.waits ? ['sy'] : [],
        ...(branch ? { branch } : {}),
      };
    }),
  }));
}
