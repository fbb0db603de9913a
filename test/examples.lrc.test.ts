import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readExpectation } from '../format/hp/expectation.js';
import { parseLrcProgram } from '../format/lrc/parse.js';
import { checkLrcProgram } from '../impl/lrc/check.js';
import { meetsLrcExpectation } from '../reports/lrc/checkReport.js';

const folder = join(import.meta.dirname, '..', 'examples', 'lrc');
const examples = readdirSync(folder).filter((name) => name.endsWith('.hp')).sort();

describe('bundled LRC examples get the verdict they state', () => {
  it('there are at least six, covering safe, missing bit, deadlock, WAR on a load source, two classes and contention', () => {
    expect(examples).toEqual(expect.arrayContaining(['multithread-safe.hp', 'missing-bit.hp', 'init-lrc-deadlock.hp', 'war-load-source.hp', 'two-classes.hp', 'resource-contention.hp']));
  });

  for (const name of examples) {
    it(name, () => {
      const text = readFileSync(join(folder, name), 'utf8');
      const expectation = readExpectation(text);
      expect(expectation, `${name} has no '# expect:' comment`).not.toBeNull();
      const parsed = parseLrcProgram(text, name);
      const result = checkLrcProgram(parsed.program, { mode: 'auto', seed: 1, runs: 200, maxLatency: 8, maxStates: 200_000 });
      expect(result.verdict).toBe(expectation!.verdict);
      expect(result.exhaustiveComplete, 'every bundled example is small enough to decide exhaustively').toBe(true);
      expect(meetsLrcExpectation({ parsed, result, expectation })).toBe(true);
    });
  }
});
