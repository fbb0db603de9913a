import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../reports/html/escape.js';
import { cli } from '../../cli/run.js';
import { elements, externalReferences, findingHtml, tagProblems, withClass } from './htmlQuery.js';

const root = join(import.meta.dirname, '..', '..', '..');
process.chdir(root);
const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-fuzz-html-'));

describe('fuzz --html', () => {
  it('charts each hazard of the campaign with the events its --report-json gives, beside the no-hazard-found programs', async () => {
    const page = join(scratch, 'fuzz.html');
    const reportJson = join(scratch, 'fuzz.json');
    const { code } = await cli('fuzz', 'examples/war-missing-wait.hp', 'examples/three-textures.hp', '--runs', '200', '--seed', '11', '--html', page, '--report-json', reportJson);
    expect(code).toBe(1);
    const html = readFileSync(page, 'utf8');
    expect(tagProblems(html)).toEqual([]);
    expect(externalReferences(html)).toEqual([]);
    const report = JSON.parse(readFileSync(reportJson, 'utf8')) as { targets: { name: string; verdict: string; summary: string; findings: Record<string, unknown>[] }[] };
    expect(elements(html, (_, tag) => tag === 'section').map((s) => [s['data-title'], s['data-verdict']])).toEqual(report.targets.map((t) => [t.name, t.verdict]));
    for (const target of report.targets) expect(html).toContain(`<p class="reason">${escapeHtml(target.summary)}</p>`);
    const finding = report.targets[0]!.findings[0]!;
    const conflicts = withClass(findingHtml(html, 'f1-h1'), 'conflict').filter((a) => 'data-mark' in a);
    expect(conflicts.map((a) => [a['data-role'], Number(a['data-instruction'])])).toEqual([['producer', finding.producer], ['consumer', finding.consumer]]);
    expect(Number(conflicts[0]!['data-cycle'])).toBe(finding.cycle);
    expect(html).toContain(`replay: <code>${escapeHtml(String(finding.replay))}</code>`);
    expect(html).toContain('same campaign: hazardproof fuzz examples/war-missing-wait.hp examples/three-textures.hp --seed 11');
  });
});
