import { relative } from 'node:path';
import type fc from 'fast-check';
import { expect } from 'vitest';
import { describeViolation, findViolation, saveRegression, savedRegressions, type LawCheck, type LawInput } from './law.js';

/**
 * Checks a law as a vitest test: first on every saved regression of this law, then on `numRuns`
 * generated inputs (or on the run HAZARDPROOF_SEED / HAZARDPROOF_PATH name). A violation is saved
 * to the regression corpus and thrown with seed, path, a one-line replay command and the
 * simplified counterexample.
 */
export function checkLaw(name: string, testFile: string, inputs: fc.Arbitrary<LawInput>, law: LawCheck, numRuns: number): void {
  for (const saved of savedRegressions(name)) {
    const message = law(saved.input);
    if (message !== null) throw new Error(`law '${name}' fails on saved regression ${relative(process.cwd(), saved.file)}:\n${message}`);
  }
  const seed = process.env['HAZARDPROOF_SEED'];
  const replayAt = seed === undefined ? undefined : { seed: Number(seed), ...(process.env['HAZARDPROOF_PATH'] ? { path: process.env['HAZARDPROOF_PATH'] } : {}) };
  const violation = findViolation(inputs, law, numRuns, replayAt);
  if (!violation) return;
  const file = saveRegression(name, violation);
  const title = (expect.getState().currentTestName ?? name).split(' > ').at(-1)!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const [headline, ...rest] = describeViolation(name, violation);
  throw new Error([
    headline,
    `replay: HAZARDPROOF_SEED=${violation.seed} HAZARDPROOF_PATH="${violation.path}" npx vitest run ${relative(process.cwd(), testFile)} -t "${title}"`,
    `saved to the regression corpus: ${relative(process.cwd(), file)} (replayed first by every run)`,
    ...rest,
  ].join('\n'));
}
