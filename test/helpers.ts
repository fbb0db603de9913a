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

/** Bytes from a fixed seed (a linear congruential generator): the same "random" file every run. */
export function seededBytes(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed >>> 0;
  for (let at = 0; at < length; at++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    bytes[at] = state >>> 24;
  }
  return bytes;
}
