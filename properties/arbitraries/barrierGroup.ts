import fc from 'fast-check';
import type { Instruction, Program } from '../../spec/program.js';

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
