/**
 * Memory order and control flow as ptxas's output relies on them, each held both ways on the
 * listing it was read from: the kernel that was `unknown` (or a false `hazard`) is proved safe
 * now, and the same kernel with one protection taken away is not.
 *
 * - Global and local memory instructions read their operands in issue order on Volta to Hopper
 *   (`ptxas-global-read-order`, `ptxas-local-read-order`): ptxas overwrites a store's registers
 *   after waiting only on a later store's read scoreboard. From Turing on, global, local and
 *   shared memory instructions read in one order across the three queues
 *   (`ptxas-memory-read-order`): an STS's data is overwritten after waiting only on a later STG's
 *   read scoreboard, an LDL overwrites a global load's address with no wait.
 * - `CALL.ABS.NOINC 0x0` calls another function, whose address the loader fills in: never this
 *   listing's address 0 (the function's own first instruction).
 * - `BRA.DIV` with no thread mask (sm_70, sm_75), `BRA.U.ANY` and `WARPSYNC.EXCLUSIVE`: read as
 *   nvdisasm's control-flow graph has them; on Maxwell and Pascal `PRET` then `JMX R4` is a call
 *   through R4, and the function's own RET still returns to a caller outside the listing.
 * - Volta's `TXQ` writes its second operand (`TXQ RZ, R0, R3, ...` returns the query in R0).
 * - sm_120's `ATOM ... &wr_early`: the predicate output is written when the ATOM reads its
 *   operands (`ptxas-sm120-atom-predicate`).
 *
 * The fixtures are excerpts of `cuobjdump -sass` of ptxas 12.5.40 `-c` output of LLVM 19.1.7's
 * NVPTX tests, as `npm run bench:nvptx-tests` caches them (one function each, the `NOP` padding
 * after its last jump cut to two): fixtures/ptxas-12.5.order-and-flow.sm_80.sass (-O3:
 * aggregate-return.ll test_s2f32, access-non-generic.ll loop_with_generic_bound and loop,
 * redux-sync.ll __cuda_reduxsync_b32_or and redux_sync_or_b32),
 * fixtures/ptxas-12.5.order-and-flow.sm_70.sass (-O3: shfl-sync.ll shfl_sync_iii,
 * bf16x2-instructions.ll test_ldst_v3bf16, aggregate-return.ll test_s2f32) and
 * fixtures/ptxas-12.5.order-and-flow.sm_90.sass (-O0: texsurf-queries.ll t0; -O3:
 * variadics-backend.ll variadics1);
 * fixtures/ptxas-12.5.memory-order.sm_75.sass and .sm_80.sass, ptxas 12.5 -O3 of a kernel of
 * `hazardproof fuzz --ptxas --seed 7 --arch sm_75,sm_80 --runs 10` (its PTX beside them,
 * fixtures/fuzz-seed7.memory-order.sm_75.ptx and .sm_80.ptx, `.target` set to each);
 * and test/format/sass/fixtures/annotated-atomic.sm_120.sass
 * (CUDA 12.8, from uliegecsm/reprospect).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkListingKernels } from '../../../api/listing/checkKernels.js';
import { timeBudget } from '../../../api/stop.js';
import type { SassLine } from '../../../format/sass/listing.js';
import { listingKernelsOfText } from '../../../format/sass/loadKernels.js';
import { lowerKernel } from '../../../format/sass/lower.js';
import { checkSassProgram } from '../../../impl/sass/check.js';
import { packageRoot } from '../../../format/packageRoot.js';
import { counterexampleSide } from '../../../spec/sass/architectures/counterexample.js';
import { instructionEffects } from '../../../spec/sass/effects.js';
import { architectureTable } from '../../../spec/sass/architectures/index.js';
import { SOURCE_PROVENANCE } from '../../../spec/sass/architectures/provenance.js';
import { SOURCES } from '../../../spec/sass/architectures/sources.js';
import { line, table } from './listedLine.js';
import { verdicts } from './ptxasFixtures.js';

const fixture = (...path: string[]): string => readFileSync(join(packageRoot(), 'test', ...path), 'utf8');

/** `text` with each exact fragment replaced (each must occur once). */
function mutate(text: string, edits: readonly (readonly [string, string])[]): string {
  return edits.reduce((result, [from, to]) => {
    expect(result.split(from).length, from).toBe(2);
    return result.replace(from, to);
  }, text);
}

