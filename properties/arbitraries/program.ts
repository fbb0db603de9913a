import fc from 'fast-check';
import type { Control, Instruction, Operand, Pipe, Program } from '../../spec/scoreboard/program.js';

/** Size knobs of generated programs. */
export interface ProgramShape {
  readonly maxInstructions: number;
  readonly registers: number;
  readonly scoreboards: number;
  readonly maxWarps: number;
  /** The pipes every program uses (default: tex and lsu queues and an alu, with random sizes). */
  readonly pipes?: readonly Pipe[];
  /** `random` control records, or `none`: no waits, no scoreboards, stall 1 (the input of a pass). Default random. */
  readonly controls?: 'random' | 'none';
  /** Whether DEPBARs are generated (default true; never with `controls: 'none'`). */
  readonly depbars?: boolean;
}

/** Small enough for exhaustive exploration of every schedule in well under a second. */
export const SMALL_SHAPE: ProgramShape = { maxInstructions: 5, registers: 3, scoreboards: 2, maxWarps: 1 };

const PIPES: readonly Pipe[] = [
  { kind: 'queue', name: 'tex', depth: 2, opcodes: ['TEX'] },
  { kind: 'queue', name: 'lsu', depth: 1, opcodes: ['LDG', 'STG'] },
  { kind: 'fixed', name: 'alu', latency: 2, opcodes: ['FMUL', 'MOV'] },
];

/** Pipes with random depths and latencies, always the same names and opcodes. */
export function pipesArbitrary(): fc.Arbitrary<Pipe[]> {
  return fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 2 }), fc.integer({ min: 1, max: 4 })).map(
    ([texDepth, lsuDepth, latency]) => [
      { ...PIPES[0]!, depth: texDepth } as Pipe,
      { ...PIPES[1]!, depth: lsuDepth } as Pipe,
      { ...PIPES[2]!, latency } as Pipe,
    ],
  );
}

/** A control record over `scoreboards` counters. */
export function controlArbitrary(scoreboards: number): fc.Arbitrary<Control> {
  const index = fc.option(fc.integer({ min: 0, max: scoreboards - 1 }), { nil: null, freq: 2 });
  return fc.record({
    wait: fc.subarray(Array.from({ length: scoreboards }, (_, i) => i)),
    readScoreboard: index,
    writeScoreboard: index,
    yield: fc.boolean(),
    stall: fc.integer({ min: 0, max: 3 }),
  });
}

/** An instruction of the generated pipes over registers R0..R(n-1). */
export function instructionArbitrary(shape: ProgramShape): fc.Arbitrary<Instruction> {
  const register = fc.integer({ min: 0, max: shape.registers - 1 }).map((i): Operand => ({ kind: 'register', name: `R${i}` }));
  const source = fc.oneof({ weight: 6, arbitrary: register }, { weight: 1, arbitrary: fc.constant<Operand>({ kind: 'constant', name: 'RZ' }) },
    { weight: 1, arbitrary: fc.constant<Operand>({ kind: 'immediate', text: '0x10' }) });
  const control = shape.controls === 'none' ? fc.constant(NO_CONTROL) : controlArbitrary(shape.scoreboards);
  const opcodes = shape.pipes ? shape.pipes.flatMap((pipe) => pipe.opcodes) : ['TEX', 'LDG', 'STG', 'FMUL', 'MOV', 'LDG.E.64'];
  const op = fc.record({
    kind: fc.constant('op' as const),
    opcode: fc.constantFrom(...opcodes),
    destinations: fc.array(register, { maxLength: 1 }),
    sources: fc.array(source, { maxLength: 2 }),
    control,
  }).map((instruction): Instruction => (instruction.opcode === 'STG' ? { ...instruction, destinations: [] } : instruction));
  const depbar = fc.record({
    kind: fc.constant('depbar' as const),
    scoreboard: fc.integer({ min: 0, max: shape.scoreboards - 1 }),
    limit: fc.integer({ min: 0, max: 3 }),
    control,
  });
  const nop = fc.record({ kind: fc.constant('nop' as const), control });
  if (shape.controls === 'none' || shape.depbars === false) return fc.oneof({ weight: 8, arbitrary: op }, { weight: 1, arbitrary: nop });
  return fc.oneof({ weight: 8, arbitrary: op }, { weight: 2, arbitrary: depbar }, { weight: 1, arbitrary: nop });
}

/** The control record of an unprotected instruction: no waits, no scoreboards, one cycle. */
const NO_CONTROL: Control = { wait: [], readScoreboard: null, writeScoreboard: null, yield: false, stall: 1 };

/** A whole program over the generated pipes. */
export function programArbitrary(shape: ProgramShape = SMALL_SHAPE): fc.Arbitrary<Program> {
  return fc.record({
    scoreboards: fc.constant(shape.scoreboards),
    pipes: shape.pipes ? fc.constant([...shape.pipes]) : pipesArbitrary(),
    warps: fc.integer({ min: 1, max: shape.maxWarps }),
    interlock: fc.boolean(),
    instructions: fc.array(instructionArbitrary(shape), { minLength: 1, maxLength: shape.maxInstructions }),
  });
}
