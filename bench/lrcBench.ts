import { compileLrcProgram } from '../impl/lrc/compiled.js';
import { LrcSimulator } from '../impl/lrc/simulator.js';
import { formatTable } from '../reports/table.js';
import type { LrcInstruction, LrcProgram } from '../spec/lrc/program.js';
import { randomLrcSchedule, runLrcSchedule } from '../spec/lrc/schedule.js';
import type { Operand } from '../spec/operand.js';

/** One measured row: the same schedules run through the spec (`runLrcSchedule`) and `LrcSimulator`. */
export interface LrcBenchRow {
  readonly case: string;
  readonly instructions: number;
  readonly contexts: number;
  readonly threads: number;
  readonly specSchedulesPerSecond: number;
  readonly implSchedulesPerSecond: number;
  /** impl / spec. */
  readonly ratio: number;
}

/** Knobs of `lrcBenchRows`; the defaults are the bench's. */
export interface LrcBenchOptions {
  /** Program sizes (instructions); default 32, 256, 2048. */
  readonly sizes?: readonly number[];
  /** Time box of the spec side per size: it runs until this many seconds have passed (at least one run). Default 1.5. */
  readonly specSeconds?: number;
  /** The simulator side runs at least this long per size, after a warm-up. Default 0.5. */
  readonly implSeconds?: number;
  readonly seed?: number;
  readonly maxLatency?: number;
  /** Called before each measurement (progress on stderr). */
  readonly onProgress?: (message: string) => void;
}

const reg = (name: string): Operand => ({ kind: 'register', name });
const op = (flags: number[], opcode: string, destinations: string[], sources: string[]): LrcInstruction =>
  ({ opcode, destinations: destinations.map(reg), sources: sources.map(reg), waitFor: flags });

/**
 * A deterministic LRC benchmark program of `size` instructions, shaped like ir3 output: texture and
 * global loads on `sy`, a local load and an SFU op on `ss`, consumers behind `(sy)` / `(ss)`, ALU
 * work in between, and a flow instruction. It is hazard-free, overflow-free and deadlock-free
 * under every schedule. Contexts grow with the size (2, 3, 4 for 32, 256, 2048), threads are
 * twice the contexts.
 */
export function lrcBenchmarkProgram(size: number): LrcProgram {
  const group: LrcInstruction[] = [
    op([], 'isam', ['r0'], ['r8', 'r9']),
    op([], 'ldg', ['r1'], ['r10']),
    op([], 'ldl', ['r2'], ['r11']),
    op([0], 'add', ['r3'], ['r0', 'r1']),
    op([], 'mul', ['r4'], ['r3', 'r3']),
    op([1], 'rcp', ['r5'], ['r4', 'r2']),
    op([1], 'mov', ['r6'], ['r5']),
    op([], 'nop', [], ['r6']),
  ];
  const contexts = size <= 32 ? 2 : size <= 256 ? 3 : 4;
  return {
    contexts, threads: 2 * contexts,
    units: [
      { kind: 'fixed', name: 'alu', latency: 1, opcodes: ['add', 'mul', 'mov'] },
      { kind: 'request', name: 'mem', opcodes: ['ldg', 'isam', 'ldl', 'rcp'] },
      { kind: 'flow', name: 'flow', opcodes: ['nop'] },
    ],
    counters: [
      { name: 'sy', bits: 6, inOrder: false, opcodes: ['ldg', 'isam'] },
      { name: 'ss', bits: 6, inOrder: true, opcodes: ['ldl', 'rcp'] },
    ],
    preloads: [{ counter: 0, initialValue: 2, registers: ['r8', 'r9'] }],
    initialPc: 0,
    // The first instruction reads the preloaded registers: it waits for their class.
    instructions: Array.from({ length: size }, (_, index) => (index === 0 ? { ...group[0]!, waitFor: [0] } : group[index % group.length]!)),
  };
}

/** Runs `work` over the schedules, cycling, until `done(runs, elapsed seconds)`; returns runs per second. */
function rate(work: (index: number) => void, done: (runs: number, seconds: number) => boolean): number {
  const started = performance.now();
  let runs = 0;
  for (;;) {
    work(runs++);
    const seconds = (performance.now() - started) / 1000;
    if (done(runs, seconds)) return runs / seconds;
  }
}

/**
 * Measures the spec against the simulator on `lrcBenchmarkProgram` of each size, the same 16
 * random schedules (seeds `seed`..`seed + 15`, delays 1..`maxLatency`) through both, one core. The
 * spec is slow on big programs, so its side is time-boxed (it stops once `specSeconds` have passed,
 * after at least one run); the simulator runs at least `implSeconds` after a warm-up.
 */
export function lrcBenchRows(options: LrcBenchOptions = {}): LrcBenchRow[] {
  const { sizes = [32, 256, 2048], specSeconds = 1.5, implSeconds = 0.5, seed = 1, maxLatency = 8, onProgress } = options;
  return sizes.map((size) => {
    const program = lrcBenchmarkProgram(size);
    const schedules = Array.from({ length: 16 }, (_, index) => randomLrcSchedule(program, seed + index, maxLatency));
    const at = (index: number) => schedules[index % schedules.length]!;
    onProgress?.(`measuring LRC ${size} instructions: spec...`);
    const spec = rate((index) => runLrcSchedule(program, at(index)), (_runs, seconds) => seconds >= specSeconds);
    onProgress?.(`measuring LRC ${size} instructions: impl...`);
    const simulator = new LrcSimulator(compileLrcProgram(program));
    rate((index) => simulator.run(at(index)), (_runs, seconds) => seconds >= Math.min(0.3, implSeconds)); // warm-up: let the JIT settle
    const impl = rate((index) => simulator.run(at(index)), (runs, seconds) => seconds >= implSeconds && runs >= 3);
    return {
      case: `lrc-${size}`, instructions: size, contexts: program.contexts, threads: program.threads,
      specSchedulesPerSecond: spec, implSchedulesPerSecond: impl, ratio: impl / spec,
    };
  });
}

/** The rows as an aligned table (the bench's first-table style), with a line saying what was measured. */
export function formatLrcBench(rows: readonly LrcBenchRow[]): string {
  const round = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(n >= 10 ? 1 : 2));
  const table = formatTable(
    ['case', 'instructions', 'contexts', 'threads', 'spec schedules/s', 'impl schedules/s', 'impl/spec'],
    rows.map((r) => [r.case, String(r.instructions), String(r.contexts), String(r.threads), round(r.specSchedulesPerSecond), round(r.implSchedulesPerSecond), `${r.ratio.toFixed(1)}x`]),
    [1, 2, 3, 4, 5, 6],
  );
  return `${table}\nLRC thread scheduler: the same 16 random latency schedules through runLrcSchedule and LrcSimulator (round robin), one core, measured in this run.`;
}
