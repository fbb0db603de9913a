/**
 * Facts read off ptxas 12.5's output of LLVM's NVPTX tests (`npm run bench:nvptx-tests`) on
 * Maxwell/Pascal and Hopper, each held both ways on the listing it was read from: the kernel that
 * was a false `hazard` is proved safe now, and the same kernel with one protection taken away
 * (a stall shortened, a wait dropped) is not.
 *
 * The fixtures are excerpts of `cuobjdump -sass` of ptxas 12.5.40 -O3 -c output, as the bench
 * caches them: fixtures/ptxas-12.5.sm_50.sass (ctpop.ll myctpop64 and myctpop16, ctlz.ll
 * myctlz64_as_32_2, inline-asm.ll test, math-intrins.ll max_double),
 * fixtures/ptxas-12.5.sm_61.sass (LoadStoreVectorizer.ll fh) and
 * fixtures/ptxas-12.5.sm_90.sass (refl1.ll __nv_fast_tanf and ctpop.ll myctpop64, cut after
 * their return, atomicrmw-expand.ll fadd_float and match.ll match_all_sync_i32p).
 */
import { describe, expect, it } from 'vitest';
import { listingKernelsOfText } from '../../../format/sass/loadKernels.js';
import type { ArchitectureTable } from '../../../spec/sass/architecture.js';
import { counterexampleSide } from '../../../spec/sass/architectures/counterexample.js';
import { architectureTable } from '../../../spec/sass/architectures/index.js';
import { SOURCE_PROVENANCE } from '../../../spec/sass/architectures/provenance.js';
import { SOURCES } from '../../../spec/sass/architectures/sources.js';
import { EARLIEST_READER } from '../../../spec/sass/latency.js';
import { fixture, mutate, verdicts, type Mutant } from './ptxasFixtures.js';

