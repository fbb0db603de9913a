/**
 * What the tests of facts read off ptxas output share: a fixture listing's text, the verdict of
 * each of its kernels, and the same listing with one protection taken away.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { checkListingKernels } from '../../../api/listing/checkKernels.js';
import { timeBudget } from '../../../api/stop.js';
import { listingKernelsOfText } from '../../../format/sass/loadKernels.js';
import { packageRoot } from '../../../format/packageRoot.js';

/** The text of `test/spec/sass/fixtures/<name>`. */
export const fixture = (name: string): string => readFileSync(join(packageRoot(), 'test', 'spec', 'sass', 'fixtures', name), 'utf8');

/** The verdict of each kernel of a listing's text. */
export function verdicts(text: string, file: string): Record<string, string> {
  return Object.fromEntries(checks(text, file).map((check) => [check.program.name, check.result.verdict]));
}

/** Every kernel of a listing's text, checked with a 20 s budget each. */
function checks(text: string, file: string): ReturnType<typeof checkListingKernels> {
  const kernels = listingKernelsOfText(text, file, { from: null, architecture: null, kernels: [] });
  return checkListingKernels(kernels, { shouldStopFor: () => timeBudget({ timeoutMs: 20_000 }).shouldStop });
}

/** The verdict and reason of the first kernel of a listing's text. */
export function verdictAndReason(text: string, file: string): { readonly verdict: string; readonly reason: string } {
  const [first] = checks(text, file);
  return { verdict: first!.result.verdict, reason: first!.result.reason };
}

/** The hazards found in the first kernel of a listing's text (kind and register of each). */
export function hazardsOf(text: string, file: string): readonly { readonly kind: string; readonly register: string }[] {
  const result = checks(text, file)[0]!.result;
  return 'hazards' in result ? result.hazards.map(({ hazard }) => ({ kind: hazard.kind, register: 'register' in hazard ? hazard.register : '' })) : [];
}

/** `text` with one exact fragment replaced (it must occur once). */
export function mutate(text: string, from: string, to: string): string {
  expect(text.split(from).length, from).toBe(2);
  return text.replace(from, to);
}

/** One protection taken away, in words, and the control word edit that does it. */
export interface Mutant {
  readonly kernel: string;
  readonly what: string;
  readonly from: string;
  readonly to: string;
  /** `hazard` where a source shows the hardware that fast, `unknown` where only the proof side's bound says so. */
  readonly verdict: 'hazard' | 'unknown';
}