/** One protection taken away: the control word (the second encoding word) of `kernel`'s instruction at `address` made `to`. */
interface ControlEdit {
  readonly kernel: string;
  readonly address: string;
  readonly to: string;
}

/** `text` with each edit made: the instruction is found by its kernel and its address, its control word is the next line's. */
function mutateControl(text: string, edits: readonly ControlEdit[]): string {
  const lines = text.split('\n');
  for (const edit of edits) {
    const start = lines.findIndex((line) => line.trim() === `Function : ${edit.kernel}`);
    expect(start, edit.kernel).toBeGreaterThanOrEqual(0);
    const at = lines.findIndex((line, index) => index > start && line.includes(`/*${edit.address}*/`));
    expect(at, `${edit.kernel} ${edit.address}`).toBeGreaterThan(start);
    const word = /\/\* (0x[0-9a-f]{16}) \*\//.exec(lines[at + 1]!);
    expect(word, `${edit.kernel} ${edit.address}`).not.toBeNull();
    lines[at + 1] = lines[at + 1]!.replace(word![1]!, edit.to);
  }
  return lines.join('\n');
}


describe('global and local memory instructions read their operands in issue order (Volta to Hopper)', () => {
  const text = fixture('spec', 'sass', 'fixtures', 'ptxas-12.5.order-and-flow.sm_80.sass');
  const sm70 = fixture('spec', 'sass', 'fixtures', 'ptxas-12.5.order-and-flow.sm_70.sass');

  it('the tables say so for the global and local queues, on both sides, completion order left unknown', () => {
    for (const name of ['sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_89', 'sm_90']) {
      const table = architectureTable(name)!;
      expect(table.queues['global'], name).toMatchObject({ ordered: false, readOrder: 'ptxas-global-read-order' });
      expect(table.queues['local'], name).toMatchObject({ ordered: false, readOrder: 'ptxas-local-read-order' });
      // The counterexample side keeps the read order; only completion order is a gap.
      expect(counterexampleSide(table).queueGaps.get('global')?.proof, name).toContain('operands are read in issue order');
    }
    expect(SOURCE_PROVENANCE['ptxas-global-read-order']).toBe('inferred');
    expect(SOURCE_PROVENANCE['ptxas-local-read-order']).toBe('inferred');
    expect(SOURCES['ptxas-global-read-order']).toContain('line 27 /*00b0*/ ST.E [R16.64+0x4], R5 sets no read scoreboard');
    expect(SOURCES['ptxas-local-read-order']).toContain('line 7 /*0010*/ STL [R1+0x18], R21 sets no read scoreboard');
  });

  it('the kernels ptxas scheduled are proved safe', () => {
    expect(verdicts(text, 'ptxas-12.5.order-and-flow.sm_80.sass')).toEqual({
      test_s2f32: 'proved-safe', // ST [R16.64+0x4], R5 read before the later ST's read scoreboard 0 is released
      loop_with_generic_bound: 'proved-safe', // STL [R1+0x18], R21 read before the later STL's scoreboard 0
      loop: 'proved-safe', // the same, and CALL.ABS.NOINC 0x0 calls another function
      __cuda_reduxsync_b32_or: 'proved-safe', // WARPSYNC.EXCLUSIVE R5 falls through
      redux_sync_or_b32: 'proved-safe',
    });
  });


  it('with the read scoreboard on the earlier store instead of the later, the LDL still reads after both', () => {
    // The LDL overwriting R16 waits only for the earlier store's read now; it reads its own
    // operands after the later store's (ptxas-memory-read-order, Volta included since fuzz seed
    // 7's sm_70 kernel), so it writes R16 after both have read it. The hazard without that group
    // is tested on the Volta fixture below (the shared store's scoreboard moved).
    const mutant = mutateControl(sm70, [
      { kernel: 'test_s2f32', address: '00a0', to: '0x0001e8000010e905' },
      { kernel: 'test_s2f32', address: '00b0', to: '0x000fe8000010e904' },
    ]);
    expect(verdicts(mutant, 'mutant.sm_70.sass')['test_s2f32']).toBe('proved-safe');
  });

  it('with the read scoreboard on the earlier STL instead of the later, it is a hazard', () => {
    // BMOV.32.CLEAR R17 then waits only for the earlier STL's read, not for STL [R1+0x8], R17's.
    const mutant = mutateControl(text, [
      { kernel: 'loop_with_generic_bound', address: '0010', to: '0x0001e80000100800' },
      { kernel: 'loop_with_generic_bound', address: '0050', to: '0x000fe80000100800' },
    ]);
    expect(verdicts(mutant, 'mutant.sm_80.sass')['loop_with_generic_bound']).toBe('hazard');
  });

  it('with the LDL no longer waiting on the stores, it is still proved: it reads after them', () => {
    const mutant = mutateControl(sm70, [{ kernel: 'test_s2f32', address: '00e0', to: '0x0003680000100800' }]);
    expect(verdicts(mutant, 'mutant.sm_70.sass')['test_s2f32']).toBe('proved-safe');
  });
});