const table = (name: string): ArchitectureTable => architectureTable(name)!;
describe('Maxwell and Pascal: RRO, POPC and FLO, FP64 reads (ptxas 12.5 for sm_50)', () => {
  const text = fixture('ptxas-12.5.sm_50.sass');

  it('the kernels ptxas scheduled are proved safe, or unknown where only a proof-side fact is missing', () => {
    expect(verdicts(text, 'ptxas-12.5.sm_50.sass')).toEqual({
      myctpop64: 'proved-safe', // POPC R4 without a write scoreboard, read after the later POPC's (bitops in order)
      myctpop16: 'proved-safe', // POPC 2 cycles after the BFE writing its operand (reads as MUFU does)
      myctlz64_as_32_2: 'proved-safe', // FLO 2 cycles after ICMP
      test: 'proved-safe', // MUFU.EX2 2 cycles after RRO.EX2 (RRO fixed, ALU class)
      // DMNMX 4 cycles after the MOV of its pair's high half: Maxwell's comparisons read at least
      // 2 cycles after issue on the proof side (ptxas-maxwell-fp64-compare-reads).
      max_double: 'proved-safe',
    });
  });

  const mutants: readonly Mutant[] = [
    // Slot 2's wait on scoreboard 0 cleared: IADD reads the later POPC's R5 while it may be in flight.
    { kernel: 'myctpop64', what: 'IADD no longer waits for the POPCs', from: '0x003fc400e3a007f1', to: '0x001fc400e3a007f1', verdict: 'hazard' },
    // BFE's stall 2 -> 1: POPC reads 1 cycle after, sooner than any reader of an ALU result may.
    { kernel: 'myctpop16', what: 'POPC 1 cycle after BFE', from: '0x003ffc00e3a007f2 */\n        /*0008*/                   BFE', to: '0x003ffc00e3a007f1 */\n        /*0008*/                   BFE', verdict: 'hazard' },
    { kernel: 'myctlz64_as_32_2', what: 'FLO 1 cycle after ICMP', from: '0x001ff400e22807f2', to: '0x001ff400e22807f1', verdict: 'hazard' },
    // RRO's latency is only a bound ptxas's spacing gives: a counterexample takes RRO ready the next cycle.
    { kernel: 'test', what: 'MUFU 1 cycle after RRO', from: '0x003ffc00e3a007f2 */\n        /*0008*/                   RRO', to: '0x003ffc00e3a007f1 */\n        /*0008*/                   RRO', verdict: 'unknown' },
    // MOV R9's stall 4 -> 1: DMNMX 1 cycle after it, sooner than any reader of an ALU result may.
    { kernel: 'max_double', what: 'DMNMX 1 cycle after the MOV of R9', from: '0x001c7400fe8007f1', to: '0x001c7400fe2007f1', verdict: 'hazard' },
  ];

  it.each(mutants.map((mutant) => [mutant.what, mutant] as const))('with one protection removed it is no longer proved: %s', (_what, mutant) => {
    expect(verdicts(mutate(text, mutant.from, mutant.to), 'mutant.sm_50.sass')[mutant.kernel]).toBe(mutant.verdict);
  });

  it('RRO is fixed-latency in the ALU class, an upper bound only', () => {
    for (const name of ['sm_50', 'sm_61']) {
      const pascal = table(name);
      expect(pascal.opcodes['RRO']).toMatchObject({ kind: 'fixed', latency: 6, latencyClass: 'alu', source: 'ptxas-maxwell-rro' });
      expect(pascal.readAfterWrite?.general?.['alu']?.['sfu']).toBe(2);
      expect(counterexampleSide(pascal).table.opcodes['RRO']).toMatchObject({ kind: 'fixed', latency: 1, latencyClass: EARLIEST_READER });
    }
    expect(SOURCE_PROVENANCE['ptxas-maxwell-rro']).toBe('inferred-bound');
    expect(SOURCES['ptxas-maxwell-rro']).toContain('line 19 /*0008*/ RRO.EX2 R4, R4 (stall 2), line 20 /*0010*/ MUFU.EX2 R4, R4');
    expect(SOURCES['ptxas-maxwell-rro']).toContain('$rroT: lat 2, blat 0');
  });

  it('POPC and FLO are variable, in issue order among themselves, and read as MUFU does on the proof side only', () => {
    const maxwell = table('sm_50');
    for (const opcode of ['POPC', 'FLO']) {
      expect(maxwell.opcodes[opcode], opcode).toMatchObject({ kind: 'variable', queue: 'bitops', latencyClass: 'sfu', source: 'ptxas-maxwell-bitops-reads' });
      // A counterexample reads an ALU result as early as any reader may: 2 cycles, the sfu figure itself.
      expect(counterexampleSide(maxwell).table.opcodes[opcode], opcode).toMatchObject({ kind: 'variable', queue: 'bitops', latencyClass: EARLIEST_READER, source: 'nak-fixed-latency' });
    }
    expect(maxwell.queues['bitops']).toEqual({ ordered: true, source: 'ptxas-maxwell-bitops-order' });
    // BREV, which ptxas does not emit for these architectures, stays where it was.
    expect(maxwell.opcodes['BREV']).toMatchObject({ kind: 'variable', queue: 'misc', latencyClass: 'alu' });
    expect(SOURCE_PROVENANCE['ptxas-maxwell-bitops-reads']).toBe('inferred-bound');
    expect(SOURCE_PROVENANCE['ptxas-maxwell-bitops-order']).toBe('inferred');
    expect(SOURCES['ptxas-maxwell-bitops-reads']).toContain('of 546 such pairs none is closer and 170 are at exactly 2');
  });

  it('FP64 registers are read at issue on the proof side (Maxwell\'s comparisons 2 cycles later), as early as any reader on the counterexample side', () => {
    const comparisons = ['DMNMX', 'DSET', 'DSETP'];
    for (const name of ['sm_50', 'sm_61']) {
      const side = counterexampleSide(table(name));
      for (const opcode of ['DADD', 'DMUL', 'DFMA', ...comparisons]) {
        const queue = comparisons.includes(opcode) ? 'fp64compare' : 'fp64';
        const proof = name === 'sm_50' && comparisons.includes(opcode)
          ? { latencyClass: 'shared', source: 'ptxas-maxwell-fp64-compare-reads' }
          : { latencyClass: 'alu', source: 'nak-fixed-latency' };
        expect(table(name).opcodes[opcode], `${name} ${opcode}`).toMatchObject({ kind: 'variable', queue, ...proof });
        expect(side.table.opcodes[opcode], `${name} ${opcode}`).toMatchObject({ kind: 'variable', queue, latencyClass: EARLIEST_READER, source: 'ptxas-maxwell-fp64-reads' });
        expect(side.opcodeGaps.get(opcode)?.counterexample, opcode).toContain('as early as any reader may');
      }
    }
    expect(SOURCES['ptxas-maxwell-fp64-reads']).toContain('line 76 DMNMX R4, R8, R6, !PT');
    expect(SOURCE_PROVENANCE['ptxas-maxwell-fp64-compare-reads']).toBe('inferred-bound');
    expect(SOURCES['ptxas-maxwell-fp64-compare-reads']).toContain('of 162 such pairs with no wait and no branch target between (DSETP 128, DSET 20, DMNMX 14) none is closer and 102 are at exactly 4');
  });
});

