import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';
import { simplifyInstructions } from '../impl/minimize/simplifyInstructions.js';
import { printProgram } from '../spec/format/print.js';
import type { Program } from '../spec/program.js';

/** What a law is checked on: a program and the schedule parameters of the run. */
export interface LawInput {
  readonly program: Program;
  /** Seed of the random latency schedule(s) the law uses. */
  readonly seed: number;
  readonly maxLatency: number;
  readonly scoreboardMax: number;
}

/** Law inputs over the given programs. */
export function lawInputs(programs: fc.Arbitrary<Program>, scoreboardMax: fc.Arbitrary<number> = fc.constantFrom(63, 7, 3)): fc.Arbitrary<LawInput> {
  return fc.record({ program: programs, seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }), maxLatency: fc.integer({ min: 1, max: 10 }), scoreboardMax });
}

/** A law violation, shrunk by fast-check and then by `simplifyInstructions`. */
export interface Violation {
  readonly seed: number;
  readonly path: string;
  readonly input: LawInput;
  readonly message: string;
  readonly instructionsBefore: number;
}

const REGRESSIONS = join(import.meta.dirname, 'regressions');

/** Runs a law; returns the simplified violation, or null when it held for every run. */
export function findViolation(inputs: fc.Arbitrary<LawInput>, law: (input: LawInput) => void, numRuns: number): Violation | null {
  const replaySeed = process.env['HAZARDPROOF_SEED'];
  const parameters: fc.Parameters<[LawInput]> = replaySeed === undefined
    ? { numRuns }
    : { numRuns, seed: Number(replaySeed), ...(process.env['HAZARDPROOF_PATH'] ? { path: process.env['HAZARDPROOF_PATH'] } : {}) };
  const result = fc.check(fc.property(inputs, (input) => { law(input); }), parameters);
  if (!result.failed || !result.counterexample) return null;
  const shrunk = result.counterexample[0];
  const fails = (input: LawInput) => failure(law, input) !== null;
  const program = simplifyInstructions(shrunk.program, (candidate) => fails({ ...shrunk, program: candidate })).program;
  let input: LawInput = { ...shrunk, program };
  while (input.maxLatency > 1 && fails({ ...input, maxLatency: input.maxLatency - 1 })) input = { ...input, maxLatency: input.maxLatency - 1 };
  return {
    seed: result.seed, path: result.counterexamplePath ?? '', input,
    message: failure(law, input) ?? 'law failed', instructionsBefore: shrunk.program.instructions.length,
  };
}

/**
 * Checks a law as a test: first on every saved regression of this law, then on `numRuns`
 * generated inputs. A violation is saved to the regression corpus and thrown with its seed, path,
 * a replay command and the simplified counterexample as a `.hp` program.
 */
export function checkLaw(name: string, testFile: string, inputs: fc.Arbitrary<LawInput>, law: (input: LawInput) => void, numRuns: number): void {
  const folder = join(REGRESSIONS, slug(name));
  if (existsSync(folder)) {
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.json')).sort()) {
      const saved = JSON.parse(readFileSync(join(folder, file), 'utf8')) as { input: LawInput };
      const message = failure(law, saved.input);
      if (message !== null) throw new Error(`law '${name}' fails on saved regression ${relative(process.cwd(), join(folder, file))}:\n${message}`);
    }
  }
  const violation = findViolation(inputs, law, numRuns);
  if (!violation) return;
  mkdirSync(folder, { recursive: true });
  const text = JSON.stringify({ law: name, seed: violation.seed, path: violation.path, input: violation.input }, null, 2);
  const saved = join(folder, `${createHash('sha256').update(text).digest('hex').slice(0, 12)}.json`);
  writeFileSync(saved, `${text}\n`);
  const { input } = violation;
  const title = (expect.getState().currentTestName ?? name).split(' > ').at(-1)!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  throw new Error([
    `law '${name}' does not hold (seed ${violation.seed}, path "${violation.path}")`,
    `replay: HAZARDPROOF_SEED=${violation.seed} HAZARDPROOF_PATH="${violation.path}" npx vitest run ${relative(process.cwd(), testFile)} -t "${title}"`,
    `saved to the regression corpus: ${relative(process.cwd(), saved)} (replayed first by every run)`,
    `counterexample (${violation.instructionsBefore} instructions after fast-check's shrinking, ${input.program.instructions.length} after simplification; schedule seed ${input.seed}, latencies 1..${input.maxLatency}, scoreboard max ${input.scoreboardMax}):`,
    printProgram(input.program).trimEnd().split('\n').map((line) => `  ${line}`).join('\n'),
    violation.message,
  ].join('\n'));
}

function failure(law: (input: LawInput) => void, input: LawInput): string | null {
  try {
    law(input);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
