/**
 * Wait states on the shared machine. LLVM counts a wait state per instruction issued (an `s_nop N`
 * counts N + 1) and asks for a number of them between a producer and a consumer the hardware does
 * not interlock (`spec/amdgpu/waitStates.ts`). The shared machine counts cycles and issues one
 * model instruction a cycle, and one source line may lower to several model instructions (an
 * `s_waitcnt` per counter, a FLAT access's two sides, a call's assumed waits). So every line is
 * stretched to the same K cycles, K the most model instructions any line of the function has: the
 * line's last model instruction stalls for what is left of K x its wait states. Then a line's
 * instruction at offset o issues at K x (wait states before the line) + o on the fastest
 * schedule, and a rule of N wait states between a writer at offset w and a reader at offset r is
 * exactly the read-after-write latency K x (N + 1) + r - w: a consumer N wait states after its
 * producer's line is on time, one fewer is a cycle short. Waiting longer (a counter wait that
 * blocks, other waves issuing) only adds cycles, as it only adds wait states.
 *
 * The figures become the program's `readAfterWrite` matrix: one writer class per set of writer
 * roles and offset, one reader class per set of reader roles and offset, every other pair 1 (the
 * hardware interlocks it).
 */
import type { AmdgpuTarget } from '../../spec/amdgpu/counters.js';
import { waitStatesBetween, type WaitStateReader, type WaitStateWriter } from '../../spec/amdgpu/waitStates.js';
import type { LatencyMatrix, ReadAfterWriteMatrices, SassInstruction } from '../../spec/sass/program.js';

/** The wait-state roles of one model instruction, per register. */
export interface DraftRoles {
  readonly writes: ReadonlyMap<string, readonly WaitStateWriter[]>;
  readonly reads: ReadonlyMap<string, readonly WaitStateReader[]>;
}

/** The reader class of a guard read in the shared matrices (`spec/sass/latency.ts`). */
const GUARD_READER = 'guard';

/** The class every model instruction has where no role applies: the hardware interlocks it. */
export const INTERLOCKED = 'interlocked';

/** A lowered function timed in wait states. */
export interface TimedFunction {
  readonly instructions: readonly SassInstruction[];
  readonly readAfterWrite: ReadAfterWriteMatrices;
  /**
   * The matrices without the proof-only rules, for the counterexample side, with the instructions
   * whose timing differs between the two; null where no instruction's does.
   */
  readonly counterexample: { readonly readAfterWrite: ReadAfterWriteMatrices; readonly differs: readonly number[] } | null;
  /** Model cycles per wait state (K). */
  readonly cyclesPerWaitState: number;
}

interface Classed {
  readonly roles: readonly string[];
  readonly offset: number;
}

const classNameOf = (side: 'w' | 'r', { roles, offset }: Classed) => `${side}:${[...roles].sort().join('+')}@${offset}`;

/**
 * Stretches every line to K cycles a wait state and sets the read-after-write classes.
 * `lineOf[i]` is the source line (index) of model instruction i, -1 for synthetic ones before the
 * first line (a callable function's entry), which keep their one cycle; `waitStatesOf` gives a
 * line's wait states where they are not 1 (`s_nop N`: N + 1).
 */
