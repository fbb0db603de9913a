import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseComponentProgram } from '../../format/components/parse.js';
import { readExpectation } from '../../format/hp/expectation.js';
import { edgeLatency, instructionDistance } from '../../impl/edgeLatency/rules.js';
import { cli } from './run.js';

const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-comp-'));
const folder = join(import.meta.dirname, '..', '..', 'examples', 'components');
const examples = readdirSync(folder).filter((name) => name.endsWith('.comp')).sort().map((name) => join(folder, name));
const example = (name: string) => join(folder, name);

function write(name: string, text: string): string {
  const file = join(scratch, name);
  writeFileSync(file, text);
  return file;
}

/** The hazard objects of a one-unit `--json` report. */
interface HazardJson {
  finding: { kind: string; component: string; producer: { instruction: number; execution: number }; consumer: { instruction: number; execution: number }; cycle: number };
  producer: { instruction: number; execution: number; line: number; text: string };
  consumer: { instruction: number; execution: number; line: number; text: string };
  description: string;
  schedule: { type: string }[];
  replay: string;
}

describe('hazardproof check on .comp programs (seed 004 component machine)', () => {
  it('every bundled example states its verdict and gets it: --expect prints N/N and exits 0', async () => {
    expect(examples.length).toBeGreaterThanOrEqual(6);
    const { code, stdout, stderr } = await cli('check', '--expect', ...examples);
    expect(stderr).toBe('');
    expect(stdout).toContain(`${examples.length}/${examples.length} files got their expected verdict`);
    expect(code).toBe(0);
    for (const file of examples) {
      const expectation = readExpectation(readFileSync(file, 'utf8'));
      expect(expectation, `${file} states no verdict`).not.toBeNull();
      const single = await cli('check', file);
      expect(single.stdout.split('\n')[0]).toBe(`${file}: ${expectation!.verdict}`);
      expect(single.code).toBe(expectation!.verdict === 'hazard' ? 1 : 0);
    }
  });

  it("the examples' comments compute what the seed computes: distances 1 and 2, edge latencies 3", () => {
    // fmac: destination mask Z (kept), source mask YZ.
    expect(instructionDistance(['Z'], [['Y', 'Z']])).toBe(1);
    expect(edgeLatency('flow', 4, 1)).toBe(3);
    expect(readFileSync(example('fmac-filler.comp'), 'utf8')).toContain('instruction distance 1\n#   edge latency = max(1, fmac latency 4 - distance 1) = 3 cycles');
    // ALU: destination mask XYZ, source mask XY; the full latency would need 5.
    expect(instructionDistance(['X', 'Y', 'Z'], [['X', 'Y']])).toBe(2);
    expect(edgeLatency('flow', 5, 2)).toBe(3);
    expect(readFileSync(example('alu-distance-2-two-nops.comp'), 'utf8')).toContain('instruction distance 2\n#   edge latency = max(1, ALU latency 5 - distance 2) = 3 cycles');
  });

  it('a hazard comes with its timeline: issues, reads seen and expected, writes landing, the marked read and a replay command', async () => {
    const { code, stdout } = await cli('check', example('fmac-back-to-back.comp'), '--expect');
    expect(code).toBe(0);
    expect(stdout).toContain('hazard: RAW on r18.z: line 10 ((rpt1)fmac r18.z, r3.x, (r)r4.x) execution 1, then line 11 ((rpt1)fmac r9.x, (r)r18.y, (r)r18.y) execution 1, cycle 3: read before the result landed (issued at cycle 1, latency 4: lands at cycle 5)');
    expect(stdout).toMatch(/1 {2}issue {2}#0 \(rpt1\)fmac r18\.z, r3\.x, \(r\)r4\.x \(line 10\) +execution 1 of 2; r18\.z <- #0\[1\] at cycle 5/);
    expect(stdout).toMatch(/read +r18\.z: saw initial, expected #0\[1\] +<== RAW on r18\.z/);
    expect(stdout).toContain(`replay: hazardproof check ${example('fmac-back-to-back.comp')} --replay "c*4"`);
    expect(stdout).toContain('expected (line 1): hazard RAW r18.z: as expected');

    const variable = await cli('check', example('elu-sync.comp'), '--replay', 'c c l0 c');
    expect(variable.code).toBe(0);
    expect(variable.stdout).toMatch(/1 {2}wait {3}#1 \(sy\)add r3\.x, r1\.x, r4\.x \(line 10\) +\(sy\) waits for #0 -> r1\.x/);
    expect(variable.stdout).toMatch(/2 {2}land {3}#0 exp r1\.x, r2\.x \(line 9\) +r1\.x <- #0 \(variable latency, sy\)/);
    expect(variable.stdout).toContain('no hazard in this schedule');
  });

  it('--json: verdict, reason, and each hazard with its finding, both sides located, and its schedule as action objects', async () => {
    const file = example('alu-distance-2-one-nop.comp');
    const { code, stdout } = await cli('check', file, '--json', '--expect');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Record<string, unknown> & { hazards: HazardJson[] };
    expect(Object.keys(report)).toEqual(['file', 'shader', 'machine', 'instructions', 'verdict', 'reason', 'statesExplored', 'hazards', 'expected']);
    expect(report).toMatchObject({ file, shader: null, machine: 'components', instructions: 3, verdict: 'hazard', expected: { verdict: 'hazard', kind: 'RAW', register: 'r0.x', met: true } });
    const [first] = report.hazards;
    expect(Object.keys(first!)).toEqual(['finding', 'producer', 'consumer', 'description', 'schedule', 'replay']);
    expect(first!.finding).toEqual({ kind: 'RAW', component: 'r0.x', producer: { instruction: 0, execution: 0 }, consumer: { instruction: 2, execution: 0 }, cycle: 4 });
    expect(first!.producer).toEqual({ instruction: 0, execution: 0, line: 10, text: '(rpt2)add r0.x, (r)r1.y, r2.x' });
    expect(first!.consumer).toMatchObject({ instruction: 2, line: 12 });
    expect(first!.schedule).toEqual(Array(5).fill({ type: 'cycle' }));
    expect(first!.replay).toBe(`hazardproof check ${file} --replay "c*5"`);

    const several = JSON.parse((await cli('check', '--json', example('elu-sync.comp'), example('elu-no-sync.comp'))).stdout) as { verdict: string }[];
    expect(several.map((r) => r.verdict)).toEqual(['proved-safe', 'hazard']);
  });

  it('replay round trip: the schedule --json prints (as JSON, or as the codes of its replay command) replays to the same finding', async () => {
    for (const name of ['fmac-back-to-back.comp', 'alu-distance-2-one-nop.comp', 'elu-no-sync.comp']) {
      const file = example(name);
      const { hazards } = JSON.parse((await cli('check', file, '--json')).stdout) as { hazards: HazardJson[] };
      expect(hazards.length).toBeGreaterThan(0);
      for (const hazard of hazards) {
        const codes = /--replay "([^"]*)"$/.exec(hazard.replay)![1]!;
        for (const schedule of [JSON.stringify(hazard.schedule), codes]) {
          const replayed = await cli('check', file, '--replay', schedule);
          expect(replayed.code).toBe(1);
          expect(replayed.stdout).toContain(hazard.description);
          expect(replayed.stdout).toContain(`<== ${hazard.finding.kind} on ${hazard.finding.component}`);
        }
      }
    }
  });

  it('a write that branches over a second write of the same component: each path has its own WAW with the load still in flight, and both are reported (issue 20)', async () => {
    // Regression: the settled-component reduction once merged "r1.y written by line 5" with "r1.y
    // written by line 6" while the load was pending, and the search reported only the first WAW.
    const file = write('branch-over-write.comp', [
      '.opcode ld latency=variable sync=sy class=mem',
      '.opcode movbr latency=1 branch=conditional',
      '.opcode mov latency=1',
      'ld r1.y, r2.x',
      'movbr r1.y, r3.x, end',
      'mov r1.y, r3.y',
      'end:',
      '',
    ].join('\n'));
    const { code, stdout } = await cli('check', file, '--json');
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as { verdict: string; hazards: HazardJson[] };
    expect(report.verdict).toBe('hazard');
    const found = report.hazards.map((hazard) => `${hazard.finding.kind} ${hazard.finding.component} line ${hazard.producer.line} -> line ${hazard.consumer.line}`);
    expect(found.sort()).toEqual(['WAW r1.y line 4 -> line 5', 'WAW r1.y line 4 -> line 6']);
    // Each comes with a schedule that replays to it: the taken branch for the first, the fall-through for the second.
    for (const hazard of report.hazards) {
      const replayed = await cli('check', file, '--replay', JSON.stringify(hazard.schedule));
      expect(replayed.stdout).toContain(hazard.description);
    }
  });

  it('a schedule the program does not allow is a usage error naming the action and cycle (exit 2, nothing on stdout)', async () => {
    const finished = await cli('check', example('fmac-filler.comp'), '--replay', 'c*40');
    expect(finished.code).toBe(2);
    expect(finished.stdout).toBe('');
    expect(finished.stderr).toMatch(/--replay: the machine does not allow this schedule: action \d+ of 40 \(\{"type":"cycle"\}\), cycle \d+: the program has already finished/);
    const file = example('elu-sync.comp');
    const noResult = await cli('check', file, '--replay', 'l0');
    expect(noResult.stderr).toContain(`action 1 of 1 ({"type":"land","position":0}), cycle 0: not possible here; the machine allows {"type":"cycle"}`);
    const garbage = await cli('check', file, '--replay', 'c q');
    expect(garbage.code).toBe(2);
    expect(garbage.stderr).toContain(`'q' is not an action code`);
  });

  it('a mistake in a .comp file is a located error: exit 2, no stack, nothing on stdout', async () => {
    const file = write('bad.comp', '.opcode add latency=5\nadd r1.x, r2.x\nmul r3.x, r1.x\n');
    const { code, stdout, stderr } = await cli('check', file);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`${file}:3:1: opcode 'mul' is not declared: add '.opcode mul latency=N' (or latency=variable sync=sy)\n`);
    const missing = await cli('check', join(scratch, 'absent.comp'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('absent.comp:1:1: cannot read the program: no such file');
  });

  it('--expect: a wrong expectation is a MISMATCH, exit 1; --kernel, --seed, and .hp files alongside are usage errors', async () => {
    const file = write('wrong.comp', '# expect: proved-safe\n.opcode add latency=5\nadd r1.x, r2.x\nadd r3.x, r1.x\n');
    const { code, stdout } = await cli('check', '--expect', file);
    expect(code).toBe(1);
    expect(stdout).toContain('expected (line 1): proved-safe: MISMATCH');
    expect(stdout).toContain(`0/1 files got their expected verdict; not as expected: ${file}`);
    const kernel = await cli('check', file, '--kernel', '0');
    expect(kernel.code).toBe(2);
    expect(kernel.stderr).toContain('--kernel selects shaders of ir3 listings by number');
    const seed = await cli('check', file, '--seed', '3');
    expect(seed.code).toBe(2);
    expect(seed.stderr).toContain('--seed does not apply to .comp programs and ir3 listings');
    const mixed = await cli('check', file, join(folder, '..', 'two-warps.hp'));
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('in separate runs');
  });

  it('--minimize shrinks a padded hazardous program to the 2 instructions that clash, written in .comp notation that checks again', async () => {
    const file = write('padded.comp', [
      '# The seed\'s fmac hazard among unrelated work.',
      '.opcode fmac latency=4 class=alu keeps-destination',
      '.opcode mul latency=5 class=alu',
      '.opcode exp latency=variable sync=ss class=elu',
      'mul r5.x, r6.x, r7.x',
      '(nop2)exp r8.x, r9.x',
      '(rpt1)fmac r18.z, r3.x, (r)r4.x',
      '(rpt1)fmac r9.x, (r)r18.y, (r)r18.y',
      '(ss)(rpt2)mul r10.x, (r)r8.x, c0.x',
      'nop',
      'mul r12.x, r10.x, 1',
      '',
    ].join('\n'));
    const output = join(scratch, 'minimal.comp');
    const { code, stdout } = await cli('check', file, '--minimize', output);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^minimized RAW on r18\.z: 7 -> 2 instructions \(\d+ candidate programs, [\d.]+ s\), written to /);
    const text = readFileSync(output, 'utf8');
    expect(stdout).toContain(text.split('\n').filter(Boolean).map((line) => `    ${line}`).join('\n'));
    expect(stdout).toMatch(/<== RAW on r18\.z/);
    const { program } = parseComponentProgram(text, output);
    expect(program.instructions.map((instruction) => instruction.opcode)).toEqual(['fmac', 'fmac']);
    expect(program.instructions.map((instruction) => instruction.destination?.register)).toEqual(['r18', 'r9']);
    expect(readExpectation(text)).toMatchObject({ verdict: 'hazard', kind: 'RAW', register: 'r18.z' });
    const again = await cli('check', '--expect', output);
    expect(again.code).toBe(0);

    const safe = await cli('check', example('fmac-filler.comp'), '--minimize', join(scratch, 'none.comp'));
    expect(safe.code).toBe(0);
    expect(safe.stdout).toContain('has no hazard to minimize (proved-safe); nothing written');
  });
});

describe('the same reports on ir3 listings', () => {
  // An ALU result read by another ALU instruction after `gap` instructions in between (Mesa: 3 needed).
  const shader = (gap: number) => ['mov.u32u32 r0.x, 0x1', ...Array(gap).fill('nop'), 'add.u r1.x, r0.x, 1', 'end', ''].join('\n');

  it('a hazard has a timeline and a replay command, its --json schedule replays to it, and it minimizes to .comp', async () => {
    const file = write('short.asm', shader(2));
    const text = await cli('check', file);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/read +r0\.x: saw #0 as expected, but only 3 cycles after it issued \(alu readers need 4\) +<== RAW on r0\.x/);
    expect(text.stdout).toContain(`replay: hazardproof check ${file} --replay "c*4"`);

    const report = JSON.parse((await cli('check', file, '--json')).stdout) as { shader: number; machine: string; hazards: HazardJson[] };
    expect(report).toMatchObject({ shader: 0, machine: 'components' });
    const replayed = await cli('check', file, '--replay', JSON.stringify(report.hazards[0]!.schedule));
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toContain(report.hazards[0]!.description);

    const output = join(scratch, 'short-min.comp');
    const minimized = await cli('check', file, '--minimize', output);
    expect(minimized.code).toBe(1);
    expect(minimized.stdout).toContain('minimized RAW on r0.x: 5 -> 2 instructions');
    const again = await cli('check', '--expect', output);
    expect(again.code).toBe(0);
  });

  it('--expect on a listing compares every shader with the file\'s expectation', async () => {
    const file = write('safe.asm', `; expect: proved-safe\n${shader(3)}`);
    const { code, stdout } = await cli('check', '--expect', file);
    expect(stdout).toContain('1/1 files got their expected verdict');
    expect(code).toBe(0);
  });
});
