import { describe, expect, it } from 'vitest';
import { check, checkSync, InputError, loadProgram, parseProgram, programFromModel } from '../../api/index.js';

describe('library: check', () => {
  it('checkSync gives the --json report: the expected hazard with its line, schedule and replay command', () => {
    const report = checkSync(loadProgram('examples/war-missing-wait.hp'), { seed: 1 });
    expect(report.verdict).toBe('hazard');
    expect(report.machine).toBe('scoreboard');
    const hazard = report.hazards.find((h) => h.kind === 'WAR');
    expect(hazard && 'register' in hazard ? hazard.register : null).toBe('R2');
    expect(hazard?.replay).toMatch(/^hazardproof check examples\/war-missing-wait\.hp --replay "/);
    expect(hazard && 'consumerLine' in hazard ? hazard.consumerLine : null).toBeGreaterThan(3);
  });

  it('a safe program is proved safe by the exhaustive search; LRC programs are checked on their machine', () => {
    expect(checkSync(loadProgram('examples/three-textures.hp')).verdict).toBe('proved-safe');
    expect(checkSync(loadProgram('examples/lrc/two-classes.hp')).machine).toBe('lrc');
  });

  it('check runs on a worker thread: progress arrives, and an AbortSignal ends it with unknown and the reason', async () => {
    // A safe program, random schedules, far more runs than 2 s allow (the budget includes starting the worker, slow on a loaded machine): only the signal can end it.
    const program = loadProgram('examples/three-textures.hp');
    const progress: number[] = [];
    const report = await check(program, { mode: 'random', runs: 100_000_000, seed: 3, signal: AbortSignal.timeout(2000), onProgress: (p) => progress.push(p.done) });
    expect(report.verdict).toBe('unknown');
    expect(report.reason).toMatch(/aborted by the caller's AbortSignal \(The operation was aborted due to timeout\)/);
    expect(progress.length).toBeGreaterThan(0);
  });

  it('an already aborted signal stops the search before its first step', async () => {
    const controller = new AbortController();
    controller.abort(new Error('not today'));
    const report = await check(loadProgram('examples/three-textures.hp'), { signal: controller.signal });
    expect(report.verdict).toBe('unknown');
    expect(report.reason).toContain('aborted by the caller\'s AbortSignal (not today)');
  });

  it('the worker and the calling thread give the same report for the same seed', async () => {
    const program = loadProgram('examples/waw-across-pipes.hp');
    const onWorker = await check(program, { seed: 7, mode: 'random', runs: 300 });
    const inline = checkSync(program, { seed: 7, mode: 'random', runs: 300 });
    expect({ ...onWorker, elapsedMs: 0 }).toEqual({ ...inline, elapsedMs: 0 });
  });

  it('parseProgram reads text (and JSON); a mistake is an InputError naming file, line and column', () => {
    const parsed = parseProgram('.pipe alu fixed 2: MOV\nMOV R1 <- R2\n', { file: 'inline.hp' });
    expect(parsed.machine).toBe('scoreboard');
    try {
      parseProgram('.pipe alu fixed 2: MOV\nFOO R1\n', { file: 'bad.hp' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).message).toMatch(/^bad\.hp:2:\d+: /);
    }
  });

  it('a model (a pass\'s output) is printed and read back, so reports point at lines of its text', () => {
    const model = loadProgram('examples/war-missing-wait.hp');
    if (model.machine !== 'scoreboard') throw new Error('expected a scoreboard program');
    const report = checkSync(programFromModel(model.parsed.program), { seed: 1 });
    expect(report.file).toBe('<program>');
    expect(report.verdict).toBe('hazard');
  });

  it('options out of range are refused with the option\'s name', () => {
    expect(() => checkSync(loadProgram('examples/three-textures.hp'), { runs: 0 })).toThrow(/runs must be a whole number/);
  });
});