describe('Volta to Hopper: global, local and shared memory instructions read in one order across the three queues', () => {
  const sm90 = fixture('spec', 'sass', 'fixtures', 'ptxas-12.5.order-and-flow.sm_90.sass');
  const sm75 = fixture('spec', 'sass', 'fixtures', 'ptxas-12.5.memory-order.sm_75.sass');
  const sm80 = fixture('spec', 'sass', 'fixtures', 'ptxas-12.5.memory-order.sm_80.sass');
  // Volta: the same kernel with mma.m8n8k4 (fuzz --ptxas --seed 7 --arch sm_70,sm_90, path 9), ptxas 11.8 -O3.
  const sm70 = fixture('spec', 'sass', 'fixtures', 'ptxas-11.8.memory-order.sm_70.sass');

  it('the tables put the three queues in one read group where a listing shows it, on both sides', () => {
    for (const name of ['sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_89', 'sm_90']) {
      const table = architectureTable(name)!;
      for (const queue of ['global', 'local', 'shared']) expect(table.queues[queue]?.readGroup, `${name} ${queue}`).toBe('ptxas-memory-read-order');
      expect(counterexampleSide(table).table.queues['global']?.readGroup, name).toBe('ptxas-memory-read-order');
    }
    // Texture is no part of it.
    expect(architectureTable('sm_80')!.queues['texture']?.readGroup).toBeUndefined();
    expect(SOURCE_PROVENANCE['ptxas-memory-read-order']).toBe('inferred');
    expect(SOURCES['ptxas-memory-read-order']).toContain('line 499 /*0200*/ LDL R16, [R1+0x8] overwrites R16 with no wait at all');
    expect(SOURCES['ptxas-memory-read-order']).toContain('line 65 /*01e0*/ IMAD.MOV.U32 R8, RZ, RZ, R20 overwrites R8 waiting on scoreboard 1 only');
  });

  it('the kernels ptxas scheduled are proved safe', () => {
    expect(verdicts(sm75, 'ptxas-12.5.memory-order.sm_75.sass')).toEqual({ k: 'proved-safe' });
    expect(verdicts(sm80, 'ptxas-12.5.memory-order.sm_80.sass')).toEqual({ k: 'proved-safe' });
    expect(verdicts(sm70, 'ptxas-11.8.memory-order.sm_70.sass')).toEqual({ k: 'proved-safe' });
    expect(verdicts(sm90, 'ptxas-12.5.order-and-flow.sm_90.sass')['variadics1']).toBe('proved-safe');
  });

  it('Volta: with the read scoreboard on the first global store instead of the shared one, it is a hazard', () => {
    // MOV R12, R2 then waits only for the first STG's read; the second STG and the STS.128 may
    // read R12 after it overwrites it.
    const mutant = mutateControl(sm70, [
      { kernel: 'k', address: '0190', to: '0x0001e8000010eb00' },
      { kernel: 'k', address: '01b0', to: '0x000fe80000000c00' },
    ]);
    expect(verdicts(mutant, 'mutant.sm_70.sass')['k']).toBe('hazard');
  });

  it('with the read scoreboard on an earlier store than the shared one, it is a hazard', () => {
    // sm_75: the STS no longer sets scoreboard 1, the first STG does; the IMAD overwriting R8 then
    // covers the STGs' reads and not the STS's, which comes after them.
    const mutant = mutateControl(sm75, [
      { kernel: 'k', address: '0190', to: '0x0003e8000010eb00' },
      { kernel: 'k', address: '01b0', to: '0x000fe8000000cc00' },
    ]);
    expect(verdicts(mutant, 'mutant.sm_75.sass')['k']).toBe('hazard');
  });

  it('variadics1: LOP3 no longer waiting for a load\'s read is a hazard', () => {
    const mutant = mutateControl(sm90, [{ kernel: 'variadics1', address: '0220', to: '0x000fe200078ec0ff' }]);
    expect(verdicts(mutant, 'mutant.sm_90.sass')['variadics1']).toBe('hazard');
  });
});

