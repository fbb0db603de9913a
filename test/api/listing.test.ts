import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hazardMatchers } from '../../api/vitest/index.js';
import {
  checkListing, checkListingSync, InputError, loadListing, parseListing,
  type ListingKernelReport, type ListingProgress,
} from '../../api/index.js';
import { cli } from '../cli/run.js';

expect.extend(hazardMatchers);

const EXAMPLES = readdirSync('examples/sass').filter((name) => name.endsWith('.cuasm')).map((name) => join('examples/sass', name));

/** Reports without their wall-clock times, the one field two runs of a check may differ in. */
const untimed = (reports: readonly ListingKernelReport[]) => reports.map((report) => ({ ...report, elapsedMs: 0 }));

/** What `hazardproof check FILE... --json` prints, as an array whatever the number of kernels. */
async function cliReports(...args: string[]): Promise<ListingKernelReport[]> {
  const { stdout } = await cli('check', ...args, '--json');
  const printed = JSON.parse(stdout) as ListingKernelReport | ListingKernelReport[];
  return Array.isArray(printed) ? printed : [printed];
}

/** A CuAssembler kernel section `.text.NAME` with these instruction lines. */
const section = (name: string, ...lines: string[]) => [`\t.section\t.text.${name},"ax",@progbits`, ...lines].join('\n');
// A global load into R5 and its consumer; `wait` is the consumer's wait mask.
const kernel = (name: string, wait: string) => section(name,
  '      [B------:R-:W2:-:S02] /*0000*/ LDG.E.SYS R5, [R2] ;',
  `      [${wait}:R-:W-:-:S04] /*0010*/ IADD3 R6, R5, 0x1, RZ ;`,
  '      [B------:R-:W-:-:S05] /*0020*/ EXIT ;',
);
const TWO_KERNELS = `${kernel('safe', 'B--2---')}\n${kernel('unsafe', 'B------')}\n`;

/**
 * One kernel of `loops` loops, each branching back to the first: its check takes about 0.2 s per
 * 500 loops, long enough to be stopped while it runs.
 */
function slowListing(loops: number): string {
  const body = Array.from({ length: loops }, (_, index) => [
    `  .L_x_${index}:`,
    '      [B--2---:R-:W-:Y:S01] /*0060*/ FADD R8, R8, R4 ;',
    '      [B------:R-:W-:Y:S04] /*0090*/ ISETP.NE.AND P0, PT, R9, RZ, PT ;',
    '      [B------:R-:W2:-:S02] /*00b0*/ @P0 LDG.E.SYS R4, [R2] ;',
    '      [B------:R-:W-:Y:S05] /*00c0*/ @P0 BRA `(.L_x_0) ;',
  ]).flat();
  return section('slow',
    '      [B------:R-:W0:-:S01] /*0010*/ S2R R0, SR_TID.X ;',
    '      [B0-----:R-:W-:Y:S08] /*0040*/ IMAD.WIDE R2, R0, 0x4, c[0x0][0x160] ;',
    '      [B------:R-:W2:-:S02] /*0050*/ LDG.E.SYS R4, [R2] ;',
    ...body,
    '      [B------:R-:W-:-:S05] /*00f0*/ EXIT ;',
  );
}

