import fc from 'fast-check';
import { DEFAULT_COUNTER_BITS, DEFAULT_COUNTER_NAME, type CounterClass, type LrcInstruction, type LrcProgram, type Preload, type Unit } from '../../spec/lrc/program.js';
import type { Operand } from '../../spec/operand.js';

/** Size knobs of generated LRC programs. */
export interface LrcProgramShape {
  /** Most instructions (at least one is generated); default 8. */
  readonly maxInstructions?: number;
  /** Registers r0..r(n-1); default 4. */
  readonly registers?: number;
  /** Thread contexts 1..maxContexts; default 2. */
  readonly maxContexts?: number;
  /** Two counter classes `sy`/`ss` (ir3) or one `lrc` (the seed); undefined: either. */
  readonly twoClasses?: boolean;
  /** Most threads launched in all (never fewer than the contexts); default 4. */
  readonly maxThreads?: number;
}

/** The ALU (latency chosen per program), the request unit and the flow unit. */
function unitsOf(latency: number, twoClasses: boolean): Unit[] {
  return [
    { kind: 'fixed', name: 'alu', latency, opcodes: ['add', 'mul', 'mov'] },
    { kind: 'request', name: 'mem', opcodes: twoClasses ? ['ldg', 'isam', 'ldl', 'rcp'] : ['ldg', 'isam', 'ldl'] },
    { kind: 'flow', name: 'flow', opcodes: ['nop'] },
  ];
}

/** The seed's single class, exactly what the parser makes when a file declares no `.counter`. */
const ONE_CLASS: readonly CounterClass[] = [{ name: DEFAULT_COUNTER_NAME, bits: DEFAULT_COUNTER_BITS, inOrder: false, opcodes: ['ldg', 'isam', 'ldl'] }];

/** ir3's two classes; widths mostly 6, sometimes narrow enough to overflow; at most one in-order. */
function twoClassesArbitrary(): fc.Arbitrary<CounterClass[]> {
  const bits = fc.oneof({ weight: 3, arbitrary: fc.constant(DEFAULT_COUNTER_BITS) }, { weight: 1, arbitrary: fc.integer({ min: 2, max: 5 }) });
  return fc.tuple(bits, bits, fc.constantFrom('none', 'sy', 'ss')).map(([syBits, ssBits, inOrder]) => [
    { name: 'sy', bits: syBits, inOrder: inOrder === 'sy', opcodes: ['ldg', 'isam'] },
    { name: 'ss', bits: ssBits, inOrder: inOrder === 'ss', opcodes: ['ldl', 'rcp'] },
  ]);
}

/** An optional preload of one class: usually as many returns as registers, sometimes off by one. */
function preloadArbitrary(counter: number, bits: number, registers: readonly string[]): fc.Arbitrary<Preload | null> {
  const max = 2 ** bits - 1;
  const preload = fc.tuple(fc.subarray([...registers]), fc.constantFrom(0, 0, 0, 0, 0, 0, 1, -1)).map(([names, error]): Preload => ({
    counter,
    initialValue: Math.min(max, Math.max(0, names.length + error)),
    registers: names,
  }));
  return fc.option(preload, { nil: null, freq: 2 });
}

/** An instruction over the generated units: flow instructions write nothing. */
function instructionArbitrary(opcodes: readonly string[], counters: number, registers: readonly string[]): fc.Arbitrary<LrcInstruction> {
  const register = fc.constantFrom(...registers).map((name): Operand => ({ kind: 'register', name }));
  const source = fc.oneof(
    { weight: 6, arbitrary: register },
    { weight: 1, arbitrary: fc.constant<Operand>({ kind: 'constant', name: 'RZ' }) },
    { weight: 1, arbitrary: fc.constant<Operand>({ kind: 'immediate', text: '4' }) },
  );
  return fc.record({
    opcode: fc.constantFrom(...opcodes),
    destinations: fc.array(register, { maxLength: 2 }),
    sources: fc.array(source, { maxLength: 2 }),
    waitFor: fc.subarray(Array.from({ length: counters }, (_, i) => i)),
  }).map((instruction) => (instruction.opcode === 'nop' ? { ...instruction, destinations: [] } : instruction));
}

/**
 * Valid LRC machine programs over a small fixed menu of units: `alu fixed 1..3` (add, mul, mov),
 * `mem request` (ldg, isam, ldl, and rcp with two classes), `flow flow` (nop). Dependency flags,
 * preloads (some with a wrong INIT_LRC_VAL) and INIT_PC are random, so the programs include
 * hazards, overflows and deadlocks as well as correct ones.
 */
export function lrcProgramArbitrary(shape: LrcProgramShape = {}): fc.Arbitrary<LrcProgram> {
  const { maxInstructions = 8, registers: registerCount = 4, maxContexts = 2, twoClasses, maxThreads = 4 } = shape;
  const registers = Array.from({ length: registerCount }, (_, i) => `r${i}`);
  const classes = twoClasses === undefined ? fc.boolean() : fc.constant(twoClasses);
  return fc.tuple(classes, fc.integer({ min: 1, max: maxContexts }), fc.integer({ min: 1, max: 3 })).chain(([two, contexts, latency]) => {
    const units = unitsOf(latency, two);
    const counters = two ? twoClassesArbitrary() : fc.constant([...ONE_CLASS]);
    const opcodes = [...units.flatMap((unit) => unit.opcodes), 'isam.base0'];
    return counters.chain((classList) => fc.record({
      contexts: fc.constant(contexts),
      threads: fc.integer({ min: contexts, max: Math.max(contexts, maxThreads) }),
      units: fc.constant(units),
      counters: fc.constant(classList),
      preloads: fc.tuple(...classList.map((counter, index) => preloadArbitrary(index, counter.bits, registers)))
        .map((list) => disjointPreloads(list.filter((preload): preload is Preload => preload !== null))),
      instructions: fc.array(instructionArbitrary(opcodes, classList.length, registers), { minLength: 1, maxLength: maxInstructions }),
      pcChoice: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat() }),
    })).map(({ pcChoice, ...program }): LrcProgram => ({
      ...program,
      initialPc: pcChoice % program.instructions.length,
    }));
  });
}

/**
 * Drops registers already preloaded by an earlier class (a register's data arrives once: the
 * validator rejects the rest), lowering INIT_LRC_VAL by as many so the intended error stays.
 */
export function disjointPreloads(preloads: readonly Preload[]): Preload[] {
  const taken = new Set<string>();
  return preloads.map((preload) => {
    const registers = preload.registers.filter((register) => !taken.has(register));
    registers.forEach((register) => taken.add(register));
    return { ...preload, registers, initialValue: Math.max(0, preload.initialValue - (preload.registers.length - registers.length)) };
  });
}
