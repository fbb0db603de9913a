import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run.js';

const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-facts-'));

/** An sm_120 kernel whose IADD result a LOP3 reads `stall` cycles later (IADD's class, fp16, allows 5). */
function listing(name: string, stall: number): string {
  const path = join(scratch, name);
  writeFileSync(path, ['\t.section\t.text.k,"ax",@progbits',
    `      [B------:R-:W-:-:S0${stall}] /*0000*/ IADD R1, R0, 0x1 ;`,
    '      [B------:R-:W-:-:S04] /*0010*/ LOP3.LUT R2, R1, 0xffff, RZ, 0xc0, !PT ;',
    '      [B------:R-:W-:-:S05] /*0020*/ EXIT ;', ''].join('\n'));
  return path;
}

describe('hazardproof facts: what a verdict on an NVIDIA listing rests on', () => {
  it('lists the tables and their aliases without --arch', async () => {
    const { code, stdout } = await cli('facts');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^sm_120 +sm_120a, /m);
    expect(stdout).toMatch(/^sm_89 /m);
  });

  it('prints each fact with its proof side, its counterexample side and its sources with their kind', async () => {
    const { code, stdout } = await cli('facts', '--arch', 'sm_75', '--opcode', 'HMMA', '--opcode', 'iadd3');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^opcode +HMMA +variable latency through the mma queue \(in issue order\) +same +nak-sm75 \(nvidia\)$/m);
    expect(stdout).toMatch(/^opcode +IADD3 +fixed latency: results after \d+ cycles.* same +nak-sm75 \(nvidia\)$/m);
    // Turing's global queue completes in any order but reads in issue order, and in one order with the local and shared queues.
    expect(stdout).toMatch(/^queue +global +results in any order +in issue order +conservative \(conservative\)$/m);
    expect(stdout).toMatch(/^queue-reads +global +operands read in issue order +same +ptxas-global-read-order \(inferred\)$/m);
    expect(stdout).toMatch(/^queue-reads +shared +operands read in one issue order with the global and local queues +same +ptxas-memory-read-order \(inferred\)$/m);
    expect(stdout).toMatch(/^queue +mma +in issue order +same +ptxas-sm75-hmma-order \(inferred\)$/m);
    expect(stdout).toContain('  ptxas-sm75-hmma-order (inferred): ptxas 11.8.89 and 12.5.40 -O3, disassembled by their cuobjdump, for sm_75');
  });

  it('--json gives the rows and the citations; an entry no source times is ready the next cycle on the counterexample side', async () => {
    const { code, stdout } = await cli('facts', '--arch', 'sm_90a', '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { architecture: string; facts: { kind: string; name: string; counterexample: string; provenance: string }[]; sources: { key: string; provenance: string }[] };
    expect(report.architecture).toBe('sm_90');
    const ready = 'ready the next cycle, operands read at issue, results read as early as any reader may (no source gives its timing)';
    expect(report.facts.find((fact) => fact.name === 'MOVM')).toMatchObject({ kind: 'opcode', provenance: 'conservative', counterexample: ready });
    // A class compiler output fits is an upper bound: the counterexample side takes NVIDIA's least figure (nvidia-coupled-floor).
    expect(report.facts.find((fact) => fact.name === 'I2FP')).toMatchObject({ kind: 'opcode', provenance: 'inferred-bound', counterexample: expect.stringContaining('results after 2 cycles for every reader') });
    expect(report.sources.map((source) => source.key)).toContain('nak-sm90');
  });

  it('an unknown architecture or opcode is a usage error (exit 2)', async () => {
    expect((await cli('facts', '--arch', 'sm_30')).code).toBe(2);
    const opcode = await cli('facts', '--arch', 'sm_75', '--opcode', 'FROB');
    expect(opcode.code).toBe(2);
    expect(opcode.stderr).toContain('FROB is not in the sm_75 table');
  });

  it('--evidence reads listings and says what they show about each opcode no source times; a pair the table\'s class forbids is exit 1', async () => {
    const fits = await cli('facts', '--evidence', '--arch', 'sm_120', listing('fits.cuasm', 5));
    expect(fits.code).toBe(0);
    expect(fits.stdout).toMatch(/^sm_120 +IADD +1 +0\/1 +1 +fp16 +fp16 +1 +0$/m);
    expect(fits.stdout).toContain('sm_120 IADD as fp16, exactly: ');
    const early = await cli('facts', '--evidence', '--arch', 'sm_120', listing('early.cuasm', 3));
    expect(early.code).toBe(1);
    expect(early.stdout).toContain('sm_120 IADD: the table\'s figures are contradicted: ');
    expect(early.stdout).toContain('after 3 cycles');
    expect((await cli('facts', '--evidence')).code).toBe(2);
    expect((await cli('facts', '--from', 'cuasm', '--arch', 'sm_120')).code).toBe(2);
  });
});
