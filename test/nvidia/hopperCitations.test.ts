/**
 * The sm_90 facts cited from ptxas 12.5's output of examples/ptx/hopper/*.ptx
 * (corpus-sm90-classes, corpus-sm90-mma, corpus-sm90-uniform-reads) hold on that output when the
 * NVIDIA tools are unpacked (`npm run setup:nvidia`; without them this test skips, saying so):
 * the cited lines are the instructions the citations name, no pair of the O3/O1 dumps contradicts
 * a class the table gives an opcode from them, and no kernel of ptxas's output gets `hazard`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { timeBudget } from '../../api/stop.js';
import { checkListingKernels } from '../../api/listing/checkKernels.js';
import { evidenceRows } from '../../cli/factsEvidence.js';
import type { EvidencePair } from '../../impl/sass/facts/compilerEvidence.js';
import { packageRoot } from '../../format/packageRoot.js';
import { loadListingKernels, type LoadedKernel } from '../../format/sass/loadKernels.js';

const cache = process.env.HAZARDPROOF_CUDA_CACHE ?? join(packageRoot(), 'node_modules', '.cache', 'hazardproof-cuda');
const bin = join(cache, '12.5', 'usr', 'bin');
const tools = existsSync(join(bin, 'ptxas')) && existsSync(join(bin, 'cuobjdump')) ? { ptxas: join(bin, 'ptxas'), cuobjdump: join(bin, 'cuobjdump') } : null;
if (tools === null) console.log('hopper citations test: NVIDIA tools 12.5 are not unpacked (npm run setup:nvidia): skipped');

/** The dumps examples/ptx/hopper/README.md makes, by name (`mma2.sm_90.O1.sass`). */
function assemble(): Map<string, string> {
  const folder = mkdtempSync(join(tmpdir(), 'hazardproof-hopper-'));
  const dumps = new Map<string, string>();
  for (const name of ['bulk', 'cluster', 'classic', 'mma2', 'wgmma', 'mma']) {
    for (const architecture of ['sm_90', 'sm_90a']) {
      for (const level of ['3', '1', '0']) {
        const cubin = join(folder, `${name}.cubin`);
        const assembled = spawnSync(tools!.ptxas, [`-arch=${architecture}`, `-O${level}`, join(packageRoot(), 'examples', 'ptx', 'hopper', `${name}.ptx`), '-o', cubin], { encoding: 'utf8' });
        // wgmma and setmaxnreg need sm_90a: ptxas refuses those files for sm_90.
        if (assembled.status !== 0) continue;
        const dump = spawnSync(tools!.cuobjdump, ['-sass', cubin], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
        expect(dump.status, dump.stderr).toBe(0);
        const file = join(folder, `${name}.${architecture}.O${level}.sass`);
        writeFileSync(file, dump.stdout);
        dumps.set(`${name}.${architecture}.O${level}.sass`, file);
      }
    }
  }
  return dumps;
}

/** Lines the citations name: dump, line, what it holds. */
const CITED: readonly (readonly [string, number, string])[] = [
  ['classic.sm_90.O3.sass', 99, 'VIADD R6, R5, 0xfcb00000'],
  ['classic.sm_90.O3.sass', 101, 'ISETP.GE.U32.AND P0, PT, R6'],
  ['cluster.sm_90.O3.sass', 33, 'VIMNMX R6, R4.reuse, R5, PT'],
  ['mma.sm_90a.O3.sass', 136, 'VHMNMX R4, R2, R3, R4, PT'],
  ['bulk.sm_90.O3.sass', 65, '@P0 ELECT P2, URZ, PT'],
  ['bulk.sm_90.O3.sass', 69, '@P2 PLOP3.LUT P0'],
  ['wgmma.sm_90a.O3.sass', 57, 'R2UR UR5, R7'],
  ['wgmma.sm_90a.O3.sass', 63, 'STG.E.128 desc[UR4][R2.64], R32'],
  ['bulk.sm_90.O3.sass', 63, 'SYNCS.ARRIVE.TRANS64 RZ, [UR9], R2'],
  ['cluster.sm_90.O3.sass', 426, 'STAS [R4.64], R9'],
  ['mma.sm_90a.O3.sass', 82, 'HMMA.16816.F16 R2'],
  ['mma.sm_90a.O3.sass', 88, 'HMMA.16816.F16 R2, R4, R8, R2'],
  ['mma2.sm_90.O1.sass', 59, 'HMMA.1688.F32.TF32 R16'],
  ['mma2.sm_90.O3.sass', 35, 'HMMA.1688.F32 R16, R28, R4, R28'],
  ['mma.sm_90a.O1.sass', 106, 'HMMA.SP.16832.F32 R24'],
  ['mma.sm_90a.O1.sass', 116, 'FADD R13, R20, R24'],
  ['mma.sm_90a.O3.sass', 94, 'HMMA.1688.F32.BF16 R20'],
  ['mma.sm_90a.O3.sass', 98, 'HMMA.1688.F32.TF32 R20, R4, R8, R20'],
  ['mma2.sm_90.O1.sass', 49, 'IMMA.8816.U8.U8 R10'],
  ['mma.sm_90a.O1.sass', 108, 'BMMA.168256.AND.POPC R16'],
  ['mma.sm_90a.O1.sass', 120, 'IADD3 R13, R16, R13, R28'],
  ['cluster.sm_90.O3.sass', 25, 'LDG.E.128 R4, desc[UR4][R2.64]'],
  ['cluster.sm_90.O3.sass', 27, 'S2UR UR5, SR_CgaCtaId'],
  // corpus-sm90-ldsm-order
  ['classic.sm_90.O3.sass', 684, 'LDSM.16.MT88.2 R8, [R17+UR6]'],
  ['classic.sm_90.O3.sass', 686, 'LDSM.16.M88.4 R4, [R17+UR5]'],
  ['classic.sm_90.O3.sass', 688, 'HMMA.16816.F32 R12, R4, R8, R12'],
];

describe.skipIf(tools === null)('sm_90 facts cited from ptxas 12.5 output of examples/ptx/hopper', () => {
  let dumps = new Map<string, string>();
  let optimized: LoadedKernel[] = [];
  beforeAll(() => {
    dumps = assemble();
    optimized = [...dumps].filter(([name]) => !name.endsWith('.O0.sass')).flatMap(([, file]) => loadListingKernels(file, { from: null, architecture: null, kernels: [] }));
  }, 300_000);

  it('the cited lines hold the cited instructions', () => {
    for (const [name, line, text] of CITED) {
      const file = dumps.get(name);
      expect(file, name).toBeDefined();
      expect(readFileSync(file!, 'utf8').split('\n')[line - 1], `${name}:${line}`).toContain(text);
    }
  });

  it('no pair of the optimized dumps contradicts a class the table gives from them', () => {
    const rows = evidenceRows(optimized);
    const byOpcode = new Map(rows.map((row) => [row.opcode, row]));
    // I2FP is in the alu class, which this output and the nvaa dumps both fit (ptxas-sm90-classes).
    expect(byOpcode.get('I2FP')?.contradicting).toEqual([]);
    for (const opcode of ['I2FP', 'VIADD', 'VIMNMX', 'VIMNMX3', 'VHMNMX', 'ELECT', 'R2UR', 'SYNCS', 'STAS', 'REDAS', 'STSM', 'HADD2', 'HMNMX2', 'IMMA', 'BMMA', 'HMMA']) {
      const row = byOpcode.get(opcode);
      expect(row, opcode).toBeDefined();
      // The fixed-latency ones: ptxas never scoreboards them (SYNCS, STAS, REDAS, STSM stay variable).
      if (!['SYNCS', 'STAS', 'REDAS', 'STSM'].includes(opcode)) expect(row!.evidence.scoreboarded, `${opcode} scoreboarded`).toBe(0);
      expect(row!.contradicting.map((pair) => `${(pair as EvidencePair).writer.file}:${(pair as EvidencePair).writer.line} -> ${(pair as EvidencePair).reader.line}`), opcode).toEqual([]);
    }
  });

  it('no kernel of ptxas\'s output gets hazard; misc_ops is proved', () => {
    const kernels = [...dumps.values()].flatMap((file) => loadListingKernels(file, { from: null, architecture: null, kernels: [] }));
    const verdicts = checkListingKernels(kernels, { shouldStopFor: () => timeBudget({ timeoutMs: 20_000 }).shouldStop });
    // misc_ops at -O1/-O3: STS.128 [R14], R4 has no read scoreboard and IMAD.WIDE.U32 R4 rewrites R4 ~90
    // instructions later, after waiting for an LDSM: with LDSM in the in-order shared queue
    // (corpus-sm90-ldsm-order) the STS has read by then; an ALU op reads an I2FP result after 4
    // cycles, which the alu class allows.
    const hazards = verdicts.filter((check) => check.result.verdict === 'hazard');
    expect(hazards.map((check) => `${check.file.replace(/.*\//, '')} ${check.program.name}`)).toEqual([]);
    for (const check of verdicts.filter((each) => each.program.name === 'misc_ops' && /\.O[13]\.sass$/.test(each.file))) {
      expect(check.result.verdict, check.file).toBe('proved-safe');
    }
    // Kernels of sm_90 opcodes the table now knows are proved (cluster barriers, async stores, VIADD, VIMNMX, R2UR, uniform reads at issue).
    const proved = new Set(verdicts.filter((check) => check.result.verdict === 'proved-safe').map((check) => `${check.file.replace(/.*\//, '')} ${check.program.name}`));
    for (const name of ['cluster.sm_90.O3.sass cluster_dsmem', 'cluster.sm_90.O0.sass misc_ops', 'classic.sm_90a.O0.sass reduce', 'classic.sm_90.O1.sass reduce']) expect(proved, name).toContain(name);
    // TMA and bulk copies (ptxas-sm90-tma): both kernels of bulk.ptx at every level.
    for (const level of ['3', '1', '0']) {
      for (const kernel of ['tma_2d', 'bulk_copy']) expect(proved, `bulk.sm_90.O${level}.sass ${kernel}`).toContain(`bulk.sm_90.O${level}.sass ${kernel}`);
    }
  }, 600_000);

  it('ptxas 12.5 reproduces the TMA fixture ptxas-sm90-tma cites, instruction for instruction', () => {
    const folder = mkdtempSync(join(tmpdir(), 'hazardproof-tma-'));
    const cubin = join(folder, 'tma.cubin');
    const assembled = spawnSync(tools!.ptxas, ['-arch=sm_90', '-O3', join(packageRoot(), 'examples', 'ptx', 'hopper', 'tma.ptx'), '-o', cubin], { encoding: 'utf8' });
    expect(assembled.status, assembled.stderr).toBe(0);
    const dump = spawnSync(tools!.cuobjdump, ['-sass', cubin], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(dump.stdout).toBe(readFileSync(join(packageRoot(), 'test', 'spec', 'sass', 'fixtures', 'ptxas-12.5.tma.sm_90.O3.sass'), 'utf8'));
  });
});