describe('control flow ptxas emits: absolute calls, BRA.DIV with no mask, BRA.U.ANY, WARPSYNC.EXCLUSIVE', () => {
  const sm80 = fixture('spec', 'sass', 'fixtures', 'ptxas-12.5.order-and-flow.sm_80.sass');
  const sm70 = fixture('spec', 'sass', 'fixtures', 'ptxas-12.5.order-and-flow.sm_70.sass');
  const sm90 = fixture('spec', 'sass', 'fixtures', 'ptxas-12.5.order-and-flow.sm_90.sass');

  it('the kernels ptxas scheduled are proved safe', () => {
    expect(verdicts(sm70, 'ptxas-12.5.order-and-flow.sm_70.sass')).toEqual({ shfl_sync_iii: 'proved-safe', test_ldst_v3bf16: 'proved-safe', test_s2f32: 'proved-safe' });
    expect(verdicts(sm90, 'ptxas-12.5.order-and-flow.sm_90.sass')['t0']).toBe('proved-safe');
  });

  it('an absolute call goes to another function: waiting for nothing before it is a hazard', () => {
    // loop's CALL.ABS.NOINC 0x0 waits on scoreboards 0-2 (the LDS result, the STLs' reads); the callee may touch any register.
    const mutant = mutateControl(sm80, [{ kernel: 'loop', address: '00d0', to: '0x000fea0003c00000' }]);
    expect(verdicts(mutant, 'mutant.sm_80.sass')['loop']).toBe('hazard');
  });

  it('a fixed-latency result the unseen callee reads one cycle after the call is no finding: unknown, naming the callee', () => {
    // MOV R21, 0x0's stall 4 -> 1: the call issues one cycle after it, but when the callee reads
    // R21 is not seen (ptxas issues CALL.ABS.NOINC before an IMAD result it passes has landed:
    // LLVM's b52037.ll barney for sm_80, ptxas 12.5 -O3).
    const mutant = mutateControl(sm80, [{ kernel: 'loop', address: '00c0', to: '0x000fc20000000f00' }]);
    const kernels = listingKernelsOfText(mutant, 'mutant.sm_80.sass', { from: null, architecture: null, kernels: ['loop'] });
    const [check] = checkListingKernels(kernels, { shouldStopFor: () => timeBudget({ timeoutMs: 20_000 }).shouldStop });
    expect(check!.result.verdict).toBe('unknown');
    expect(check!.result.reason).toContain('is not seen');
    expect(check!.result.hazards.map((shown) => shown.hazard.kind)).toContain('RAW');
  });

  it('the paths after WARPSYNC.EXCLUSIVE are followed: MOV R4, UR4 no longer waiting for REDUX is a hazard', () => {
    const mutant = mutateControl(sm80, [{ kernel: '__cuda_reduxsync_b32_or', address: '0030', to: '0x000fcc0008000f00' }]);
    expect(verdicts(mutant, 'mutant.sm_80.sass')['__cuda_reduxsync_b32_or']).toBe('hazard');
  });

  it('BRA.DIV with no mask may be taken: MOV R20 on its target no longer waiting for the STL is a hazard', () => {
    const mutant = mutateControl(sm70, [{ kernel: 'shfl_sync_iii', address: '00b0', to: '0x000fe40000000f00' }]);
    expect(verdicts(mutant, 'mutant.sm_70.sass')['shfl_sync_iii']).toBe('hazard');
  });

  it('TXQ writes its second operand on Volta and later, as TEX does', () => {
    const effects = instructionEffects(line('TXQ.NODEP RZ, R4, R4, TEX_HEADER_DIMENSION, 0x0, 0x0, 0x2'), table('sm_80'));
    // (as wide as the texture shapes take a vector whose length is not written: more can only raise false alarms)
    expect(effects.destinations).toContain('R4');
    expect(instructionEffects(line('TXQ RZ, R0, R3, TEX_HEADER_DIMENSION, UR4, 0x0, 0x1'), table('sm_90')).destinations).toContain('R0');
  });

  it('after BRA.U.ANY\'s loop, MOV R4, R0 no longer waiting for TXQ is a hazard', () => {
    // At -O0 every instruction waits on scoreboards 0 and 1: those after the TXQ no longer do.
    const mutant = mutateControl(sm90, ['00e0', '00f0', '0100'].map((address) => ({ kernel: 't0', address, to: address === '00e0' ? '0x000fde0003f0f070' : address === '00f0' ? '0x000fde000393ffff' : '0x000fde0000000f00' })));
    expect(verdicts(mutant, 'mutant.sm_90.sass')['t0']).toBe('hazard');
  });
});

