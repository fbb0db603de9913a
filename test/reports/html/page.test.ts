import { describe, expect, it } from 'vitest';
import { chartWindow, MAX_CHART_SPAN } from '../../../reports/html/chartWindow.js';
import { escapeHtml } from '../../../reports/html/escape.js';
import { renderHtmlReport } from '../../../reports/html/page.js';
import type { HtmlReport } from '../../../reports/html/report.js';
import { textListing } from '../../../reports/html/sourceListing.js';
import { elements, externalReferences, tagProblems } from './htmlQuery.js';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and in attribute values', () => {
    expect(escapeHtml(`a<b>&"c"'d'`)).toBe('a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39;');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});

describe('renderHtmlReport', () => {
  const hostile = `x<script src="http://evil.example/a.js"></script>&'"`;
  const report: HtmlReport = {
    title: 'hazardproof check', command: `hazardproof check '${hostile}'`, summary: ['done <ok>'],
    facts: [{ label: 'seed', value: '5', code: false }],
    sections: [{
      id: 'f1', title: hostile, verdict: 'hazard', reason: `reason ${hostile}`, lines: [`line ${hostile}`],
      findings: [{ id: 'f1-h1', heading: `RAW on ${hostile}`, description: `desc ${hostile}`, figures: [{ svg: '<svg class="gantt"></svg>', caption: `cap ${hostile}` }], details: [`detail ${hostile}`], replayCommand: `hazardproof check "${hostile}"` }],
      figures: [], textReport: `text ${hostile}`,
      listings: [{ caption: `source: ${hostile}`, anchorPrefix: 'f1-L', lines: [{ number: 1, text: hostile }, { number: 5, text: 'five' }], highlighted: [5] }],
    }, {
      id: 'f2', title: 'b.hp', verdict: 'no-hazard-found', reason: 'not a proof', lines: [], findings: [], figures: [], listings: [], textReport: null,
    }],
  };
  const html = renderHtmlReport(report);

  it('is a well-formed, self-contained page: inline style, no script, a policy that loads nothing', () => {
    expect(tagProblems(html)).toEqual([]);
    // The hostile text shows as text only: no element refers to anything outside the page.
    expect(elements(html, (attributes) => 'src' in attributes || (attributes.href !== undefined && !attributes.href.startsWith('#')))).toEqual([]);
    expect(externalReferences(renderHtmlReport({ ...report, command: 'c', sections: [] }))).toEqual([]);
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`);
    expect(html).not.toContain('<script');
  });

  it('escapes every text of the run, and keeps the chart markup as it is', () => {
    expect(html.match(/x&lt;script src=&quot;http:\/\/evil\.example\/a\.js&quot;&gt;&lt;\/script&gt;&amp;&#39;&quot;/g)!.length).toBeGreaterThanOrEqual(9);
    expect(html).toContain('<div class="chart"><svg class="gantt"></svg></div>');
  });

  it('lists sections with their verdicts, anchors listing lines, highlights the findings\' lines and marks gaps', () => {
    expect(html).toContain('<li><a href="#f1">');
    expect(html).toContain('<span class="verdict verdict-bad">hazard</span>');
    expect(html).toContain('<span class="verdict verdict-neutral">no-hazard-found</span>');
    expect(html).toContain('<span class="gap">… lines 2 to 4 not shown</span>');
    expect(html).toContain('<span class="line highlight" id="f1-L5" data-line="5"><a class="ln" href="#f1-L5">5</a>five</span>');
    expect(html).toContain('.listing .line:target');
  });
});

describe('chartWindow and textListing', () => {
  it('draws a short trace whole, and cuts a long one to end at the finding', () => {
    expect(chartWindow(0, [6, 2], 9, 'cycle')).toEqual({ first: 0, last: 6, note: 'cycles after 6 not drawn (the chart shows at most 120 cycles, ending at the finding)' });
    const long = chartWindow(0, [500, 460], 600, 'cycle');
    expect([long.first, long.last]).toEqual([456, 500]);
    expect(chartWindow(0, [1000, 10], 1000, 'step').first).toBe(1000 - MAX_CHART_SPAN + 1);
  });

  it('lists a short file whole and a long one around the referenced lines', () => {
    expect(textListing('c', 'a\nb\n', 'p', [], []).lines).toEqual([{ number: 1, text: 'a' }, { number: 2, text: 'b' }]);
    const long = Array.from({ length: 5000 }, (_, i) => `line ${i + 1}`).join('\n');
    expect(textListing('c', long, 'p', [2500], [10]).lines.map((l) => l.number)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 2496, 2497, 2498, 2499, 2500, 2501, 2502, 2503, 2504]);
  });
});
