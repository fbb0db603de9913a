import fc from 'fast-check';
import type { Instruction, Program } from '../../spec/scoreboard/program.js';

/**
 * A small group of producers in front of a `DEPBAR.LE SB0` (up to 6 instructions over two queues
 * and a fixed pipe), each counting its read, its write, both or neither on SB0 (some on SB1).
 */
export function barrierGroupArbitrary(): fc.Arbitrary<Program> {
  const scoreboard = fc.constantFrom<number | null>(0, 0, null, 1);
  const producer = fc.record({ opcode: fc.constantFrom('TEX', 'LDG', 'MOV'), read: scoreboard, write: scoreboard })
    .map(({ opcode, read, write }): Instruction => ({
      kind: 'op', opcode, destinations: [{ kind: 'register', name: 'R0' }], sources: [{ kind: 'register', name: 'R1' }],
      control: { wait: [], readScoreboard: read, writeScoreboard: write, yield: false, stall: 1 },
    }));
  return fc.array(producer, { minLength: 1, maxLength: 6 }).map((producers): Program => ({
    scoreboards: 2, warps: 1, interlock: false,
    pipes: [
      { kind: 'queue', name: 'tex', depth: 4, opcodes: ['TEX'] },
      { kind: 'queue', name: 'lsu', depth: 4, opcodes: ['LDG'] },
      { kind: 'fixed', name: 'alu', latency: 3, opcodes: ['MOV'] },
    ],
    instructions: [...producers, { kind: 'depbar', scoreboard: 0, limit: 0, control: { wait: [], readScoreboard: null, writeScoreboard: null, yield: false, stall: 1 } }],
  }));
}

/**
 * Producers on two decoupled pipes (distinct destinations, some sharing sources) followed by
 * consumers that read them in random order and sometimes overwrite a producer's source: the
 * shape where a scoreboard pass needs DEPBARs with immediates above zero.
 */
export function consumerHeavyArbitrary(): fc.Arbitrary<Program> {
  const reg = (i: number) => ({ kind: 'register' as const, name: `R${i}` });
  const control = { wait: [], readScoreboard: null, writeScoreboard: null, yield: false, stall: 1 };
  return fc.array(fc.record({ opcode: fc.constantFrom('TEX', 'LDG'), source: fc.integer({ min: 20, max: 22 }) }), { minLength: 2, maxLength: 6 })
    .chain((producers) => fc.tuple(
      fc.constant(producers),
      fc.shuffledSubarray(producers.map((_, i) => i), { minLength: 2 }),
      fc.array(fc.integer({ min: 20, max: 22 }), { maxLength: 2 }),
    ))
    .map(([producers, reads, overwrites]): Program => ({
      scoreboards: 6, warps: 1, interlock: false,
      pipes: [
        { kind: 'queue', name: 'tex', depth: 4, opcodes: ['TEX'] },
        { kind: 'queue', name: 'lsu', depth: 4, opcodes: ['LDG'] },
        { kind: 'fixed', name: 'alu', latency: 3, opcodes: ['FMUL', 'MOV'] },
      ],
      instructions: [
        ...producers.map(({ opcode, source }, i): Instruction => ({ kind: 'op', opcode, destinations: [reg(i)], sources: [reg(source)], control })),
        ...reads.map((producer, i): Instruction => ({ kind: 'op', opcode: 'FMUL', destinations: [reg(10 + i)], sources: [reg(producer)], control })),
        ...overwrites.map((register): Instruction => ({ kind: 'op', opcode: 'MOV', destinations: [reg(register)], sources: [], control })),
      ],
    }));
}
