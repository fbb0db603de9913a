/**
 * Facts ptxas 11.8 and 12.5 output relies on that the model had wrong or lacked, each with the
 * listing it was read off and the same listing with the protection taken away:
 * - S2UR results complete in issue order among S2URs on sm_90 (ptxas-sm90-s2ur-order);
 * - Maxwell/Pascal local and global memory complete in one order (ptxas-maxwell-local-global-order);
 * - Maxwell/Pascal memory and multi-function instructions read their registers 4 cycles after
 *   issue (maxas-read-delay), so their scoreboard also covers a result issued just before them;
 * - BAR.SYNC waits until the warp's memory instructions have read their registers, BAR.ARV does
 *   not (cuda-barrier-memory);
 * - `DEPBAR {1}` waits on scoreboard 1 (maxas' list form).
 */
import { describe, expect, it } from 'vitest';
import { depbarListOf } from '../../../spec/sass/controlFlow.js';
import { instructionEffects } from '../../../spec/sass/effects.js';
import { counterexampleSide } from '../../../spec/sass/architectures/counterexample.js';
import { SOURCE_PROVENANCE } from '../../../spec/sass/architectures/provenance.js';
import { SOURCES } from '../../../spec/sass/architectures/sources.js';
import { line, table } from './listedLine.js';
import { fixture, hazardsOf, mutate, verdictAndReason, verdicts } from './ptxasFixtures.js';
import { section } from '../../cli/cuasmScratch.js';

describe('S2UR completion order on sm_90', () => {
  it('S2UR goes through an in-order queue of its own, variable on both sides', () => {
    const hopper = table('sm_90');
    expect(hopper.opcodes['S2UR']).toMatchObject({ kind: 'variable', queue: 's2ur', source: 'nak-sm90-scoreboards' });
    expect(hopper.queues['s2ur']).toEqual({ ordered: true, source: 'ptxas-sm90-s2ur-order' });
    expect(SOURCE_PROVENANCE['ptxas-sm90-s2ur-order']).toBe('inferred');
  });

  it('test_clock (ptxas 11.8): an S2UR with no scoreboard read after waiting on a later S2UR is proved; without the wait it is a hazard', () => {
    const text = fixture('ptxas-11.8.s2ur-order.sm_90.sass');
    expect(verdicts(text, 'test_clock.sass')).toEqual({ test_clock: 'proved-safe' });
    // UIADD3's wait on scoreboard 0 (bit 0 of the wait field) taken away.
    expect(verdicts(mutate(text, '/* 0x001fcc000fffe03f */', '/* 0x000fcc000fffe03f */'), 'test_clock.sass')).toEqual({ test_clock: 'hazard' });
  });
});

