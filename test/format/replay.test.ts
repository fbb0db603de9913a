import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { compactReplay, expandReplay } from '../../api/index.js';
import { countCodes, formatCodes, parseCodes } from '../../explore/scheduleText.js';
import { componentActionCode, formatComponentSchedule, parseComponentSchedule } from '../../format/components/schedule.js';
import type { ComponentAction } from '../../spec/components/machine.js';
import { lrcActionCode, parseLrcActionCode, type LrcAction } from '../../spec/lrc/action.js';
import { PRELOAD_WRITER } from '../../spec/lrc/state.js';
import { parseSassActionCode, sassActionCode, type SassAction } from '../../spec/sass/machine/action.js';
import { actionCode, type Action } from '../../spec/scoreboard/machine/action.js';
import { formatSchedule, parseSchedule } from '../../spec/scoreboard/trace.js';
import { cli } from '../cli/run.js';

const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-replay-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const small = fc.nat({ max: 3 });

/**
 * Schedules shaped like the machines' own: blocks of actions repeated back to back (a cycle while
 * a load is in flight, a loop body), between stretches of anything, so that runs, groups and
 * nested groups all occur.
 */
function schedules<A>(action: fc.Arbitrary<A>): fc.Arbitrary<A[]> {
  const block = fc.array(action, { minLength: 1, maxLength: 5 });
  const repeated = fc.tuple(fc.array(fc.tuple(block, fc.integer({ min: 1, max: 4 })), { maxLength: 3 }), fc.integer({ min: 1, max: 6 }))
    .map(([inner, repeats]) => Array.from({ length: repeats }, () => inner.flatMap(([codes, times]) => Array.from({ length: times }, () => codes).flat())).flat());
  return fc.array(fc.oneof(block, repeated), { maxLength: 8 }).map((parts) => parts.flat());
}

const scoreboardAction: fc.Arbitrary<Action> = fc.oneof(
  small.map((pipe) => ({ type: 'write', pipe }) as const), small.map((pipe) => ({ type: 'read', pipe }) as const),
  small.map((warp) => ({ type: 'issue', warp }) as const),
  fc.constantFrom<Action>({ type: 'endWrites' }, { type: 'endReads' }, { type: 'tick' }),
);
const sassAction: fc.Arbitrary<SassAction> = fc.oneof(
  small.map((position) => ({ type: 'writeFixed', position }) as const),
  fc.tuple(small, small).map(([queue, position]) => ({ type: 'write', queue, position }) as const),
  fc.tuple(small, small).map(([queue, position]) => ({ type: 'read', queue, position }) as const),
  fc.boolean().map((taken) => ({ type: 'issue', taken }) as const),
  fc.constantFrom<SassAction>({ type: 'endWrites' }, { type: 'endReads' }, { type: 'tick' }),
);
const lrcAction: fc.Arbitrary<LrcAction> = fc.oneof(
  fc.tuple(small, small).map(([context, instruction]) => ({ type: 'return', context, instruction, register: null }) as const),
  fc.tuple(small, fc.constantFrom('R1', 'R12', 'P0')).map(([context, register]) => ({ type: 'return', context, instruction: PRELOAD_WRITER, register }) as const),
  fc.tuple(small, small).map(([context, instruction]) => ({ type: 'read', context, instruction }) as const),
  fc.tuple(small, small).map(([unit, context]) => ({ type: 'grant', unit, context }) as const),
  small.map((unit) => ({ type: 'idle', unit }) as const),
  fc.constantFrom<LrcAction>({ type: 'endReturns' }, { type: 'endReads' }),
);
const componentAction: fc.Arbitrary<ComponentAction> = fc.oneof(
  fc.constant({ type: 'cycle' } as ComponentAction),
  fc.boolean().map((taken) => ({ type: 'cycle', taken }) as ComponentAction),
  small.map((position) => ({ type: 'land', position }) as ComponentAction),
);

