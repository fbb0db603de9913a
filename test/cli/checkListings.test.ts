import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchWriter, section } from './cuasmScratch.js';
import { cli } from './run.js';

const root = join(import.meta.dirname, '..', '..');
const file = scratchWriter('listings');

// A global load into R5 and its consumer; `wait` is the consumer's wait mask.
const kernel = (name: string, wait: string) => section(name,
  '      [B------:R-:W2:-:S02] /*0000*/ LDG.E.SYS R5, [R2] ;',
  `      [${wait}:R-:W-:-:S04] /*0010*/ IADD3 R6, R5, 0x1, RZ ;`,
  '      [B------:R-:W-:-:S05] /*0020*/ EXIT ;',
);
const SAFE = kernel('safe', 'B--2---');
const UNSAFE = kernel('unsafe', 'B------');

// The architecture comes from the file name (*.sm_75.cuasm).
const safe = file('safe.sm_75.cuasm', `${SAFE}\n`);
const unsafe = file('unsafe.sm_75.cuasm', `${UNSAFE}\n`);
const both = file('both.sm_75.cuasm', `${SAFE}\n${UNSAFE}\n`);

/** The arguments of the `replay: hazardproof check ...` line, split as a shell would (single quotes). */
function replayArguments(stdout: string): string[] {
  const line = /replay: hazardproof (check .*)$/m.exec(stdout);
  expect(line, stdout).not.toBeNull();
  return [...line![1]!.matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2]!);
}

