import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../reports/html/escape.js';
import { cli } from '../../cli/run.js';
import { elements, externalReferences, findingHtml, tagProblems, withClass } from './htmlQuery.js';

const root = join(import.meta.dirname, '..', '..', '..');
process.chdir(root);
const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-html-'));

/** Runs `check` with `--json` and with `--html` on the same files and seed: the JSON objects and the page. */
async function checkBoth(files: readonly string[], ...options: string[]): Promise<{ json: Record<string, unknown>[]; html: string; text: string; code: number }> {
  const page = join(scratch, `${files.map((file) => file.replace(/\W/g, '_')).join('-')}.html`);
  const json = await cli('check', ...files, ...options, '--json');
  const text = await cli('check', ...files, ...options);
  const withHtml = await cli('check', ...files, ...options, '--html', page);
  // The same text report on stdout, --html or not (timings aside).
  const untimed = (output: string) => output.replace(/\d+\.\d\d s\b/g, 'T s');
  expect(untimed(withHtml.stdout)).toBe(untimed(text.stdout));
  const objects = JSON.parse(json.stdout) as Record<string, unknown> | Record<string, unknown>[];
  return { json: Array.isArray(objects) ? objects : [objects], html: readFileSync(page, 'utf8'), text: text.stdout, code: withHtml.code };
}

/** The hazards of a `--json` check object. */
function hazardsOf(object: Record<string, unknown>): Record<string, unknown>[] {
  return object.hazards as Record<string, unknown>[];
}

