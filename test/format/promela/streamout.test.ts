import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIGURATIONS, runSpin, spinAvailable } from '../../../bench/streamoutBench.js';
import { promelaModel } from '../../../format/promela/streamout.js';

const [, scenario] = CONFIGURATIONS[0]!;
const [, eightBatches] = CONFIGURATIONS.find(([name]) => name.startsWith('4 units, 8 batches'))!;

describe('promelaModel', () => {
  it('generates one process and named channels per SO unit, and the driver-order offsets as a macro table', () => {
    const model = promelaModel(scenario);
    expect(model).toContain('#define U 2');
    // Tasks 0, 1, 2 start at bytes 0, 4, 8: the third task starts after two 4-byte primitives.
    expect(model).toContain('#define EXPECT0(i) ((i) == 0 -> 0 : ((i) == 1 -> 4 : 8))');
    expect(model).toContain('#define EXPECT1(i) 0'); // an unused buffer is a constant
    expect(model).toContain('run Unit(work1, toSsync1, toUnit1);');
    expect(model).toMatch(/xr work; xs toSsync; xr toUnit;/);
  });

  it('covers 8 batches on 4 units with a wrapping 1-bit ID counter (4 IDs with the phase bit)', () => {
    const model = promelaModel(eightBatches);
    expect(model).toContain('#define NB 8');
    expect(model).toContain('#define IDS 4');
    expect(model).toContain('run Unit(work3, toSsync3, toUnit3);');
  });

  it('refuses scenarios with more than one operation', () => {
    expect(() => promelaModel({ ...scenario, packets: [...scenario.packets, ...scenario.packets] })).toThrow(/one stream-output operation/);
  });

  it.runIf(spinAvailable())('SPIN finds no error in the model, and finds one when SSYNC ignores task numbers', () => {
    const model = promelaModel(scenario);
    const correct = runSpin(model);
    expect(correct.errors).toBe(0);
    expect(correct.complete).toBe(true);
    expect(correct.stored).toBeGreaterThan(100);
    expect(runSpin(model.replace(/ && stask\[\d\] == task/g, '')).errors).toBeGreaterThan(0);
  });

  it.runIf(spinAvailable())('SPIN accepts the 8-batch model (syntax and channel assertions)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'hazardproof-promela-'));
    try {
      writeFileSync(join(folder, 'model.pml'), promelaModel(eightBatches));
      expect(() => execFileSync('spin', ['-a', 'model.pml'], { cwd: folder, stdio: 'pipe' })).not.toThrow();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
  if (!spinAvailable()) it.skip('SPIN is not installed (Debian package spin): the SPIN runs are skipped', () => {});
});
