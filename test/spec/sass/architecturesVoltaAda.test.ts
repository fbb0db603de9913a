/**
 * Fixed latencies from Volta to Ada that ptxas's output contradicted, each held both ways on the
 * listing it was read from: the kernel that was a false `hazard` is proved safe now, and the same
 * kernel with one protection taken away (a stall shortened, a scoreboard set and not waited on)
 * is a `hazard` where a source shows the hardware that fast, `unknown` where only a proof-side
 * bound says so.
 *
 * The fixtures are excerpts of `cuobjdump -sass` of ptxas 12.5.40 -c output of LLVM's NVPTX tests,
 * as `npm run bench:nvptx-tests` caches them: fixtures/ptxas-12.5.latencies.sm_70.sass (-O3:
 * fma.ll t1_f32, arithmetic-int.ll mul_i16, intrinsics.ll test_steadycounter),
 * ptxas-12.5.latencies.sm_80.sass (-O3: bf16x2-instructions.ll test_fabs_add,
 * mma-no-sink-after-laneid-check.ll no_reorder_mma_and_laneid_check), ptxas-12.5.latencies.O0.sm_80.sass
 * (-O0: the same MMA kernel) and ptxas-12.5.latencies.sm_86.sass (-O3: bf16-instructions.ll
 * test_uitofp_i1).
 */
import { describe, expect, it } from 'vitest';
import { listingKernelsOfText } from '../../../format/sass/loadKernels.js';
import type { ArchitectureTable } from '../../../spec/sass/architecture.js';
import { counterexampleSide } from '../../../spec/sass/architectures/counterexample.js';
import { architectureTable } from '../../../spec/sass/architectures/index.js';
import { SOURCE_PROVENANCE } from '../../../spec/sass/architectures/provenance.js';
import { SOURCES } from '../../../spec/sass/architectures/sources.js';
import { COUPLED_RESULT_FLOOR } from '../../../spec/sass/architectures/voltaPlus.js';
import { instructionEffects } from '../../../spec/sass/effects.js';
import { EARLIEST_READER } from '../../../spec/sass/latency.js';
import { readAfterWriteLatency } from '../../../spec/sass/pairLatency.js';
import { line } from './listedLine.js';
import { fixture, mutate, verdictAndReason, verdicts, type Mutant } from './ptxasFixtures.js';

const table = (name: string): ArchitectureTable => architectureTable(name)!;
/** Cycles between a writer and a reader of `register` on `arch` (the lookup the machine uses). */
function between(arch: ArchitectureTable, writer: string, register: string, reader: string): number {
  return readAfterWriteLatency(arch, instructionEffects(line(writer), arch), register, instructionEffects(line(reader), arch), false);
}

