import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseProgramJson, programToJson } from '../../../format/hp/json.js';
import { parseProgram } from '../../../format/hp/parse.js';
import { programArbitrary } from '../../../properties/arbitraries/program.js';
import { rejection } from '../../helpers.js';

function problems(text: string): string[] {
  return rejection(() => parseProgramJson(text, 'bad.json'));
}

const VALID = () => JSON.parse(programToJson(parseProgram('.pipe tex queue 2: TEX\n[B------:R-:W0:-:S01] TEX R0 <- R1\n').program)) as {
  instructions: Record<string, unknown>[];
};

describe('JSON form', () => {
  it('round-trips generated programs: parseJson(toJson(p)) = p', () => {
    fc.assert(fc.property(programArbitrary({ maxInstructions: 10, registers: 4, scoreboards: 4, maxWarps: 3 }), (program) => {
      expect(parseProgramJson(programToJson(program)).program).toEqual(program);
    }), { numRuns: 200 });
  });

  it('keeps the line of each instruction', () => {
    const text = programToJson(parseProgram('.pipe alu fixed 1: MOV\nMOV R1 <- R2\nNOP\n').program);
    const lines = text.split('\n');
    const starts = lines.flatMap((line, index) => (/^ {4}\{$/.test(line) && lines[index + 1]!.includes('"kind": "') && index > lines.findIndex((l) => l.includes('"instructions"')) ? [index + 1] : []));
    expect(parseProgramJson(text).lines).toEqual(starts);
    expect(starts).toHaveLength(2);
  });

  it('reports JSON syntax errors with line and column', () => {
    expect(problems('{\n  "format": \n}')).toEqual(['3:1: invalid JSON: ValueExpected']);
  });

  it('reports schema violations at the offending value, with its JSON path', () => {
    const program = VALID();
    (program.instructions[0]!['control'] as Record<string, unknown>)['stall'] = 20;
    const text = JSON.stringify(program, null, 2);
    const [problem] = problems(text);
    const line = text.split('\n').findIndex((l) => l.includes('"stall": 20')) + 1;
    expect(problem).toBe(`${line}:18: $.instructions[0].control.stall must be <= 15`);
  });

  it('reports unknown properties and unknown instruction kinds', () => {
    const program = VALID();
    program.instructions[0]!['colour'] = 'red';
    expect(problems(JSON.stringify(program))[0]).toMatch(/\$\.instructions\[0\] has unknown property 'colour'/);
    program.instructions[0] = { kind: 'jump' };
    expect(problems(JSON.stringify(program))[0]).toMatch(/\$\.instructions\[0\]\.kind must be equal to one of the allowed values/);
  });

  it('applies the same semantic rules as the text form', () => {
    const program = VALID();
    program.instructions[0]!['opcode'] = 'LDG';
    const text = JSON.stringify(program);
    const column = text.indexOf('"LDG"') + 1;
    expect(problems(text)).toEqual([`1:${column}: $.instructions[0].opcode: unknown opcode LDG: no .pipe executes it (declared pipes: tex)`]);
  });
});
