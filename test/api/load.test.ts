import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  check, checkComponentsSync, checkListingSync, INPUT_KINDS, InputError, isLoadedInput, load, loadListing, loadProgram,
  type CheckReport, type InputCheckReport, type InputKind, type InputProgress, type LoadedInput,
} from '../../api/index.js';
import { recogniseInput } from '../../api/recogniseInput.js';
import { hazardMatchers } from '../../api/vitest/index.js';
import { programToJson } from '../../format/hp/json.js';
import { cli } from '../cli/run.js';

expect.extend(hazardMatchers);

const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-load-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
};

/** An ir3 shader whose ALU result is read `gap` instructions later (Mesa needs 3). */
const ir3Shader = (gap: number) => ['mov.u32u32 r0.x, 0x1', ...Array(gap).fill('nop'), 'add.u r1.x, r0.x, 1', 'end', ''].join('\n');
const jsonProgram = () => programToJson(loadProgram('examples/three-textures.hp').parsed.program as never);
const SCENARIO = 'examples/streamout/small-exhaustive.json';
const LISTING = 'examples/sass/war.sm_75.cuasm';

/** One file of each kind `hazardproof check` takes (and the scenario `streamout run` takes). */
const FILES: readonly (readonly [string, InputKind])[] = [
  ['examples/three-textures.hp', 'scoreboard'],
  ['examples/lrc/missing-bit.hp', 'lrc'],
  [LISTING, 'listing'],
  ['examples/components/elu-no-sync.comp', 'components'],
  [SCENARIO, 'streamout'],
];

describe('load: the front door', () => {
  it.each(FILES)('%s is a %s input, tagged, and what its own loader returns', (file, kind) => {
    const loaded = load(file);
    expect(loaded.kind).toBe(kind);
    expect(loaded.file).toBe(file);
    expect(isLoadedInput(loaded)).toBe(true);
    if (loaded.kind === 'listing') expect(loaded).toEqual({ kind: 'listing', ...loadListing(file) });
    if (loaded.kind === 'scoreboard' || loaded.kind === 'lrc') expect(loaded).toEqual({ kind, file, ...loadProgram(file) });
  });

  it('every kind is recognised, from files and from texts, by the rule the CLI dispatches with', () => {
    const seen = new Set<InputKind>();
    const inputs = [
      ...FILES.map(([file]) => load(file)),
      load(write('shader.asm', ir3Shader(2))),
      load(write('program.json', jsonProgram())),
      // Content alone: a listing, a JSON program, a scenario, a .hp program (names of no kind).
      load({ text: readFileSync(LISTING, 'utf8'), file: 'dump.txt' }, { architecture: 'sm_75' }),
      load({ text: readFileSync(LISTING, 'utf8') }, { architecture: 'sm_75' }),
      load({ text: jsonProgram() }),
      load({ text: readFileSync(SCENARIO, 'utf8') }),
      load({ text: readFileSync('examples/lrc/missing-bit.hp', 'utf8') }),
      load({ text: ir3Shader(3), file: 'safe.asm' }),
      load({ text: ir3Shader(3), file: 'safe' }, { from: 'ir3' }),
      load({ text: readFileSync('examples/components/elu-sync.comp', 'utf8') }, { from: 'comp' }),
    ];
    for (const input of inputs) seen.add(input.kind);
    expect([...seen].sort()).toEqual([...INPUT_KINDS].sort());
    expect(inputs.map((input) => input.kind)).toEqual([
      'scoreboard', 'lrc', 'listing', 'components', 'streamout', 'ir3', 'scoreboard',
      'listing', 'listing', 'scoreboard', 'streamout', 'lrc', 'ir3', 'ir3', 'components',
    ]);
    // The CLI's `check` dispatches with the same function: what it calls a listing, a .comp or ir3 file is one to load.
    expect(recogniseInput(LISTING)).toBe('listing');
    expect(recogniseInput('examples/three-textures.hp', { from: 'cuasm' })).toBe('listing');
    expect(recogniseInput('x.comp', { from: 'cuasm' })).toBe('components');
    expect(recogniseInput('missing.txt')).toBe('program');
  });

  it('options apply to their kind: a listing\'s architecture and kernels, an ir3 listing\'s shaders; others ignore them', () => {
    const listing = load(LISTING, { kernels: ['_Z5twicePfS_ff'], architecture: 'sm_80', shaders: [0] });
    expect(listing.kind === 'listing' && listing.kernels.map((kernel) => [kernel.program.name, kernel.program.architecture])).toEqual([['_Z5twicePfS_ff', 'sm_80']]);
    const ir3 = load({ text: `${ir3Shader(2)}${ir3Shader(3)}`, file: 'two.asm' }, { shaders: [0], kernels: ['ignored'] });
    expect(ir3.kind === 'ir3' && ir3.units.length).toBe(1);
    expect(load('examples/three-textures.hp', { architecture: 'sm_75', shaders: [3] }).kind).toBe('scoreboard');
    expect(() => load(LISTING, { architecture: 'volta' })).toThrow(RangeError);
  });

  it('every input error is an InputError with file, line and column', () => {
    const located = (source: Parameters<typeof load>[0]) => {
      try {
        load(source);
      } catch (error) {
        expect(error).toBeInstanceOf(InputError);
        return (error as InputError).problems.map(({ file, line, column }) => `${file}:${line}:${column}`);
      }
      throw new Error('expected an InputError');
    };
    expect(located({ text: '.pipe alu fixed 4: FMUL\nBOGUS R1 <- R2\n', file: 'bad.hp' })[0]).toMatch(/^bad\.hp:2:\d+$/);
    expect(located({ text: '.machine nope\n', file: 'bad.hp' })).toEqual(['bad.hp:1:10']);
    expect(located({ text: 'mov.u32u32 r0.x,\n', file: 'bad.asm' })).toEqual(['bad.asm:1:17']);
    expect(located({ text: '{ "format": "hazardproof-streamout/1", "soUnits": "two" }', file: 'bad.json' })[0]).toMatch(/^bad\.json:1:\d+$/);
    expect(located(join(scratch, 'absent.hp'))).toEqual([`${join(scratch, 'absent.hp')}:1:1`]);
    expect(located({ text: '\t.section\t.text.k,"ax",@progbits\n      [B------:R-:W-:-:S05] /*0000*/ IADD3 R1, ;\n', file: 'bad.sm_75.cuasm' })).toEqual(['bad.sm_75.cuasm:2:47']);
  });
});