/** Each machine: its arbitrary schedules, its code of an action, and the reader its `--replay` uses. */
const MACHINES = [
  { name: 'scoreboard (.hp)', schedule: schedules(scoreboardAction), code: actionCode, read: parseSchedule, write: formatSchedule },
  { name: 'NVIDIA listings', schedule: schedules(sassAction), code: sassActionCode, read: (text: string) => parseCodes(text, parseSassActionCode, 'sass codes') },
  { name: 'LRC', schedule: schedules(lrcAction), code: lrcActionCode, read: (text: string) => parseCodes(text, parseLrcActionCode, 'lrc codes') },
  { name: 'components and ir3', schedule: schedules(componentAction), code: componentActionCode, read: parseComponentSchedule, write: formatComponentSchedule },
] as const;

describe('replay schedules: one compact form for every machine', () => {
  it.each(MACHINES)('$name: decode(encode(s)) is s for arbitrary schedules, and the long form reads the same', ({ schedule, code, read, ...machine }) => {
    fc.assert(fc.property(schedule as fc.Arbitrary<never[]>, (actions) => {
      const codes = actions.map((action) => (code as (action: never) => string)(action));
      const compact = formatCodes(codes);
      if ('write' in machine) expect((machine.write as (actions: never[]) => string)(actions)).toBe(compact);
      expect((read as (text: string) => unknown)(compact)).toEqual(actions);
      // The plain form, every code written out, as every version printed before groups.
      expect((read as (text: string) => unknown)(codes.join(' '))).toEqual(actions);
      expect(countCodes(compact)).toBe(actions.length);
      expect(compact.length).toBeLessThanOrEqual(Math.max(0, codes.join(' ').length));
    }));
  });

  it('writes runs as code*n and repeated blocks as (codes)*n, nested; short pairs stay written out', () => {
    expect(formatCodes('c c c c c'.split(' '))).toBe('c*5');
    expect(formatCodes('W R t W R t W R t'.split(' '))).toBe('(W R t)*3');
    expect(formatCodes('W R i0 W R i0'.split(' '))).toBe('W R i0 W R i0');
    expect(formatCodes('W R t W R t W R i W R t W R t W R i W R t W R t W R i'.split(' '))).toBe('(W R t W R t W R i)*3');
    expect(formatCodes(`${'W R t '.repeat(3)}W R i `.repeat(4).trim().split(' '))).toBe('((W R t)*3 W R i)*4');
    expect(formatCodes('W W R W W R W W R'.split(' '))).toBe('(W*2 R)*3');
    expect(formatCodes([])).toBe('');
  });

  it('reads every form: plain, code*n, groups with or without spaces around the parentheses, nested', () => {
    const codes = (text: string) => parseCodes(text, (code) => code, 'codes');
    const expanded = 'W R t W R t W R t f1 W R t W R t'.split(' ');
    expect(codes('W R t W R t W R t f1 W R t W R t')).toEqual(expanded);
    expect(codes('(W R t)*3 f1 (W R t)*2')).toEqual(expanded);
    expect(codes('( W R t )*3 f1 (W R t)*2')).toEqual(expanded);
    expect(codes('((W R t)*3 f1)*1 W R t W R t')).toEqual(expanded);
    expect(codes('(W R)')).toEqual(['W', 'R']);
    expect(codes('((c)*2 l0)*2')).toEqual(['c', 'c', 'l0', 'c', 'c', 'l0']);
  });

  it('refuses malformed groups with a message naming the part', () => {
    const error = (text: string) => parseSchedule(text);
    expect(error('(W R t')).toMatch(/1 group\(s\) opened with '\(' are not closed/);
    expect(error('W R t)*3')).toMatch(/'t\)' is not an action code/);
    expect(error('()*2')).toMatch(/'\(\)\*2' closes an empty group/);
    expect(error('(W R)*0')).toMatch(/a group's count must be a whole number from 1/);
    expect(error('W*0')).toMatch(/'W\*0' is not an action code/);
    expect(error('(W q)*2')).toMatch(/'q' is not an action code \(w<pipe> r<pipe> i<warp> W R t, optionally \*count\)/);
  });

  it('counts without expanding, so a few characters cannot ask for a trillion actions', async () => {
    expect(countCodes('(c*1000000)*1000000')).toBe(1e12);
    const refused = await cli('check', 'examples/components/elu-sync.comp', '--replay', '(c*1000000)*1000000');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--replay: the schedule asks for more than 10000000 actions/);
    expect(() => expandReplay('(c*1000000)*1000000')).toThrow(RangeError);
  });

  it('the library writes and expands replays of any machine', () => {
    expect(compactReplay('W R t W R t W R t f1')).toBe('(W R t)*3 f1');
    expect(expandReplay('(W R t)*2 x0.p:R1*2')).toBe('W R t W R t x0.p:R1 x0.p:R1');
    expect(() => compactReplay('(W')).toThrow(/not a replay schedule: 1 group\(s\) opened/);
  });
});