describe('Maxwell and Pascal memory', () => {
  it('local and global memory share one in-order queue', () => {
    for (const name of ['sm_50', 'sm_52', 'sm_60', 'sm_61']) {
      const maxwell = table(name);
      expect(maxwell.opcodes['LDL'], name).toMatchObject({ queue: 'global', source: 'ptxas-maxwell-local-global-order' });
      expect(maxwell.opcodes['STL'], name).toMatchObject({ queue: 'global' });
      expect(maxwell.queues['global']?.ordered, name).toBe(true);
    }
  });

  it('load_alignment: a DEPBAR count over LDLs and an LD.E on one scoreboard is proved; one count too many is a hazard', () => {
    const text = fixture('ptxas-12.5.local-global-order.sm_50.sass');
    expect(verdicts(text, 'load_alignment.sass')).toEqual({ load_alignment: 'proved-safe' });
    const loose = mutate(text, '/*0078*/                   DEPBAR.LE SB5, 0x2 ;', '/*0078*/                   DEPBAR.LE SB5, 0x3 ;');
    expect(verdicts(loose, 'load_alignment.sass')).toEqual({ load_alignment: 'hazard' });
  });

  it('memory and multi-function instructions read 4 cycles after issue, shared memory 2 (maxas rlat)', () => {
    const sm61 = table('sm_61');
    expect(sm61.opcodes['F2F']?.readDelay).toEqual({ cycles: 4, source: 'maxas-read-delay' });
    expect(sm61.opcodes['LDG']?.readDelay?.cycles).toBe(4);
    expect(sm61.opcodes['LDS']?.readDelay?.cycles).toBe(2);
    // POPC and FLO are maxas' s2r class, whose read delay maxas does not give: ptxas's spacing
    // bounds it (an upper bound, the proof side only).
    expect(sm61.opcodes['POPC']?.readDelay).toEqual({ cycles: 4, source: 'ptxas-maxwell-bitops-reads' });
    expect(counterexampleSide(sm61).table.opcodes['POPC']?.readDelay).toBeUndefined();
    expect(instructionEffects(line('F2F.F32.F32.TRUNC R0, R4'), sm61).unit).toEqual({ kind: 'variable', queue: 'sfu', readDelay: 4 });
  });

  it('round_float_ftz and test_round: a predicated F2F\'s scoreboard covers the SEL issued the cycle before it', () => {
    expect(verdicts(fixture('ptxas-12.5.read-delay.sm_50.sass'), 'read-delay.sass')).toEqual({ round_float_ftz: 'proved-safe', test_round: 'proved-safe' });
  });

  it('DEPBAR {1} waits on scoreboard 1: the fuzz kernel is proved, and a hazard without it', () => {
    expect(depbarListOf(line('DEPBAR {1}'))).toEqual([1]);
    expect(depbarListOf(line('DEPBAR {5,4,0}'))).toEqual([0, 4, 5]);
    expect(depbarListOf(line('DEPBAR.LE SB5, 0x1'))).toEqual([]);
    const text = fixture('ptxas-11.8.depbar-list.sm_50.sass');
    expect(verdicts(text, 'depbar-list.sass')).toEqual({ k: 'proved-safe' });
    expect(verdicts(mutate(text, 'DEPBAR {1} ;', 'NOP ;       '), 'depbar-list.sass')).toEqual({ k: 'hazard' });
  });
});

describe('BAR.SYNC waits for the warp\'s memory reads (Volta to Hopper)', () => {
  it('BAR.SYNC and BAR.RED drain the global, local and shared queues, BAR.ARV nothing', () => {
    for (const name of ['sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_89', 'sm_90']) {
      const volta = table(name);
      expect(instructionEffects(line('BAR.SYNC 0x0'), volta).drains, name).toEqual(['global', 'local', 'shared']);
      expect(instructionEffects(line('BAR.RED.POPC R0, 0x0'), volta).drains, name).toEqual(['global', 'local', 'shared']);
      expect(instructionEffects(line('BAR.ARV 0x0, 0x40'), volta).drains, name).toEqual([]);
    }
    expect(SOURCE_PROVENANCE['cuda-barrier-memory']).toBe('documentation');
  });

  it('a store with no read scoreboard before BAR.SYNC, overwritten round the loop, is proved; with BAR.ARV it is a hazard', () => {
    const text = fixture('ptxas-11.8.bar-drain.sm_75.sass');
    expect(verdicts(text, 'bar-drain.sass')).toEqual({ k: 'proved-safe' });
    expect(verdicts(text.replaceAll('BAR.SYNC 0x0 ;', 'BAR.ARV 0x0, 0x20 ;'), 'bar-drain.sass')).toEqual({ k: 'hazard' });
  });
});

describe('Maxwell/Pascal regions followed along paths (format/sass/regionStack.ts)', () => {
  // `hazardproof fuzz --ptxas --seed 911551144`, ptxas 11.8 -O0 for sm_50: PBK 0x1970 at 0x17b0,
  // @P1 BRA 0x19b8 out of the region, BRK at 0x1a08 and 0x1c78 after its end.
  const text = fixture('ptxas-11.8.break-by-path.sm_50.O0.sass');

  it('a BRK after the end of the PBK region every path to it has open breaks to that region\'s end', () => {
    expect(verdicts(text, 'break-by-path.sass')).toEqual({ k: 'proved-safe' });
  });

  it('where no path opens a PBK region, the BRK stays a transfer the model does not follow', () => {
    expect(verdicts(text.replaceAll('PBK 0x1970 ;', 'NOP        ;'), 'break-by-path.sass')).toEqual({ k: 'unknown' });
  });
});

