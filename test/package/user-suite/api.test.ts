// Uses the library the way a compiler team does: load, check, prove, annotate. Must pass.
import { describe, expect, it } from 'vitest';
import { annotate, check, checkSync, load, loadProgram, parseProgram, prove, InputError } from 'hazardproof';

/** An example the package ships, as an installed user finds it. */
const example = (file: string) => new URL(`node_modules/hazardproof/examples/${file}`, import.meta.url).pathname;

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

  it('one front door: load recognises every input kind by content, check runs its machine', async () => {
    const cases = [
      ['three-textures-unsafe.hp', 'scoreboard', 'hazard'],
      ['lrc/missing-bit.hp', 'lrc', 'hazard'],
      ['sass/missing-wait.sm_75.cuasm', 'listing', 'hazard'],
      ['amdgpu/missing-wait.gfx1100.s', 'listing', 'hazard'],
      ['components/elu-no-sync.comp', 'components', 'hazard'],
      ['streamout/small-exhaustive.json', 'streamout', 'no-violation-found'],
    ] as const;
    for (const [file, kind, verdict] of cases) {
      const input = load(example(file));
      expect(input.kind, file).toBe(kind);
      const report = await check(input, { timeoutMs: 20_000 });
      expect(report.kind, file).toBe(kind);
      expect(report.verdict, file).toBe(verdict);
    }
    const shader = load({ text: 'mov.u32u32 r0.x, 0x1\nadd.u r1.x, r0.x, 1\nend\n', file: 'shader.asm' });
    expect(shader.kind).toBe('ir3');
    expect((await check(shader, { timeoutMs: 20_000 })).verdict).toBe('hazard');
  });
});
