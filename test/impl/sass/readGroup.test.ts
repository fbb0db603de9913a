/**
 * Two queues that read their operands in one issue order across them (`SassQueue.readGroup`:
 * Hopper's global and local memory instructions), each completing in any order: the machine, the
 * analysis and the Z3 encoding must each take a later instruction of either queue to read after
 * every earlier one of both, and nothing more (no completion order, no order with a queue outside
 * the group).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { exploreAll } from '../../../explore/exhaustive.js';
import { analyze } from '../../../impl/sass/analysis/fixpoint.js';
import { checkSassProgram } from '../../../impl/sass/check.js';
import { proveSassStraightLine } from '../../../solver/sassStraightLine.js';
import { releaseZ3 } from '../../../solver/z3.js';
import { readsAfter, type SassInstruction, type SassProgram, type SassQueue } from '../../../spec/sass/program.js';
import { sassSystem } from '../../../spec/sass/system.js';
import { alu, load, program } from '../../spec/sass/build.js';

/** A load through queue 1 (the `local` one) instead of queue 0. */
const local = (instruction: SassInstruction): SassInstruction => ({ ...instruction, unit: { kind: 'variable', queue: 1 } });

type Grouping = 'group' | 'apart';

/** The kernel with queue 0 (`global`) and queue 1 (`local`), both unordered, reading in one order or each in its own. */
function withQueues(kernel: SassProgram, grouping: Grouping): SassProgram {
  const group = grouping === 'group' ? { readGroup: 'memory' } : {};
  const queues: SassQueue[] = [{ name: 'global', ordered: false, readsInOrder: true, ...group }, { name: 'local', ordered: false, readsInOrder: true, ...group }];
  return { ...kernel, queues };
}

/**
 * A global load reads R2 (no scoreboard); a later local load reads R2 too and sets read
 * scoreboard 0; R2 is overwritten after waiting on 0 only: safe when the two queues read in one
 * order (variadics1 on sm_90, where the overwrite is the LDL itself).
 */
const warBehindOtherQueue = program([
  load('R0', ['R2']),
  local(load('R1', ['R2'], { readScoreboard: 0, writeScoreboard: 1, stall: 2 })),
  alu('R2', ['R3'], { wait: [0] }),
]);

/** The global load's result read after waiting only on the local load's write: the group says nothing of completion. */
const rawBehindOtherQueue = program([
  load('R0', ['R2']),
  local(load('R1', ['R2'], { writeScoreboard: 0, stall: 2 })),
  alu('R3', ['R0'], { wait: [0] }),
]);

/** The order runs one way only: the earlier load's read scoreboard says nothing of the later's read. */
const warBehindEarlierRead = program([
  local(load('R0', ['R2'], { readScoreboard: 0, writeScoreboard: 1, stall: 2 })),
  load('R1', ['R2']),
  alu('R2', ['R3'], { wait: [0] }),
]);

function exhaustive(kernel: SassProgram): string[] {
  const result = exploreAll(sassSystem(kernel), { maxStates: 50_000 });
  expect(result.complete).toBe(true);
  return [...new Set(result.witnesses.map((witness) => witness.finding.kind))].sort();
}

const expected: Record<Grouping, { war: string[]; raw: string[]; backwards: string[] }> = {
  group: { war: [], raw: ['RAW'], backwards: ['WAR'] },
  apart: { war: ['WAR'], raw: ['RAW'], backwards: ['WAR'] },
};

const kernels = (grouping: Grouping) => [
  [withQueues(warBehindOtherQueue, grouping), expected[grouping].war],
  [withQueues(rawBehindOtherQueue, grouping), expected[grouping].raw],
  [withQueues(warBehindEarlierRead, grouping), expected[grouping].backwards],
] as const;

describe('two queues reading in one order across them', () => {
  afterAll(() => releaseZ3());

  it('readsAfter: the same queue reading in order, or two queues of one group', () => {
    const grouped = withQueues(warBehindOtherQueue, 'group');
    expect([readsAfter(grouped, 0, 1), readsAfter(grouped, 1, 0), readsAfter(grouped, 0, 0)]).toEqual([true, true, true]);
    const apart = withQueues(warBehindOtherQueue, 'apart');
    expect([readsAfter(apart, 0, 1), readsAfter(apart, 1, 0), readsAfter(apart, 1, 1)]).toEqual([false, false, true]);
  });

  for (const grouping of ['group', 'apart'] as const) {
    it(`${grouping}: the reference machine shows exactly the hazards the order allows`, () => {
      for (const [kernel, kinds] of kernels(grouping)) expect(exhaustive(kernel)).toEqual(kinds);
    });
    it(`${grouping}: the analysis suspects exactly those, and the check confirms them`, () => {
      for (const [kernel, kinds] of kernels(grouping)) {
        expect([...new Set(analyze(kernel).suspicions.map((suspicion) => suspicion.kind))].sort()).toEqual(kinds);
        expect(checkSassProgram(kernel, []).verdict).toBe(kinds.length === 0 ? 'proved-safe' : 'hazard');
      }
    });
    it(`${grouping}: Z3 agrees`, async () => {
      for (const [kernel, kinds] of kernels(grouping)) {
        const answer = await proveSassStraightLine(kernel, 20_000);
        expect(answer.verdict).toBe(kinds.length === 0 ? 'proved' : 'hazard');
      }
    });
  }
});