describe('hazardproof check on NVIDIA listings', () => {
  it('a listing whose consumer waits for its load exits 0 with proved-safe', async () => {
    const { code, stdout, stderr } = await cli('check', safe);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain(`${safe}: kernel safe (sm_75, 3 instructions`);
    expect(stdout).toMatch(/: proved-safe\n/);
  });

  it('an unsafe listing exits 1 with the hazard and a replay command that shows it again', async () => {
    const { code, stdout } = await cli('check', unsafe);
    expect(code).toBe(1);
    expect(stdout).toMatch(/kernel unsafe .*: hazard\n/);
    expect(stdout).toContain('hazard: RAW on R5: line 3 (IADD3 R6, R5, 0x1, RZ) read it at cycle');
    expect(stdout).toContain('before line 2 (LDG.E.SYS R5, [R2]) had written it');
    const args = replayArguments(stdout);
    expect(args.slice(0, 4)).toEqual(['check', unsafe, '--kernel', 'unsafe']);
    expect(args[4]).toBe('--replay');
    const again = await cli(...args);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('RAW on R5: line 3 (IADD3 R6, R5, 0x1, RZ)');
  });

  it('the printed replay command runs as printed in a shell (installed binary, dist build)', () => {
    const { stdout } = spawnSync('node', [join(root, 'bin', 'hazardproof.js'), 'check', unsafe], { encoding: 'utf8' });
    const command = /replay: hazardproof (check .*)$/m.exec(stdout)![1]!;
    const again = spawnSync('sh', ['-c', `node ${join(root, 'bin', 'hazardproof.js')} ${command}`], { encoding: 'utf8' });
    expect(again.stderr).toBe('');
    expect(again.status).toBe(1);
    expect(again.stdout).toContain('RAW on R5');
  });

  it('--replay of a schedule without the hazard exits 0; one the machine refuses exits 2', async () => {
    const quiet = await cli('check', unsafe, '--kernel', 'unsafe', '--replay', 'W R');
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).toContain('no hazard in this schedule');
    const refused = await cli('check', unsafe, '--kernel', 'unsafe', '--replay', 'W R w0.0');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('not enabled');
  });

  it('--json prints one object per kernel with its verdict (an array for several kernels)', async () => {
    const one = await cli('check', safe, '--json');
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toMatchObject({ file: safe, kernel: 'safe', architecture: 'sm_75', instructions: 3, verdict: 'proved-safe', hazards: [] });
    const { code, stdout } = await cli('check', both, '--json');
    expect(code).toBe(1);
    const reports = JSON.parse(stdout) as { kernel: string; verdict: string; hazards: { kind: string; register: string; producerLine: number; consumerLine: number; schedule: string }[] }[];
    expect(reports.map((report) => [report.kernel, report.verdict])).toEqual([['safe', 'proved-safe'], ['unsafe', 'hazard']]);
    // Line numbers count in the whole file: the unsafe kernel starts at line 5.
    expect(reports[1]!.hazards[0]).toMatchObject({ kind: 'RAW', register: 'R5', producerLine: 6, consumerLine: 7 });
    // --kernel picks one.
    const picked = JSON.parse((await cli('check', both, '--json', '--kernel', 'unsafe')).stdout);
    expect(picked).toMatchObject({ kernel: 'unsafe', verdict: 'hazard' });
    // The JSON schedule replays too.
    const replayed = await cli('check', both, '--kernel', 'unsafe', '--replay', reports[1]!.hazards[0]!.schedule);
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toContain('RAW on R5');
  });

  it('a listing that does not name its architecture exits 2 at file:1:1 asking for --arch, printing nothing', async () => {
    const maxas = file('noarch.sass', [
      '# Kernel: noarch',
      '--:-:1:-:2      LDG.E R5, [R2];',
      '01:-:-:-:4      IADD R6, R5, 0x1;',
      '--:-:-:-:5      EXIT;',
      '',
    ].join('\n'));
    const { code, stdout, stderr } = await cli('check', maxas);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(new RegExp(`^${escape(maxas)}:1:1: .*--arch`));
    // With --arch it is checked.
    const given = await cli('check', maxas, '--arch', 'sm_52');
    expect(given.stderr).toBe('');
    expect(given.code).toBe(0);
    expect(given.stdout).toContain('kernel noarch (sm_52, 3 instructions');
  });

  it('a malformed control field exits 2 with file:line:column on stderr and nothing on stdout', async () => {
    const bad = file('bad.sm_75.cuasm', section('bad',
      '      [B------:R-:W2:-:S02] /*0000*/ LDG.E.SYS R5, [R2] ;',
      '      [B------:R-:W-:-:S1x] /*0010*/ IADD3 R6, R5, 0x1, RZ ;',
    ));
    const { code, stdout, stderr } = await cli('check', safe, bad);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`${bad}:3:24: expected the stall 'S' followed by a decimal count 0..15, got 'S1x'\n`);
  });

  it('print --to hp shows the model: architecture, queues and each instruction with its registers and line', async () => {
    const { code, stdout } = await cli('print', unsafe, '--to', 'hp');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines).toContain('.arch sm_75');
    // Turing's global memory instructions complete in any order but read their operands in issue order (ptxas-global-read-order).
    expect(lines).toContain('.queue global unordered, reads in order');
    expect(stdout).toMatch(/\[B------:R-:W2:-:S02\] LDG\.E\.SYS R5 <- R2, R3 +# line 2, queue global/);
    expect(stdout).toMatch(/\[B------:R-:W-:-:S04\] IADD3 R6 <- R5 +# line 3, fixed \d+/);
    expect(stdout).toMatch(/EXIT +# line 4, no unit/);
  });

  it('mutate --sample 5 --seed 1 prints a table with the caught share and how to get the same sample', async () => {
    // Three loads and their consumer: 7 mutants (3 waits to drop, 1 stall to lower, 3 write scoreboards to move).
    const many = file('many.sm_75.cuasm', `${section('many',
      '      [B------:R-:W1:-:S02] /*0000*/ LDG.E.SYS R5, [R2] ;',
      '      [B------:R-:W2:-:S02] /*0010*/ LDG.E.SYS R7, [R2+0x4] ;',
      '      [B------:R-:W3:-:S02] /*0020*/ LDG.E.SYS R9, [R2+0x8] ;',
      '      [B-123--:R-:W-:-:S08] /*0030*/ IADD3 R6, R5, R7, R9 ;',
      '      [B------:R-:W-:-:S04] /*0040*/ STG.E.SYS [R2], R6 ;',
      '      [B------:R-:W-:-:S05] /*0050*/ EXIT ;',
    )}\n`);
    const { code, stdout, stderr } = await cli('mutate', many, '--sample', '5', '--seed', '1');
    expect(stderr).toBe('');
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^kernel +mutants +checked +proved-safe +caught +undecided +caught share$/);
    expect(lines[1]).toMatch(/^many +7 +5 +\d+ +\d+ +0 +100\.0%$/);
    const [, , , provedSafe, caught] = lines[1]!.split(/\s+/).map(Number);
    expect(provedSafe! + caught!).toBe(5);
    expect(caught).toBeGreaterThan(0);
    expect(lines.at(-1)).toBe(`seed 1 (same sample: hazardproof mutate ${many} --sample 5 --seed 1)`);
    // Every mutant caught: exit 0.
    expect(code).toBe(0);
    // The same seed gives the same table.
    expect((await cli('mutate', many, '--sample', '5', '--seed', '1')).stdout).toBe(stdout);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
