/**
 * Kernels of any size for the analysis tests, from a seed, shaped like ptxas output where it
 * matters to the analysis' cost: loads through queues with write scoreboards (most waited for,
 * some not), stores that no wait retires (they stay pending and the states grow, as on big
 * ptxas kernels), fixed-latency arithmetic, predicates and guarded instructions, `DEPBAR`s,
 * queue drains, forward branches and loops, an exit. No tools needed.
 */
import type { SassInstruction, SassProgram, SassQueue, SassUnit } from '../../../../spec/sass/program.js';
import { Random } from '../../../../explore/random.js';

/** Queues as a Volta-era table has them: global and texture-like loads read in order, shared ones complete in order, S2R in any order. */
const QUEUES: readonly SassQueue[] = [
  { name: 'global', ordered: false, readsInOrder: true },
  { name: 'shared', ordered: true },
  { name: 'misc', ordered: false },
];

/** A kernel of about `size` instructions. */
export function syntheticKernel(seed: number, size: number): SassProgram {
  const generator = new Random(seed);
  const next = () => generator.next();
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const register = () => `R${int(0, 31)}`;
  const predicate = () => `P${int(0, 2)}`;
  const instructions: SassInstruction[] = [];
  // Loops close over earlier instructions; each open loop is its head's index.
  const loopHeads: number[] = [];
  const add = (instruction: Omit<SassInstruction, 'line' | 'column' | 'text' | 'latencyClass' | 'readAtIssue' | 'drains' | 'depbar' | 'guard' | 'flow'> & Partial<SassInstruction>) => {
    const index = instructions.length;
    instructions.push({
      guard: null, flow: { kind: 'next' }, readAtIssue: [], drains: [], depbar: null, latencyClass: null,
      ...instruction, line: index + 1, column: 1, text: `${instruction.opcode} #${index}`,
    });
  };
  const control = (write: number | null, read: number | null) => ({
    wait: next() < 0.35 ? [int(0, 5)] : [], readScoreboard: read, writeScoreboard: write, yield: false, stall: int(1, 6),
  });
  const guard = () => (next() < 0.15 ? { predicate: predicate(), negated: next() < 0.5 } : null);
  while (instructions.length < size - 1) {
    const roll = next();
    const index = instructions.length;
    if (roll < 0.3) {
      const destination = register();
      add({ opcode: 'FFMA', destinations: [destination], sources: [register(), register(), destination], unit: { kind: 'fixed', latency: int(4, 6) }, control: control(null, null), guard: guard() });
    } else if (roll < 0.45) {
      const queue = int(0, 2);
      const unit: SassUnit = { kind: 'variable', queue };
      add({ opcode: queue === 1 ? 'LDS' : 'LDG', destinations: [register()], sources: [register()], unit, control: control(next() < 0.85 ? int(0, 5) : null, null), guard: guard() });
    } else if (roll < 0.57) {
      // A store: its data register is read at some time no wait pins down, unless it has a read scoreboard.
      add({ opcode: 'STG', destinations: [], sources: [register(), register()], unit: { kind: 'variable', queue: int(0, 1) }, control: control(null, next() < 0.2 ? int(0, 5) : null), guard: guard() });
    } else if (roll < 0.65) {
      add({ opcode: 'ISETP', destinations: [predicate()], sources: [register()], unit: { kind: 'fixed', latency: 5 }, control: control(null, null) });
    } else if (roll < 0.7) {
      add({ opcode: 'DEPBAR', destinations: [], sources: [], unit: { kind: 'none' }, control: control(null, null), depbar: { scoreboard: int(0, 5), limit: int(0, 3) } });
    } else if (roll < 0.73) {
      add({ opcode: 'BAR', destinations: [], sources: [], unit: { kind: 'none' }, control: { ...control(null, null), wait: [0, 1, 2, 3, 4, 5] }, drains: [0, 1, 2] });
    } else if (roll < 0.78 && index + 3 < size - 1) {
      const guardPredicate = predicate();
      add({ opcode: 'BRA', destinations: [], sources: [guardPredicate], unit: { kind: 'none' }, control: control(null, null), guard: { predicate: guardPredicate, negated: false }, flow: { kind: 'branch', target: Math.min(size - 2, index + int(2, 12)) } });
    } else if (roll < 0.81) {
      loopHeads.push(index);
      add({ opcode: 'IADD3', destinations: [register()], sources: [register()], unit: { kind: 'fixed', latency: 4 }, control: control(null, null) });
    } else if (roll < 0.85 && loopHeads.length > 0 && index - loopHeads[loopHeads.length - 1]! > 3) {
      const head = loopHeads.pop()!;
      const guardPredicate = predicate();
      add({ opcode: 'BRA', destinations: [], sources: [guardPredicate], unit: { kind: 'none' }, control: control(null, null), guard: { predicate: guardPredicate, negated: next() < 0.5 }, flow: { kind: 'branch', target: head } });
    } else {
      add({ opcode: 'IMAD', destinations: [register()], sources: [register(), register()], unit: { kind: 'fixed', latency: int(4, 6) }, control: control(null, null), guard: guard() });
    }
  }
  add({ opcode: 'EXIT', destinations: [], sources: [], unit: { kind: 'none' }, control: { ...control(null, null), wait: [] }, flow: { kind: 'exit' } });
  return {
    name: `synthetic-${seed}-${size}`, architecture: 'sm_75', queues: QUEUES, scoreboards: 6, visibilityDelay: 1, depbarVisibilityDelay: 1,
    readAfterWrite: null, instructions,
  };
}
