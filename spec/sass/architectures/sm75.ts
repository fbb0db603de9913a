/**
 * Turing: sm_75. Latencies from the NVIDIA-provided tables in Mesa NAK's
 * sm75_instr_latencies.rs: per (writer, reader) category in `readAfterWrite`, and as each
 * writer's maximum over readers otherwise (coupled results 8, predicates 12, FP16 8 and 14;
 * uniform ALU 12 and 11, UMOV/ULDC/VOTEU 5). Adds the uniform datapath and LDSM/MOVM.
 * Load/store readers (`memory`) are given the 8 cycles ptxas leaves before every one of them in
 * the sm_75 corpus, where NAK's table has 6 for decoupled readers.
 */
import type { LatencyMatrix } from '../architecture.js';
import { variable } from './build.js';
import { uniformOpcodes, voltaPlusTable } from './voltaPlus.js';

/** GPR results, writer -> reader (RegLatencySM75::read_after_write). */
const general: LatencyMatrix = {
  alu: { alu: 4, disp: 4, fma: 5, imadWide: 5, fp16: 6, fp64: 6, decoupled: 6, agu: 6, hmma: 6, memory: 8, imma: 8, cctl: 8 },
  disp: { alu: 4, disp: 4, fma: 5, imadWide: 5, fp16: 6, fp64: 6, decoupled: 6, agu: 6, hmma: 6, memory: 8, imma: 8, cctl: 8 },
  fma: { alu: 5, disp: 5, fma: 4, imadWide: 4, fp16: 6, fp64: 6, decoupled: 6, agu: 6, hmma: 6, memory: 8, imma: 8, cctl: 8 },
  imadWide: { alu: 5, disp: 5, fma: 4, imadWide: 6, fp16: 6, fp64: 6, decoupled: 6, agu: 6, hmma: 6, memory: 8, imma: 8, cctl: 8 },
  disp64: { alu: 6, disp: 6, fma: 6, imadWide: 6, fp16: 6, fp64: 6, decoupled: 6, agu: 6, hmma: 6, memory: 8, imma: 8, cctl: 8 },
  fp16: { alu: 8, disp: 8, fma: 8, imadWide: 8, fp16: 6, fp64: 8, decoupled: 8, agu: 8, hmma: 8, memory: 8, imma: 8, cctl: 8 },
};

/** Predicate results, writer -> reader (pred_read_after_write; `guard` = GuardPredicate). */
const coupledPredicate = { disp: 12, fp16: 12, fp64: 12, decoupled: 12, agu: 12, memory: 12, hmma: 12, guard: 12 };
const predicate: LatencyMatrix = {
  alu: { alu: 4, fma: 5, imadWide: 5, ...coupledPredicate },
  disp: { alu: 4, fma: 5, imadWide: 5, ...coupledPredicate },
  fma: { alu: 5, fma: 4, imadWide: 4, ...coupledPredicate },
  imadWide: { alu: 5, fma: 4, imadWide: 2, ...coupledPredicate },
  fp16: { alu: 8, disp: 14, fma: 8, imadWide: 8, fp16: 6, fp64: 14, decoupled: 14, agu: 14, memory: 14, hmma: 14, guard: 14 },
};

/** Uniform results, writer -> reader (URegLatencySM75: Udp, VectorCoupled, VectorDecoupled, Uldc, Umov). */
const vectorReaders = (coupled: number, decoupledValue: number) => ({
  alu: coupled, disp: coupled, fma: coupled, imadWide: coupled, fp16: coupled, disp64: coupled,
  decoupled: decoupledValue, agu: decoupledValue, memory: decoupledValue, fp64: decoupledValue, hmma: decoupledValue, imma: decoupledValue, cctl: decoupledValue,
});
const moveRow = { ...vectorReaders(2, 2), udp: 2, umov: 2, uldc: 5 };
const uniform: LatencyMatrix = {
  udp: { ...vectorReaders(6, 9), udp: 4, umov: 7, uldc: 12 },
  umov: moveRow,
  uldc: moveRow,
  voteu: moveRow,
};

/** Uniform predicate results (pred_read_after_write of URegLatencySM75). */
const uniformPredicate: LatencyMatrix = {
  udp: { udp: 4, alu: 6, guard: 11 },
  voteu: { udp: 1, alu: 1, guard: 5 },
};

export const SM75 = voltaPlusTable({
  name: 'sm_75',
  aliases: [],
  source: 'nak-sm75',
  alu: 8,
  predicate: 12,
  half: 8,
  halfPredicate: 14,
  coupledMoves: true,
  readAfterWrite: { general, predicate, uniform, uniformPredicate, source: 'nak-sm75' },
  extra: {
    ...uniformOpcodes('nak-sm75', 12, 11, 5),
    LDSM: variable('shared', 'nak-sm75', { operands: 'matrixLoad', latencyClass: 'memory' }),
    MOVM: variable('misc', 'nak-sm75', { latencyClass: 'decoupled' }),
  },
});
