import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hazardMatchers } from '../../api/vitest/index.js';
import {
  checkComponents, checkComponentsSync, InputError, loadComponentProgram, parseComponentProgram,
  type ComponentCheckReport, type ComponentProgress,
} from '../../api/index.js';
import { packageRoot } from '../../format/packageRoot.js';
import { cli } from '../cli/run.js';

expect.extend(hazardMatchers);

const EXAMPLES = readdirSync('examples/components').filter((name) => name.endsWith('.comp')).map((name) => join('examples/components', name));
// Mesa's ir3 output, read where it is (never copied into the repository).
const corpus = resolve(packageRoot(), '../shared/corpus/mesa-ir3');
const haveCorpus = existsSync(corpus);

/** What `hazardproof check FILE... --json` prints, as an array whatever the number of units. */
async function cliReports(...args: string[]): Promise<ComponentCheckReport[]> {
  const { stdout } = await cli('check', ...args, '--json');
  const printed = JSON.parse(stdout) as ComponentCheckReport | ComponentCheckReport[];
  return Array.isArray(printed) ? printed : [printed];
}

// An ir3 ALU result read by another ALU instruction after `gap` instructions in between (Mesa: 3 needed).
const ir3Shader = (gap: number) => ['mov.u32u32 r0.x, 0x1', ...Array(gap).fill('nop'), 'add.u r1.x, r0.x, 1', 'end', ''].join('\n');

/** `.comp` loads whose landing times the search must all combine: 2^(loads+1) states, about 5 s for 14 loads. */
const landings = (loads: number) => ['.opcode ld latency=variable sync=sy', ...Array.from({ length: loads }, (_, index) => `ld r${index}.x, r${index + 20}.x`), ''].join('\n');

