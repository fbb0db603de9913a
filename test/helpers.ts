import { parseProgram, type ParsedProgram } from '../spec/format/parse.js';
import type { Program } from '../spec/program.js';

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
