import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { proveWholeProgram } from '../../solver/wholeProgram.js';
import { releaseZ3 } from '../../solver/z3.js';
import { replay } from '../../spec/scoreboard/trace.js';
import { readExpectation } from '../../format/hp/expectation.js';
import { parseProgram } from '../../format/hp/parse.js';

afterAll(releaseZ3);

const folder = join(import.meta.dirname, '..', '..', 'examples');

describe('proveWholeProgram on the bundled examples', () => {
  for (const name of readdirSync(folder).filter((f) => f.endsWith('.hp')).sort()) {
    it(`${name}: the solver's verdict is the stated one, and its counterexample replays to the stated hazard`, async () => {
      const text = readFileSync(join(folder, name), 'utf8');
      const expectation = readExpectation(text)!;
      const program = parseProgram(text, name).program;
      const answer = await proveWholeProgram(program, 20_000);
      if (expectation.verdict === 'proved-safe') {
        expect(answer.verdict).toBe('proved');
        return;
      }
      expect(answer.verdict).toBe('counterexample');
      if (answer.verdict !== 'counterexample') return;
      const hazards = replay(program, answer.actions).hazards;
      expect(hazards.some((h) => h.kind === expectation.kind && h.kind !== 'overflow' && h.register === expectation.register)).toBe(true);
    });
  }
});
