/**
 * A queue that reads its operands in issue order but completes in any order (Blackwell's global
 * loads): the machine, the analysis and the Z3 encoding must each take the reads in order and
 * nothing more. The two kernels tell the three orders apart: one needs the writes in order, the
 * other only the reads.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { exploreAll } from '../../../explore/exhaustive.js';
import { analyze } from '../../../impl/sass/analysis/fixpoint.js';
import { checkSassProgram } from '../../../impl/sass/check.js';
import { proveSassStraightLine } from '../../../solver/sassStraightLine.js';
import { releaseZ3 } from '../../../solver/z3.js';
import type { SassProgram } from '../../../spec/sass/program.js';
import { sassSystem } from '../../../spec/sass/system.js';
import { alu, load, program } from '../../spec/sass/build.js';

type Order = 'ordered' | 'reads' | 'none';

function withOrder(kernel: SassProgram, order: Order): SassProgram {
  return { ...kernel, queues: [{ name: 'mem', ordered: order === 'ordered', ...(order === 'reads' ? { readsInOrder: true } : {}) }] };
}

/** The first load's result is read after waiting only on the second load's write scoreboard: safe only if results land in order. */
const rawBehindLaterWrite = program([
  load('R0', ['R2']),
  load('R1', ['R2'], { writeScoreboard: 0, stall: 2 }),
  alu('R3', ['R0'], { wait: [0] }),
]);

/** The first load's address is overwritten after waiting only on the second load's read scoreboard: safe when reads are in order. */
const warBehindLaterRead = program([
  load('R0', ['R2']),
  load('R1', ['R2'], { readScoreboard: 0, writeScoreboard: 1, stall: 2 }),
  alu('R2', ['R3'], { wait: [0] }),
]);

function exhaustive(kernel: SassProgram): string[] {
  const result = exploreAll(sassSystem(kernel), { maxStates: 20_000 });
  expect(result.complete).toBe(true);
  return [...new Set(result.witnesses.map((witness) => witness.finding.kind))].sort();
}

const expected: Record<Order, { raw: string[]; war: string[] }> = {
  ordered: { raw: [], war: [] },
  reads: { raw: ['RAW'], war: [] },
  none: { raw: ['RAW'], war: ['WAR'] },
};

describe('a queue that reads in order but completes in any order', () => {
  afterAll(() => releaseZ3());
  for (const order of ['ordered', 'reads', 'none'] as const) {
    it(`${order}: the reference machine shows exactly the hazards the order allows`, () => {
      expect(exhaustive(withOrder(rawBehindLaterWrite, order))).toEqual(expected[order].raw);
      expect(exhaustive(withOrder(warBehindLaterRead, order))).toEqual(expected[order].war);
    });
    it(`${order}: the analysis suspects exactly those, and the check confirms them`, () => {
      for (const [kernel, kinds] of [[rawBehindLaterWrite, expected[order].raw], [warBehindLaterRead, expected[order].war]] as const) {
        const ordered = withOrder(kernel, order);
        expect([...new Set(analyze(ordered).suspicions.map((suspicion) => suspicion.kind))].sort()).toEqual(kinds);
        expect(checkSassProgram(ordered, []).verdict).toBe(kinds.length === 0 ? 'proved-safe' : 'hazard');
      }
    });
    it(`${order}: Z3 agrees`, async () => {
      for (const [kernel, kinds] of [[rawBehindLaterWrite, expected[order].raw], [warBehindLaterRead, expected[order].war]] as const) {
        const answer = await proveSassStraightLine(withOrder(kernel, order), 20_000);
        expect(answer.verdict).toBe(kinds.length === 0 ? 'proved' : 'hazard');
      }
    });
  }
});
