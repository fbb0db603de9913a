import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseProgram } from '../../../format/hp/parse.js';
import { printProgram } from '../../../format/hp/print.js';
import { programArbitrary } from '../../../properties/arbitraries/program.js';

describe('printProgram', () => {
  it('prints the canonical form', () => {
    const text = '.pipe tex queue 2: TEX\n[B0-----:R1:W2:Y:S03] TEX.B R0 <- R1, RZ, 0x4\nDEPBAR.LE SB1, 0x2\nNOP\n';
    expect(printProgram(parseProgram(text).program)).toBe(
      '.scoreboards 6\n.pipe tex queue 2: TEX\n\n' +
      '[B0-----:R1:W2:Y:S03] TEX.B R0 <- R1, RZ, 0x4\n[B------:R-:W-:-:S01] DEPBAR.LE SB1, 2\n[B------:R-:W-:-:S01] NOP\n',
    );
  });

  it('widens the wait mask for more than 6 scoreboards', () => {
    const text = '.scoreboards 12\n[B-----------b:R-:Wa:-:S01] NOP\n';
    expect(printProgram(parseProgram(text).program)).toContain('[B-----------b:R-:Wa:-:S01] NOP');
  });

  it('parse(print(p)) = p for generated programs', () => {
    fc.assert(fc.property(programArbitrary({ maxInstructions: 12, registers: 6, scoreboards: 6, maxWarps: 4 }), (program) => {
      expect(parseProgram(printProgram(program)).program).toEqual(program);
    }), { numRuns: 300 });
  });
});
