import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { meetsExpectation } from '../reports/checkReport.js';
import { checkProgram, DEFAULT_CHECK_OPTIONS } from '../impl/check.js';
import { readExpectation } from '../format/hp/expectation.js';
import { parseProgram } from '../format/hp/parse.js';

const folder = join(import.meta.dirname, '..', 'examples');
const examples = readdirSync(folder).filter((name) => name.endsWith('.hp')).sort();

describe('bundled examples get the verdict they state', () => {
  it('there are examples, and each states its expected verdict', () => {
    expect(examples.length).toBeGreaterThanOrEqual(8);
  });

  for (const name of examples) {
    it(name, () => {
      const text = readFileSync(join(folder, name), 'utf8');
      const expectation = readExpectation(text);
      expect(expectation, `${name} has no '# expect:' comment`).not.toBeNull();
      const result = checkProgram(parseProgram(text, name).program, { ...DEFAULT_CHECK_OPTIONS, seed: 1 });
      expect(result.verdict).toBe(expectation!.verdict);
      expect(meetsExpectation(result, expectation)).toBe(true);
    });
  }
});
