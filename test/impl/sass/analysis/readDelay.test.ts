/**
 * Variable-latency instructions that read their sources no sooner than a few cycles after issue
 * (`SassUnit.readDelay`, maxas' rlat on Maxwell and Pascal): their write scoreboard is released
 * later still, so waiting on it also covers a fixed-latency result issued shortly before them
 * (ptxas' `SEL R0, ...; @!P1 F2F R0, ...; MOV R4, R0` waiting on the F2F's scoreboard only). The
 * analysis and the reference machine agree: proved only without a witness, hazard only with one.
 */
import { describe, expect, it } from 'vitest';
import type { SassInstruction } from '../../../../spec/sass/program.js';
import { alu, branch, exit, load, program, type InstructionOptions } from '../../../spec/sass/build.js';
import { agree } from './agree.js';

/** `F2F R0, R2` reading its source `delay` cycles after issue. */
function convert(destination: string, delay: number, options: InstructionOptions): SassInstruction {
  const base = load(destination, ['R2'], options);
  return { ...base, opcode: 'F2F', unit: { kind: 'variable', queue: 0, readDelay: delay }, text: `F2F ${destination}, R2` };
}

describe('read delays of variable-latency instructions', () => {
  // SEL R0 (6 cycles) at cycle 0, @!P1 F2F R0 (reads 4 cycles after issue) at 1, MOV reads R0 waiting on the F2F.
  const sel = alu('R0', ['R4'], { latency: 6, stall: 1 });

  it('a wait on a predicated conversion covers a 6-cycle result issued the cycle before it', () => {
    const kernel = program([sel, convert('R3', 4, { guard: 'P1', writeScoreboard: 0, stall: 2 }), alu('R4', ['R0'], { wait: [0] }), exit()]);
    expect(agree(kernel)).toBe('proved-safe');
  });

  it('without the delay the same wait proves nothing: the conversion may complete first', () => {
    const kernel = program([sel, { ...convert('R3', 4, { guard: 'P1', writeScoreboard: 0, stall: 2 }), unit: { kind: 'variable', queue: 0 } }, alu('R4', ['R0'], { wait: [0] }), exit()]);
    expect(agree(kernel)).toBe('hazard');
  });

  it('a delay one cycle too short leaves the hazard', () => {
    const kernel = program([sel, convert('R3', 3, { guard: 'P1', writeScoreboard: 0, stall: 2 }), alu('R4', ['R0'], { wait: [0] }), exit()]);
    expect(agree(kernel)).toBe('hazard');
  });

  it('a result issued after the conversion is not covered by its wait', () => {
    const kernel = program([convert('R3', 4, { writeScoreboard: 0, stall: 1 }), alu('R0', ['R4'], { latency: 6, stall: 1 }), alu('R4', ['R0'], { wait: [0] }), exit()]);
    expect(agree(kernel)).toBe('hazard');
  });

  it('a path where the conversion never issued learns nothing from the wait', () => {
    // @P2 BRA skips the conversion; on that path the MOV still meets the SEL too early.
    const kernel = program([
      alu('R0', ['R4'], { latency: 6, stall: 1 }),
      branch(3, { guard: 'P2', stall: 1 }),
      convert('R3', 4, { writeScoreboard: 0, stall: 1 }),
      alu('R4', ['R0'], { wait: [0] }),
      exit(),
    ]);
    expect(agree(kernel)).toBe('hazard');
  });

  it('a conversion issued again round a loop knows the age of results older than its newest instance only', () => {
    const kernel = program([
      convert('R3', 4, { writeScoreboard: 0, stall: 1 }),
      alu('R0', ['R4'], { latency: 6, stall: 1 }),
      convert('R5', 4, { writeScoreboard: 1, stall: 2 }),
      alu('R6', ['R0'], { wait: [1], stall: 1, latency: 1 }),
      branch(0, { guard: 'P2', stall: 1 }),
      exit(),
    ]);
    expect(agree(kernel)).toBe('proved-safe');
  });
});