describe('variable instructions ptxas issues with no write scoreboard: no hazard rests on their being late', () => {
  // `hazardproof fuzz --ptxas --seed 1916671737`: path 10 (fixtures/fuzz-unscoreboarded-popc.ptx)
  // through ptxas 11.8 -O3 for sm_70, line 21 POPC R0, R10 with no write scoreboard and line 41
  // IMAD.WIDE.U32 R2, R3, R0, RZ reading R0 44 cycles later with no wait; path 46
  // (fixtures/fuzz-unscoreboarded-dsetp.ptx) for sm_50, line 48 DSETP.NEU.AND P0 with no write
  // scoreboard and line 53 @P0 STS.128 reading P0 15 cycles later, dual-issued with a LOP32I
  // waiting on the next DSET's scoreboard.
  const popc = fixture('ptxas-11.8.unscoreboarded-popc.sm_70.O3.sass');
  const cases = [
    { file: 'ptxas-11.8.unscoreboarded-popc.sm_70.O3.sass', fact: 'ptxas-unscoreboarded-popc' },
    // `--seed 1796407361` path 25: @!P1 MUFU.RCP R12 read by FMUL 13 cycles later (sm_60), @!P2 POPC R19 by STG 15 later (sm_50).
    { file: 'ptxas-11.8.unscoreboarded-mufu.sm_60.O3.sass', fact: 'ptxas-maxwell-unscoreboarded-mufu' },
    { file: 'ptxas-11.8.unscoreboarded-popc.sm_50.O3.sass', fact: 'ptxas-maxwell-unscoreboarded-popc' },
    // `--seed 1796409261`: I2F.F32.U32 R7 read by F2F 14 cycles later (sm_61, path 32); MUFU.RCP R7 by FMUL 36 later (sm_70, path 60).
    { file: 'ptxas-11.8.unscoreboarded-i2f.sm_61.O3.sass', fact: 'ptxas-maxwell-unscoreboarded-mufu' },
    { file: 'ptxas-11.8.unscoreboarded-mufu.sm_70.O3.sass', fact: 'ptxas-unscoreboarded-mufu' },
    // `--seed 2718281` path 76: line 173 @!P1 MUFU.SIN R7, R6 with no write scoreboard, line 235 STG.E.SYS reading R7 with no wait (sm_75).
    { file: 'ptxas-11.8.unscoreboarded-mufu.sm_75.O3.sass', fact: 'ptxas-unscoreboarded-mufu' },
    // `--seed 31415926 --ptxas-version 12.5 --arch sm_60,sm_86 --opt 3`: FLO.U32 R2 read by ATOMS.CAS with no wait (sm_60, path 155).
    { file: 'ptxas-12.5.unscoreboarded-flo.sm_60.O3.sass', fact: 'ptxas-maxwell-unscoreboarded-popc' },
  ];

  it.each(cases)('$file is unknown, naming $fact', ({ file, fact }) => {
    const check = verdictAndReason(fixture(file), file);
    expect(check.verdict).toBe('unknown');
    expect(check.reason).toContain(`[${fact}]`);
  });

  it('the unscoreboarded DSETP is proved safe through the next DSET\'s scoreboard (the comparisons complete in order); without that scoreboard, a hazard', () => {
    const dsetp = fixture('ptxas-11.8.unscoreboarded-dsetp.sm_50.O3.sass');
    expect(verdicts(dsetp, 'unscoreboarded-dsetp.sass')).toEqual({ k: 'proved-safe' });
    // Line 49 DSET.EQ.AND R12's write scoreboard 0 -> none (slot 2 of the group at 0x0120): the
    // LOP32I reading R12 3 cycles later waits on nothing.
    expect(verdicts(mutate(dsetp, '0x001c4401fe2007ff', '0x001fc401fe2007ff'), 'unscoreboarded-dsetp.sass')).toEqual({ k: 'hazard' });
  });

  it('the same POPC with a write scoreboard nothing waits on is a hazard', () => {
    // Control word of line 21: write scoreboard 7 (none) -> 1.
    const scoreboarded = mutate(popc, '/* 0x0000000a00007309 */\n                                                                                         /* 0x000ff00000000000 */', '/* 0x0000000a00007309 */\n                                                                                         /* 0x000e700000000000 */');
    expect(verdicts(scoreboarded, 'unscoreboarded-popc.sass')).toEqual({ k: 'hazard' });
  });

  it('a proof keeps the variable entry (POPC its in-order queue); only a counterexample takes it ready the next cycle', () => {
    for (const name of ['sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_89', 'sm_90']) {
      // The bit-counting pipe's three opcodes alike (FLO seen unscoreboarded on sm_70).
      for (const opcode of ['POPC', 'FLO', 'BREV']) {
        expect(table(name).opcodes[opcode], `${name} ${opcode}`).toMatchObject({ kind: 'variable', queue: 'bitops', unscoreboarded: { kind: 'variable', queue: 'bitops', counterexample: { latency: 1, source: 'ptxas-unscoreboarded-popc' } } });
      }
    }
    // The MUFU/conversion pipe where MUFU is seen unscoreboarded (sm_70, sm_75, sm_80); elsewhere the variable entry alone.
    for (const opcode of ['MUFU', 'F2F', 'F2I', 'I2F', 'FRND']) {
      for (const name of ['sm_70', 'sm_75', 'sm_80']) expect(table(name).opcodes[opcode], `${name} ${opcode}`).toMatchObject({ kind: 'variable', queue: 'sfu', unscoreboarded: { counterexample: { latency: 1, source: 'ptxas-unscoreboarded-mufu' } } });
      expect(table('sm_86').opcodes[opcode], `sm_86 ${opcode}`).not.toHaveProperty('unscoreboarded');
    }
    for (const name of ['sm_50', 'sm_52', 'sm_60', 'sm_61']) {
      expect(table(name).opcodes['DSETP'], name).toMatchObject({ kind: 'variable', unscoreboarded: { kind: 'variable', counterexample: { latency: 1, source: 'ptxas-maxwell-unscoreboarded-dsetp' } } });
      expect(table(name).opcodes['MUFU'], name).toMatchObject({ kind: 'variable', queue: 'sfu', unscoreboarded: { kind: 'variable', queue: 'sfu', counterexample: { latency: 1, source: 'ptxas-maxwell-unscoreboarded-mufu' } } });
      expect(table(name).opcodes['POPC'], name).toMatchObject({ kind: 'variable', queue: 'bitops', unscoreboarded: { kind: 'variable', queue: 'bitops', counterexample: { latency: 1, source: 'ptxas-maxwell-unscoreboarded-popc' } } });
      expect(table(name).opcodes['FLO'], name).toMatchObject({ kind: 'variable', queue: 'bitops', unscoreboarded: { counterexample: { latency: 1, source: 'ptxas-maxwell-unscoreboarded-popc' } } });
    }
  });
});

