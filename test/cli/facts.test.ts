import { describe, expect, it } from 'vitest';
import { cli } from './run.js';

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
    expect(stdout).toMatch(/^opcode +HMMA +variable latency through the misc queue \(results and operand reads in any order\) +through the mma queue, in issue order +nak-sm75 \(nvidia\); corpus-mma-read-order \(inferred\)$/m);
    expect(stdout).toMatch(/^opcode +IADD3 +fixed latency: results after \d+ cycles.* same +nak-sm75 \(nvidia\)$/m);
    expect(stdout).toMatch(/^queue +global +results and operand reads in any order +in issue order +conservative \(conservative\)$/m);
    expect(stdout).toContain('  corpus-mma-read-order (inferred): shared/corpus/misc-cuobjdump/matmultutorial-single-wmma.sm_80.sass');
  });

  it('--json gives the rows and the citations; an entry no source times is ready the next cycle on the counterexample side', async () => {
    const { code, stdout } = await cli('facts', '--arch', 'sm_90a', '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { architecture: string; facts: { kind: string; name: string; counterexample: string; provenance: string }[]; sources: { key: string; provenance: string }[] };
    expect(report.architecture).toBe('sm_90');
    expect(report.facts.find((fact) => fact.name === 'I2FP')).toMatchObject({ kind: 'opcode', provenance: 'conservative', counterexample: 'ready the next cycle, operands read at issue, results read as early as any reader may (no source gives its timing)' });
    expect(report.sources.map((source) => source.key)).toContain('nak-sm90');
  });

  it('an unknown architecture or opcode is a usage error (exit 2)', async () => {
    expect((await cli('facts', '--arch', 'sm_30')).code).toBe(2);
    const opcode = await cli('facts', '--arch', 'sm_75', '--opcode', 'FROB');
    expect(opcode.code).toBe(2);
    expect(opcode.stderr).toContain('FROB is not in the sm_75 table');
  });
});
