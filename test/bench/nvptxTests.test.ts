/**
 * `npm run bench:nvptx-tests`: its options and usage errors (against a fake tools folder, so they
 * do not depend on what `npm run setup:nvidia` unpacked here), the grouping of findings, and a run
 * over four tiny tests (a kernel, a device function, IR llc cannot parse, a module of globals
 * only) for one release and architecture. The run is skipped, with a notice, where ptxas 11.8 or
 * llc-22 is missing.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupFindings, numbersAsN, nvptxLlcCommand, nvptxTargets, nvptxTestsMain, parseNvptxTestsArgs, reasonGroup, type NvptxTestsFinding, type NvptxTestsResult } from '../../bench/nvptxTests.js';
import { NVIDIA_RELEASES, nvidiaRelease, nvidiaTools } from '../../impl/nvidia/tools.js';

const hasLlc = spawnSync('llc-22', ['--version'], { encoding: 'utf8' }).status === 0;
const hasPtxas = nvidiaTools('11.8') !== null;
if (!hasLlc || !hasPtxas) console.warn(`test/bench/nvptxTests.test.ts: ${hasLlc ? 'ptxas 11.8 not unpacked (npm run setup:nvidia)' : 'llc-22 not found (install Debian\'s llvm-22)'}, skipping the run`);

const KERNEL = `target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @copy(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %id = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %src = getelementptr i32, ptr addrspace(1) %in, i32 %id
  %v = load i32, ptr addrspace(1) %src
  %w = add i32 %v, 1
  %dst = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %w, ptr addrspace(1) %dst
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
`;

const DEVICE_FUNCTION = `target triple = "nvptx64-nvidia-cuda"

define float @madd(float %a, float %b, float %c) {
  %p = fmul float %a, %b
  %s = fadd float %p, %c
  ret float %s
}
`;

/** A folder of tests: a kernel in a subfolder, a device function, IR llc cannot parse, and globals only. */
function tests(): string {
  const folder = mkdtempSync(join(tmpdir(), 'hazardproof-nvptx-tests-test-'));
  mkdirSync(join(folder, 'sub'));
  writeFileSync(join(folder, 'sub', 'copy.ll'), KERNEL);
  writeFileSync(join(folder, 'madd.ll'), DEVICE_FUNCTION);
  writeFileSync(join(folder, 'broken.ll'), 'define void @f( {\n');
  writeFileSync(join(folder, 'global.ll'), 'target triple = "nvptx64-nvidia-cuda"\n@g = addrspace(1) global i32 7\n');
  writeFileSync(join(folder, 'notes.txt'), 'not a test\n');
  return folder;
}

/** A tools folder as the setup script leaves it, with ptxas and cuobjdump (empty files) for the releases given. */
function fakeTools(versions: readonly string[]): string {
  const cache = mkdtempSync(join(tmpdir(), 'hazardproof-fake-cuda-'));
  for (const version of versions) {
    mkdirSync(join(cache, version, 'usr', 'bin'), { recursive: true });
    for (const tool of ['ptxas', 'cuobjdump']) writeFileSync(join(cache, version, 'usr', 'bin', tool), '');
  }
  return cache;
}

async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await nvptxTestsMain(argv, { stdout: (text) => { stdout += text; }, stderr: (text) => { stderr += text; }, progress: false });
  return { code, stdout, stderr };
}