describe('Maxwell: FP64 comparisons read after issue; Maxwell and Pascal: they complete in order (ptxas 11.8 and 12.5)', () => {
  // fixtures/fuzz-maxwell-fp64-compare-reads.ptx: IADD32I then DSETP |R|, DMNMX or DSET 4 cycles later.
  const reads = fixture('ptxas-11.8.fp64-compare-reads.sm_50.O3.sass');
  // fixtures/fuzz-fp64-compare-order.ptx: a DSET with no write scoreboard read after a later DSET's or DMNMX's.
  const maxwellOrder = fixture('ptxas-11.8.fp64-compare-order.sm_50.O3.sass');
  const pascalOrder = fixture('ptxas-11.8.fp64-compare-order.sm_61.O3.sass');

  it('DSETP, DMNMX and DSET 4 cycles after the ALU result they read: proved safe on sm_50; the same kernels wait 6 on sm_61', () => {
    expect(verdicts(reads, 'ptxas-11.8.fp64-compare-reads.sm_50.O3.sass')).toEqual({ dset: 'proved-safe', dmnmx: 'proved-safe', dsetp_abs: 'proved-safe' });
    expect(verdicts(fixture('ptxas-12.5.fp64-compare-reads.sm_61.O3.sass'), 'ptxas-12.5.fp64-compare-reads.sm_61.O3.sass')).toEqual({ dset: 'proved-safe', dmnmx: 'proved-safe', dsetp_abs: 'proved-safe' });
  });

  // The IADD32I before DSETP in dsetp_abs: stall 4 in the group's control word.
  const dsetp = (control: string) => `${control} */\n        /*0068*/                   LOP.XOR`;
  const readMutants: readonly Mutant[] = [
    // 3 cycles: sooner than ptxas ever issues it, later than the earliest any reader may: no proof, no finding.
    { kernel: 'dsetp_abs', what: 'DSETP 3 cycles after IADD32I', from: dsetp('0x001c7400fe8107f6'), to: dsetp('0x001c7400fe6107f6'), verdict: 'unknown' },
    // 1 cycle: sooner than any reader of an ALU result may read it.
    { kernel: 'dsetp_abs', what: 'DSETP 1 cycle after IADD32I', from: dsetp('0x001c7400fe8107f6'), to: dsetp('0x001c7400fe2107f6'), verdict: 'hazard' },
  ];

  it.each(readMutants.map((mutant) => [mutant.what, mutant] as const))('with one protection removed it is no longer proved: %s', (_what, mutant) => {
    expect(verdicts(mutate(reads, mutant.from, mutant.to), 'mutant.sm_50.sass')[mutant.kernel]).toBe(mutant.verdict);
  });

  it('a comparison\'s result read after waiting on a later comparison only: proved safe on sm_50 and sm_61', () => {
    expect(verdicts(maxwellOrder, 'ptxas-11.8.fp64-compare-order.sm_50.O3.sass')).toEqual({ k14: 'proved-safe', k19: 'proved-safe' });
    expect(verdicts(pascalOrder, 'ptxas-11.8.fp64-compare-order.sm_61.O3.sass')).toEqual({ k14: 'proved-safe', k19: 'proved-safe' });
    expect(SOURCE_PROVENANCE['ptxas-fp64-compare-order']).toBe('inferred');
  });

  it('without the later comparison\'s write scoreboard the earlier one\'s reader is a hazard', () => {
    // sm_61 k19: line 37 DSET.LE's write scoreboard 0 -> none (slot 2 of the group at 0x00e0).
    expect(verdicts(mutate(pascalOrder, '0x001c50003c400ff2', '0x001fd0003c400ff2'), 'mutant.sm_61.sass')['k19']).toBe('hazard');
    // sm_50 k14: line 94 DMNMX's write scoreboard 1 -> none (slot 0 of the group at 0x00e0).
    expect(verdicts(mutate(maxwellOrder, '0x005fc801fe00073d', '0x005fc801fe0007fd'), 'mutant.sm_50.sass')['k14']).toBe('hazard');
  });
});

