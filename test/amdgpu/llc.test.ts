/**
 * Real compiler output: every kernel of examples/amdgpu/ir compiled by Debian's llc-19 for the six
 * checked processors at -O0 and -O2 is proved safe (LLVM's SIInsertWaitcnts waits are enough), and
 * dropping a wait from outputs that read loaded results is caught: a hazard, or unknown with its
 * reason, never a proof, unless the dropped wait guards no register (a wait before a barrier or a
 * cache operation, a store-counter wait, one of several waits of the same fence, or a wait the
 * counter cap already implies, as the proof's note says).
 *
 * Skipped, with a notice, where llc-19 is not installed (.ci/run installs Debian's llvm-19).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkListingKernels } from '../../api/listing/checkKernels.js';
import { listingKernelsOfText } from '../../format/sass/loadKernels.js';
import { AMDGPU_TARGETS } from '../../spec/amdgpu/counters.js';

const LLC = 'llc-19';
const hasLlc = spawnSync(LLC, ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasLlc) console.warn(`test/amdgpu/llc.test.ts: ${LLC} not found, skipping the compiled-output checks (install Debian's llvm-19)`);

const irFolder = join(import.meta.dirname, '..', '..', 'examples', 'amdgpu', 'ir');
const irFiles = readdirSync(irFolder).filter((name) => name.endsWith('.ll')).sort();
const output = mkdtempSync(join(tmpdir(), 'hazardproof-llc-'));

/** Compiles every IR file for every target at -O0 and -O2, a few llc processes at a time; resolves to the output files. */
async function compileAll(): Promise<string[]> {
  const jobs = irFiles.flatMap((ir) => AMDGPU_TARGETS.flatMap((cpu) => [0, 2].map((level) => ({ ir, cpu, level, out: join(output, `${basename(ir, '.ll')}.${cpu}.O${level}.s`) }))));
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const args = ['-mtriple=amdgcn-amd-amdhsa', `-mcpu=${job.cpu}`, `-O${job.level}`, '-o', job.out, join(irFolder, job.ir)];
      const status = await new Promise<number | null>((resolve) => spawn(LLC, args, { stdio: 'ignore' }).on('close', resolve));
      if (status !== 0) failures.push(`${LLC} ${args.join(' ')}`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
  expect(failures).toEqual([]);
  return jobs.map((job) => job.out);
}

/** The verdict of each function of a text, with whether its proof rests on the counter cap. */
function check(text: string, file: string): { name: string; verdict: string; reason: string; capped: boolean; notes: readonly string[] }[] {
  const kernels = listingKernelsOfText(text, file, { from: null, architecture: null, kernels: [] });
  return checkListingKernels(kernels, { shouldStopFor: () => () => null }).map((c) => ({
    name: c.program.name, verdict: c.result.verdict, reason: c.result.reason,
    capped: c.result.notes.some((note) => note.message.includes('count never passes')),
    notes: c.result.notes.filter((note) => note.kind !== 'assumption').map((note) => `${note.line}: ${note.message}`),
  }));
}

/** Outputs whose waits mostly guard loaded results: the mutant check runs on these (every target, -O2). */
const MUTATED = ['global_load_store', 'loads_reverse_consume', 'vector_load_v4f32', 'constant_scalar_load', 'mixed_smem_lds', 'flat_generic', 'atomic_return', 'call_device_function', 'stores_then_reload'];

const WAIT = /^\s*s_wait(cnt(_[a-z]+)?|_\w+cnt)\b/;
/** Instructions after which a wait orders memory, not registers: barriers, cache operations, releases. */
const FENCE = /^\s*(s_barrier|s_barrier_signal|buffer_wbl2|buffer_inv|buffer_gl[01]_inv|buffer_wbinvl1|global_inv|global_wb)\b/;
const HINT = /^\s*(s_delay_alu|s_nop|s_clause|;|$)/;

/**
 * Whether a dropped wait guards no register, told from the text alone (not from the checker): it
 * names only the store counter, or it is one of a run of waits (a fence LLVM's memory legalizer
 * writes out counter by counter), or the next instruction after it is a barrier or cache operation.
 */
function guardsNoRegister(lines: readonly string[], index: number): boolean {
  const wait = lines[index]!;
  if (/s_waitcnt_vscnt|s_wait_storecnt\b/.test(wait)) return true;
  let next = index + 1;
  while (next < lines.length && HINT.test(lines[next]!)) next++;
  let previous = index - 1;
  while (previous >= 0 && HINT.test(lines[previous]!)) previous--;
  return WAIT.test(lines[next] ?? '') || WAIT.test(lines[previous] ?? '') || FENCE.test(lines[next] ?? '');
}

describe.skipIf(!hasLlc)('llc-19 output', () => {
  let files: string[] = [];
  beforeAll(async () => {
    files = await compileAll();
  }, 120_000);

  it('every kernel and function of every IR file, target and level is proved safe', () => {
    const notProved: string[] = [];
    let functions = 0;
    for (const file of files) {
      for (const result of check(readFileSync(file, 'utf8'), basename(file))) {
        functions++;
        if (result.verdict !== 'proved-safe' || result.notes.length > 0) notProved.push(`${basename(file)} ${result.name}: ${result.verdict}: ${result.reason} ${result.notes.join('; ')}`);
      }
    }
    expect(notProved).toEqual([]);
    expect(functions).toBeGreaterThanOrEqual(irFiles.length * AMDGPU_TARGETS.length * 2);
  });

  it('dropping a wait that guards a register is never proved safe', () => {
    let dropped = 0;
    let caught = 0;
    const proved: string[] = [];
    for (const file of files.filter((f) => MUTATED.some((name) => basename(f).startsWith(`${name}.`)) && f.endsWith('.O2.s'))) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (!WAIT.test(line)) return;
        dropped++;
        const results = check(lines.map((l, i) => (i === index ? '' : l)).join('\n'), basename(file));
        if (results.some((r) => r.verdict === 'hazard' || r.verdict === 'unknown')) caught++;
        else if (!guardsNoRegister(lines, index) && !results.some((r) => r.capped)) proved.push(`${basename(file)}:${index + 1}: ${line.trim()}`);
      });
    }
    console.log(`llc.test.ts: ${caught} of ${dropped} dropped waits caught (${((100 * caught) / dropped).toFixed(0)}%); the rest guard no register`);
    expect(proved).toEqual([]);
    expect(caught / dropped).toBeGreaterThan(0.8);
  }, 60_000);
});
