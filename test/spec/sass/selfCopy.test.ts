/**
 * A copy of a register onto itself (spec/sass/selfCopy.ts): a read too early by one is a reason
 * for `unknown`, not a hazard, since the copy writes back what it read. And the Ampere HMMA whose
 * result ptxas -O0 reads one cycle later (ptxas-mma-next-instruction): it reaches the next instruction.
 */
import { describe, expect, it } from 'vitest';
import { selfCopiedRegister } from '../../../spec/sass/selfCopy.js';
import { fixture, mutate, verdictAndReason } from './ptxasFixtures.js';
import { section } from '../../cli/cuasmScratch.js';

/** The verdict and reason of the one kernel of a listing's text. */
const check = (text: string, file = 'self-copy.sass') => verdictAndReason(text, file);

describe('selfCopiedRegister', () => {
  const instruction = (opcode: string, sources: string[], destinations: string[], guard: string | null = null) =>
    ({ opcode, sources, destinations, guard: guard === null ? null : { predicate: guard, negated: false } });

  it('names the register of MOV Rn, Rn, IMAD.MOV.U32 Rn, RZ, RZ, Rn and UMOV URn, URn, guarded or not', () => {
    expect(selfCopiedRegister(instruction('MOV', ['R8'], ['R8']))).toBe('R8');
    expect(selfCopiedRegister(instruction('IMAD.MOV.U32', ['R8'], ['R8']))).toBe('R8');
    expect(selfCopiedRegister(instruction('UMOV', ['UR4'], ['UR4']))).toBe('UR4');
    expect(selfCopiedRegister(instruction('MOV', ['P0', 'R8'], ['R8'], 'P0'))).toBe('R8');
  });

  it('is null for a copy to another register, a computation, or a wider move', () => {
    expect(selfCopiedRegister(instruction('MOV', ['R4'], ['R8']))).toBeNull();
    expect(selfCopiedRegister(instruction('IADD3', ['R8'], ['R8']))).toBeNull();
    expect(selfCopiedRegister(instruction('MOV.64', ['R8', 'R9'], ['R8', 'R9']))).toBeNull();
  });
});

describe('a read too early by a copy of the register onto itself', () => {
  // sm_75: the global load sets scoreboard 2 with a stall of 1; the next instruction waits on it,
  // sooner than a wait mask sees a scoreboard (nak-visibility), so it reads R5 before the load lands.
  const kernel = (reader: string) => section('k',
    '  k:',
    '      [B------:R-:W2:-:S01]         /*0000*/                   LDG.E.SYS R5, [R2] ;',
    `      [B--2---:R-:W-:Y:S04]         /*0010*/                   ${reader} ;`,
    '      [B------:R-:W-:Y:S04]         /*0020*/                   STG.E.SYS [R6], R5 ;',
    '      [B------:R-:W-:-:S05]         /*0030*/                   EXIT ;',
  );

  it('is unknown, naming the copy: it writes back what it read, wrong only if the load lands before the copy writes', () => {
    const { verdict, reason } = check(kernel('MOV R5, R5'), 'k.sm_75.cuasm');
    expect(verdict).toBe('unknown');
    expect(reason).toContain('a copy of the register onto itself');
    expect(reason).toContain('RAW on R5, line 4 reads it before line 3 writes it');
  });

  it('a copy to another register at the same place is a hazard', () => {
    expect(check(kernel('MOV R7, R5'), 'k.sm_75.cuasm').verdict).toBe('hazard');
  });
});

describe('an Ampere HMMA result read one cycle after the HMMA (ptxas 11.8 -O0, sm_80)', () => {
  // fixtures/hmma-self-copy.sm_80.ptx through ptxas 11.8 -O0 for sm_80: line 49 HMMA.1684.F32.TF32 R4
  // with a stall of 0 sets scoreboard 0; line 51 MOV R4, R4 waits on it one cycle later.
  const text = fixture('ptxas-11.8.hmma-self-copy.sm_80.O0.sass');

  it('is proved, and so is a copy to another register there: the HMMA\'s result reaches the next instruction (ptxas-mma-next-instruction)', () => {
    expect(check(text).verdict).toBe('proved-safe');
    expect(check(mutate(text, '/*0170*/                   MOV R4, R4 ;', '/*0170*/                   MOV R5, R4 ;')).verdict).toBe('proved-safe');
  });
});
