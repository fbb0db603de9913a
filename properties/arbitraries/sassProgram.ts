import fc from 'fast-check';
import type { Control } from '../../spec/scoreboard/program.js';
import type { SassFlow, SassInstruction, SassProgram, SassUnit } from '../../spec/sass/program.js';

/** Options of `sassProgramArbitrary`. */
export interface SassProgramShape {
  readonly maxInstructions: number;
  /** Allow backward branches (loops). */
  readonly loops: boolean;
  /** No branches, exits or guards: one path, every instruction executes (what the Z3 encoding takes). */
  readonly straightLine?: boolean;
  /** Variable-latency instructions may have a read delay (`SassUnit.readDelay`); default true. */
  readonly readDelays?: boolean;
}

const REGISTERS = ['R0', 'R1', 'R2'];

/**
 * Small kernels for judging the fast analysis against exhaustive search: a few registers and a
 * predicate, fixed latencies 1-6, a memory queue (in order, reading in order only, or neither) and an unordered one (S2R), read
 * delays of 0, 2 or 4 cycles, random
 * control records (waits, read/write scoreboards 0-1, stalls 1-4), `DEPBAR`s, guards, forward
 * and (optionally) backward branches and exits. Small enough that most explore completely.
 */
export function sassProgramArbitrary(shape: SassProgramShape = { maxInstructions: 6, loops: true }): fc.Arbitrary<SassProgram> {
  const scoreboard = fc.constantFrom<number | null>(null, null, 0, 1);
  const control = fc.record({
    wait: fc.subarray([0, 1]),
    readScoreboard: scoreboard,
    writeScoreboard: scoreboard,
    yield: fc.constant(false),
    stall: fc.integer({ min: 1, max: 4 }),
  });
  const unit = fc.oneof(
    fc.integer({ min: 1, max: 6 }).map((latency): SassUnit => ({ kind: 'fixed', latency })),
    // A predicate result that matures later than the register result of the same instruction.
    fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 4, max: 7 })).map(([latency, predicate]): SassUnit => ({ kind: 'fixed', latency: predicate, destinationLatency: { P0: predicate, R0: latency, R1: latency, R2: latency } })),
    // Some read their sources no sooner than a few cycles after issue (Maxwell's rlat).
    fc.tuple(fc.constantFrom(0, 0, 1), shape.readDelays === false ? fc.constant(0) : fc.constantFrom(0, 0, 2, 4)).map(([queue, readDelay]): SassUnit => ({ kind: 'variable', queue, ...(readDelay === 0 ? {} : { readDelay }) })),
  );
  const registers = (min: number, max: number) => fc.subarray(REGISTERS, { minLength: min, maxLength: max });
  const operation = fc.record({
    unit, control, destinations: registers(0, 2), sources: registers(0, 2),
    writesPredicate: fc.boolean(), guarded: fc.integer({ min: 0, max: 4 }), readsPredicate: fc.integer({ min: 0, max: 3 }),
    latencyClass: fc.constantFrom<string | null>(null, 'alu', 'mem'),
  }).map(({ unit: u, control: c, destinations, sources, writesPredicate, guarded, readsPredicate, latencyClass }) => ({
    latencyClass,
    kind: 'op' as const, unit: u, control: c, sources: readsPredicate === 0 ? [...sources, 'P0'] : sources,
    readAtIssue: readsPredicate === 0 && u.kind === 'variable' ? ['P0'] : [],
    destinations: u.kind === 'fixed' && writesPredicate ? [...destinations, 'P0'] : destinations,
    guarded: guarded === 0,
  }));
  const depbar = fc.record({ scoreboard: fc.constantFrom(0, 1), limit: fc.integer({ min: 0, max: 2 }), control, drain: fc.integer({ min: 0, max: 3 }) })
    .map((d) => ({ kind: 'depbar' as const, ...d }));
  const branch = fc.record({ target: fc.nat(), guarded: fc.boolean(), control }).map((b) => ({ kind: 'branch' as const, ...b }));
  const exit = fc.record({ control }).map((e) => ({ kind: 'exit' as const, ...e }));
  const item = shape.straightLine
    ? fc.oneof({ weight: 6, arbitrary: operation.map((op) => ({ ...op, guarded: false })) }, { weight: 1, arbitrary: depbar })
    : fc.oneof({ weight: 6, arbitrary: operation }, { weight: 1, arbitrary: depbar }, { weight: 2, arbitrary: branch }, { weight: 1, arbitrary: exit });
  return fc.record({
    items: fc.array(item, { minLength: 1, maxLength: shape.maxInstructions }),
    visibilityDelay: fc.constantFrom(1, 2),
    depbarEarlier: fc.boolean(),
    // The memory queue completes in order, only reads in order (Blackwell's global loads), or neither.
    memoryOrder: fc.constantFrom('ordered', 'ordered', 'reads', 'none'),
  }).map(({ items, visibilityDelay, depbarEarlier, memoryOrder }): SassProgram => ({
    name: 'random', architecture: 'test', scoreboards: 2, visibilityDelay,
    depbarVisibilityDelay: depbarEarlier ? visibilityDelay - 1 : visibilityDelay,
    // Readers of class mem may use an alu result sooner than the alu latency, guards later.
    readAfterWrite: { general: { alu: { alu: 3, mem: 1 } }, predicate: { alu: { guard: 5, alu: 2 } } },
    queues: [{ name: 'mem', ordered: memoryOrder === 'ordered', ...(memoryOrder === 'reads' ? { readsInOrder: true } : {}) }, { name: 's2r', ordered: false }],
    instructions: items.map((it, index): SassInstruction => {
      const base = { opcode: it.kind.toUpperCase(), depbar: null, drains: [] as number[], line: index + 1, column: 1, text: it.kind, latencyClass: it.kind === 'op' ? it.latencyClass : null };
      const quiet = (c: Control): Control => ({ ...c, readScoreboard: null, writeScoreboard: null });
      switch (it.kind) {
        case 'op': {
          const guard = it.guarded ? { predicate: 'P0', negated: false } : null;
          const sources = guard && !it.sources.includes('P0') ? [...it.sources, 'P0'] : it.sources;
          return { ...base, opcode: it.unit.kind === 'fixed' ? 'ALU' : 'LD', guard, destinations: it.destinations, sources, readAtIssue: it.readAtIssue, unit: it.unit, flow: { kind: 'next' }, control: it.control };
        }
        case 'depbar':
          return { ...base, opcode: 'DEPBAR', guard: null, destinations: [], sources: [], readAtIssue: [], unit: { kind: 'none' }, flow: { kind: 'next' }, control: quiet(it.control), depbar: { scoreboard: it.scoreboard, limit: it.limit },
            // Sometimes a barrier that drains a queue's reads instead (Maxwell's BAR).
            ...(it.drain === 0 ? { opcode: 'BAR', depbar: null, drains: [it.scoreboard] } : {}) };
        case 'branch': {
          // Backward targets make loops; only allowed when the shape says so.
          const span = shape.loops ? items.length : items.length - index;
          const target = shape.loops ? it.target % span : index + 1 + (it.target % span);
          const flow: SassFlow = target >= items.length ? { kind: 'exit' } : { kind: 'branch', target };
          const guard = it.guarded ? { predicate: 'P0', negated: false } : null;
          return { ...base, opcode: 'BRA', guard, destinations: [], sources: guard ? ['P0'] : [], readAtIssue: [], unit: { kind: 'none' }, flow, control: quiet(it.control) };
        }
        case 'exit':
          return { ...base, opcode: 'EXIT', guard: { predicate: 'P0', negated: false }, destinations: [], sources: ['P0'], readAtIssue: [], unit: { kind: 'none' }, flow: { kind: 'exit' }, control: quiet(it.control) };
      }
    }),
  }));
}