/** The `replay: hazardproof check ...` line of a text report, and its schedule. */
function printedReplay(stdout: string): { readonly line: string; readonly schedule: string } {
  const line = /replay: (hazardproof check .*)$/m.exec(stdout)![1]!;
  return { line, schedule: /--replay ['"]([^'"]*)['"]/.exec(line)![1]! };
}

describe('replays on real examples: shorter, and the same hazard', () => {
  it.each([
    ['examples/sass/missing-wait.sm_75.cuasm', ['--kernel', '_Z6squarePfS_f']],
    ['examples/sass/war.sm_75.cuasm', ['--kernel', '_Z5twicePfS_ff']],
    ['examples/war-missing-wait.hp', []],
  ] as const)('%s', async (file, kernel) => {
    const checked = await cli('check', file, ...kernel, '--seed', '1');
    expect(checked.code).toBe(1);
    const { schedule } = printedReplay(checked.stdout);
    const long = expandReplay(schedule);
    expect(schedule).toMatch(/\)\*\d/);
    expect(schedule.length).toBeLessThan(long.length);
    const compact = await cli('check', file, ...kernel, '--replay', schedule);
    const plain = await cli('check', file, ...kernel, '--replay', long);
    expect(compact.code).toBe(1);
    expect(compact).toEqual(plain);
    // Both show the hazard the check reported.
    const hazard = /(?:RAW|WAR|WAW) on [^:\s]+/.exec(checked.stdout)![0];
    expect(compact.stdout).toContain(hazard);
    // What the report says (stated for the record in the issue): before, after.
    console.log(`${file}: replay ${long.length} characters written out, ${schedule.length} compact: ${schedule}`);
  });

  it('a 300-cycle NVIDIA schedule: a line instead of a thousand tokens', async () => {
    // A load whose reader, 75 four-cycle instructions later, forgets to wait for it.
    const file = join(scratch, 'long.sm_75.cuasm');
    writeFileSync(file, [
      '\t.section\t.text.long,"ax",@progbits',
      '      [B------:R-:W2:-:S02] /*0000*/ LDG.E.SYS R5, [R2] ;',
      ...Array.from({ length: 75 }, () => '      [B------:R-:W-:Y:S04] /*0010*/ FADD R8, R8, R4 ;'),
      '      [B------:R-:W-:-:S04] /*0020*/ IADD3 R6, R5, 0x1, RZ ;',
      '      [B------:R-:W-:-:S05] /*0030*/ EXIT ;',
      '',
    ].join('\n'));
    const checked = await cli('check', file);
    expect(checked.stdout).toMatch(/RAW on R5: line 78 .* read it at cycle 30\d/);
    const { schedule } = printedReplay(checked.stdout);
    const long = expandReplay(schedule);
    expect(long.split(' ').length).toBeGreaterThan(900);
    expect(schedule.length).toBeLessThan(100);
    const compact = await cli('check', file, '--kernel', 'long', '--replay', schedule);
    expect(compact).toEqual(await cli('check', file, '--kernel', 'long', '--replay', long));
    expect(compact.stdout).toMatch(/RAW on R5: line 78/);
    console.log(`a 300-cycle listing schedule: ${long.split(' ').length} codes, ${long.length} characters written out; ${schedule.length} compact: ${schedule}`);
  });
});
