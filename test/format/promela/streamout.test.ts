import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIGURATIONS, spinAvailable } from '../../../bench/streamoutBench.js';
import { promelaModel } from '../../../format/promela/streamout.js';

const [, scenario] = CONFIGURATIONS[0]!;

function spin(model: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'hazardproof-promela-'));
  writeFileSync(join(folder, 'model.pml'), model);
  execFileSync('spin', ['-a', 'model.pml'], { cwd: folder, stdio: 'pipe' });
  execFileSync('gcc', ['-O2', '-DSAFETY', '-o', 'pan', 'pan.c'], { cwd: folder, stdio: 'pipe' });
  return spawnSync('./pan', ['-m100000'], { cwd: folder, encoding: 'utf8' }).stdout;
}

describe('promelaModel', () => {
  it('generates one process per SO unit and the driver-order offsets as assertions', () => {
    const model = promelaModel(scenario);
    expect(model).toContain('#define U 2');
    expect(model).toMatch(/expect\[8\] = 8;/); // the third task starts after two 4-byte primitives
    expect(model).toContain('run Unit(1);');
  });

  it('refuses scenarios with more than one operation', () => {
    expect(() => promelaModel({ ...scenario, packets: [...scenario.packets, ...scenario.packets] })).toThrow(/one stream-output operation/);
  });

  it.runIf(spinAvailable())('SPIN finds no error in the model, and finds one when SSYNC ignores task numbers', () => {
    const model = promelaModel(scenario);
    expect(spin(model)).toMatch(/errors: 0/);
    expect(spin(model.replace(/ && stask\[\d\] == task/g, ''))).toMatch(/assertion violated/);
  });
  if (!spinAvailable()) it.skip('SPIN is not installed (Debian package spin): the SPIN run is skipped', () => {});
});
