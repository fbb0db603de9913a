import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MESA_PADDED_SHADER } from '../impl/components/schedule/ir3Fixture.js';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../format/packageRoot.js';
import { cli } from './run.js';

const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-annotate-ir3-'));
const corpus = resolve(packageRoot(), '../shared/corpus/mesa-ir3');
const haveCorpus = existsSync(corpus);
if (!haveCorpus) console.warn(`ir3 annotate corpus tests skipped: ${corpus} is absent`);

const FIXTURE = `@localsize 1, 1, 1\n${MESA_PADDED_SHADER}`;

function write(name: string, text: string): string {
  const file = join(scratch, name);
  writeFileSync(file, text);
  return file;
}

describe('hazardproof annotate on ir3 listings', () => {
  it('schedules the shader, prints it in ir3 syntax with the three costs and the verdict, exit 0', async () => {
    const { code, stdout, stderr } = await cli('annotate', write('fixture.asm', FIXTURE));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('; scheduled by hazardproof annotate from');
    expect(stdout).toContain('a (sy)/(ss) wait counts 0 cycles');
    expect(stdout).toContain('@localsize 1, 1, 1');
    expect(stdout).toContain('; shader 0 (line 1): 8 instructions, scheduled (list scheduler)');
    expect(stdout).toContain(';   listing as written:     12 NOPs, 22 cycles');
    expect(stdout).toContain(';   in-order, full latency: 10 NOPs, 20 cycles');
    expect(stdout).toContain(';   scheduled:              7 NOPs, 17 cycles (0.85x the in-order cycles, 0.77x the listing\'s)');
    expect(stdout).toMatch(/;   check of this schedule: proved-safe: every schedule of the component machine explored/);
    expect(stdout).toContain('mov.f32f32 r2.z, c2.z\n(rpt2)mul.f r0.x, (r)r3.x, c0.y\nnop\nadd.f r1.x, r0.x, c1.x\n(rpt5)nop\nstib');
  });

  it('-o OUT writes the listing, which hazardproof check proves again, and prints one line per shader', async () => {
    const output = join(scratch, 'scheduled.asm');
    const { code, stdout } = await cli('annotate', write('fixture2.asm', FIXTURE), '-o', output);
    expect(code).toBe(0);
    expect(stdout).toMatch(/shader 0: listing 12 NOPs, 22 cycles; in-order 10 NOPs, 20 cycles; scheduled 7 NOPs, 17 cycles: proved-safe\nannotated listing written to /);
    const again = await cli('check', output);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('proved-safe');
  });

  it('a shader with control flow is printed as written, with a note; --from ir3 reads any file name', async () => {
    const { code, stdout, stderr } = await cli('annotate', '--from', 'ir3', write('branchy.txt', 'cmps.u.gt p0.x, r0.x, 0\n(rpt5)nop\nbr !p0.x, #skip\nmov.u32u32 r1.x, 1\nskip:\n(jp)end\n'));
    expect(code).toBe(0);
    expect(stderr).toMatch(/note: .*branchy\.txt: shader 0 not scheduled: line 3 \(br !p0\.x, #skip\) is a conditional branch/);
    expect(stdout).toContain('; shader 0 (line 1): not scheduled (line 3 (br !p0.x, #skip) is a conditional branch: the scheduler takes straight-line programs only); printed as written\ncmps.u.gt p0.x, r0.x, 0\n(rpt5)nop\nbr !p0.x, #skip\nmov.u32u32 r1.x, 1\nskip:\n(jp)end\n');
  });

  it('a malformed listing is a located error, exit 2, and -o leaves no file', async () => {
    const output = join(scratch, 'never.asm');
    const { code, stdout, stderr } = await cli('annotate', write('bad.asm', 'mov.u32u32 r0.x,\n'), '-o', output);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/bad\.asm:1:\d+: /);
    expect(existsSync(output)).toBe(false);
    expect(readdirSync(scratch).filter((name) => name.includes('never'))).toEqual([]);
  });

  it("a ';' inside a disassembly line is a located error, not a listing that cannot be written back (soak seed 393207404)", async () => {
    // The robustness soak found it: 'stl.u32 l[r0.y], ...' with the 'r' replaced by ';' was read
    // from the log as an operand 'l[;0.y]', and the scheduled .asm, where ';' starts a comment,
    // could not be read back: an internal error, exit 4.
    const log = write('semicolon.log', 'shader: compute\n\t\t\t\t:6:0006:0006[c1060300x_01800002x] stl.u32 l[;0.y], r0.y, 1\n\t\t\t\t:0:0011:0015[03000000x_00000000x] end\n');
    const output = join(scratch, 'semicolon.asm');
    for (const argv of [['annotate', log, '-o', output], ['check', log]]) {
      const { code, stdout, stderr } = await cli(...argv);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain(`${log}:2:49: unexpected ';' in a disassembly line`);
    }
    expect(existsSync(output)).toBe(false);
  });

  it('annotate --help describes ir3 listings', async () => {
    const { stdout } = await cli('annotate', '--help');
    expect(stdout).toContain('For an Adreno ir3 listing (computerator .asm, Mesa .log, or --from ir3)');
  });
});

describe.skipIf(!haveCorpus)('hazardproof annotate on the ir3 corpus', () => {
  it('computerator/simple.asm: scheduled and proved safe (its dependence chain leaves nothing to gain)', async () => {
    const { code, stdout } = await cli('annotate', join(corpus, 'computerator/simple.asm'));
    expect(code).toBe(0);
    expect(stdout).toContain(';   listing as written:     13 NOPs, 29 cycles');
    expect(stdout).toContain(';   scheduled:              13 NOPs, 29 cycles');
    expect(stdout).toMatch(/check of this schedule: proved-safe/);
  });

  it.each(['compute-a540.log', 'glxgears-a420.log', 'fd-clouds.log'])('%s: every straight-line shader scheduled, proved safe and no longer than in-order full latency; the rest left with a note', async (name) => {
    const output = join(scratch, `${name}.asm`);
    const { code, stdout, stderr } = await cli('annotate', join(corpus, name), '-o', output);
    expect(code).toBe(0);
    const scheduled = [...stdout.matchAll(/in-order \d+ NOPs, (\d+) cycles; scheduled \d+ NOPs, (\d+) cycles: (\S+)/g)];
    expect(scheduled.length).toBeGreaterThan(0);
    for (const [, baseline, cycles, verdict] of scheduled) {
      expect(verdict).toBe('proved-safe');
      expect(Number(cycles)).toBeLessThanOrEqual(Number(baseline));
    }
    const notes = stderr.split('\n').filter((line) => line.startsWith('note:'));
    expect(notes.every((line) => /branch|not modelled/.test(line))).toBe(true);
    expect(readFileSync(output, 'utf8').split('\n; shader ').length - 1).toBe(scheduled.length + notes.length);
  });
});