describe('FCHK goes through the MUFU/conversion pipe, in issue order (Volta to Hopper)', () => {
  // `hazardproof fuzz --ptxas --seed 20261206` (fixtures/fuzz-fchk-sfu-order.sm_70.ptx): line 27
  // FCHK P0 with no write scoreboard, line 31 MUFU.EX2 R5 on scoreboard 0, line 45 @!P1 FMUL
  // waiting on it, line 47 @!P0 BRA reading P0 (ptxas 11.8, sm_70); the same kernel through
  // ptxas 12.5 for sm_90; `--seed 31415926` path 136 for sm_86. A false hazard (sm_70 to sm_90)
  // or unknown (sm_86, sm_87) before FCHK joined the queue.
  const sm70 = fixture('ptxas-11.8.fchk-sfu-order.sm_70.O3.sass');

  it.each(['ptxas-11.8.fchk-sfu-order.sm_70.O3.sass', 'ptxas-12.5.fchk-sfu-order.sm_90.O3.sass', 'ptxas-12.5.unscoreboarded-fchk.sm_86.O3.sass'])('%s is proved safe', (file) => {
    expect(verdicts(fixture(file), file)).toEqual({ k: 'proved-safe' });
  });

  it('without the later MUFU\'s scoreboard, the branch reading P0 is a hazard', () => {
    // Control word of line 31 (MUFU.EX2 R5, R0): write scoreboard 0 -> 7 (none); the FMUL still waits on 0.
    const mutant = mutate(sm70, '/* 0x000e220000000800 */', '/* 0x000fe20000000800 */');
    expect(verdicts(mutant, 'fchk-sfu-order.sass')).toEqual({ k: 'hazard' });
    expect(hazardsOf(mutant, 'fchk-sfu-order.sass')).toEqual([{ kind: 'RAW', register: 'P0' }]);
  });

  it('FCHK is in the in-order sfu queue on sm_70 to sm_90, citing the listings', () => {
    for (const name of ['sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_87', 'sm_89', 'sm_90', 'sm_90a']) {
      expect(table(name).opcodes['FCHK'], name).toMatchObject({ kind: 'variable', queue: 'sfu', source: 'ptxas-fchk-sfu-order' });
      expect(table(name).queues['sfu']?.ordered, name).toBe(true);
    }
    expect(SOURCE_PROVENANCE['ptxas-fchk-sfu-order']).toBe('inferred');
    expect(SOURCES['ptxas-fchk-sfu-order']).toContain('line 27 /*00b0*/ FCHK P0, R4, R4 sets no write scoreboard');
  });
});

