// Uses the library the way a compiler team does: load, check, prove, annotate. Must pass.
import { describe, expect, it } from 'vitest';
import { annotate, check, checkSync, loadProgram, parseProgram, prove, InputError } from 'hazardproof';

const unprotected = `.scoreboards 2
.pipe tex queue 2: TEX
.pipe alu fixed 2: FMUL

TEX R1 <- R0
FMUL R2 <- R1, R1
`;

describe('hazardproof as a library', () => {
  it('checks a program and reports the hazard with its line and replay command', () => {
    const report = checkSync(parseProgram(unprotected, { file: 'kernel.hp' }), { seed: 1 });
    expect(report.verdict).toBe('hazard');
    expect(report.hazards[0]).toMatchObject({ kind: 'RAW', register: 'R1', consumerLine: 6 });
    expect(report.hazards[0]!.replay).toContain('hazardproof check kernel.hp --replay');
  });

  it('runs long checks off the thread, with progress and an AbortSignal', async () => {
    const report = await check(parseProgram(unprotected), { mode: 'random', runs: 50_000_000, signal: AbortSignal.timeout(200), onProgress: () => {} });
    expect(['hazard', 'unknown']).toContain(report.verdict);
  });

  it('annotates, then proves the result with Z3', async () => {
    const annotated = annotate(parseProgram(unprotected, { file: 'kernel.hp' }));
    expect(annotated.program).toBeHazardFree({ requireProof: true });
    await expect(annotated.program).toBeProvedSafe();
    const report = await prove(annotated.program);
    expect('depbars' in report && report.program.verdict).toBe('proved-safe');
  });

  it('reports a mistake in a program with its file, line and column', () => {
    expect(() => parseProgram('TEX R1 <- R0\n', { file: 'bad.hp' })).toThrow(InputError);
    expect(() => loadProgram('no-such-file.hp')).toThrow(/no-such-file\.hp/);
  });
});