describe('Maxwell and Pascal: IMUL reads its registers after issue (fuzz --ptxas, ptxas 11.8 and 12.5)', () => {
  // fixtures/fuzz-imul-reads.ptx: @!P1 BFE.U32.BREV / IADD32I / LOP32I.XOR R6 then @!P1 IMUL(32I) R8, R6, ...
  const maxwell = fixture('ptxas-11.8.imul-reads.sm_50.O3.sass');
  const pascal = fixture('ptxas-12.5.imul-reads.sm_61.O3.sass');

  it('IMUL 4 cycles (Maxwell) or 5 cycles (Pascal) after the ALU result it reads: proved safe', () => {
    const all = { imul32i_after_xor: 'proved-safe', imul_after_add: 'proved-safe', imul_after_brev: 'proved-safe' };
    expect(verdicts(maxwell, 'ptxas-11.8.imul-reads.sm_50.O3.sass')).toEqual(all);
    expect(verdicts(pascal, 'ptxas-12.5.imul-reads.sm_61.O3.sass')).toEqual(all);
  });

  // The BFE.U32.BREV's control slot (stall 4) in imul_after_brev, found by the line after it.
  const brev = (control: string) => `${control} */\n        /*00c8*/              @!P1 BFE.U32.BREV`;
  const mutants: readonly Mutant[] = [
    // 3 cycles: sooner than ptxas ever reads, later than the earliest any reader may: no proof, no finding.
    { kernel: 'imul_after_brev', what: 'IMUL 3 cycles after BFE.BREV', from: brev('0x001cc420e22007e4'), to: brev('0x001cc420e22007e3'), verdict: 'unknown' },
    // 1 cycle: sooner than any reader of an ALU result may read it.
    { kernel: 'imul_after_brev', what: 'IMUL 1 cycle after BFE.BREV', from: brev('0x001cc420e22007e4'), to: brev('0x001cc420e22007e1'), verdict: 'hazard' },
  ];

  it.each(mutants.map((mutant) => [mutant.what, mutant] as const))('with one protection removed it is no longer proved: %s', (_what, mutant) => {
    expect(verdicts(mutate(maxwell, mutant.from, mutant.to), 'mutant.sm_50.sass')[mutant.kernel]).toBe(mutant.verdict);
  });

  it('IMUL and IMUL32I read as shared memory instructions do on the proof side, as early as any reader on the counterexample side; IMAD at issue', () => {
    for (const name of ['sm_50', 'sm_61']) {
      for (const opcode of ['IMUL', 'IMUL32I']) {
        expect(table(name).opcodes[opcode], opcode).toMatchObject({ kind: 'variable', queue: 'imul', latencyClass: 'shared', source: 'ptxas-maxwell-imul-reads' });
        expect(counterexampleSide(table(name)).table.opcodes[opcode], opcode).toMatchObject({ kind: 'variable', latencyClass: EARLIEST_READER });
      }
      expect(table(name).opcodes['IMAD']).toMatchObject({ kind: 'variable', queue: 'misc', latencyClass: 'alu' });
    }
    expect(table('sm_50').readAfterWrite?.general?.['alu']?.['shared']).toBe(4);
    expect(SOURCE_PROVENANCE['ptxas-maxwell-imul-reads']).toBe('inferred-bound');
    expect(SOURCES['ptxas-maxwell-imul-reads']).toContain('/*00c8*/ @!P1 BFE.U32.BREV R6, R6, 0x2000 (stall 4, control 0x001cc420e22007e4), /*00d0*/ @!P1 IMUL R8, R6, R6');
  });
});

describe('Maxwell and Pascal: IMUL and IMUL32I complete in issue order (fuzz --ptxas --seed 20261207, ptxas 11.8 and 12.5)', () => {
  // fixtures/fuzz-imul-order.ptx: a guarded mul.wide.s32 as @!P1 IMUL R4 (no scoreboard), @!P1 IMUL.HI R5 (scoreboard 0), STG.E.64 of R4:R5 waiting on 0.
  const text = fixture('ptxas-12.5.imul-order.sm_50.O3.sass');

  it('the pair read after waiting on the IMUL.HI alone is proved safe, on Maxwell and read as Pascal', () => {
    expect(verdicts(text, 'ptxas-12.5.imul-order.sm_50.O3.sass')).toEqual({ k: 'proved-safe' });
    expect(verdicts(text.replaceAll('sm_50', 'sm_61').replaceAll('SM50', 'SM61'), 'imul-order.sm_61.sass')).toEqual({ k: 'proved-safe' });
    for (const name of ['sm_50', 'sm_61']) expect(table(name).queues['imul'], name).toEqual({ ordered: true, source: 'ptxas-maxwell-imul-order' });
    expect(SOURCE_PROVENANCE['ptxas-maxwell-imul-order']).toBe('inferred');
  });

  it('without the IMUL.HI\'s write scoreboard the store reads the pair unprotected: a hazard', () => {
    // Line 282's control slot (slot 0 of the group at 0x08a0): write scoreboard 0 -> none.
    expect(verdicts(mutate(text, '0x003fc400fe200711', '0x003fc400fe2007f1'), 'mutant.sm_50.sass')).toEqual({ k: 'hazard' });
  });
});