describe('check: one report type for every kind', () => {
  it('runs each kind\'s machine and tags the report; the verdicts are the per-kind functions\'', async () => {
    const reports = await Promise.all(FILES.map(([file]) => check(load(file), { seed: 1, runs: 20 })));
    expect(reports.map((report) => [report.kind, report.file, report.verdict])).toEqual([
      ['scoreboard', 'examples/three-textures.hp', 'proved-safe'],
      ['lrc', 'examples/lrc/missing-bit.hp', 'hazard'],
      ['listing', LISTING, 'hazard'],
      ['components', 'examples/components/elu-no-sync.comp', 'hazard'],
      ['streamout', SCENARIO, 'no-violation-found'],
    ]);
    const [, , listing, components] = reports as [InputCheckReport, InputCheckReport, InputCheckReport, InputCheckReport];
    expect(listing.kind === 'listing' && listing.kernels.map((kernel) => kernel.verdict)).toEqual(checkListingSync(loadListing(LISTING)).map((kernel) => kernel.verdict));
    expect(components.kind === 'components' && components.units).toEqual(checkComponentsSync(load('examples/components/elu-no-sync.comp') as never));
  });

  it('narrows on kind (types), and the old signature returns what it did', async () => {
    const report = await check(load('examples/three-textures.hp'));
    expectTypeOf(report).toEqualTypeOf<InputCheckReport>();
    if (report.kind === 'listing') expectTypeOf(report.kernels[0]!.kernel).toBeString();
    if (report.kind === 'streamout') expectTypeOf(report.layout).not.toBeAny();
    const old = await check(loadProgram('examples/three-textures.hp'), { seed: 1 });
    expectTypeOf(old).toEqualTypeOf<CheckReport>();
    expect('kind' in old).toBe(false);
    expect(old.verdict).toBe('proved-safe');
    expect(report).toMatchObject({ kind: 'scoreboard', machine: 'scoreboard', verdict: 'proved-safe' });
  });

  it('progress comes tagged with the kind; an AbortSignal ends any kind with unknown and its reason', async () => {
    const progress: InputProgress[] = [];
    await check(load(LISTING), { onProgress: (step) => progress.push(step) });
    expect(progress[0]).toMatchObject({ kind: 'listing', file: LISTING, done: 0 });
    const aborted = AbortSignal.abort('enough');
    const ir3 = await check(load({ text: ir3Shader(2), file: 'short.asm' }), { signal: aborted });
    expect(ir3).toMatchObject({ kind: 'ir3', verdict: 'unknown' });
    expect(ir3.kind === 'ir3' && ir3.units[0]!.reason).toMatch(/aborted by the caller's AbortSignal \(enough\)/);
    const run = await check(load(SCENARIO), { signal: aborted });
    expect(run).toMatchObject({ kind: 'streamout', verdict: 'unknown' });
    const proof = await check(load(SCENARIO), { exhaustive: true });
    expect(proof.verdict).toBe('proved');
  });

  it('an option out of range for the input\'s kind rejects with a RangeError naming it', async () => {
    await expect(check(load('examples/three-textures.hp'), { maxLatency: 0 })).rejects.toThrow(/maxLatency/);
    await expect(check(load(SCENARIO), { jobs: 0 })).rejects.toThrow(/jobs/);
    await expect(check(load('examples/components/elu-sync.comp'), { timeoutMs: -1 })).rejects.toThrow(/timeoutMs/);
  });

  it('the CLI and the library agree on the kind: a listing\'s --json is the listing report\'s kernels', async () => {
    const { stdout } = await cli('check', LISTING, '--json');
    const printed = JSON.parse(stdout) as unknown[];
    const report = await check(load(LISTING));
    expect(report.kind === 'listing' && report.kernels.map((kernel) => ({ ...kernel, elapsedMs: 0 })))
      .toEqual((Array.isArray(printed) ? printed : [printed]).map((kernel) => ({ ...(kernel as object), elapsedMs: 0 })));
  });
});

describe('the matchers take whatever load returns', () => {
  it('programs, listings and component programs, checked as their own loaders\' results are', async () => {
    expect(load('examples/three-textures.hp')).toBeHazardFree({ requireProof: true });
    expect(load('examples/war-missing-wait.hp')).toHaveHazard({ kind: 'WAR', register: 'R2' });
    expect(load(LISTING)).toHaveHazard({ kind: 'WAR' });
    expect(load('examples/sass/safe.sm_75.cuasm')).toBeHazardFree();
    expect(load('examples/components/elu-no-sync.comp')).toHaveHazard({ kind: 'RAW', register: 'r1' });
    await expect(load('examples/components/elu-sync.comp')).toBeProvedSafe();
    await expect(load('examples/sass/safe.sm_75.cuasm')).toBeProvedSafe();
    await expect(expect(load(LISTING)).toBeProvedSafe()).rejects.toThrow(/to be hazard-free \(proved\)/);
    // A path is read with load too, whatever its kind.
    expect(LISTING).toHaveHazard({ kind: 'WAR' });
  });

  it('stream-output scenarios, awaited', async () => {
    await expect(load(SCENARIO)).toBeHazardFree({ seed: 1, runs: 20 });
    await expect(load(SCENARIO)).toBeProvedSafe();
    await expect(load(SCENARIO)).not.toHaveHazard();
    await expect(expect(load(SCENARIO)).toHaveHazard({ kind: 'deadlock' })).rejects.toThrow(/to have a violation naming deadlock, but:/);
  });
});

it('LoadedInput is a discriminated union on kind', () => {
  expectTypeOf<Extract<LoadedInput, { kind: 'listing' }>['kernels']>().not.toBeAny();
  expectTypeOf<Extract<LoadedInput, { kind: 'streamout' }>['scenario']>().not.toBeAny();
  expectTypeOf<LoadedInput['kind']>().toEqualTypeOf<InputKind>();
});
