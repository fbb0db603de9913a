import { afterAll, describe, expect, it } from 'vitest';
import { annotate, loadProgram, minimize, prove, stopSolver, checkSync } from '../../api/index.js';

afterAll(async () => { await stopSolver(); });

describe('library: prove, annotate, minimize', () => {
  it('prove gives the --json report: every DEPBAR verdict and the whole program with Z3', async () => {
    const phases: string[] = [];
    const report = await prove(loadProgram('examples/three-textures.hp'), { onProgress: (p) => phases.push(p.phase) });
    if (!('depbars' in report)) throw new Error('expected a scoreboard proof');
    expect(report.program.verdict).toBe('proved-safe');
    expect(report.depbars.length).toBeGreaterThan(0);
    for (const depbar of report.depbars) expect(['sound-tight', 'sound']).toContain(depbar.verdict);
    expect(phases.at(-1)).toBe('program');
  });

  it('prove of an unsafe program gives the counterexample; an aborted signal leaves unknown, not a verdict', async () => {
    const unsafe = await prove(loadProgram('examples/three-textures-unsafe.hp'));
    if (!('depbars' in unsafe)) throw new Error('expected a scoreboard proof');
    expect(unsafe.program.verdict).toBe('hazard');
    expect(unsafe.program.counterexample?.description).toMatch(/RAW/);
    const controller = new AbortController();
    controller.abort();
    const aborted = await prove(loadProgram('examples/three-textures.hp'), { signal: controller.signal });
    if (!('depbars' in aborted)) throw new Error('expected a scoreboard proof');
    expect(aborted.program.verdict).toBe('unknown');
    expect(aborted.program.reason).toMatch(/aborted by the caller's AbortSignal/);
  });

  it('options out of range are refused with the option\'s name, before Z3 starts', async () => {
    const program = loadProgram('examples/three-textures.hp');
    await expect(prove(program, { maxStates: 0 })).rejects.toThrow(/maxStates must be a whole number/);
    await expect(prove(program, { queryTimeoutMs: 1.5 })).rejects.toThrow(/queryTimeoutMs must be a whole number/);
    await expect(prove(program, { timeoutMs: -1 })).rejects.toThrow(/timeoutMs must be a positive number/);
    expect(() => checkSync(program, { timeoutMs: Number.NaN })).toThrow(/timeoutMs must be a positive number/);
  });

  it('annotate protects an unprotected program: the result checks proved-safe', () => {
    const annotated = annotate(loadProgram('examples/war-missing-wait.hp'));
    expect(annotated.text).toMatch(/\.scoreboards/);
    expect(checkSync(annotated.program).verdict).toBe('proved-safe');
  });

  it('minimize shrinks a program to one that still shows the hazard', () => {
    const minimized = minimize(loadProgram('examples/queue-backpressure-deep.hp'), { kind: 'WAR', register: 'R1' }, { seed: 1 });
    expect(minimized.instructionsAfter).toBeLessThan(minimized.instructionsBefore);
    const report = checkSync(minimized.program, { seed: 1 });
    expect(report.hazards.some((h) => h.kind === 'WAR' && 'register' in h && h.register === 'R1')).toBe(true);
  });
});
