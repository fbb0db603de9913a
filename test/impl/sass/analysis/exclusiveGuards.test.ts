/**
 * Instructions guarded by one predicate in opposite senses cannot both execute
 * (impl/sass/analysis/exclusiveGuards.ts): no RAW, WAR or WAW between them while the predicate is
 * not rewritten. The analysis and the reference machine agree: proved only without a witness,
 * hazard only with one.
 */
import { describe, expect, it } from 'vitest';
import type { SassInstruction } from '../../../../spec/sass/program.js';
import { alu, exit, load, program } from '../../../spec/sass/build.js';
import { agree } from './agree.js';

/** `instruction` guarded by `@!predicate` instead of `@predicate`. */
function negated(instruction: SassInstruction): SassInstruction {
  return { ...instruction, guard: { predicate: instruction.guard!.predicate, negated: true }, text: instruction.text.replace('@', '@!') };
}

describe('opposite guards on one predicate', () => {
  // @P0 R9 <- (6 cycles), then one cycle later an instruction reading R9.
  const producer = alu('R9', ['R1'], { guard: 'P0', latency: 6, stall: 1 });

  it('@P0 write then @!P0 read one cycle later: no RAW (ptxas 11.8 -O3, sm_50: @P0 MOV R9, RZ; @!P0 IADD32I R9, R9, 0x40)', () => {
    expect(agree(program([producer, negated(alu('R9', ['R9'], { guard: 'P0' })), exit()]))).toBe('proved-safe');
  });

  it('the same guard both times is a hazard', () => {
    expect(agree(program([producer, alu('R9', ['R9'], { guard: 'P0' }), exit()]))).toBe('hazard');
  });

  it('the predicate rewritten in between is a hazard: the guards may then both hold', () => {
    const rewrite = alu('P0', ['R2'], { latency: 1, stall: 1 });
    expect(agree(program([producer, rewrite, negated(alu('R3', ['R9'], { guard: 'P0' })), exit()]))).toBe('hazard');
  });

  it('@P0 variable read then @!P0 overwrite: no WAR (@P0 F2F R4, R9; @!P0 FFMA R9, ... on Volta to Hopper)', () => {
    const reader = load('R4', ['R9'], { guard: 'P0', readScoreboard: 0, stall: 1 });
    expect(agree(program([reader, negated(alu('R9', ['R1'], { guard: 'P0' })), exit()]))).toBe('proved-safe');
    expect(agree(program([reader, alu('R9', ['R1'], { guard: 'P0' }), exit()]))).toBe('hazard');
  });
});