describe('bench:nvptx-tests options', () => {
  const saved = process.env.HAZARDPROOF_CUDA_CACHE;
  beforeEach(() => { process.env.HAZARDPROOF_CUDA_CACHE = fakeTools(['11.8', '12.5']); });
  afterEach(() => {
    if (saved === undefined) delete process.env.HAZARDPROOF_CUDA_CACHE;
    else process.env.HAZARDPROOF_CUDA_CACHE = saved;
  });

  it('reads good options, with defaults from the releases unpacked', () => {
    const folder = tests();
    expect(parseNvptxTestsArgs([folder])).toEqual({
      directory: folder, releases: ['11.8', '12.5'], architectures: null, optimizations: [3],
      every: 1, jobs: 2, cache: null, timeoutS: 60, json: false, list: false, llc: 'llc-22',
    });
    const options = parseNvptxTestsArgs([folder, '--ptxas', '12.5, 11.8', '--arch', 'sm_90a,sm_80,sm_80', '--opt', '0,3', '--every', '3', '--jobs', '4', '--cache', join(folder, 'c'), '--timeout-s', '5', '--json', '--list', '--llc', '/opt/llc']);
    expect(options).toEqual({
      directory: folder, releases: ['12.5', '11.8'], architectures: ['sm_90a', 'sm_80'], optimizations: [0, 3],
      every: 3, jobs: 4, cache: join(folder, 'c'), timeoutS: 5, json: true, list: true, llc: '/opt/llc',
    });
    // A release runs the asked architectures it has: sm_90a only with 12.5.
    expect(nvptxTargets(options).map((t) => `${t.release.version} ${t.architecture}`)).toEqual(['12.5 sm_80', '12.5 sm_90a', '11.8 sm_80']);
    expect(nvptxTargets({ releases: ['11.8'], architectures: null }).map((t) => t.architecture)).toEqual(nvidiaRelease('11.8')!.architectures);
    // Only unpacked releases are the default.
    process.env.HAZARDPROOF_CUDA_CACHE = fakeTools(['12.5']);
    expect(parseNvptxTestsArgs([folder]).releases).toEqual(['12.5']);
  });

  it('compiles PTX of the release\'s ISA version for the architecture', () => {
    expect(nvptxLlcCommand('llc-22', { release: nvidiaRelease('11.8')!, architecture: 'sm_75' })).toEqual(['llc-22', '-march=nvptx64', '-mcpu=sm_75', '-mattr=+ptx78', '-O2']);
    expect(nvptxLlcCommand('llc', { release: nvidiaRelease('12.5')!, architecture: 'sm_90a' })).toEqual(['llc', '-march=nvptx64', '-mcpu=sm_90a', '-mattr=+ptx85', '-O2']);
  });

  it('exits 2 with a clear message on bad arguments, missing tools or without llc', async () => {
    const folder = tests();
    const only118 = fakeTools(['11.8']);
    const none = fakeTools([]);
    for (const [argv, message, cache] of [
      [[], 'expected one folder of .ll files, got none'],
      [[folder, folder], 'expected one folder of .ll files, got'],
      [[join(folder, 'missing')], 'not a folder:'],
      [[folder, '--ptxas', '12.0'], `--ptxas expects releases among ${NVIDIA_RELEASES.map((r) => r.version).join(', ')}, got '12.0'`],
      [[folder, '--ptxas', '12.5'], 'ptxas 12.5 is not unpacked in', only118],
      [[folder], 'no ptxas is unpacked in', none],
      [[folder, '--ptxas', '11.8', '--arch', 'sm_90a'], "--arch expects architectures that ptxas 11.8 assembles (sm_50, sm_52, sm_60, sm_61, sm_70, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90), got 'sm_90a'"],
      [[folder, '--arch', 'sm_35'], "got 'sm_35'"],
      [[folder, '--opt', '4'], "--opt expects ptxas levels among 0, 1, 2, 3, got '4'"],
      [[folder, '--opt', '0,fast'], "--opt expects ptxas levels among 0, 1, 2, 3, got '0,fast'"],
      [[folder, '--every', '0'], "--every expects a whole number from 1, got '0'"],
      [[folder, '--jobs', 'two'], "--jobs expects a whole number from 1, got 'two'"],
      [[folder, '--timeout-s', '0'], "--timeout-s expects a whole number from 1, got '0'"],
      [[folder, '--frobnicate'], "Unknown option '--frobnicate'"],
      [[folder, '--llc', join(folder, 'no-such-llc')], 'no-such-llc is absent'],
    ] as const) {
      if (cache !== undefined) process.env.HAZARDPROOF_CUDA_CACHE = cache;
      const result = await run([...argv]);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
      if (cache !== undefined || (argv as readonly string[]).includes('--llc')) expect(result.stderr).toContain(cache === undefined ? 'apt-get install llvm-22' : 'npm run setup:nvidia');
      expect(result.stdout).toBe('');
      process.env.HAZARDPROOF_CUDA_CACHE = fakeTools(['11.8', '12.5']);
    }
  });
});