describe('Maxwell and Pascal: SHFL goes through the shared-memory queue (fuzz --ptxas, ptxas 11.8)', () => {
  const pascal = fixture('ptxas-11.8.shuffle-shared-order.sm_60.O3.sass');
  const maxwell = fixture('ptxas-11.8.shuffle-shared-order.sm_50.O3.sass');

  it('a SHFL result read after waiting on a later LDS, and a SHFL operand overwritten after a later SHFL has read: proved safe', () => {
    expect(verdicts(pascal, 'ptxas-11.8.shuffle-shared-order.sm_60.O3.sass')).toEqual({ k: 'proved-safe' });
    expect(verdicts(maxwell, 'ptxas-11.8.shuffle-shared-order.sm_50.O3.sass')).toEqual({ k: 'proved-safe' });
  });

  it('without the wait on the LDS, the STG reads the SHFL\'s R7 while it may be in flight: a hazard', () => {
    // F2F.F16.F32 R8, R5 (/*0088*/) no longer waits on scoreboard 0.
    expect(verdicts(mutate(pascal, '0x005fc000fcc00f14', '0x005fc000fcc00714'), 'mutant.sm_60.sass')['k']).toBe('hazard');
  });

  it('without the wait on the later SHFL\'s read, MOV R7 may overwrite R7 before either SHFL reads it: a hazard', () => {
    // MOV R7, R9 (/*02f0*/) no longer waits on scoreboard 2.
    expect(verdicts(mutate(maxwell, '0x085fc404ffa0027d', '0x085fc400ffa0027d'), 'mutant.sm_50.sass')['k']).toBe('hazard');
  });

  it('SHFL is in the ordered shared queue on both sides', () => {
    for (const name of ['sm_50', 'sm_61']) {
      expect(table(name).opcodes['SHFL']).toMatchObject({ kind: 'variable', queue: 'shared', latencyClass: 'shared', source: 'ptxas-maxwell-shuffle-shared-order' });
      expect(counterexampleSide(table(name)).table.opcodes['SHFL']).toMatchObject({ kind: 'variable', queue: 'shared' });
      expect(table(name).queues['shared']?.ordered).toBe(true);
    }
    expect(SOURCE_PROVENANCE['ptxas-maxwell-shuffle-shared-order']).toBe('inferred');
    expect(SOURCES['ptxas-maxwell-shuffle-shared-order']).toContain('line 109 /*02f0*/ MOV R7, R9 overwrites R7 after waiting on scoreboard 2 only');
  });
});

describe('Volta to Ada: an LDS result read after waiting on a later SHFL (fuzz --ptxas, ptxas 11.8 and 12.5)', () => {
  const turing = fixture('ptxas-11.8.shuffle-shared-order.sm_75.O3.sass');
  const ampere = fixture('ptxas-12.5.shuffle-shared-order.sm_86.O3.sass');

  it('is proved safe on sm_75 and sm_86: SHFL completes in order with LDS', () => {
    expect(verdicts(turing, 'ptxas-11.8.shuffle-shared-order.sm_75.O3.sass')).toEqual({ k: 'proved-safe' });
    expect(verdicts(ampere, 'ptxas-12.5.shuffle-shared-order.sm_86.O3.sass')).toEqual({ k: 'proved-safe' });
  });

  it('without the wait on the SHFL, the STG reads the LDS\'s R19 while it may be in flight: a hazard', () => {
    // STG.E.SYS [R4+0x520], R15 (/*0280*/) no longer waits on scoreboard 1; the STG of R19 comes after it.
    expect(verdicts(mutate(turing, '0x0021e8000010e900', '0x0001e8000010e900'), 'mutant.sm_75.sass')['k']).toBe('hazard');
  });

  it('SHFL is in the shared queue on sm_70 to sm_90, not on Blackwell (no listing shows it there)', () => {
    for (const name of ['sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_87', 'sm_89', 'sm_90']) {
      expect(table(name).opcodes['SHFL'], name).toMatchObject({ kind: 'variable', queue: 'shared', source: 'ptxas-shuffle-shared-order' });
    }
    expect(table('sm_120').opcodes['SHFL']).not.toMatchObject({ queue: 'shared' });
    expect(verdicts(fixture('ptxas-11.8.shuffle-shared-order.sm_70.O3.sass'), 'ptxas-11.8.shuffle-shared-order.sm_70.O3.sass')).toEqual({ k: 'proved-safe' });
    expect(SOURCES['ptxas-shuffle-shared-order']).toContain('line 91 /*02b0*/ STG.E.SYS [R4+0x530], R19 reads R19 with no other wait');
  });
});

