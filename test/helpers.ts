import { InputError } from '../format/error.js';
import { parseProgram, type ParsedProgram } from '../format/hp/parse.js';
import type { Program } from '../spec/scoreboard/program.js';

/** Parses an inline program (test input) in the `.hp` format. */
export function hp(text: string): Program {
  return parseProgram(text, 'test.hp').program;
}

/** Parses an inline program keeping line numbers. */
export function hpParsed(text: string): ParsedProgram {
  return parseProgram(text, 'test.hp');
}

/** Pipes most tests use: a texture queue, a one-slot LSU queue, a 4-cycle ALU. */
export const PIPES = `.pipe tex queue 16: TEX
.pipe lsu queue 1: LDG, STG
.pipe alu fixed 4: FMUL, MOV
`;

/** The problems an input is rejected with, as `line:col: message`; fails if it is accepted. */
export function rejection(parse: () => unknown): string[] {
  try {
    parse();
  } catch (error) {
    if (error instanceof InputError) return error.problems.map((p) => `${p.line}:${p.column}: ${p.message}`);
    throw error;
  }
  throw new Error('expected the input to be rejected');
}