describe('Maxwell and Pascal: PRET then a jump through a register is a call through it (callchain.ll)', () => {
  /** `PRET 0x18; JMX R2` (the call), an LDG, then the function's own RET, waiting on the LDG or not. */
  function device(waitAtReturn: boolean): { verdict: string; reason: string } {
    const lines: SassLine[] = [
      ['PRET 0x18', 0x08, {}], ['JMX R2', 0x10, {}], ['LDG.E R4, [R6]', 0x18, { writeScoreboard: 0 }], ['RET', 0x28, waitAtReturn ? { wait: [0] } : {}],
    ].map(([text, address, fields], index) => ({ ...line(text as string), line: index + 1, address: address as number, control: { ...line(text as string).control, stall: 2, ...(fields as object) } }));
    const { program, notes } = lowerKernel({ name: 'f', line: 1, instructions: lines, labels: {} }, table('sm_61'));
    const result = checkSassProgram(program, notes);
    return { verdict: result.verdict, reason: result.reason };
  }

  it('the function\'s own RET still returns to a caller outside the listing: a load in flight there is no proof', () => {
    expect(device(true).verdict).toBe('proved-safe');
    const open = device(false);
    expect(open.verdict).toBe('unknown');
    expect(open.reason).toContain('caller is outside the listing');
  });
});

describe('sm_120: ATOM writes its predicate when it reads its operands (&wr_early)', () => {
  const text = fixture('format', 'sass', 'fixtures', 'annotated-atomic.sm_120.sass');

  it('ATOM and ATOMG carry the fact; REDG is RED', () => {
    const table = architectureTable('sm_120')!;
    for (const name of ['ATOM', 'ATOMG']) expect(table.opcodes[name], name).toMatchObject({ kind: 'variable', queue: 'global', earlyPredicates: 'ptxas-sm120-atom-predicate' });
    expect(table.opcodes['REDG']).toEqual(table.opcodes['RED']);
    expect(SOURCE_PROVENANCE['ptxas-sm120-atom-predicate']).toBe('inferred');
    expect(SOURCES['ptxas-sm120-atom-predicate']).toContain('line 60 /*01d0*/ ATOM.E.ADD.64.STRONG.GPU P0, RZ, desc[UR10][R4.64], R2 &req={0} &wr_early=0x0');
  });

  it('the listing is proved safe', () => {
    expect(Object.values(verdicts(text, 'annotated-atomic.sm_120.sass'))).toEqual(['proved-safe']);
  });

  it('with @P0 BRA no longer waiting on the ATOM\'s scoreboard, it is a hazard', () => {
    // The wait goes from the words and from the encoding alike (they must agree).
    const mutant = mutate(text, [[
      '@P0 BRA 0x2d0                                                 &req={0}               ?trans5;           /* 0x0000000000380947 */\n                                                                                                                                       /* 0x001fea0003800000 */',
      '@P0 BRA 0x2d0                                                                         ?trans5;           /* 0x0000000000380947 */\n                                                                                                                                       /* 0x000fea0003800000 */',
    ]]);
    expect(Object.values(verdicts(mutant, 'mutant.sm_120.sass'))).toEqual(['hazard']);
  });
});
