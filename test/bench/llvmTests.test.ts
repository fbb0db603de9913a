/**
 * `npm run bench:llvm-tests` on three tiny tests (one proved, one llc rejects, one with no
 * function, which the reader refuses), its cache, and its usage errors. The compiling part is
 * skipped, with a notice, where llc-19 is not installed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listLlvmTests, llvmTestsMain, parseLlvmTestsArgs, type LlvmTestsTarget } from '../../bench/llvmTests.js';

const hasLlc = spawnSync('llc-19', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasLlc) console.warn('test/bench/llvmTests.test.ts: llc-19 not found, skipping the compiling tests (install Debian\'s llvm-19)');

const KERNEL = `define amdgpu_kernel void @copy(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %src = getelementptr i32, ptr addrspace(1) %in, i32 %id
  %v = load i32, ptr addrspace(1) %src
  %dst = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %v, ptr addrspace(1) %dst
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
`;

/** A folder of tests: a kernel in a subfolder, IR llc cannot parse, and a global with no function. */
function tests(): string {
  const folder = mkdtempSync(join(tmpdir(), 'hazardproof-llvm-tests-test-'));
  mkdirSync(join(folder, 'sub'));
  writeFileSync(join(folder, 'sub', 'copy.ll'), KERNEL);
  writeFileSync(join(folder, 'broken.ll'), 'define void @f( {\n');
  writeFileSync(join(folder, 'global.ll'), '@g = addrspace(1) global i32 7\n');
  writeFileSync(join(folder, 'notes.txt'), 'not a test\n');
  return folder;
}

async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await llvmTestsMain(argv, { stdout: (text) => { stdout += text; }, stderr: (text) => { stderr += text; }, progress: false });
  return { code, stdout, stderr };
}

describe('bench:llvm-tests', () => {
  it('lists .ll files recursively in code-unit order and takes every Nth', () => {
    const folder = tests();
    expect(listLlvmTests(folder, 1)).toEqual(['broken.ll', 'global.ll', 'sub/copy.ll']);
    expect(listLlvmTests(folder, 2)).toEqual(['broken.ll', 'sub/copy.ll']);
  });

  it.skipIf(!hasLlc)('counts llc failures and refusals, proves the kernel, and reruns from the cache', async () => {
    const folder = tests();
    const cache = mkdtempSync(join(tmpdir(), 'hazardproof-llvm-cache-'));
    const argv = [folder, '--mcpu', 'gfx900,gfx1100', '--jobs', '2', '--cache', cache, '--json'];
    const first = await run(argv);
    expect(first.code).toBe(0);
    expect(first.stderr).toContain('gfx1100: 3/3 files');
    const targets = JSON.parse(first.stdout).targets as LlvmTestsTarget[];
    for (const { row, findings } of targets) {
      expect(row).toMatchObject({ files: 3, compiled: 2, llcTimeouts: 0, refused: 1, crashed: 0, functions: 1, proved: 1, unknown: 0, hazard: 0 });
      expect(findings).toEqual([expect.objectContaining({ file: 'global.ll', verdict: 'refused', function: null })]);
      expect(findings[0]!.reason).toMatch(/global\.ll\.[0-9a-f]+\.s:1:1: /);
    }
    // The outputs and llc's refusal are kept: a second run compiles nothing and counts the same.
    expect(readdirSync(join(cache, 'gfx900')).sort()).toEqual([expect.stringMatching(/^broken\.ll\.[0-9a-f]+\.err$/), expect.stringMatching(/^global\.ll\.[0-9a-f]+\.s$/), expect.stringMatching(/^sub__copy\.ll\.[0-9a-f]+\.s$/)]);
    const again = JSON.parse((await run(argv)).stdout).targets as LlvmTestsTarget[];
    expect(again.map((t) => ({ ...t.row, checkSeconds: 0 }))).toEqual(targets.map((t) => ({ ...t.row, checkSeconds: 0 })));
    // The text report: a row per target and the refused file with its located error.
    const text = await run([folder, '--mcpu', 'gfx942', '--every', '1']);
    expect(text.stdout).toMatch(/^target +files +compiled +refused +crashed +functions +proved-safe +unknown +hazard +check s\ngfx942 +3 +2 +1 +0 +1 +1 +0 +0 +[0-9.]+\n/);
    expect(text.stdout).toContain('refused: global.ll: global.ll.gfx942.s:1:1:');
  });

  it('exits 2 with a clear message on bad arguments or without llc', async () => {
    const folder = tests();
    for (const [argv, message] of [
      [[], 'expected one folder of .ll files, got none'],
      [[join(folder, 'missing')], 'not a folder:'],
      [[folder, '--mcpu', 'gfx906'], "--mcpu expects targets among gfx900, gfx90a, gfx942, gfx1030, gfx1100, gfx1200, got 'gfx906'"],
      [[folder, '--every', '0'], "--every expects a whole number from 1, got '0'"],
      [[folder, '--jobs', 'two'], "--jobs expects a whole number from 1, got 'two'"],
      [[folder, '--frobnicate'], "Unknown option '--frobnicate'"],
      [[folder, '--llc', join(folder, 'no-such-llc')], 'no-such-llc is absent'],
    ] as const) {
      const result = await run([...argv]);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stdout).toBe('');
    }
    expect(parseLlvmTestsArgs([folder])).toMatchObject({ targets: ['gfx900', 'gfx90a', 'gfx942', 'gfx1030', 'gfx1100', 'gfx1200'], every: 1, jobs: 2, cache: null, timeoutS: 10, json: false, llc: 'llc-19' });
  });
});
