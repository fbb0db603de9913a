/** The analysis checked against the reference machine on one small kernel (the tests of impl/sass/analysis share it). */
import { expect } from 'vitest';
import { exploreAll } from '../../../../explore/exhaustive.js';
import { checkSassProgram } from '../../../../impl/sass/check.js';
import type { SassProgram } from '../../../../spec/sass/program.js';
import { sassSystem } from '../../../../spec/sass/system.js';

/** The verdict of `checkSassProgram`, asserting the exhaustive search agrees: proved only without a witness, hazard only with one. */
export function agree(kernel: SassProgram): string {
  const exploration = exploreAll(sassSystem(kernel), { maxStates: 200_000 });
  expect(exploration.complete).toBe(true);
  const { verdict } = checkSassProgram(kernel, []);
  if (verdict === 'proved-safe') expect(exploration.witnesses).toEqual([]);
  if (verdict === 'hazard') expect(exploration.witnesses.length).toBeGreaterThan(0);
  return verdict;
}
