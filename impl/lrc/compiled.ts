import { baseOpcode } from '../../spec/operand.js';
import { RegisterNumbering } from '../registerNumbering.js';
import { lrcDestinations, lrcSources } from '../../spec/lrc/operands.js';
import type { LrcProgram } from '../../spec/lrc/program.js';
import { lrcSequentialSemantics } from '../../spec/lrc/sequential.js';

/** Unit kinds as small integers (`CompiledLrcProgram.unitKind`, `kindOf`). */
export const FIXED = 0;
export const REQUEST = 1;
export const FLOW = 2;

/** Register value "no writer yet" (the spec's absent key, read as `null`). PRELOAD_WRITER (-1) stays -1. */
export const NO_WRITER = -2;

/** Most counter classes a compiled program may have: wait masks and non-zero masks are 32-bit sets. */
export const MAX_COMPILED_COUNTERS = 32;

/**
 * An LRC program flattened into typed arrays for `LrcSimulator`: registers numbered, per
 * instruction its unit, unit kind, latency, counter class and dependency flags as a bitmask,
 * operand lists as offset ranges, the sequential semantics precomputed per source slot, and the
 * preload registers numbered in declaration order (the schedule's preload order).
 */
export interface CompiledLrcProgram {
  readonly program: LrcProgram;
  /** Instructions. */
  readonly size: number;
  readonly contexts: number;
  readonly threads: number;
  readonly initialPc: number;
  readonly unitCount: number;
  readonly counterCount: number;
  readonly registerNames: readonly string[];
  /** FIXED, REQUEST or FLOW per unit. */
  readonly unitKind: Uint8Array;
  /** Per instruction: unit index, unit kind, latency (fixed units, else 0), counter class (requests, else -1). */
  readonly unitOf: Int32Array;
  readonly kindOf: Uint8Array;
  readonly latencyOf: Int32Array;
  readonly counterOf: Int32Array;
  /** Per instruction: bit c set when it carries the dependency flag of class c. */
  readonly waitMask: Int32Array;
  /** Sources of instruction i are `sources[sourceStart[i] .. sourceStart[i + 1])`, in the spec's order (`lrcSources`). */
  readonly sourceStart: Int32Array;
  readonly sources: Int32Array;
  /** Per source slot, the writer sequential execution says the read must see (NO_WRITER: initial value, -1: preload). */
  readonly expectedWriter: Int32Array;
  readonly destinationStart: Int32Array;
  readonly destinations: Int32Array;
  /** Per counter class: 2^bits - 1, in-order flag (1/0), INIT_LRC_VAL (0 without a preload). */
  readonly counterMax: Float64Array;
  readonly inOrder: Uint8Array;
  readonly initialValue: Int32Array;
  /** Preload registers of one thread, in declaration order (`preloadCount`). */
  readonly preloadCount: number;
  readonly preloadRegister: Int32Array;
  readonly preloadCounter: Int32Array;
  /**
   * Index into the thread's preload delays that `runLrcSchedule` uses for preload k: the last
   * preload position naming the same register (the spec maps register -> position, so a register
   * listed by two preloads takes the later position's delay for both).
   */
  readonly preloadDelayIndex: Int32Array;
  /** 1 when preload k's register is also listed by another preload (returns are then matched by register, see the simulator). */
  readonly preloadShared: Uint8Array;
  /** Registers with a last writer in sequential execution, in the spec's order, and those writers. */
  readonly finalRegisters: Int32Array;
  readonly finalWriter: Int32Array;
}