describe('Volta: Turing\'s figures as upper bounds, the tuning guide\'s 4 cycles for FP32 FMA (ptxas 12.5 for sm_70)', () => {
  const text = fixture('ptxas-12.5.latencies.sm_70.sass');

  it('the kernels ptxas scheduled, false hazards under NAK\'s 6 cycles, are proved safe', () => {
    expect(verdicts(text, 'ptxas-12.5.latencies.sm_70.sass')).toEqual({
      t1_f32: 'proved-safe', // FADD 4 cycles after the FMUL it reads
      mul_i16: 'proved-safe', // IMAD 5 cycles after PRMT, LOP3 5 after IMAD
      test_steadycounter: 'proved-safe', // CS2R unscoreboarded, IADD3 7 cycles after
    });
  });

  const mutants: readonly Mutant[] = [
    // FMUL's stall 4 -> 3: FADD reads sooner than NVIDIA's 4 cycles for FP32 FMA math.
    { kernel: 't1_f32', what: 'FADD 3 cycles after FMUL', from: '0x000fc80000400000', to: '0x000fc60000400000', verdict: 'hazard' },
    { kernel: 't1_f32', what: 'FADD 1 cycle after FMUL', from: '0x000fc80000400000', to: '0x000fc20000400000', verdict: 'hazard' },
    // PRMT R4's stall 5 -> 4: IMAD reads sooner than the 5 ptxas waits, but no source bounds PRMT from below.
    { kernel: 'mul_i16', what: 'IMAD 4 cycles after PRMT', from: '0x000fca00000000ff', to: '0x000fc800000000ff', verdict: 'unknown' },
    // Read the next cycle: sooner than any result NVIDIA's tables give (nvidia-coupled-floor: 2 cycles).
    { kernel: 'test_steadycounter', what: 'IADD3 1 cycle after CS2R', from: '0x000fce0000015200', to: '0x000fc20000015200', verdict: 'hazard' },
  ];

  it.each(mutants.map((mutant) => [mutant.what, mutant] as const))('with one protection removed it is no longer proved: %s', (_what, mutant) => {
    expect(verdicts(mutate(text, mutant.from, mutant.to), 'mutant.sm_70.sass')[mutant.kernel]).toBe(mutant.verdict);
  });

  it('coupled figures are Turing\'s matrices, upper bounds only; FP32 FMA results have the guide\'s 4 on the counterexample side', () => {
    const volta = table('sm_70');
    const side = counterexampleSide(volta);
    expect(volta.readAfterWrite?.source).toBe('ptxas-sm70-turing');
    expect(between(volta, 'IADD3 R1, R2, R3, RZ', 'R1', 'IADD3 R4, R1, R3, RZ')).toBe(4);
    expect(between(volta, 'PRMT R1, R2, 0x9910, RZ', 'R1', 'IMAD R4, R5, R1, RZ')).toBe(5);
    expect(between(volta, 'FMUL R1, R2, R3', 'R1', 'FADD R4, R1, R3')).toBe(4);
    expect(between(volta, 'HADD2 R1, R2, R3', 'R1', 'HADD2 R4, R1, R3')).toBe(6);
    for (const opcode of ['IADD3', 'IMAD', 'MOV', 'PRMT', 'ISETP', 'HADD2', 'CS2R']) {
      expect(volta.opcodes[opcode], opcode).toMatchObject({ kind: 'fixed', source: 'ptxas-sm70-turing' });
      // The counterexample side: NVIDIA's least figure, 2 cycles (nvidia-coupled-floor), not the bound.
      expect(side.table.opcodes[opcode], opcode).toMatchObject({ kind: 'fixed', latency: COUPLED_RESULT_FLOOR, latencyClass: EARLIEST_READER });
    }
    for (const opcode of ['FFMA', 'FADD', 'FMUL', 'FFMA32I', 'FADD32I', 'FMUL32I']) {
      expect(volta.opcodes[opcode], opcode).toMatchObject({ kind: 'fixed', latencyClass: 'fma', counterexample: { latency: 4, source: 'nvidia-volta-tuning' } });
      expect(side.table.opcodes[opcode], opcode).toMatchObject({ kind: 'fixed', latency: 4, latencyClass: EARLIEST_READER, source: 'nvidia-volta-tuning' });
      expect(side.opcodeGaps.get(opcode)?.counterexampleSource, opcode).toBe('nvidia-volta-tuning');
    }
    // Which opcodes need a scoreboard stays NAK's: I2I is variable on Volta.
    expect(volta.opcodes['I2I']).toMatchObject({ kind: 'variable' });
    expect(SOURCE_PROVENANCE['ptxas-sm70-turing']).toBe('inferred-bound');
    expect(SOURCE_PROVENANCE['nvidia-volta-tuning']).toBe('documentation');
    expect(SOURCES['nvidia-volta-tuning']).toContain('Dependent instruction issue latency for core FMA math operations are reduced to four clock cycles');
    expect(SOURCES['ptxas-sm70-turing']).toContain('82,071 writer/reader pairs, 9,333 exactly at the figure');
  });
});