describe('library: programs of the component machine (.comp and ir3)', () => {
  it.each(EXAMPLES)('%s: the report is the object `hazardproof check --json` prints, on the calling thread and on a worker', async (file) => {
    const program = loadComponentProgram(file);
    const expected = await cliReports(file);
    expect(checkComponentsSync(program)).toEqual(expected);
    expect(await checkComponents(program)).toEqual(expected);
  });

  it('a hazard comes with its lines and a replay command; the safe case is proved safe', async () => {
    const [hazard] = await checkComponents(loadComponentProgram('examples/components/elu-no-sync.comp'));
    expect(hazard).toMatchObject({ file: 'examples/components/elu-no-sync.comp', shader: null, machine: 'components', verdict: 'hazard', expected: null });
    expect(hazard!.hazards[0]).toMatchObject({ finding: { kind: 'RAW', component: 'r1.x' }, producer: { line: 8 }, consumer: { line: 9 } });
    expect(hazard!.hazards[0]!.replay).toMatch(/^hazardproof check examples\/components\/elu-no-sync\.comp --replay "/);
    const [safe] = checkComponentsSync(loadComponentProgram('examples/components/elu-sync.comp'));
    expect(safe!.verdict).toBe('proved-safe');
  });

  it('an ir3 listing (by its extension, or from: ir3) is read shader by shader', () => {
    const short = parseComponentProgram(ir3Shader(2), { file: 'short.asm' });
    expect(short.units.map((unit) => unit.shader)).toEqual([0]);
    const [report] = checkComponentsSync(short);
    expect(report!.verdict).toBe('hazard');
    expect(report!.hazards[0]!.description).toMatch(/RAW on r0\.x: line 1 \(mov\.u32u32 r0\.x, 0x1\) execution 0, then line 4/);
    expect(checkComponentsSync(parseComponentProgram(ir3Shader(3), { file: 'safe.txt', from: 'ir3' }))[0]!.verdict).toBe('proved-safe');
  });

  describe.skipIf(!haveCorpus)('Mesa ir3 listings of the corpus', () => {
    it('a CI log gives one report per shader, as the CLI prints them; shaders selects some, as --kernel does', async () => {
      const file = join(corpus, 'compute-a540.log');
      const reports = checkComponentsSync(loadComponentProgram(file));
      expect(reports.map((report) => report.shader)).toEqual([0, 1, 2, 3, 4]);
      expect(reports).toEqual(await cliReports(file));
      const chosen = await checkComponents(loadComponentProgram(file, { shaders: [3, 1] }));
      expect(chosen.map((report) => report.shader)).toEqual([1, 3]);
      expect(chosen).toEqual(await cliReports(file, '--kernel', '1', '--kernel', '3'));
    });

    it('computerator/stg_ldg_offset.asm stores r4.x too soon after the add that writes it', async () => {
      const [report] = await checkComponents(loadComponentProgram(join(corpus, 'computerator/stg_ldg_offset.asm')));
      expect(report!.verdict).toBe('hazard');
      expect(report!.hazards.map((hazard) => `${hazard.finding.kind} ${hazard.finding.component}`)).toEqual(['RAW r4.x']);
    });
  });

  it('an AbortSignal stops a long exploration on its worker: unknown, with the signal\'s reason and the states so far', async () => {
    const program = parseComponentProgram(landings(14), { file: 'landings.comp' });
    const controller = new AbortController();
    const progress: ComponentProgress[] = [];
    const [report] = await checkComponents(program, {
      signal: controller.signal,
      onProgress: (step) => { progress.push(step); if (step.states > 0) controller.abort('enough'); },
    });
    expect(progress[0]).toEqual({ file: 'landings.comp', shader: null, done: 0, total: 1, states: 0 });
    expect(progress[1]!.states).toBeGreaterThan(0);
    expect(report!.verdict).toBe('unknown');
    expect(report!.reason).toMatch(/^exhaustive search stopped after \d+ states: aborted by the caller's AbortSignal \(enough\); nothing found so far$/);
    expect(report!.statesExplored).toBeLessThan(2 ** 15 - 1);
  });

  it('a signal that times out, and a time budget, end it the same way', async () => {
    const program = parseComponentProgram(landings(14), { file: 'landings.comp' });
    const [timedOut] = await checkComponents(program, { signal: AbortSignal.timeout(100) });
    expect(timedOut!.reason).toContain('aborted by the caller\'s AbortSignal (The operation was aborted due to timeout)');
    expect(checkComponentsSync(program, { timeoutMs: 50 })[0]!.reason).toMatch(/stopped after \d+ states: time budget of 50 ms reached/);
  });

  it('maxStates bounds the search: unknown when it does not fit', () => {
    const [report] = checkComponentsSync(parseComponentProgram(landings(6), { file: 'landings.comp' }), { maxStates: 10 });
    expect(report!.verdict).toBe('unknown');
    expect(report!.reason).toBe('exhaustive search did not finish within 10 states; nothing found so far');
  });

  it('a mistake is an InputError with its file, line and column', () => {
    try {
      parseComponentProgram('mov.u32u32 r0.x,\n', { file: 'bad.asm' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).problems[0]).toMatchObject({ file: 'bad.asm', line: 1, column: 17 });
    }
    expect(() => loadComponentProgram('examples/components/no-such.comp')).toThrow(/no-such\.comp:1:1: cannot read the program: no such file/);
  });

  it('option values no program can have are RangeErrors naming the option', () => {
    expect(() => loadComponentProgram('examples/components/elu-sync.comp', { from: 'cuasm' as never })).toThrow(new RangeError("from must be comp or ir3, got 'cuasm' (NVIDIA listings: loadListing)"));
    expect(() => parseComponentProgram(ir3Shader(3), { file: 'safe.asm', shaders: [1] })).toThrow(new RangeError('shaders 1: no such shader (shaders: 0)'));
    expect(() => loadComponentProgram('examples/components/elu-sync.comp', { shaders: [0] })).toThrow(/^shaders selects shaders of ir3 listings by number/);
    expect(() => parseComponentProgram(ir3Shader(3), { file: 'safe.asm', shaders: [-1] })).toThrow(/^shaders must be an array of shader numbers/);
    const program = loadComponentProgram('examples/components/elu-sync.comp');
    expect(() => checkComponentsSync(program, { maxStates: 0 })).toThrow(new RangeError(`maxStates must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}, got 0`));
    expect(() => checkComponentsSync(program, { timeoutMs: 0 })).toThrow(/^timeoutMs must be a positive number/);
  });

  it('the vitest matchers take a loaded program: a component or its whole register names the hazard', () => {
    expect(loadComponentProgram('examples/components/elu-sync.comp')).toBeHazardFree();
    const unsafe = loadComponentProgram('examples/components/elu-no-sync.comp');
    expect(unsafe).toHaveHazard({ kind: 'RAW', register: 'r1.x' });
    expect(unsafe).toHaveHazard({ register: 'r1' });
    expect(() => expect(unsafe).toBeHazardFree()).toThrow(/to be hazard-free, but:\n\nexamples\/components\/elu-no-sync\.comp: hazard\n[\s\S]*replay: hazardproof check/);
    expect(() => expect(unsafe).toHaveHazard({ kind: 'WAR' })).toThrow(/to have a hazard of kind WAR; the check found RAW on r1\.x \(examples\/components\/elu-no-sync\.comp\)/);
    expect(() => expect(unsafe).toBeHazardFree({ maxStates: 0 })).toThrow(RangeError);
  });
});