describe('bench:nvptx-tests findings', () => {
  const finding = (over: Partial<NvptxTestsFinding>): NvptxTestsFinding => ({
    ptxas: '12.5', architecture: 'sm_80', optimization: 3, file: 'a.ll', listing: null, kernel: 'k', verdict: 'unknown', reason: 'line 12: R4', detail: null, signature: null, ...over,
  });
  const result = (architecture: string, findings: NvptxTestsFinding[]) => ({ row: { ptxas: '12.5', architecture, optimization: 3 }, findings, toolFailures: [], slowest: [] }) as unknown as NvptxTestsResult;

  it('groups reasons with numbers as N (refusals without their location, facts without their sides), hazards first, the most common first', () => {
    expect(reasonGroup('unknown', 'line 12: R4 of sm_80')).toBe('line N: RN of sm_N');
    expect(reasonGroup('refused', '/tmp/c/a.ll.0123abcd.sass:7:3: unknown opcode FOO2 at 0x1a0')).toBe('unknown opcode FOO2 at N');
    expect(numbersAsN("llc-22: error: t.ll:3:14: expected type")).toBe('llc-N: error: t.ll:N:N: expected type');
    // Registers and addresses lose their numbers, opcodes keep theirs.
    expect(reasonGroup('unknown', 'RAW on UR5 and P0, SB3: IADD3 R10 -> I2F.U32 at 0xfff0 (BRA.DIV 0x2a0), sm_90a')).toBe('RAW on URN and PN, SBN: IADD3 RN -> I2F.U32 at N (BRA.DIV N), sm_Na');
    expect(reasonGroup('unknown', 'x'.repeat(300))).toHaveLength(200);
    expect(reasonGroup('unknown', 'WAR on R2 rests on the proof side of the global queue on sm_80 (proof side: any order (a) [x]; counterexample side: in order (b)) and of MOV on sm_80 (proof side: fixed (c)); the listing relies on the opposite at line 7'))
      .toBe('WAR on RN rests on the proof side of the global queue on sm_N and of MOV on sm_N; the listing relies on the opposite at line N');
    // One reason, two first hazards: two groups, told apart by the signature.
    const raw = { verdict: 'hazard' as const, reason: '1 hazard(s) shown', signature: 'RAW on R: SEL -> FSETP' };
    const groups = groupFindings([
      result('sm_80', [finding({ file: 'a.ll' }), finding({ ...raw, file: 'b.ll' }), finding({ ...raw, reason: '2 hazard(s) shown', file: 'b2.ll' }), finding({ ...raw, signature: 'WAR on P: ISETP -> SEL', file: 'b3.ll' }), finding({ reason: 'other 1' })]),
      result('sm_90', [finding({ reason: 'line 99: R7', file: 'c.ll', architecture: 'sm_90' })]),
    ]);
    expect(groups.map((g) => [g.verdict, g.reason, g.signature, g.count, g.rows, g.example.file])).toEqual([
      ['hazard', 'N hazard(s) shown', 'RAW on R: SEL -> FSETP', 2, 1, 'b.ll'],
      ['hazard', 'N hazard(s) shown', 'WAR on P: ISETP -> SEL', 1, 1, 'b3.ll'],
      ['unknown', 'line N: RN', null, 2, 2, 'a.ll'],
      ['unknown', 'other N', null, 1, 1, 'a.ll'],
    ]);
  });
});

describe.skipIf(!hasLlc || !hasPtxas)('bench:nvptx-tests run', () => {
  it('compiles, assembles, checks and reruns from the cache', async () => {
    const folder = tests();
    const cache = mkdtempSync(join(tmpdir(), 'hazardproof-nvptx-cache-'));
    const argv = [folder, '--ptxas', '11.8', '--arch', 'sm_80', '--cache', cache, '--json'];
    const first = await run(argv);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('11.8 sm_80: 4/4 files');
    expect(first.stderr).toMatch(/replay one file: llc-22 -march=nvptx64 -mcpu=sm_80 -mattr=\+ptx78 -O2 FILE\.ll -o out\.ptx && \S+ptxas -arch=sm_80 -O3 -c out\.ptx -o out\.cubin && \S+cuobjdump -sass out\.cubin > out\.sass/);
    const results = JSON.parse(first.stdout).results as NvptxTestsResult[];
    expect(results).toHaveLength(1);
    const [{ row, findings, toolFailures }] = results as [NvptxTestsResult];
    // broken.ll fails in llc; global.ll assembles to a listing with no function, which is not refused.
    expect(row).toMatchObject({ ptxas: '11.8', architecture: 'sm_80', optimization: 3, files: 4, compiled: 3, llcTimeouts: 0, assembled: 3, empty: 1, ptxasTimeouts: 0, kernels: 2, proved: 2, hazard: 0, unknown: 0, refused: 0, crashed: 0 });
    expect(findings).toEqual([]);
    expect(toolFailures).toEqual([expect.objectContaining({ file: 'broken.ll', stage: 'llc' })]);
    // PTX and listings are kept: a second run runs no tool and counts the same.
    expect(readdirSync(join(cache, '11.8', 'sm_80', 'O3')).sort()).toEqual([expect.stringMatching(/^global\.ll\.[0-9a-f]+\.sass$/), expect.stringMatching(/^madd\.ll\.[0-9a-f]+\.sass$/), expect.stringMatching(/^sub__copy\.ll\.[0-9a-f]+\.sass$/)]);
    const again = JSON.parse((await run(argv)).stdout).results as NvptxTestsResult[];
    expect(again.map((r) => ({ ...r.row, checkSeconds: 0 }))).toEqual(results.map((r) => ({ ...r.row, checkSeconds: 0 })));
    // The text report: what it runs, a row per release, architecture and level, and llc's refusal.
    const text = await run([folder, '--ptxas', '11.8', '--arch', 'sm_80', '--cache', cache]);
    expect(text.stdout).toMatch(/^bench:nvptx-tests: 4 file\(s\) x 1 target\(s\) \(11\.8: sm_80\) x ptxas -O3/);
    expect(text.stdout).toMatch(/\nptxas +arch +opt +files +compiled +assembled +kernels +proved-safe +hazard +unknown +refused +crashed +check s\n11\.8 +sm_80 +-O3 +4 +3 +3 +2 +2 +0 +0 +0 +0 +[0-9.]+\n/);
    expect(text.stdout).toContain('findings: none');
    expect(text.stdout).toContain('llc refused 1 (file, target) pair(s)');
  }, 30_000);
});