describe('Pascal: FP16 instructions are scoreboarded (ptxas 12.5 for sm_61)', () => {
  const text = fixture('ptxas-12.5.sm_61.sass');

  it('HADD2 results read after waiting on their scoreboard are proved', () => {
    expect(verdicts(text, 'ptxas-12.5.sm_61.sass')).toEqual({ fh: 'proved-safe' });
  });

  it('without the wait, the third HADD2 reads the first one\'s R4 too soon: a hazard', () => {
    expect(verdicts(mutate(text, '0x04204801e2c00706', '0x04204800e2c00706'), 'mutant.sm_61.sass')['fh']).toBe('hazard');
  });

  it('Pascal\'s FP16 ops are variable-latency; Maxwell keeps NAK\'s fixed 13', () => {
    for (const opcode of ['HADD2', 'HMUL2', 'HFMA2', 'HSET2', 'HSETP2', 'HADD2_32I', 'HMUL2_32I', 'HFMA2_32I']) {
      expect(table('sm_61').opcodes[opcode], opcode).toMatchObject({ kind: 'variable', queue: 'misc', latencyClass: 'half', source: 'ptxas-pascal-fp16-scoreboards' });
      expect(table('sm_50').opcodes[opcode], opcode).toMatchObject({ kind: 'fixed', latency: 13, source: 'nak-sm50-latency' });
    }
    expect(table('sm_61').opcodes['HSETP2']?.destinations).toBe(2);
    expect(architectureTable('sm_60')).toBe(table('sm_61'));
    expect(SOURCE_PROVENANCE['ptxas-pascal-fp16-scoreboards']).toBe('inferred');
    expect(SOURCES['ptxas-pascal-fp16-scoreboards']).toContain('HADD2 135 of 135 on sm_60');
  });

  it('the 32-bit-immediate forms too: HADD2_32I on scoreboard 1, the ISET waiting on it (ptxas 12.5, sm_60), and a hazard without the wait', () => {
    // `hazardproof fuzz --ptxas --seed 31415926` (fixtures/fuzz-fp16-immediate.sm_60.ptx): line 38 HADD2_32I R0, line 40 ISET reading R0.
    const immediate = fixture('ptxas-12.5.fp16-immediate.sm_60.O3.sass');
    expect(verdicts(immediate, 'fp16-immediate.sm_60.sass')).toEqual({ k: 'proved-safe' });
    // Line 40's wait on scoreboard 1 cleared in its control word.
    expect(verdicts(mutate(immediate, '0x005fc0005fa00730', '0x001fc0005fa00730'), 'fp16-immediate.sm_60.sass')).toEqual({ k: 'hazard' });
  });
});

