/** `hazardproof annotate` on `.comp` programs: the seed's fragments scheduled as the seed says. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from './run.js';

const scratch = mkdtempSync(join(tmpdir(), 'hp-annotate-comp-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('annotate FILE.comp', () => {
  it('--expect: the fmac fragment goes from 3 NOPs to 1, the ALU case from 4 to 2, both proved safe', async () => {
    const result = await cli('annotate', '--expect', 'examples/components/unscheduled/fmac.comp', 'examples/components/unscheduled/alu-distance-2.comp');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('fmac.comp: scheduled 1 NOPs, in-order full latency 3 NOPs, schedule proved-safe');
    expect(result.stdout).toContain('alu-distance-2.comp: scheduled 2 NOPs, in-order full latency 4 NOPs, schedule proved-safe');
    expect(result.stdout).toContain('2/2 files got their expected schedule');
  });

  it('--expect fails on a wrong expectation, and on a file without one', async () => {
    const wrong = join(scratch, 'wrong.comp');
    writeFileSync(wrong, readFileSync('examples/components/unscheduled/fmac.comp', 'utf8').replace('nops=1 in-order-nops=3', 'nops=0 in-order-nops=3'));
    const result = await cli('annotate', '--expect', wrong);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('NOT as expected');
    const none = join(scratch, 'none.comp');
    writeFileSync(none, '.opcode add latency=2 class=alu\nadd r0.x, r1.x\n');
    expect((await cli('annotate', '--expect', none)).stdout).toContain('no `# expect-schedule:` line');
  });

  it('-o writes a program that check proves safe; a bad file writes nothing and names the line', async () => {
    const out = join(scratch, 'fmac.scheduled.comp');
    const result = await cli('annotate', 'examples/components/unscheduled/fmac.comp', '-o', out);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('scheduled 1 NOPs, 6 cycles: proved-safe');
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('(nop1)mul r5.x, r6.x, r7.x');
    expect((await cli('check', out)).code).toBe(0);
    const bad = join(scratch, 'bad.comp');
    writeFileSync(bad, '.opcode add latency=2 class=alu\nsub r0.x, r1.x\n');
    const failed = await cli('annotate', bad, '-o', join(scratch, 'never.comp'));
    expect(failed.code).toBe(2);
    expect(failed.stderr).toMatch(/bad\.comp:2:\d+: /);
    expect(() => readFileSync(join(scratch, 'never.comp'))).toThrow();
  });
});