describe('orders ptxas relies on: sm_70 HMMA step groups, and one read order across the MUFU/conversion and bit-counting pipes (Pascal, sm_70 to sm_80)', () => {
  // `hazardproof fuzz --ptxas --seed 1796411662 --arch sm_70` (fixtures/fuzz-hmma-steps.sm_70.ptx):
  // HMMA.884 STEP0..STEP2 with no scoreboard, STEP3 on scoreboard 5, line 75 F2F waiting on it alone.
  const hmma = fixture('ptxas-11.8.hmma-steps.sm_70.O3.sass');
  // Path 43: I2F.U32 R8, R4 (no read scoreboard), FLO.U32 R5, R4 (read scoreboard 1), MOV R4 waiting on 1.
  const readOrder = fixture('ptxas-11.8.decoupled-read-order.sm_70.O3.sass');
  // Path 228: FLO.U32 R14, R12 with no write scoreboard, ISETP reading R14 with no wait.
  const flo = fixture('ptxas-11.8.unscoreboarded-flo.sm_70.O3.sass');

  it('the HMMA steps and the I2F/FLO pair are proved (ptxas-sm70-hmma-order, ptxas-decoupled-read-order)', () => {
    expect(verdicts(hmma, 'hmma-steps.sass')).toEqual({ k: 'proved-safe' });
    expect(verdicts(readOrder, 'decoupled-read-order.sass')).toEqual({ k: 'proved-safe' });
    expect(SOURCE_PROVENANCE['ptxas-sm70-hmma-order']).toBe('inferred');
    expect(SOURCE_PROVENANCE['ptxas-decoupled-read-order']).toBe('inferred');
  });

  it('an I2F whose source a later POPC overwrites, with no wait at all, is no hazard (the POPC reads after the I2F)', () => {
    const check = verdictAndReason(fixture('ptxas-11.8.i2f-popc-read-order.sm_70.O3.sass'), 'i2f-popc.sass');
    expect(check.verdict).not.toBe('hazard');
    expect(check.reason).not.toContain('WAR on R15 between lines 35 and 45');
  });

  it('the same I2F-then-POPC shape on sm_75 and sm_60 is proved; read as Maxwell\'s (no such order) it is the WAR', () => {
    // `--seed 2718281` path 110: I2F.U32 R7, R9 then @!P1 POPC R9, R9 11 cycles later (sm_75); I2F.F32.U32 R7, R6 then @!P0 POPC R6, R6 (sm_60).
    expect(verdicts(fixture('ptxas-11.8.i2f-popc-read-order.sm_75.O3.sass'), 'i2f-popc.sm_75.sass')).toEqual({ k: 'proved-safe' });
    const pascal = fixture('ptxas-11.8.i2f-popc-read-order.sm_60.O3.sass');
    expect(verdicts(pascal, 'i2f-popc.sm_60.sass')).toEqual({ k: 'proved-safe' });
    // The WAR on R6 between line 21's POPC and line 10's I2F (`hazardproof check` prints it).
    expect(verdicts(pascal.replaceAll('sm_60', 'sm_50').replaceAll('SM60', 'SM50'), 'i2f-popc.sm_50.sass')).toEqual({ k: 'hazard' });
  });

  it('with the one wait removed, each is a hazard', () => {
    // Line 75 F2F.F64.F32 R6, R11 no longer waits on scoreboard 5 (the last step's): it reads STEP3's R11 early.
    expect(verdicts(mutate(hmma, '0x020e700000201800', '0x000e700000201800'), 'hmma-steps.sass')).toEqual({ k: 'hazard' });
    // Line 35 MOV R4 no longer waits on scoreboard 1 (FLO's read): it overwrites what FLO reads.
    expect(verdicts(mutate(readOrder, '0x002fe20000000f00', '0x000fe20000000f00'), 'decoupled-read-order.sass')).toEqual({ k: 'hazard' });
  });

  it('an unscoreboarded FLO read far away is unknown, naming the fact; with a write scoreboard nothing waits on, a hazard', () => {
    const check = verdictAndReason(flo, 'unscoreboarded-flo.sass');
    expect(check.verdict).toBe('unknown');
    expect(check.reason).toContain('[ptxas-unscoreboarded-popc]');
    // Line 71's control word: write scoreboard 7 (none) -> 4, which nothing waits on before line 115.
    expect(verdicts(mutate(flo, '0x000ff000000e0000', '0x000f3000000e0000'), 'unscoreboarded-flo.sass')).toEqual({ k: 'hazard' });
  });

  it('Pascal\'s FP64 instructions read in issue order: a DSET\'s pair overwritten by the next DSET 2 cycles later is proved; the comparisons alone are in order on Maxwell too', () => {
    // `--seed 31415926 --ptxas-version 12.5 --arch sm_60,sm_86 --opt 3` path 112: line 58 DSET.EQ.AND R0, R2, R2, line 60 DSET.GT.AND R3 (sm_60).
    const pascal = fixture('ptxas-12.5.fp64-read-order.sm_60.O3.sass');
    expect(verdicts(pascal, 'fp64-read-order.sm_60.sass')).toEqual({ k: 'proved-safe' });
    // Two DSETs: their own queue is in order on Maxwell as well (ptxas-fp64-compare-order).
    expect(verdicts(pascal.replaceAll('sm_60', 'sm_50').replaceAll('SM60', 'SM50'), 'fp64-read-order.sm_50.sass')).toEqual({ k: 'proved-safe' });
    expect(table('sm_61').queues['fp64']).toMatchObject({ ordered: false, readOrder: 'ptxas-pascal-fp64-read-order', readGroup: 'ptxas-pascal-fp64-read-order' });
    expect(table('sm_61').queues['fp64compare']).toMatchObject({ ordered: true, source: 'ptxas-fp64-compare-order', readGroup: 'ptxas-pascal-fp64-read-order' });
    expect(table('sm_50').queues['fp64compare']).toEqual({ ordered: true, source: 'ptxas-fp64-compare-order' });
    expect(table('sm_50').queues['fp64']?.readOrder).toBeUndefined();
    expect(table('sm_50').queues['fp64']?.readGroup).toBeUndefined();
    expect(SOURCE_PROVENANCE['ptxas-pascal-fp64-read-order']).toBe('inferred');
  });

  it('the orders are sm_70\'s: HMMA in the in-order mma queue (sm_75 too, below) and sfu/bitops in one read group there only', () => {
    expect(table('sm_70').opcodes['HMMA']).toMatchObject({ kind: 'variable', queue: 'mma' });
    expect(table('sm_70').queues['mma']).toMatchObject({ ordered: true, source: 'ptxas-sm70-hmma-order' });
    // sm_90 too: the scale bench's big_sm90a_20000 overwrites a MUFU's operand with a POPC, no wait.
    for (const name of ['sm_60', 'sm_61', 'sm_70', 'sm_75', 'sm_80', 'sm_90', 'sm_90a']) {
      expect(table(name).queues['sfu']?.readGroup, name).toBe('ptxas-decoupled-read-order');
      expect(table(name).queues['bitops']?.readGroup, name).toBe('ptxas-decoupled-read-order');
    }
    for (const name of ['sm_50', 'sm_86', 'sm_89']) expect(table(name).queues['sfu']?.readGroup, name).toBeUndefined();
  });

  it('sm_75\'s HMMA.1688 completes and reads in issue order too (ptxas-sm75-hmma-order)', () => {
    expect(table('sm_75').opcodes['HMMA']).toMatchObject({ kind: 'variable', queue: 'mma' });
    expect(table('sm_75').queues['mma']).toMatchObject({ ordered: true, source: 'ptxas-sm75-hmma-order' });
    expect(SOURCE_PROVENANCE['ptxas-sm75-hmma-order']).toBe('inferred');
    // Line 289 F2F reads the unscoreboarded line 285 HMMA's R27 after waiting on line 287's scoreboard 5 alone.
    const order = fixture('ptxas-11.8.hmma-order.sm_75.O3.sass');
    expect(verdicts(order, 'hmma-order.sm_75.sass')).toEqual({ k: 'proved-safe' });
    // Line 609 HMMA overwrites R24..R27, line 597's C operand, 12 cycles later with no wait.
    const readOrder = fixture('ptxas-12.5.hmma-read-order.sm_75.O3.sass');
    expect(verdicts(readOrder, 'hmma-read-order.sm_75.sass')).toEqual({ k: 'proved-safe' });
    // Without line 287's write scoreboard the wait covers nothing: the F2F's read of R27 is a hazard.
    expect(verdicts(mutate(order, '0x080f6c0000001004', '0x080fec0000001004'), 'mutant.sm_75.sass')['k']).toBe('hazard');
  });
});

