import { disjointPreloads } from './lrcProgram.js';
import fc from 'fast-check';
import type { CounterClass, LrcInstruction, LrcProgram, Preload, Unit } from '../../spec/lrc/program.js';
import type { Operand } from '../../spec/operand.js';

const register = (index: number): Operand => ({ kind: 'register', name: `r${index % 4}` });

/** The units of the simulator's deep programs: `alu fixed 1..3`, `mem request`, `flow flow`. */
function units(latency: number): Unit[] {
  return [
    { kind: 'fixed', name: 'alu', latency, opcodes: ['add', 'mul', 'mov'] },
    { kind: 'request', name: 'mem', opcodes: ['ldg', 'isam', 'ldl', 'rcp'] },
    { kind: 'flow', name: 'flow', opcodes: ['nop'] },
  ];
}

/** One class `lrc` counting every request, or ir3's `sy` (ldg, isam) and `ss` (ldl, rcp); narrow (3-4 bits) so long runs overflow. */
const countersArbitrary: fc.Arbitrary<CounterClass[]> = fc.oneof(
  fc.record({ bits: fc.integer({ min: 3, max: 4 }), inOrder: fc.boolean() })
    .map(({ bits, inOrder }) => [{ name: 'lrc', bits, inOrder, opcodes: ['ldg', 'isam', 'ldl', 'rcp'] }]),
  fc.record({ sy: fc.integer({ min: 3, max: 4 }), ss: fc.integer({ min: 3, max: 4 }), inOrder: fc.constantFrom('none', 'sy', 'ss', 'both') })
    .map(({ sy, ss, inOrder }) => [
      { name: 'sy', bits: sy, inOrder: inOrder === 'sy' || inOrder === 'both', opcodes: ['ldg', 'isam'] },
      { name: 'ss', bits: ss, inOrder: inOrder === 'ss' || inOrder === 'both', opcodes: ['ldl', 'rcp'] },
    ]),
);

/**
 * LRC programs that reach deep states, which short random programs rarely do: runs of 20-40
 * requests on one counter class of 3-4 bits (a dependency flag every `every` requests, or never:
 * overflows), each followed by a consumer that waits for the class (or forgets to), and chains of
 * ALU work; 1-3 contexts, a few more threads, sometimes preloads (sometimes off by one).
 */
export function lrcDeepProgramArbitrary(options: { maxRepeat?: number; maxMotifs?: number; maxContexts?: number } = {}): fc.Arbitrary<LrcProgram> {
  const maxRepeat = options.maxRepeat ?? 40;
  const count = fc.oneof(fc.integer({ min: 1, max: maxRepeat }), fc.integer({ min: Math.min(20, maxRepeat), max: maxRepeat }));
  return fc.record({ counters: countersArbitrary, latency: fc.integer({ min: 1, max: 3 }), contexts: fc.integer({ min: 1, max: options.maxContexts ?? 3 }) })
    .chain(({ counters, latency, contexts }) => {
      const classes = counters.length;
      const burst: fc.Arbitrary<LrcInstruction[]> = fc.record({
        count, every: fc.oneof(fc.constant(0), fc.integer({ min: 2, max: 16 })), counter: fc.integer({ min: 0, max: classes - 1 }),
        first: fc.nat(3), waits: fc.boolean(), sourced: fc.boolean(),
      }).map(({ count: n, every, counter, first, waits, sourced }) => {
        const opcodes = counters[counter]!.opcodes;
        const requests = Array.from({ length: n }, (_, k): LrcInstruction => ({
          opcode: opcodes[k % opcodes.length]!,
          destinations: [register(first + k)],
          sources: sourced ? [register(first + k + 1)] : [],
          waitFor: every > 0 && k > 0 && k % every === 0 ? [counter] : [],
        }));
        return [...requests, { opcode: 'add', destinations: [register(first + 2)], sources: [register(first)], waitFor: waits ? [counter] : [] }];
      });
      const chain: fc.Arbitrary<LrcInstruction[]> = fc.array(fc.record({ op: fc.constantFrom('add', 'mul', 'mov', 'nop'), at: fc.nat(3), flags: fc.subarray(counters.map((_, i) => i)) }), { minLength: 1, maxLength: 8 })
        .map((steps) => steps.map(({ op, at, flags }): LrcInstruction => ({
          opcode: op, destinations: op === 'nop' ? [] : [register(at + 1)], sources: [register(at)], waitFor: flags,
        })));
      const preload = (index: number): fc.Arbitrary<Preload | null> => fc.option(
        fc.record({ registers: fc.subarray(['r0', 'r1', 'r2', 'r3'], { minLength: 1 }), off: fc.constantFrom(0, 0, 0, 1, -1) })
          .map(({ registers, off }) => ({ counter: index, initialValue: Math.min(2 ** counters[index]!.bits - 1, Math.max(0, registers.length + off)), registers })),
        { nil: null, freq: 3 },
      );
      return fc.record({
        motifs: fc.array(fc.oneof({ weight: 3, arbitrary: burst }, { weight: 1, arbitrary: chain }), { minLength: 1, maxLength: options.maxMotifs ?? 3 }),
        threads: fc.integer({ min: contexts, max: contexts + 2 }),
        preloads: fc.tuple(...counters.map((_, index) => preload(index))).map((list) => disjointPreloads(list.filter((p): p is Preload => p !== null))),
      }).map(({ motifs, threads, preloads }): LrcProgram => ({
        contexts, threads, units: units(latency), counters, preloads, initialPc: 0, instructions: motifs.flat(),
      }));
    });
}
