import fc from 'fast-check';
import { destinationRegisters, sourceRegisters } from '../../spec/scoreboard/operands.js';
import type { Control, Instruction, Operand, Program } from '../../spec/scoreboard/program.js';
import { programArbitrary, type ProgramShape } from './program.js';

/**
 * Rewrites a program so that every dependency is protected by a wait on zero: every pipe
 * instruction counts its write on SB0 and its read on SB1, and an instruction waits on SB0 if it
 * reads or overwrites a register an earlier instruction writes (RAW, WAW), and on SB1 if it
 * overwrites a register an earlier instruction reads (WAR).
 */
export function protectEveryDependency(program: Program): Program {
  const instructions = program.instructions.map((instruction, index): Instruction => {
    const earlier = program.instructions.slice(0, index);
    const reads = sourceRegisters(instruction);
    const writes = destinationRegisters(instruction);
    const written = new Set(earlier.flatMap(destinationRegisters));
    const read = new Set(earlier.flatMap(sourceRegisters));
    const wait: number[] = [];
    if ([...reads, ...writes].some((register) => written.has(register))) wait.push(0);
    if (writes.some((register) => read.has(register))) wait.push(1);
    const counts = instruction.kind === 'op' ? { writeScoreboard: 0, readScoreboard: 1 } : { writeScoreboard: null, readScoreboard: null };
    return { ...instruction, control: { ...instruction.control, ...counts, wait } };
  });
  return { ...program, instructions };
}

/** Programs in which every dependency is protected by a wait on zero. */
export function protectedProgramArbitrary(shape: ProgramShape): fc.Arbitrary<Program> {
  return programArbitrary(shape).map(protectEveryDependency);
}

/** A dependency between a decoupled producer and its consumer, protected by exactly one wait. */
export interface SingleProtection {
  readonly program: Program;
  readonly kind: 'RAW' | 'WAR' | 'WAW';
  readonly register: string;
  readonly producer: number;
  readonly consumer: number;
  /** The same program with the consumer's wait removed. */
  readonly unprotected: Program;
}

/**
 * A texture instruction (decoupled, unknown latency) and a later instruction on another pipe that
 * depends on it, protected only by the consumer waiting on the producer's scoreboard. Filler ALU
 * instructions around them touch other registers and wait on nothing, so nothing else orders the
 * two events.
 */
export function singleProtectionArbitrary(): fc.Arbitrary<SingleProtection> {
  const control = (partial: Partial<Control>): Control => ({ wait: [], readScoreboard: null, writeScoreboard: null, yield: false, stall: 1, ...partial });
  const reg = (name: string): Operand => ({ kind: 'register', name });
  const filler = fc.record({ dest: fc.integer({ min: 0, max: 3 }), src: fc.integer({ min: 0, max: 3 }), stall: fc.integer({ min: 1, max: 4 }) })
    .map(({ dest, src, stall }): Instruction => ({ kind: 'op', opcode: 'MOV', destinations: [reg(`R${dest}`)], sources: [reg(`R${src}`)], control: control({ stall }) }));
  return fc.record({
    kind: fc.constantFrom('RAW' as const, 'WAR' as const, 'WAW' as const),
    consumerOpcode: fc.constantFrom('FMUL', 'LDG'),
    before: fc.array(filler, { maxLength: 2 }),
    between: fc.array(filler, { maxLength: 3 }),
    depth: fc.integer({ min: 1, max: 4 }),
  }).map(({ kind, consumerOpcode, before, between, depth }) => {
    const scoreboard = 2;
    const producer: Instruction = {
      kind: 'op', opcode: 'TEX', destinations: [reg('R21')], sources: [reg('R20')],
      control: control(kind === 'WAR' ? { readScoreboard: scoreboard } : { writeScoreboard: scoreboard }),
    };
    const consumerOperands = kind === 'RAW' ? { destinations: [reg('R22')], sources: [reg('R21')] }
      : kind === 'WAR' ? { destinations: [reg('R20')], sources: [] } : { destinations: [reg('R21')], sources: [] };
    const consumer = (wait: number[]): Instruction => ({ kind: 'op', opcode: consumerOpcode, ...consumerOperands, control: control({ wait }) });
    const make = (wait: number[]): Program => ({
      scoreboards: 6, warps: 1, interlock: false,
      pipes: [
        { kind: 'queue', name: 'tex', depth, opcodes: ['TEX'] },
        { kind: 'queue', name: 'lsu', depth: 2, opcodes: ['LDG'] },
        { kind: 'fixed', name: 'alu', latency: 2, opcodes: ['FMUL', 'MOV'] },
      ],
      instructions: [...before, producer, ...between, consumer(wait)],
    });
    return {
      program: make([scoreboard]), unprotected: make([]), kind,
      register: kind === 'WAR' ? 'R20' : 'R21', producer: before.length, consumer: before.length + between.length + 1,
    };
  });
}
