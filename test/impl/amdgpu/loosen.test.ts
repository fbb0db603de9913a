import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { amdgpuKernelsOfText } from '../../../format/amdgpu/loadKernels.js';
import { isWaitInstruction, loosenWaits } from '../../../impl/amdgpu/loosen.js';
import { analyze } from '../../../impl/sass/analysis/fixpoint.js';
import { checkSassProgram, DEFAULT_SASS_CHECK } from '../../../impl/sass/check.js';
import type { SassProgram } from '../../../spec/sass/program.js';

const root = join(import.meta.dirname, '..', '..', '..');
const example = readFileSync(join(root, 'examples', 'amdgpu', 'loads_reverse_consume.gfx1200.s'), 'utf8');
// The first reverse-order wait tightened to 0 (line 28), and a kmcnt wait with nothing in flight added after line 54.
const tightened = example.replace(/^\ts_wait_loadcnt 0x7$/m, '\ts_wait_loadcnt 0x0').replace(/^(\ts_wait_loadcnt 0x0\n)(?=\ts_delay_alu[^\n]*\n\tv_xor_b32_e32 v1, v1, v8)/m, '$1\ts_wait_kmcnt 0x0\n');
const kernelOf = (text: string) => amdgpuKernelsOfText(text, 'test.s', { from: null, architecture: null, kernels: [] })[0]!;

/** The program with the wait at source line `line` set to `limit`. */
function withWait(program: SassProgram, line: number, limit: number): SassProgram {
  return { ...program, instructions: program.instructions.map((i) => (isWaitInstruction(i) && i.line === line ? { ...i, depbar: { ...i.depbar!, limit } } : i)) };
}

describe('loosenWaits (AMDGPU)', () => {
  it('loosens an over-tight wait and drops a needless one, and the result is proved safe', () => {
    expect(tightened).not.toBe(example);
    const kernel = kernelOf(tightened);
    const result = loosenWaits(kernel);
    expect(result.kind).toBe('loosened');
    if (result.kind !== 'loosened') return;
    const changed = result.lines.flatMap((line) => line.counters.filter((c) => c.loosest !== c.llvm).map((c) => ({ line: line.line, counter: c.counter, llvm: c.llvm, loosest: c.loosest })));
    expect(changed).toEqual([
      { line: 28, counter: 'loadcnt', llvm: 0, loosest: 7 },
      { line: 55, counter: 'kmcnt', llvm: 0, loosest: null },
    ]);
    expect(result.verdict.verdict).toBe('proved-safe');
    const analysis = analyze(result.program);
    expect(analysis.suspicions).toEqual([]);
    expect(checkSassProgram(result.program, kernel.notes, { ...DEFAULT_SASS_CHECK, counterexample: result.counterexample }).verdict).toBe('proved-safe');
  });

  it('refuses to loosen a wait that guards a read the proof needs', () => {
    const kernel = kernelOf(example);
    const result = loosenWaits(kernel);
    expect(result.kind).toBe('loosened');
    if (result.kind !== 'loosened') return;
    const line30 = result.lines.find((line) => line.line === 30)!;
    expect(line30.counters).toEqual([expect.objectContaining({ counter: 'loadcnt', llvm: 6, loosest: 6 })]);
    // One step looser really loses the proof: the read of v2 after line 30 is then suspected.
    expect(analyze(withWait(kernel.program, 30, 7)).suspicions.length).toBeGreaterThan(0);
    expect(result.lines.every((line) => line.counters.every((c) => c.loosest === c.llvm))).toBe(true);
  });

  it('does not loosen a function whose own waits are not proved safe', () => {
    const missing = readFileSync(join(root, 'examples', 'amdgpu', 'missing-wait.gfx1100.s'), 'utf8');
    const result = loosenWaits(kernelOf(missing));
    expect(result.kind).toBe('not-proved');
  });
});