export function timeWaitStates(
  target: AmdgpuTarget,
  instructions: readonly SassInstruction[],
  lineOf: readonly number[],
  waitStatesOf: ReadonlyMap<number, number>,
  roles: ReadonlyMap<number, DraftRoles>,
): TimedFunction {
  // Runs of model instructions per line, in order (a line's model instructions are consecutive).
  const offsets = instructions.map(() => 0);
  const lastOfLine = instructions.map(() => false);
  let cyclesPerWaitState = 1;
  for (let index = 0; index < instructions.length; index++) {
    const sameLine = index > 0 && lineOf[index] === lineOf[index - 1] && lineOf[index]! >= 0;
    offsets[index] = sameLine ? offsets[index - 1]! + 1 : 0;
    lastOfLine[index] = index + 1 === instructions.length || lineOf[index + 1] !== lineOf[index] || lineOf[index]! < 0;
    if (lineOf[index]! >= 0) cyclesPerWaitState = Math.max(cyclesPerWaitState, offsets[index]! + 1);
  }
  const K = cyclesPerWaitState;

  const writerClasses = new Map<string, Classed & { readonly writers: readonly WaitStateWriter[] }>();
  const readerClasses = new Map<string, Classed & { readonly readers: readonly WaitStateReader[] }>([[INTERLOCKED, { roles: [], offset: 0, readers: [] }]]);
  /** Each register's class name for its roles at `offset`, registering each class met. */
  const classesOf = <Role extends string>(side: 'w' | 'r', roles: ReadonlyMap<string, readonly Role[]>, offset: number, met: (name: string, roles: readonly Role[]) => void): Record<string, string> => {
    const own: Record<string, string> = {};
    for (const [register, list] of roles) {
      if (list.length === 0) continue;
      own[register] = classNameOf(side, { roles: list, offset });
      met(own[register]!, list);
    }
    return own;
  };
  const writeClass = new Map<number, Record<string, string>>();
  const readClass = new Map<number, Record<string, string>>();
  for (const [index, { writes, reads }] of roles) {
    const offset = offsets[index]!;
    writeClass.set(index, classesOf('w', writes, offset, (name, writers) => writerClasses.set(name, { roles: writers, offset, writers })));
    readClass.set(index, classesOf('r', reads, offset, (name, readers) => readerClasses.set(name, { roles: readers, offset, readers })));
  }
  // A variable-latency reader has one class for all its registers (the matrices look per-register
  // classes up only for fixed units): the union of its roles, which is sound because every role of
  // a memory instruction is decided by the register's file alone (any scalar source of a VMEM
  // access, M0 of an M0 reader).
  const unionClass = new Map<number, string>();
  for (const [index, { reads }] of roles) {
    if (instructions[index]!.unit.kind === 'fixed' || reads.size === 0) continue;
    const readers = [...new Set([...reads.values()].flat())];
    const name = classNameOf('r', { roles: readers, offset: offsets[index]! });
    readerClasses.set(name, { roles: readers, offset: offsets[index]!, readers });
    unionClass.set(index, name);
  }

  const matrixOf = (side: 'proof' | 'counterexample'): LatencyMatrix => {
    const general: Record<string, Record<string, number>> = {};
    for (const [writerName, writer] of writerClasses) {
      const row: Record<string, number> = {};
      for (const [readerName, reader] of readerClasses) {
        const waitStates = waitStatesBetween(target, writer.writers, reader.readers, side);
        row[readerName] = waitStates === 0 ? 1 : Math.max(1, K * (waitStates + 1) + reader.offset - writer.offset);
      }
      // A conditional branch reads SCC, VCC or EXEC as its guard: no rule times it.
      row[GUARD_READER] = 1;
      general[writerName] = row;
    }
    // The row of the instructions' own class: every result lands a cycle after issue (the machine
    // lands a register by its instruction's class; per-register classes time reads only), and a
    // writer with no role is read by anything a cycle later.
    general[INTERLOCKED] = Object.fromEntries([...readerClasses.keys(), GUARD_READER].map((name) => [name, 1]));
    return general;
  };
  const matrix = matrixOf('proof');
  const evidence = matrixOf('counterexample');
  const differingClasses = new Set(Object.keys(matrix).filter((name) => JSON.stringify(matrix[name]) !== JSON.stringify(evidence[name])));
  const differs = [...writeClass].filter(([, classes]) => Object.values(classes).some((name) => differingClasses.has(name))).map(([index]) => index);
  const rowMax = (name: string) => Math.max(1, ...Object.values(matrix[name] ?? {}));

  const timed = instructions.map((instruction, index): SassInstruction => {
    const line = lineOf[index]!;
    const stall = line < 0 || !lastOfLine[index] ? 1 : K * (waitStatesOf.get(line) ?? 1) - offsets[index]!;
    const control = { ...instruction.control, stall: Math.max(1, stall) };
    const latencyClass = unionClass.get(index) ?? INTERLOCKED;
    if (instruction.unit.kind !== 'fixed') return { ...instruction, control, latencyClass };
    const write = writeClass.get(index) ?? {};
    const read = readClass.get(index) ?? {};
    const destinationLatency: Record<string, number> = {};
    for (const register of instruction.destinations) destinationLatency[register] = write[register] === undefined ? instruction.unit.latency : rowMax(write[register]!);
    const latency = Math.max(instruction.unit.latency, ...Object.values(destinationLatency));
    return {
      ...instruction, control, latencyClass,
      unit: { kind: 'fixed', latency, destinationLatency, registerClasses: { write, read } },
    };
  });
  return {
    instructions: timed, readAfterWrite: { general: matrix }, cyclesPerWaitState: K,
    counterexample: differs.length === 0 ? null : { readAfterWrite: { general: evidence }, differs },
  };
}