describe('Ampere and Ada: FP16 to FP16 at NVIDIA\'s 4, unscoreboarded HMMA, I2FP (ptxas 12.5)', () => {
  const text = fixture('ptxas-12.5.latencies.sm_80.sass');

  it('the kernels ptxas scheduled are proved safe', () => {
    expect(verdicts(text, 'ptxas-12.5.latencies.sm_80.sass')).toEqual({
      test_fabs_add: 'proved-safe', // HFMA2.BF16_V2 read by the next HFMA2 after 4
      no_reorder_mma_and_laneid_check: 'proved-safe', // HMMA without a write scoreboard, ST 21 cycles after
    });
  });

  const mutants: readonly Mutant[] = [
    // NVIDIA's 4 holds on both sides: 3 cycles is a hazard a source shows.
    { kernel: 'test_fabs_add', what: 'HFMA2 3 cycles after HFMA2', from: '0x000fc80000200004', to: '0x000fc60000200004', verdict: 'hazard' },
  ];

  it.each(mutants.map((mutant) => [mutant.what, mutant] as const))('with one protection removed it is no longer proved: %s', (_what, mutant) => {
    expect(verdicts(mutate(text, mutant.from, mutant.to), 'mutant.sm_80.sass')[mutant.kernel]).toBe(mutant.verdict);
  });

  it('an HMMA result read the next cycle, or with no wait on the scoreboard the HMMA sets, is proved: it reaches the next instruction (ptxas-mma-next-instruction)', () => {
    // The ISETP right after the HMMA reads its R8 instead of R0: 1 cycle later, as ptxas -O0 reads MMA results.
    expect(verdicts(mutate(text, 'ISETP.NE.U32.AND P0, PT, R0, RZ, PT', 'ISETP.NE.U32.AND P0, PT, R8, RZ, PT'), 'mutant.sm_80.sass')['no_reorder_mma_and_laneid_check']).toBe('proved-safe');
    // The HMMA sets scoreboard 1, which nothing waits on.
    expect(verdicts(mutate(text, '0x000fe200000850ff', '0x000e6200000850ff'), 'mutant.sm_80.sass')['no_reorder_mma_and_laneid_check']).toBe('proved-safe');
    // At -O0 ptxas copies the HMMA's results one cycle after it.
    expect(verdictAndReason(fixture('ptxas-12.5.latencies.O0.sm_80.sass'), 'ptxas-12.5.latencies.O0.sm_80.sass').verdict).toBe('proved-safe');
  });

  it('FP16 results reach FP16 readers after 4 (NVIDIA\'s figure), HADD2.F32 keeps its own class at 5', () => {
    for (const name of ['sm_80', 'sm_86', 'sm_89', 'sm_90']) {
      const arch = table(name);
      expect(between(arch, 'HADD2 R1, R2.H0_H0, R2.H1_H1', 'R1', 'HADD2 R4, R3.H0_H0, R1.H0_H0'), name).toBe(4);
      expect(between(arch, 'HFMA2.BF16_V2 R1, R1, 1, 1, R1', 'R1', 'HMNMX2 R4, R1, R3, !PT'), name).toBe(4);
      expect(between(arch, 'HADD2.F32 R1, -RZ, R2.H0_H0', 'R1', 'HADD2 R4, R3.H0_H0, R1.H0_H0'), name).toBe(5);
      expect(between(arch, 'HADD2 R1, R2.H0_H0, R2.H1_H1', 'R1', 'HADD2.F32 R4, -RZ, R1.H0_H0'), name).toBe(5);
      expect(between(arch, 'IADD3 R1, R2, R3, RZ', 'R1', 'HADD2 R4, R1, R3'), name).toBe(5);
    }
    expect(SOURCES['nak-sm80']).toContain('these next two are 4 in the spreadsheet');
  });

  it('the HMMA fact is named at an HMMA with or without a write scoreboard', () => {
    const gapsAtHmma = (listing: string) => {
      const kernel = listingKernelsOfText(listing, 'mma.sm_80.sass', { from: null, architecture: null, kernels: ['no_reorder_mma_and_laneid_check'] })[0]!;
      const index = kernel.program.instructions.findIndex((instruction) => instruction.opcode.startsWith('HMMA'));
      return kernel.counterexample!.gaps[index]!.map((gap) => gap.subject);
    };
    expect(gapsAtHmma(text)).toEqual(['HMMA on sm_80']);
    expect(gapsAtHmma(mutate(text, '0x000fe200000850ff', '0x000e6200000850ff'))).toEqual(['HMMA on sm_80']);
  });

  it('every tensor-core MMA is fixed-latency, its results reaching the next instruction on both sides', () => {
    for (const name of ['sm_80', 'sm_86', 'sm_89']) {
      const arch = table(name);
      for (const opcode of ['HMMA', 'IMMA', 'BMMA', 'DMMA']) {
        expect(arch.opcodes[opcode], `${name} ${opcode}`).toMatchObject({ kind: 'fixed', latency: 1, operands: 'matrix', source: 'ptxas-mma-next-instruction' });
        expect(counterexampleSide(arch).table.opcodes[opcode], `${name} ${opcode}`).toMatchObject({ kind: 'fixed', latency: 1, latencyClass: EARLIEST_READER });
      }
      expect(arch.readAfterWrite?.general?.['hmma'], name).toBeUndefined();
    }
    expect(SOURCE_PROVENANCE['ptxas-mma-next-instruction']).toBe('inferred-bound');
  });
});