describe('sm_90 HMMA results reach the next instruction (ptxas-mma-next-instruction)', () => {
  // `hazardproof fuzz --ptxas --seed 2718281` path 0 (fixtures/fuzz-hmma-readers.sm_90.ptx): line 21
  // HMMA.16816.F32 R4, R4, R12, RZ, line 41 STG.E [R2.64+0x560], R6 reading R6 23 cycles later.
  const text = fixture('ptxas-11.8.hmma-readers.sm_90.O3.sass');

  it('the store 23 cycles after the HMMA is proved, and so is one a cycle sooner: no hazard rests on an MMA result being late', () => {
    expect(verdicts(text, 'hmma-readers.sm_90.sass')).toEqual({ k: 'proved-safe' });
    // Line 39 SEL's stall 3 -> 2: the STG reads R6 22 cycles after the HMMA, far later than ptxas -O0 reads one.
    expect(verdicts(mutate(text, '0x000fc60004000000', '0x000fc40004000000'), 'hmma-readers.sm_90.sass')).toEqual({ k: 'proved-safe' });
    expect(table('sm_90').readAfterWrite?.general?.['hmma']).toBeUndefined();
  });
});

describe('facts the big ptxas kernels of npm run bench rely on (bench/bigKernels.ts)', () => {
  const kernel = (name: string, ...lines: string[]) => verdicts(section('k', '  k:', ...lines, '      [B------:R-:W-:-:S05]         /*0f00*/                   EXIT ;'), name);

  it('SHFL completes in order with LDS from sm_70 to sm_90 (ptxas-shuffle-shared-order), not on Blackwell (no listing shows it)', () => {
    // big_sm80_5000 lines 2401-2567: LDS R37 with no scoreboard, SHFL.UP on scoreboard 1, a wait on it, then R37 read.
    const lines = [
      '      [B------:R-:W-:-:S04]         /*0000*/                   LDS R37, [R2+0x1118] ;',
      '      [B------:R-:W1:-:S02]         /*0010*/                   SHFL.UP PT, R55, R8, 0x5, 0x1f ;',
      '      [B-1----:R-:W-:-:S04]         /*0020*/                   FMUL R41, R41, 4096 ;',
      '      [B------:R-:W-:-:S01]         /*0030*/                   FADD R37, R42, R37 ;',
    ];
    expect(kernel('k.sm_80.cuasm', ...lines)).toEqual({ k: 'proved-safe' });
    expect(kernel('k.sm_90.cuasm', ...lines)).toEqual({ k: 'proved-safe' });
    expect(kernel('k.sm_75.cuasm', ...lines)).toEqual({ k: 'proved-safe' });
    expect(kernel('k.sm_86.cuasm', ...lines)).toEqual({ k: 'proved-safe' });
    expect(kernel('k.sm_70.cuasm', ...lines)).toEqual({ k: 'proved-safe' });
    expect(SOURCE_PROVENANCE['ptxas-shuffle-shared-order']).toBe('inferred');
  });

  it('LDGSTS reads its registers in the memory queues\' order on sm_90: a global load may overwrite its address', () => {
    // big_sm90_10000 lines 5117-5147: LDGSTS on read scoreboard 1, LDG.E R7 overwriting R7 with no wait.
    const lines = [
      '      [B------:R1:W-:-:S04]         /*0000*/                   LDGSTS.E [R50+0x2dfc], desc[UR8][R6.64+-0x2e8] ;',
      '      [B------:R-:W5:-:S04]         /*0010*/                   LDG.E R7, desc[UR8][R54.64+0x1de0] ;',
      '      [B-1---5:R-:W-:-:S04]         /*0020*/                   STG.E desc[UR8][R54.64], R7 ;',
    ];
    expect(kernel('k.sm_90.cuasm', ...lines)).toEqual({ k: 'proved-safe' });
    expect(kernel('k.sm_80.cuasm', ...lines)).toEqual({ k: 'hazard' });
  });

  it('no hazard rests on an unscoreboarded MUFU being late on sm_80 (ptxas-unscoreboarded-mufu)', () => {
    const lines = [
      '      [B------:R-:W-:-:S02]         /*0000*/                   MUFU.COS R28, R14 ;',
      '      [B------:R-:W-:-:S04]         /*0010*/                   FADD R28, R37, R28 ;',
    ];
    expect(kernel('k.sm_80.cuasm', ...lines)).toEqual({ k: 'unknown' });
    // sm_86: no listing shows ptxas leaving a MUFU unscoreboarded there, so a read 2 cycles later is a hazard.
    expect(kernel('k.sm_86.cuasm', ...lines)).toEqual({ k: 'hazard' });
  });
});

