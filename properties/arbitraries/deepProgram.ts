import fc from 'fast-check';
import type { Control, Instruction, Pipe, Program } from '../../spec/scoreboard/program.js';

/**
 * Programs that reach deep states, which short random programs rarely do: long runs of producers
 * on one scoreboard (towards overflow), bursts into one-slot queues (full queues, back-pressure),
 * long chains through the same registers (long in-order completion sequences), and several warps.
 * A program is a list of "motifs", each expanding to many instructions.
 */
export function deepProgramArbitrary(options: { maxMotifs?: number; maxRepeat?: number; maxWarps?: number } = {}): fc.Arbitrary<Program> {
  const maxRepeat = options.maxRepeat ?? 40;
  // fast-check biases integers towards small values; deep states need long runs, so half the
  // counts are drawn from the upper half of the range.
  const count = fc.oneof(fc.integer({ min: 1, max: maxRepeat }), fc.integer({ min: Math.ceil(maxRepeat / 2), max: maxRepeat }));
  const pipes: Pipe[] = [
    { kind: 'queue', name: 'tex', depth: 16, opcodes: ['TEX'] },
    { kind: 'queue', name: 'lsu', depth: 1, opcodes: ['LDG', 'STG'] },
    { kind: 'fixed', name: 'alu', latency: 3, opcodes: ['FMUL', 'MOV'] },
    { kind: 'fixed', name: 'sfu', latency: 32, opcodes: ['MUFU'] },
  ];
  const control = (partial: Partial<Control>): Control => ({ wait: [], readScoreboard: null, writeScoreboard: null, yield: false, stall: 1, ...partial });
  const reg = (i: number) => ({ kind: 'register' as const, name: `R${i}` });
  const motif: fc.Arbitrary<Instruction[]> = fc.oneof(
    // Many producers outstanding on one scoreboard (a texture queue, or a long fixed pipe where
    // every issued producer stays outstanding), then a DEPBAR and a consumer.
    fc.record({ count, opcode: fc.constantFrom('TEX', 'MUFU'), scoreboard: fc.integer({ min: 0, max: 2 }), limit: fc.integer({ min: 0, max: 4 }), reg: fc.integer({ min: 0, max: 5 }) })
      .map(({ count: n, opcode, scoreboard, limit, reg: r }): Instruction[] => [
        ...Array.from({ length: n }, (_, k): Instruction => ({ kind: 'op', opcode, destinations: [reg((r + k) % 6)], sources: [reg(8)], control: control({ writeScoreboard: scoreboard }) })),
        { kind: 'depbar', scoreboard, limit, control: control({}) },
        { kind: 'op', opcode: 'FMUL', destinations: [reg(7)], sources: [reg(r)], control: control({ stall: 3 }) },
      ]),
    // A burst of loads into the one-slot LSU queue with a read scoreboard, then an overwrite.
    fc.record({ count, wait: fc.boolean() }).map(({ count: n, wait }): Instruction[] => [
      ...Array.from({ length: n }, (_, k): Instruction => ({ kind: 'op', opcode: 'LDG', destinations: [reg(10 + (k % 3))], sources: [reg(9)], control: control({ readScoreboard: 3, writeScoreboard: 4 }) })),
      { kind: 'op', opcode: 'MOV', destinations: [reg(9)], sources: [], control: control({ wait: wait ? [3] : [] }) },
      { kind: 'op', opcode: 'FMUL', destinations: [reg(11)], sources: [reg(10)], control: control({ wait: [4] }) },
    ]),
    // A dependent chain through the fixed pipe with random (sometimes too short) stalls.
    count.chain((n) => fc.array(fc.integer({ min: 1, max: 4 }), { minLength: n, maxLength: n })).map((stalls) =>
      stalls.map((stall, k): Instruction => ({ kind: 'op', opcode: 'FMUL', destinations: [reg(12 + ((k + 1) % 2))], sources: [reg(12 + (k % 2))], control: control({ stall }) }))),
  );
  return fc.record({
    motifs: fc.array(motif, { minLength: 1, maxLength: options.maxMotifs ?? 4 }),
    warps: fc.integer({ min: 1, max: options.maxWarps ?? 2 }),
  }).map(({ motifs, warps }) => ({ scoreboards: 6, pipes, warps, interlock: false, instructions: motifs.flat() }));
}