describe('Hopper: MUFU and bit-count order, ATOM\'s and R2UR\'s predicates (ptxas 12.5 for sm_90)', () => {
  const text = fixture('ptxas-12.5.sm_90.sass');

  it('the kernels ptxas scheduled are proved safe', () => {
    expect(verdicts(text, 'ptxas-12.5.sm_90.sass')).toEqual({ __nv_fast_tanf: 'proved-safe', myctpop64: 'proved-safe', fadd_float: 'proved-safe', match_all_sync_i32p: 'proved-safe' });
  });

  const mutants: readonly Mutant[] = [
    { kernel: '__nv_fast_tanf', what: 'FMUL no longer waits for MUFU.RCP', from: '0x001fe20000410000', to: '0x000fe20000410000', verdict: 'hazard' },
    { kernel: 'myctpop64', what: 'IADD3 no longer waits for the POPCs', from: '0x001fe20007ffe0ff', to: '0x000fe20007ffe0ff', verdict: 'hazard' },
    // The BRA right after the ATOM no longer waits on its read-field scoreboard: P0 may not be written yet.
    { kernel: 'fadd_float', what: '@P0 BRA no longer waits for the ATOM', from: '0x0001e4000810f3c4 */\n        /*0060*/               @P0 BRA 0x210 ;                                                      /* 0x0000000000680947 */\n                                                                                                    /* 0x001fea0003800000', to: '0x0001e4000810f3c4 */\n        /*0060*/               @P0 BRA 0x210 ;                                                      /* 0x0000000000680947 */\n                                                                                                    /* 0x000fea0003800000', verdict: 'hazard' },
    // R2UR P0's stall 13 -> 12: the BRA.DIV guard reads P0 12 cycles after it; only B100's bound says 13 is needed.
    { kernel: 'match_all_sync_i32p', what: 'BRA.DIV guard 12 cycles after R2UR P0', from: '0x000fda0000000000', to: '0x000fd80000000000', verdict: 'unknown' },
  ];

  it.each(mutants.map((mutant) => [mutant.what, mutant] as const))('with one protection removed it is no longer proved: %s', (_what, mutant) => {
    expect(verdicts(mutate(text, mutant.from, mutant.to), 'mutant.sm_90.sass')[mutant.kernel]).toBe(mutant.verdict);
  });

  it('MUFU and the conversions, and POPC, FLO and BREV, complete in issue order (their own queues)', () => {
    const hopper = table('sm_90');
    // ...and read in one issue order across the two (ptxas-decoupled-read-order), as on sm_70 to sm_80.
    expect(hopper.queues['sfu']).toEqual({ ordered: true, source: 'ptxas-sm90-sfu-order', readGroup: 'ptxas-decoupled-read-order' });
    expect(hopper.queues['bitops']).toEqual({ ordered: true, source: 'ptxas-sm90-bitops-order', readGroup: 'ptxas-decoupled-read-order' });
    // An unscoreboarded MUFU or conversion is not late on the counterexample side, as on sm_70 to sm_80.
    expect(hopper.opcodes['MUFU']?.unscoreboarded?.counterexample).toEqual({ latency: 1, source: 'ptxas-unscoreboarded-mufu' });
    expect(SOURCES['ptxas-unscoreboarded-mufu']).toContain('line 8817 /*11360*/ MUFU.TANH R49, R57');
    expect(SOURCES['ptxas-decoupled-read-order']).toContain('line 8769 /*111e0*/ POPC R12, R16');
    for (const opcode of ['MUFU', 'F2F', 'F2I', 'I2F', 'FRND']) expect(hopper.opcodes[opcode]?.queue, opcode).toBe('sfu');
    for (const opcode of ['POPC', 'FLO', 'BREV']) expect(hopper.opcodes[opcode]?.queue, opcode).toBe('bitops');
    expect(SOURCE_PROVENANCE['ptxas-sm90-sfu-order']).toBe('inferred');
    expect(SOURCE_PROVENANCE['ptxas-sm90-bitops-order']).toBe('inferred');
  });

  it('ATOM and ATOMG write their predicate when they read their operands, their registers when they complete', () => {
    const hopper = table('sm_90');
    for (const opcode of ['ATOM', 'ATOMG']) {
      expect(hopper.opcodes[opcode], opcode).toMatchObject({ kind: 'variable', queue: 'global', predicateFirst: true, earlyPredicates: 'ptxas-sm90-atom-predicate' });
    }
    // Ampere's ptxas waits on the write scoreboard: nothing lands early there.
    expect(table('sm_86').opcodes['ATOM']?.earlyPredicates).toBeUndefined();
    expect(SOURCE_PROVENANCE['ptxas-sm90-atom-predicate']).toBe('inferred');
    expect(SOURCES['ptxas-sm90-atom-predicate']).toContain('&wr_early=0x0');
    const [atom] = listingKernelsOfText(text, 'ptxas-12.5.sm_90.sass', { from: null, architecture: null, kernels: ['fadd_float'] })[0]!.program.instructions.filter((instruction) => instruction.opcode.startsWith('ATOM.E.ADD'));
    expect(atom?.destinations).toEqual(['P0']);
    expect(atom?.earlyDestinations).toEqual(['P0']);
  });

  it('R2UR\'s predicate takes B100\'s r2ur figures as bounds: 8 to ALU readers, 13 to guards and the rest', () => {
    const hopper = table('sm_90');
    expect(hopper.readAfterWrite?.predicate?.['r2ur']).toMatchObject({ alu: 8, fma: 13, decoupled: 13, memory: 13, guard: 13 });
    expect(hopper.opcodes['R2UR']).toMatchObject({ kind: 'fixed', latency: 15, predicateLatency: 13, latencyClass: 'r2ur' });
    expect(SOURCE_PROVENANCE['ptxas-sm90-r2ur-predicate']).toBe('inferred-bound');
    expect(SOURCES['ptxas-sm90-r2ur-predicate']).toContain('pred_raw.csv column r2ur, 8 to coupled and dualalu readers, 13 to the others and to guards');
  });

  it('ARRIVES (cp.async.mbarrier.arrive) is in the table, conservative, reading its uniform registers at issue', () => {
    const hopper = table('sm_90');
    expect(hopper.opcodes['ARRIVES']).toEqual({ kind: 'variable', queue: 'unknown', source: 'conservative', destinations: 0 });
    expect(hopper.uniformSourcesAtIssue).toBe('corpus-sm90-uniform-reads');
    expect(SOURCES.conservative).toContain('ARRIVES');
  });

  it('VABSDIFF and VIADDMNMX are placed in the ALU class, a proof-side bound only', () => {
    const hopper = table('sm_90');
    for (const opcode of ['VABSDIFF', 'VIADDMNMX']) {
      expect(hopper.opcodes[opcode], opcode).toMatchObject({ kind: 'fixed', latency: 7, latencyClass: 'alu', source: 'ptxas-sm90-classes' });
      // The counterexample side is no slower than the least figure a source shows for any coupled result.
      const side = counterexampleSide(hopper).table.opcodes[opcode]!;
      expect(side, opcode).toMatchObject({ kind: 'fixed', latencyClass: EARLIEST_READER });
      expect(side.latency, opcode).toBeLessThanOrEqual(2);
      expect(SOURCES['ptxas-sm90-classes']).toContain(`${opcode} (`);
    }
    expect(SOURCE_PROVENANCE['ptxas-sm90-classes']).toBe('inferred-bound');
  });
});

