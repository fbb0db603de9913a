/**
 * Programs of the component machine with branches: few registers and components so that
 * dependences are frequent, fixed and variable latencies, readers that need a result longer
 * than it takes to land, `(sy)` waits, and conditional or
 * unconditional branches forward (and, with `loops`, backward). A third of the programs put every
 * operand on one component and another third on two: the shapes where several writes of one
 * component are in flight across a branch (the settled reduction's hard case, issue 20) are then
 * common instead of a few in a thousand; half the programs also get that shape planted
 * (`branchOverWrites`).
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
  waits: fc.integer({ min: 0, max: 3 }).map((draw) => draw === 0),
  // Readers of class 'late' need a fixed result this many cycles longer than it takes to land (as ir3's non-ALU readers).
  lateBy: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  readerClass: fc.constantFrom('alu', 'late'),
  branch: fc.option(fc.record({ to: fc.nat(), conditional: fc.boolean() }), { nil: undefined, freq: 2 }),
});

/** How many components the operands of a program range over: one, two (one register), or all four. */
type Focus = 1 | 2 | 4;

function focused(operand: ComponentRegister, focus: Focus): ComponentRegister {
  if (focus === 4) return operand;
  return { ...operand, register: 'r1', component: focus === 1 ? 1 : operand.component };
}

/**
 * The shape issue 20's lost finding had, planted at a drawn place: a variable-latency write of
 * r1.y left pending (no wait), then a conditional forward branch over one or two fixed writes of
 * r1.y. Each path then has its own fixed write for the variable result to land over.
 */
const branchOverWrites = fc.option(fc.record({ at: fc.nat(), skip: fc.integer({ min: 1, max: 2 }) }), { nil: undefined, freq: 2 });

const R1Y: ComponentRegister = { kind: 'register', register: 'r1', component: 1, increments: false };

function plantBranchOverWrites(instructions: ComponentInstruction[], motif: { at: number; skip: number }): ComponentInstruction[] {
  const count = instructions.length;
  if (count < 3) return instructions;
  const write = motif.at % (count - 2);
  const branchAt = write + 1;
  const target = Math.min(count, branchAt + 1 + motif.skip);
  return instructions.map((instruction, index) => {
    if (index === write) {
      const { readLatency: _, ...rest } = instruction;
      const { branch: __, ...plain } = rest;
      return { ...plain, destination: R1Y, latency: 'variable', syncClass: 'sy', waits: [] };
    }
    if (index === branchAt) return { ...instruction, waits: [], branch: { target, conditional: true } };
    if (index > branchAt && index < target) {
      const latency = instruction.latency === 'variable' ? 1 : instruction.latency;
      return { ...instruction, destination: R1Y, latency, syncClass: null, waits: [] };
    }
    return instruction;
  });
}

/** Programs with branches; branch targets are drawn among the instructions (and the end). */
export function branchingComponentPrograms(options: BranchingProgramOptions = {}): fc.Arbitrary<ComponentProgram> {
  const programs = fc.tuple(fc.constantFrom<Focus>(4, 1, 2), fc.array(body, { minLength: 1, maxLength: options.maxInstructions ?? 6 }), branchOverWrites);
  return programs.map(([focus, drawn, motif]) => {
    const instructions = drawn.map((instruction, index): ComponentInstruction => {
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
        destination: instruction.destination === null ? null : focused(instruction.destination, focus),
        sources: instruction.sources.map((source) => focused(source, focus)),
        latency: instruction.latency, readerClass: instruction.readerClass,
        ...(instruction.lateBy !== undefined && !variable ? { readLatency: { late: (instruction.latency as number) + instruction.lateBy } } : {}),
        syncClass: variable && instruction.destination !== null ? 'sy' : null,
        waits: instruction.waits ? ['sy'] : [],
        ...(branch ? { branch } : {}),
      };
    });
    return { instructions: motif === undefined ? instructions : plantBranchOverWrites(instructions, motif) };
  });
}