/** Compiles a (valid) LRC program for `LrcSimulator`: done once per program, reused for every schedule. */
export function compileLrcProgram(program: LrcProgram): CompiledLrcProgram {
  const size = program.instructions.length;
  const counterCount = program.counters.length;
  if (counterCount > MAX_COMPILED_COUNTERS) throw new Error(`the simulator supports at most ${MAX_COMPILED_COUNTERS} counter classes, got ${counterCount}`);
  const numbering = new RegisterNumbering();
  const id = (name: string): number => numbering.id(name);
  const names = numbering.names;
  const semantics = lrcSequentialSemantics(program);
  const unitOf = new Int32Array(size);
  const kindOf = new Uint8Array(size);
  const latencyOf = new Int32Array(size);
  const counterOf = new Int32Array(size);
  const waitMask = new Int32Array(size);
  const sourceStart = new Int32Array(size + 1);
  const destinationStart = new Int32Array(size + 1);
  const sources: number[] = [];
  const expected: number[] = [];
  const destinations: number[] = [];
  const unitKind = Uint8Array.from(program.units, (unit) => (unit.kind === 'fixed' ? FIXED : unit.kind === 'request' ? REQUEST : FLOW));
  program.instructions.forEach((instruction, index) => {
    const base = baseOpcode(instruction.opcode);
    const unit = program.units.findIndex((candidate) => candidate.opcodes.includes(base));
    if (unit < 0) throw new Error(`instruction ${index}: no unit executes opcode ${base}`);
    const declared = program.units[unit]!;
    unitOf[index] = unit;
    kindOf[index] = unitKind[unit]!;
    latencyOf[index] = declared.kind === 'fixed' ? declared.latency : 0;
    const counter = program.counters.findIndex((candidate) => candidate.opcodes.includes(base));
    if (declared.kind === 'request' && counter < 0) throw new Error(`instruction ${index}: request opcode ${base} is counted by no counter class`);
    counterOf[index] = declared.kind === 'request' ? counter : -1;
    let mask = 0;
    for (const flag of instruction.waitFor) {
      if (!Number.isInteger(flag) || flag < 0 || flag >= counterCount) throw new Error(`instruction ${index}: dependency flag on counter class #${flag}, which does not exist`);
      mask |= 1 << flag;
    }
    waitMask[index] = mask;
    sourceStart[index] = sources.length;
    for (const register of lrcSources(instruction)) {
      sources.push(id(register));
      expected.push(semantics.expectedReads[index]!.get(register) ?? NO_WRITER);
    }
    destinationStart[index] = destinations.length;
    for (const register of lrcDestinations(instruction)) destinations.push(id(register));
  });
  sourceStart[size] = sources.length;
  destinationStart[size] = destinations.length;
  const initialValue = new Int32Array(counterCount);
  program.counters.forEach((_, index) => {
    initialValue[index] = program.preloads.find((preload) => preload.counter === index)?.initialValue ?? 0;
  });
  const flat = program.preloads.flatMap((preload) => preload.registers.map((register) => ({ register, counter: preload.counter })));
  const lastPosition = new Map<string, number>();
  flat.forEach(({ register }, k) => lastPosition.set(register, k));
  const preloadRegister = Int32Array.from(flat, ({ register }) => id(register));
  const finalRegisters = Int32Array.from(semantics.finalWriters.keys(), id);
  const finalWriter = Int32Array.from(semantics.finalWriters.values());
  return {
    program, size, contexts: program.contexts, threads: program.threads, initialPc: program.initialPc,
    unitCount: program.units.length, counterCount, registerNames: names,
    unitKind, unitOf, kindOf, latencyOf, counterOf, waitMask,
    sourceStart, sources: Int32Array.from(sources), expectedWriter: Int32Array.from(expected),
    destinationStart, destinations: Int32Array.from(destinations),
    counterMax: Float64Array.from(program.counters, (counter) => 2 ** counter.bits - 1),
    inOrder: Uint8Array.from(program.counters, (counter) => (counter.inOrder ? 1 : 0)),
    initialValue,
    preloadCount: flat.length,
    preloadRegister,
    preloadCounter: Int32Array.from(flat, ({ counter }) => counter),
    preloadDelayIndex: Int32Array.from(flat, ({ register }) => lastPosition.get(register)!),
    preloadShared: Uint8Array.from(flat, ({ register }) => (flat.filter((other) => other.register === register).length > 1 ? 1 : 0)),
    finalRegisters, finalWriter,
  };
}