describe('check --html on scoreboard programs', () => {
  it('writes one well-formed page with no external references: the command line, the seed, a section per file with its verdict and reason as the text report words them', async () => {
    const files = ['examples/three-textures-unsafe.hp', 'examples/three-textures.hp', 'examples/two-warps.hp'];
    const { json, html, code } = await checkBoth(files, '--seed', '7', '--mode', 'auto');
    expect(code).toBe(1);
    expect(tagProblems(html)).toEqual([]);
    expect(externalReferences(html)).toEqual([]);
    expect(html).toContain('<code>hazardproof check examples/three-textures-unsafe.hp examples/three-textures.hp examples/two-warps.hp --seed 7 --mode auto --html ');
    expect(html).toContain('hazardproof check examples/three-textures-unsafe.hp examples/three-textures.hp examples/two-warps.hp --seed 7 --mode auto');
    const sections = elements(html, (_, tag) => tag === 'section');
    expect(sections.map((s) => [s['data-title'], s['data-verdict']])).toEqual(json.map((o) => [o.file, o.verdict]));
    for (const object of json) expect(html).toContain(`<p class="reason">${escapeHtml(String(object.reason))}</p>`);
  });

  it('says no-hazard-found (not a proof) for random schedules, with the reason of the text report', async () => {
    const { json, html } = await checkBoth(['examples/three-textures.hp'], '--mode', 'random', '--runs', '20', '--seed', '3');
    expect(json[0]!.verdict).toBe('no-hazard-found');
    expect(elements(html, (_, tag) => tag === 'section')[0]!['data-verdict']).toBe('no-hazard-found');
    expect(html).toContain(`<p class="reason">${String(json[0]!.reason)}</p>`);
    expect(html).toContain('20 random schedules');
  });

  for (const [file, kind] of [['examples/three-textures-unsafe.hp', 'RAW'], ['examples/war-missing-wait.hp', 'WAR'], ['examples/waw-across-pipes.hp', 'WAW']] as const) {
    it(`draws the ${kind} hazard of ${file}: its two events highlighted with the cycles, instructions and lines --json gives`, async () => {
      const { json, html } = await checkBoth([file], '--seed', '1');
      const hazard = hazardsOf(json[0]!)[0]!;
      expect(hazard.kind).toBe(kind);
      const conflicts = withClass(html, 'conflict').filter((a) => 'data-mark' in a);
      const producer = conflicts.find((a) => a['data-role'] === 'producer')!;
      const consumer = conflicts.find((a) => a['data-role'] === 'consumer')!;
      expect(Number(producer['data-instruction'])).toBe(hazard.producer);
      expect(Number(consumer['data-instruction'])).toBe(hazard.consumer);
      expect(Number(producer['data-line'])).toBe(hazard.producerLine);
      expect(Number(consumer['data-line'])).toBe(hazard.consumerLine);
      for (const mark of [producer, consumer]) {
        expect(mark['data-kind']).toBe(kind);
        expect(mark['data-register']).toBe(hazard.register);
        expect(Number(mark['data-warp'])).toBe(hazard.warp);
      }
      // The events are the ones the hazard is about, at the cycles the report gives.
      if (kind === 'RAW') {
        expect([consumer['data-mark'], Number(consumer['data-cycle'])]).toEqual(['read', hazard.cycle]);
        expect(hazard.producerWriteCycle === null ? producer['data-mark'] : Number(producer['data-cycle'])).toBe(hazard.producerWriteCycle ?? 'issue');
      } else if (kind === 'WAR') {
        expect([producer['data-mark'], Number(producer['data-cycle'])]).toEqual(['read', hazard.cycle]);
        expect([consumer['data-mark'], Number(consumer['data-cycle'])]).toEqual(['write', hazard.consumerWriteCycle]);
      } else {
        expect([producer['data-mark'], Number(producer['data-cycle'])]).toEqual(['write', hazard.producerWriteCycle]);
        expect([consumer['data-mark'], Number(consumer['data-cycle'])]).toEqual(['write', hazard.consumerWriteCycle]);
      }
      // Each links to its source line, which the page lists with that anchor.
      for (const [mark, line] of [[producer, hazard.producerLine], [consumer, hazard.consumerLine]] as const) {
        expect(html).toMatch(new RegExp(`data-role="${mark['data-role']}"[^>]*><a href="#f1-L${line}">`));
        expect(html).toMatch(new RegExp(`<span class="line highlight" id="f1-L${line}" data-line="${line}">`));
      }
      expect(html).toContain(`replay: <code>${escapeHtml(String(hazard.replay))}</code>`);
    });
  }

  it('has a lane per warp, pipe and used scoreboard, an issue mark per issued instruction and the read and write marks of the trace', async () => {
    const { html } = await checkBoth(['examples/three-textures-unsafe.hp'], '--seed', '1');
    const lanes = elements(html, (a) => 'data-lane' in a).map((a) => a['data-lane']);
    expect(lanes).toEqual(['warp:0', 'pipe:tex', 'pipe:alu', 'scoreboard:SB0']);
    const marks = elements(html, (a) => 'data-mark' in a);
    // The schedule of the text report's timeline: seven issues, cycles 0..6; TEX #0 read at 1 and written at 2; FMULs read at issue.
    expect(marks.filter((m) => m['data-mark'] === 'issue').map((m) => [m['data-instruction'], m['data-cycle']])).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => [String(i), String(i)]));
    expect(marks.filter((m) => m['data-mark'] === 'read').map((m) => [m['data-instruction'], m['data-cycle']])).toEqual([['0', '1'], ['4', '4'], ['6', '6']]);
    expect(marks.filter((m) => m['data-mark'] === 'write').map((m) => [m['data-instruction'], m['data-cycle']])).toEqual([['0', '2']]);
    expect(elements(html, (a) => 'data-value' in a).map((a) => `${a['data-from']}-${a['data-to']}:${a['data-value']}`)).toEqual(['0-0:1', '1-6:2']);
  });

  it('escapes file names and source lines with < & " in them', async () => {
    const file = join(scratch, 'a<b>&"c".hp');
    writeFileSync(file, '# expect: hazard RAW R1 <&">\n.pipe tex queue 4: TEX\n.pipe alu fixed 4: FMUL\nTEX R1 <- R2   # "<script>"\nFMUL R3 <- R1, R1\n');
    const page = join(scratch, 'escaped.html');
    const { code } = await cli('check', file, '--html', page);
    expect(code).toBe(1);
    const html = readFileSync(page, 'utf8');
    expect(tagProblems(html)).toEqual([]);
    expect(html).not.toContain('<script>');
    expect(html).toContain('a&lt;b&gt;&amp;&quot;c&quot;.hp');
    expect(html).toContain('TEX R1 &lt;- R2   # &quot;&lt;script&gt;&quot;');
  });
});

