import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import fc from 'fast-check';
import { simplifyInstructions } from '../impl/minimize/simplifyInstructions.js';
import { packageRoot } from '../format/packageRoot.js';
import { printProgram } from '../format/hp/print.js';
import type { Program } from '../spec/scoreboard/program.js';

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

const REGRESSIONS = join(packageRoot(), 'properties', 'regressions');

/** A law: null when it holds for the input, else what went wrong. */
export type LawCheck = (input: LawInput) => string | null;

/**
 * Runs a law on `numRuns` generated inputs; returns the violation shrunk by fast-check and then
 * simplified argument by argument, or null when the law held every time. `seed` and `path`
 * replay a recorded run (fast-check's own replay parameters).
 */
export function findViolation(inputs: fc.Arbitrary<LawInput>, law: LawCheck, numRuns: number, replayAt?: { seed: number; path?: string }): Violation | null {
  const parameters: fc.Parameters<[LawInput]> = replayAt === undefined
    ? { numRuns }
    : { numRuns, seed: replayAt.seed, ...(replayAt.path ? { path: replayAt.path } : {}) };
  const result = fc.check(fc.property(inputs, (input) => law(input) === null), parameters);
  if (!result.failed || !result.counterexample) return null;
  const shrunk = result.counterexample[0];
  const fails = (input: LawInput) => law(input) !== null;
  const program = simplifyInstructions(shrunk.program, (candidate) => fails({ ...shrunk, program: candidate })).program;
  let input: LawInput = { ...shrunk, program };
  while (input.maxLatency > 1 && fails({ ...input, maxLatency: input.maxLatency - 1 })) input = { ...input, maxLatency: input.maxLatency - 1 };
  return {
    seed: result.seed, path: result.counterexamplePath ?? '', input,
    message: law(input) ?? 'law failed', instructionsBefore: shrunk.program.instructions.length,
  };
}

/** Saved violations of a law, oldest first (the regression corpus every run replays first). */
export function savedRegressions(name: string): { file: string; input: LawInput }[] {
  const folder = join(REGRESSIONS, slug(name));
  if (!existsSync(folder)) return [];
  return readdirSync(folder).filter((f) => f.endsWith('.json')).sort().map((file) => ({
    file: join(folder, file),
    input: (JSON.parse(readFileSync(join(folder, file), 'utf8')) as { input: LawInput }).input,
  }));
}

/** Adds a violation to the regression corpus; returns the file written. */
export function saveRegression(name: string, violation: Violation): string {
  const folder = join(REGRESSIONS, slug(name));
  mkdirSync(folder, { recursive: true });
  const text = JSON.stringify({ law: name, seed: violation.seed, path: violation.path, input: violation.input }, null, 2);
  const file = join(folder, `${createHash('sha256').update(text).digest('hex').slice(0, 12)}.json`);
  writeFileSync(file, `${text}\n`);
  return file;
}

/** The lines that present a violation: seed and path, the counterexample as a .hp program, the message. */
export function describeViolation(name: string, violation: Violation): string[] {
  const { input } = violation;
  return [
    `law '${name}' does not hold (seed ${violation.seed}, path "${violation.path}")`,
    `counterexample (${violation.instructionsBefore} instructions after fast-check's shrinking, ${input.program.instructions.length} after simplification; ` +
      `schedule seed ${input.seed}, latencies 1..${input.maxLatency}, scoreboard max ${input.scoreboardMax}):`,
    printProgram(input.program).trimEnd().split('\n').map((line) => `  ${line}`).join('\n'),
    violation.message,
  ];
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