describe('Maxwell: POPC completes no sooner than it reads (ptxas 12.5 for sm_50, cttz.ll)', () => {
  const text = fixture('ptxas-12.5.cttz-popc.sm_50.O3.sass');

  it('an IADD waiting on a POPC that read a LOP\'s result, 5 cycles after that LOP, is proved safe', () => {
    // LOP.AND R3 (6 cycles) -> POPC R3, R3 on scoreboard 0 -> IADD R4, R0, R3 waiting on it: the
    // POPC read R3 at least 4 cycles after it issued, so it wrote R3 after the LOP did.
    expect(verdicts(text, 'cttz-popc.sm_50.sass')).toEqual({ myctpop64: 'proved-safe' });
  });

  it('without the wait on the POPC, the IADD reads its R3 in flight: a hazard', () => {
    expect(verdicts(mutate(text, '0x003fc000fe200711', '0x001fc000fe200711'), 'mutant.sm_50.sass')['myctpop64']).toBe('hazard');
  });

  it('the read delay is the proof side\'s only, with the bound\'s source', () => {
    const maxwell = table('sm_50');
    expect(maxwell.opcodes['POPC']?.readDelay).toEqual({ cycles: 4, source: 'ptxas-maxwell-bitops-reads' });
    expect(counterexampleSide(maxwell).table.opcodes['POPC']?.readDelay).toBeUndefined();
    expect(SOURCES['ptxas-maxwell-bitops-reads']).toContain('line 67 /*0078*/ @P0 IADD R4, R0, R3, which waits on scoreboard 0 only');
  });
});

describe('Volta to Ada: VABSDIFF in the ALU class, ARRIVES conservative (ptxas 12.5, LLVM\'s NVPTX tests)', () => {
  const sad = fixture('ptxas-12.5.sad-intrins.sm_70.O3.sass');
  const arrive = fixture('ptxas-12.5.async-arrive.sm_80.O3.sass');

  it('sad-intrins.ll on sm_70 and async-copy.ll\'s mbarrier arrives on sm_80 are proved safe', () => {
    expect(verdicts(sad, 'sad.sm_70.sass')).toEqual({ test_sad_i16: 'proved-safe', test_sad_u16: 'proved-safe', test_sad_i32: 'proved-safe', test_sad_u32: 'proved-safe', test_sad_i64: 'proved-safe', test_sad_u64: 'proved-safe' });
    expect(Object.values(verdicts(arrive, 'arrive.sm_80.sass'))).toEqual(['proved-safe', 'proved-safe', 'proved-safe', 'proved-safe']);
  });

  it('a LOP3 reading VABSDIFF\'s result the next cycle (stall 4 -> 1), sooner than any coupled result may be read: a hazard', () => {
    expect(verdicts(mutate(sad, '0x000fc800000e0006', '0x000fc200000e0006'), 'mutant.sm_70.sass')['test_sad_u16']).toBe('hazard');
  });

  it('an ARRIVES no longer waiting on the R2UR writing its address reads UR4 in flight: a hazard', () => {
    // The first ARRIVES (asyncmbarriernoincshared) loses its wait on scoreboard 0.
    expect(verdicts(arrive.replace('0x001fe20008000a04', '0x000fe20008000a04'), 'mutant.sm_80.sass')['asyncmbarriernoincshared']).toBe('hazard');
  });

  it('VABSDIFF is fixed in the ALU class on sm_70 to sm_89, outside Blackwell\'s table; ARRIVES conservative on Ampere and Ada', () => {
    for (const name of ['sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_87', 'sm_89']) {
      expect(table(name).opcodes['VABSDIFF'], name).toMatchObject({ kind: 'fixed', latencyClass: 'alu', source: 'ptxas-vabsdiff-class' });
      // The counterexample side is no slower than the least figure a source shows for any coupled result.
      const side = counterexampleSide(table(name)).table.opcodes['VABSDIFF']!;
      expect(side, name).toMatchObject({ kind: 'fixed', latencyClass: EARLIEST_READER });
      expect(side.latency, name).toBeLessThanOrEqual(2);
    }
    for (const name of ['sm_100', 'sm_120']) expect(table(name).opcodes['VABSDIFF'], name).toBeUndefined();
    for (const name of ['sm_80', 'sm_86', 'sm_89']) expect(table(name).opcodes['ARRIVES'], name).toEqual({ kind: 'variable', queue: 'unknown', source: 'conservative', destinations: 0 });
    expect(SOURCE_PROVENANCE['ptxas-vabsdiff-class']).toBe('inferred-bound');
    expect(SOURCES['ptxas-vabsdiff-class']).toContain('line 127 PRMT R6, R6, 0x7710, RZ -> line 129 VABSDIFF.U32 R4, R4, R5, R6 after 4 cycles');
  });
});