describe('check --html on other machines', () => {
  it('LRC programs: a lane per thread and unit, the hazard\'s events as --json gives them', async () => {
    const { json, html } = await checkBoth(['examples/lrc/missing-bit.hp'], '--seed', '1');
    const hazard = hazardsOf(json[0]!)[0]!;
    expect(elements(html, (a) => 'data-lane' in a).map((a) => a['data-lane'])).toEqual(expect.arrayContaining(['thread:0', 'unit:alu', 'unit:mem', 'counter:lrc:C0']));
    const conflicts = withClass(html, 'conflict').filter((a) => 'data-mark' in a);
    expect(conflicts.map((a) => [a['data-role'], Number(a['data-instruction'])])).toEqual(expect.arrayContaining([['producer', hazard.producer], ['consumer', hazard.consumer]]));
    expect(Number(conflicts.find((a) => a['data-role'] === 'consumer')!['data-cycle'])).toBe(hazard.cycle);
    expect(tagProblems(html)).toEqual([]);
  });

  it('.comp programs: a lane per register component, the finding\'s producer and consumer highlighted', async () => {
    const page = join(scratch, 'comp.html');
    const json = JSON.parse((await cli('check', 'examples/components/alu-distance-2-one-nop.comp', '--json')).stdout) as Record<string, unknown>;
    expect((await cli('check', 'examples/components/alu-distance-2-one-nop.comp', '--html', page)).code).toBe(1);
    const html = readFileSync(page, 'utf8');
    const finding = (hazardsOf(json)[0]!.finding) as { component: string; producer: { instruction: number }; consumer: { instruction: number }; cycle: number };
    expect(elements(html, (a) => 'data-lane' in a).map((a) => a['data-lane'])).toEqual(expect.arrayContaining(['thread', `component:${finding.component}`]));
    const conflicts = withClass(findingHtml(html, 'f1-h1'), 'conflict').filter((a) => 'data-mark' in a);
    expect(conflicts.map((a) => [a['data-role'], Number(a['data-instruction']), a['data-register']])).toEqual([['producer', finding.producer.instruction, finding.component], ['consumer', finding.consumer.instruction, finding.component]]);
    expect(Number(conflicts[1]!['data-cycle'])).toBe(finding.cycle);
    expect(tagProblems(html)).toEqual([]);
    expect(externalReferences(html)).toEqual([]);
  });

  it('NVIDIA listings: the schedule on the reference machine, with the hazard\'s lines', async () => {
    const page = join(scratch, 'sass.html');
    const listing = 'examples/sass/missing-wait.sm_75.cuasm';
    const json = JSON.parse((await cli('check', listing, '--json')).stdout) as Record<string, unknown>;
    expect((await cli('check', listing, '--html', page)).code).toBe(1);
    const html = readFileSync(page, 'utf8');
    const hazard = hazardsOf(json)[0]!;
    const conflicts = withClass(html, 'conflict').filter((a) => 'data-mark' in a);
    expect(conflicts.map((a) => [a['data-role'], Number(a['data-line'])])).toEqual([['producer', hazard.producerLine], ['consumer', hazard.consumerLine]]);
    expect(Number(conflicts[1]!['data-cycle'])).toBe(hazard.cycle);
    expect(elements(html, (a) => 'data-lane' in a).map((a) => a['data-lane'])).toEqual(expect.arrayContaining(['warp:0', 'unit:fixed', 'queue:global', 'scoreboard:SB2']));
    expect(tagProblems(html)).toEqual([]);
  });
});

describe('--html mistakes', () => {
  it('refuses a folder that does not exist before any work (exit 2, nothing written), and --replay', async () => {
    const missing = join(scratch, 'no-such-folder', 'report.html');
    const { code, stderr, stdout } = await cli('check', 'examples/three-textures-unsafe.hp', '--html', missing);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^hazardproof: --html .*report\.html: the folder .*no-such-folder does not exist\n/);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(missing)).toBe(false);
    expect((await cli('check', 'examples/three-textures-unsafe.hp', '--replay', 'W R i0', '--html', join(scratch, 'r.html'))).stderr).toMatch(/--html reports the verdicts of a check; --replay prints text/);
    expect((await cli('check', 'examples/three-textures-unsafe.hp', '--html', scratch)).stderr).toMatch(/that is a folder/);
  });

  it('leaves no temporary file behind, and lists --html in the help of check, fuzz and streamout', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'hazardproof-html-atomic-'));
    await cli('check', 'examples/three-textures.hp', '--html', join(folder, 'page.html'));
    expect(readdirSync(folder)).toEqual(['page.html']);
    for (const command of ['check', 'fuzz', 'streamout']) expect((await cli('help', command)).stdout).toMatch(/--html FILE +\S/);
  });
});