describe('VOTE on sm_90 in the ALU class (ptxas-sm90-classes)', () => {
  // `hazardproof fuzz --ptxas --seed 1916671737`, path 20 (fixtures/fuzz-vote.sm_90.ptx), ptxas 11.8
  // -O3 for sm_90: line 81 VOTE.ALL P0, PT, line 83 SEL R11, RZ, 0x1, !P0 reading P0 4 cycles later.
  const text = fixture('ptxas-11.8.vote.sm_90.O3.sass');

  it('the kernel is proved, and read one cycle sooner it is not', () => {
    expect(verdicts(text, 'vote.sm_90.sass')).toEqual({ k: 'proved-safe' });
    // VOTE's stall 4 -> 3 (control word 0x000fc80003800000 -> 0x000fc60003800000).
    const sooner = mutate(text, '/* 0x0000000000ff7806 */\n                                                                                             /* 0x000fc80003800000 */', '/* 0x0000000000ff7806 */\n                                                                                             /* 0x000fc60003800000 */');
    expect(verdicts(sooner, 'vote.sm_90.sass')).toEqual({ k: 'unknown' });
  });

  it('is an upper bound from compiler output, not NAK\'s fallback', () => {
    expect(table('sm_90').opcodes['VOTE']).toMatchObject({ kind: 'fixed', latencyClass: 'alu', source: 'ptxas-sm90-classes' });
  });
});