describe('library: NVIDIA listings', () => {
  it.each(EXAMPLES)('%s: the reports are the objects `hazardproof check --json` prints, on the calling thread and on a worker', async (file) => {
    const listing = loadListing(file);
    const expected = untimed(await cliReports(file));
    expect(untimed(checkListingSync(listing))).toEqual(expected);
    expect(untimed(await checkListing(listing))).toEqual(expected);
  });

  it('a missing wait on a read scoreboard is a WAR hazard with its kernel, lines and a replay command that shows it again', async () => {
    const [report, ...others] = await checkListing(loadListing('examples/sass/war.sm_75.cuasm'));
    expect(others).toEqual([]);
    expect(report).toMatchObject({ file: 'examples/sass/war.sm_75.cuasm', kernel: '_Z5twicePfS_ff', architecture: 'sm_75', verdict: 'hazard' });
    const war = report!.hazards.find((hazard) => hazard.kind === 'WAR' && hazard.register === 'R2');
    // The store at line 16 reads R2; the IMAD.WIDE at line 17 overwrites it without waiting.
    expect(war).toMatchObject({ producerLine: 16, consumerLine: 17 });
    expect(war!.replay).toBe(`hazardproof check examples/sass/war.sm_75.cuasm --kernel _Z5twicePfS_ff --replay '${war!.schedule}'`);
    const replayed = await cli('check', 'examples/sass/war.sm_75.cuasm', '--kernel', '_Z5twicePfS_ff', '--replay', war!.schedule);
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toContain('WAR on R2: line 17 (IMAD.WIDE R2, R0, 0x4, c[0x0][0x168]) overwrote it before line 16');
  });

  it('a consumer that does not wait for its load is a RAW hazard; the safe example is proved safe', () => {
    const [missing] = checkListingSync(loadListing('examples/sass/missing-wait.sm_75.cuasm'));
    expect(missing!.verdict).toBe('hazard');
    expect(missing!.hazards.map((hazard) => hazard.kind === 'overflow' ? hazard.kind : `${hazard.kind} ${hazard.register}`)).toContain('RAW R5');
    const safe = checkListingSync(loadListing('examples/sass/safe.sm_75.cuasm'));
    expect(safe.map((report) => report.verdict)).toEqual(safe.map(() => 'proved-safe'));
    expect(safe[0]!.reason).toMatch(/^abstract interpretation over the control-flow graph rules out/);
  });

  it('parseListing reads text; kernels selects kernels by name, in file order, as --kernel does', async () => {
    const all = parseListing(TWO_KERNELS, { file: 'two.sm_75.cuasm' });
    expect(all.kernels.map((k) => k.program.name)).toEqual(['safe', 'unsafe']);
    expect(checkListingSync(all).map((report) => [report.kernel, report.verdict])).toEqual([['safe', 'proved-safe'], ['unsafe', 'hazard']]);
    const one = parseListing(TWO_KERNELS, { file: 'two.sm_75.cuasm', kernels: ['unsafe'] });
    const reports = await checkListing(one);
    expect(reports.map((report) => report.kernel)).toEqual(['unsafe']);
    expect(reports[0]!.hazards[0]!.replay).toMatch(/^hazardproof check two\.sm_75\.cuasm --kernel unsafe --replay '/);
    // Without a file name that says it, the architecture is an option.
    expect(() => parseListing(TWO_KERNELS)).toThrow(InputError);
    expect(parseListing(TWO_KERNELS, { architecture: 'sm_75' }).kernels[0]!.program.architecture).toBe('sm_75');
    expect(() => parseListing(TWO_KERNELS, { file: 'two.sm_75.cuasm', kernels: ['other'] })).toThrow(/no kernel named other \(the file has safe, unsafe\)/);
  });

  it('an AbortSignal stops a long check on its worker: the verdict is unknown with the signal\'s reason', async () => {
    const listing = parseListing(slowListing(2000), { file: 'slow.sm_75.cuasm' });
    const controller = new AbortController();
    const progress: ListingProgress[] = [];
    // Aborted as the kernel starts: its analysis has most of a second still to go.
    const reports = await checkListing(listing, { signal: controller.signal, onProgress: (step) => { progress.push(step); controller.abort('enough'); } });
    expect(progress).toEqual([{ file: 'slow.sm_75.cuasm', kernel: 'slow', done: 0, total: 1 }]);
    expect(reports[0]!.verdict).toBe('unknown');
    expect(reports[0]!.reason).toMatch(/before its fixpoint \(aborted by the caller's AbortSignal \(enough\)\)$/);
  });

  it('a signal that times out, and a time budget, end the check the same way; the budget is the listing\'s, shared by its kernels', async () => {
    const slow = parseListing(slowListing(2000), { file: 'slow.sm_75.cuasm' });
    const [timedOut] = await checkListing(slow, { signal: AbortSignal.timeout(50) });
    expect(timedOut!.reason).toContain('aborted by the caller\'s AbortSignal (The operation was aborted due to timeout)');
    const two = parseListing(`${slowListing(500)}\n${kernel('after', 'B--2---')}\n`, { file: 'two.sm_75.cuasm' });
    const reports = checkListingSync(two, { timeoutMs: 20 });
    expect(reports.map((report) => report.verdict)).toEqual(['unknown', 'unknown']);
    expect(reports[1]!.reason).toContain('time budget of 20 ms reached');
  });

  it('checkListingSync reports progress as each kernel starts; aborting from it stops the kernels after', () => {
    const listing = parseListing(TWO_KERNELS, { file: 'two.sm_75.cuasm' });
    const controller = new AbortController();
    const progress: ListingProgress[] = [];
    const reports = checkListingSync(listing, { signal: controller.signal, onProgress: (step) => { progress.push(step); if (step.done === 1) controller.abort(new Error('seen enough')); } });
    expect(progress).toEqual([{ file: 'two.sm_75.cuasm', kernel: 'safe', done: 0, total: 2 }, { file: 'two.sm_75.cuasm', kernel: 'unsafe', done: 1, total: 2 }]);
    expect(reports.map((report) => report.verdict)).toEqual(['proved-safe', 'unknown']);
    expect(reports[1]!.reason).toContain('aborted by the caller\'s AbortSignal (seen enough)');
  });

  it('a mistake in a listing is an InputError with its file, line and column', () => {
    const text = section('k', '      [B------:R-:W2:-:S02] /*0000*/ LDG.E.SYS R5, [R2 ;');
    try {
      parseListing(text, { file: 'bad.sm_75.cuasm' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).problems[0]).toMatchObject({ file: 'bad.sm_75.cuasm', line: 2, column: 52 });
      expect((error as InputError).message).toMatch(/^bad\.sm_75\.cuasm:2:52: expected '\]'/);
    }
    expect(() => loadListing('examples/sass/no-such.sm_75.cuasm')).toThrow(/no-such\.sm_75\.cuasm:1:1: cannot read the listing: no such file/);
  });

  it('option values no listing can have are RangeErrors naming the option', async () => {
    expect(() => loadListing('examples/sass/war.sm_75.cuasm', { from: 'nvdisasm' as never })).toThrow(new RangeError("from must be cuasm, maxas, turingas, cuobjdump, nvaa, got 'nvdisasm'"));
    expect(() => parseListing(TWO_KERNELS, { from: 'ir3' as never })).toThrow(/from must be .* \(ir3 listings: loadComponentProgram\)/);
    expect(() => parseListing(TWO_KERNELS, { architecture: 'sm_30' })).toThrow(RangeError);
    expect(() => parseListing(TWO_KERNELS, { architecture: 'volta' })).toThrow(/^architecture must be a name like sm_75, sm_50 or later \(tables: sm_50, /);
    // A well-formed name without a table is no mistake: its kernels are checked unknown, as on the command line.
    const untabled = parseListing(TWO_KERNELS, { architecture: 'sm_99' });
    const reports = checkListingSync(untabled);
    expect(reports.length).toBeGreaterThan(0);
    for (const report of reports) expect(report.verdict).toBe('unknown');
    const listing = loadListing('examples/sass/safe.sm_75.cuasm');
    expect(() => checkListingSync(listing, { timeoutMs: -1 })).toThrow(/^timeoutMs must be a positive number/);
    await expect(checkListing(listing, { timeoutMs: Number.NaN })).rejects.toThrow(RangeError);
  });

  it('the vitest matchers take a loaded listing: every kernel must be hazard-free, any one may have the hazard', () => {
    expect(loadListing('examples/sass/safe.sm_75.cuasm')).toBeHazardFree({ requireProof: true });
    const war = loadListing('examples/sass/war.sm_75.cuasm');
    expect(war).toHaveHazard({ kind: 'WAR', register: 'R2' });
    expect(war).not.toHaveHazard({ kind: 'RAW' });
    expect(() => expect(war).toBeHazardFree()).toThrow(/expected examples\/sass\/war\.sm_75\.cuasm to be hazard-free, but:\n\nexamples\/sass\/war\.sm_75\.cuasm: kernel _Z5twicePfS_ff .*: hazard\n[\s\S]*replay: hazardproof check/);
    expect(() => expect(parseListing(TWO_KERNELS, { file: 'two.sm_75.cuasm' })).toHaveHazard({ kind: 'WAW' })).toThrow(/to have a hazard of kind WAW; the check found RAW on R5:/);
  });
});
