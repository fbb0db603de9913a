import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomTimingsOutcome } from '../../../api/streamout/randomRun.js';
import { ignoresTaskNumber } from '../../../properties/streamout/brokenSsync.js';
import { escapeHtml } from '../../../reports/html/escape.js';
import { renderHtmlReport } from '../../../reports/html/page.js';
import { streamRunSection } from '../../../reports/html/streamRunSection.js';
import { expectedLayout } from '../../../spec/streamout/layout.js';
import { streamContext } from '../../../spec/streamout/step.js';
import { cli } from '../../cli/run.js';
import { editedTrace } from './streamTraces.js';
import { elements, externalReferences, tagProblems, withClass } from './htmlQuery.js';

const root = join(import.meta.dirname, '..', '..', '..');
process.chdir(root);
const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-stream-html-'));

describe('streamout --html', () => {
  it('run: a section per scenario with its verdict and reason as the text says, the buffers in words and the API layout drawn', async () => {
    const page = join(scratch, 'run.html');
    const text = await cli('streamout', 'run', 'examples/streamout/geometry-split.json', 'examples/streamout/overflow.json', '--runs', '5', '--seed', '2', '--html', page);
    expect(text.code).toBe(0);
    const html = readFileSync(page, 'utf8');
    expect(tagProblems(html)).toEqual([]);
    expect(externalReferences(html)).toEqual([]);
    const sections = elements(html, (_, tag) => tag === 'section');
    expect(sections.map((s) => [s['data-title'], s['data-verdict']])).toEqual([['examples/streamout/geometry-split.json', 'no-violation-found'], ['examples/streamout/overflow.json', 'no-violation-found']]);
    const reason = /geometry-split.json: no-violation-found\n {2}(.*)\n/.exec(text.stdout)![1]!;
    expect(html).toContain(`<p class="reason">${reason}</p>`);
    expect(html).toContain('<li>buffer 0 (4096 bytes, 960 written): p0..p79@0..959</li>');
    expect(html).toContain('<li>same run: hazardproof streamout run examples/streamout/geometry-split.json --seed 2 --runs 5</li>');
    const expected = elements(html, (a) => a['data-range'] === 'expected');
    expect(expected[0]).toMatchObject({ 'data-start': '0', 'data-end': '960' });
  });

  it('check: the failing line is the highlighted step, linked to the trace line, with the units, SSYNC and the byte ranges', async () => {
    const { trace, failingLine } = await editedTrace(scratch);
    const page = join(scratch, 'check.html');
    const json = JSON.parse((await cli('streamout', 'check', trace, '--json')).stdout) as { verdict: string; failure: { line: number; message: string } };
    const text = await cli('streamout', 'check', trace, '--html', page);
    expect(text.code).toBe(1);
    expect(json.failure.line).toBe(failingLine);
    const html = readFileSync(page, 'utf8');
    expect(tagProblems(html)).toEqual([]);
    expect(externalReferences(html)).toEqual([]);
    expect(elements(html, (_, tag) => tag === 'section')[0]!['data-verdict']).toBe(json.verdict);
    const lanes = elements(html, (a) => 'data-lane' in a).map((a) => a['data-lane']);
    expect(lanes.slice(0, 6)).toEqual(['wd', 'ssync', 'unit:0', 'unit:1', 'unit:2', 'unit:3']);
    expect(lanes).toEqual(expect.arrayContaining(['buffer:0:expected', 'buffer:0:unit:0']));
    const violating = withClass(html, 'conflict').filter((a) => 'data-mark' in a);
    expect(violating.map((a) => [a['data-mark'], Number(a['data-step']), a['data-role']])).toEqual([['response', failingLine, 'violation']]);
    expect(html).toMatch(new RegExp(`data-step="${failingLine}"[^>]*data-role="violation"[^>]*><a href="#f1-L${failingLine}">`));
    expect(html).toContain(`<span class="line highlight" id="f1-L${failingLine}" data-line="${failingLine}">`);
    expect(html).toContain(escapeHtml(json.failure.message));
    // The ranges drawn are those the trace granted and wrote, each at the step that did it.
    const written = elements(html, (a) => a['data-range'] === 'written');
    expect(written.length).toBeGreaterThan(0);
    for (const range of written) expect(Number(range['data-end'])).toBeGreaterThan(Number(range['data-start']));
  });

  it('run with a violation (a planted SSYNC bug): the steps chart ends at the violating step, highlighted, and the buffers show the ranges of the steps', async () => {
    const context = streamContext({
      soUnits: 2, bufferSizes: [4096, 0, 0, 0], batchIdBits: 13,
      packets: [{ type: 'enable' }, { type: 'work', primitives: 12, verticesPerPrimitive: 3, stride: [4, 0, 0, 0], tasksPerBatch: 2 }, { type: 'disable' }],
    }, ignoresTaskNumber);
    const run = await randomTimingsOutcome({ file: 'planted.json', context, seed: 101, runs: 40, jobs: 1, timeoutMs: null, deadline: null, plantedBug: 'ignoresTaskNumber' });
    expect(run.verdict).toBe('violation');
    const section = streamRunSection({
      file: 'planted <&>.json', context, verdict: run.verdict, reason: run.reason, problems: run.problems, steps: run.steps, layout: expectedLayout(context.scenario),
      replayCommand: 'hazardproof streamout run planted.json --seed 1 --runs 1', lines: [], textReport: 'text', source: null,
    }, 'f1');
    const html = renderHtmlReport({ title: 'hazardproof streamout run', command: 'hazardproof streamout run planted.json', facts: [], sections: [section], summary: [], legend: 'stream' });
    expect(tagProblems(html)).toEqual([]);
    expect(html).toContain('planted &lt;&amp;&gt;.json');
    const violating = withClass(html, 'conflict').filter((a) => 'data-mark' in a);
    expect(violating.map((a) => Number(a['data-step']))).toEqual([run.steps.length]);
    expect(html).toContain(`id="f1-S${run.steps.length}"`);
    expect(html).toContain(escapeHtml(run.problems[0]!));
    expect(elements(html, (a) => a['data-range'] === 'granted').length).toBeGreaterThan(0);
    expect(html).toContain('replay: <code>hazardproof streamout run planted.json --seed 1 --runs 1</code>');
  });
});