describe('every tensor-core MMA kind ptxas emits for sm_80 to sm_90 (ptxas-mma-next-instruction)', () => {
  // fixtures/mma-kinds.sm_80.ptx: IMMA, BMMA, DMMA and HMMA (TF32, F16, BF16), each result read by the next PTX instruction.
  const listings = ['11.8.mma-kinds.sm_80.O0', '12.5.mma-kinds.sm_80.O0', '12.5.mma-kinds.sm_80.O3', '12.5.mma-kinds.sm_86.O3', '11.8.mma-kinds.sm_89.O3', '11.8.mma-kinds.sm_90.O0', '12.5.mma-kinds.sm_90.O3'];

  it.each(listings)('ptxas %s is proved safe', (name) => {
    expect(verdicts(fixture(`ptxas-${name}.sass`), `${name}.sass`)).toEqual({ k: 'proved-safe' });
  });

  it('the cited lines hold the cited instructions, each MMA with a stall of 0 at -O0 on Ampere', () => {
    const lineOf = (name: string, line: number) => fixture(`ptxas-${name}.sass`).split('\n')[line - 1]!;
    const cited: readonly (readonly [string, number, string])[] = [
      ['12.5.mma-kinds.sm_80.O0', 331, 'HMMA.16816.F32.BF16 R12, R8, R4, R12'], ['12.5.mma-kinds.sm_80.O0', 333, 'MOV R3, R13'],
      ['12.5.mma-kinds.sm_80.O0', 97, 'IMMA.16832.S8.S8 R12'], ['12.5.mma-kinds.sm_80.O0', 137, 'BMMA.168256.AND.POPC R12'],
      ['12.5.mma-kinds.sm_80.O0', 251, 'HMMA.1688.F32.TF32'], ['12.5.mma-kinds.sm_80.O0', 203, 'DMMA.884'],
      ['11.8.mma-kinds.sm_80.O0', 331, 'HMMA.16816.F32.BF16 R12'], ['11.8.mma-kinds.sm_80.O0', 333, 'MOV R3, R13'],
      ['11.8.mma-kinds.sm_90.O0', 73, 'IMMA.16832.S8.S8 R12, R8.ROW, R2.COL, R4'], ['11.8.mma-kinds.sm_90.O0', 75, 'MOV R7, R13'],
      ['11.8.mma-kinds.sm_90.O0', 305, 'HMMA.16816.F32.BF16 R12'], ['11.8.mma-kinds.sm_90.O0', 307, 'MOV R2, R13'], ['11.8.mma-kinds.sm_90.O0', 183, 'DMMA.8x8x4'],
      ['12.5.mma-kinds.sm_80.O3', 53, 'IMMA.16832.S8.S8 R8'], ['12.5.mma-kinds.sm_80.O3', 73, 'IMAD.IADD R9, R9, 0x1, R10'],
    ];
    for (const [name, line, text] of cited) expect(lineOf(name, line), `${name}:${line}`).toContain(text);
    // The control word under an MMA: stall 0 (bits 41-44) at -O0, where the next instruction's is 15.
    const stall = (name: string, line: number) => Number((BigInt(lineOf(name, line + 1).match(/0x[0-9a-f]{16}/)![0]) >> 41n) & 15n);
    for (const line of [97, 137, 203, 251, 331]) expect(stall('12.5.mma-kinds.sm_80.O0', line), `line ${line}`).toBe(0);
    expect(stall('12.5.mma-kinds.sm_80.O0', 333)).toBe(15);
    expect(SOURCES['ptxas-mma-next-instruction']).toContain('test/spec/sass/fixtures/mma-kinds.sm_80.ptx');
  });
});

describe('I2FP on sm_86 and sm_89: the ALU class every ptxas use fits', () => {
  const text = fixture('ptxas-12.5.latencies.sm_86.sass');

  it('the kernel ptxas scheduled, unknown while I2FP was outside the sm_86 table, is proved safe', () => {
    expect(verdicts(text, 'ptxas-12.5.latencies.sm_86.sass')).toEqual({ test_uitofp_i1: 'proved-safe' });
  });

  const mutants: readonly Mutant[] = [
    // I2FP's stall 6 -> 3: F2F reads its result sooner than the ALU class allows (4), but no source times I2FP.
    { kernel: 'test_uitofp_i1', what: 'F2F 3 cycles after I2FP', from: '0x000fcc0000201000', to: '0x000fc60000201000', verdict: 'unknown' },
    // SEL's stall 4 -> 3: I2FP reads SEL's result before NVIDIA's ALU results land for any reader but IMAD.WIDE's C high half.
    { kernel: 'test_uitofp_i1', what: 'I2FP 3 cycles after SEL', from: '0x000fc80004000000', to: '0x000fc60004000000', verdict: 'hazard' },
  ];

  it.each(mutants.map((mutant) => [mutant.what, mutant] as const))('with one protection removed it is no longer proved: %s', (_what, mutant) => {
    expect(verdicts(mutate(text, mutant.from, mutant.to), 'mutant.sm_86.sass')[mutant.kernel]).toBe(mutant.verdict);
  });

  it('I2FP is fixed in the alu class on sm_86 and sm_89, an upper bound only', () => {
    for (const name of ['sm_86', 'sm_89']) {
      expect(table(name).opcodes['I2FP'], name).toMatchObject({ kind: 'fixed', latency: 7, latencyClass: 'alu', source: 'ptxas-i2fp-class' });
      expect(counterexampleSide(table(name)).table.opcodes['I2FP'], name).toMatchObject({ kind: 'fixed', latency: COUPLED_RESULT_FLOOR, latencyClass: EARLIEST_READER });
    }
    expect(SOURCE_PROVENANCE['ptxas-i2fp-class']).toBe('inferred-bound');
    expect(SOURCES['ptxas-i2fp-class']).toContain('line 157 SEL R4, RZ, 0x1, !P0 -> line 159 I2FP.F32.U32 R4, R4 after 4');
  });
});
