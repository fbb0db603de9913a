import { escapeHtml } from './escape.js';
import { renderLegend } from './legend.js';
import { PAGE_STYLE } from './pageStyle.js';
import type { HtmlFigure, HtmlFinding, HtmlListing, HtmlReport, HtmlSection } from './report.js';

/**
 * The report as one self-contained HTML page: inline style, inline SVG charts, no script, and a
 * content security policy that lets the page load nothing at all. Links inside it are anchors
 * (`#f1-L14`); the line an address's anchor names is highlighted by CSS (`:target`). Every text
 * from the run (file names, source lines, messages) is escaped.
 */
export function renderHtmlReport(report: HtmlReport): string {
  const hasCharts = report.sections.some((section) => section.figures.length > 0 || section.findings.some((finding) => finding.figures.length > 0));
  const facts = [{ label: 'command', value: report.command, code: true }, ...report.facts]
    .map((fact) => `<dt>${escapeHtml(fact.label)}</dt><dd>${fact.code ? `<code>${escapeHtml(fact.value)}</code>` : escapeHtml(fact.value)}</dd>`).join('\n');
  const contents = report.sections.map((section) => {
    const findings = section.findings.length === 0 ? '' : ` (${section.findings.length} finding${section.findings.length === 1 ? '' : 's'})`;
    return `<li><a href="#${escapeHtml(section.id)}">${escapeHtml(section.title)}</a> ${verdictBadge(section.verdict)}${findings}</li>`;
  }).join('\n');
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="generator" content="hazardproof">',
    `<title>${escapeHtml(report.title)} report</title>`,
    `<style>${PAGE_STYLE}</style>`,
    '</head>',
    '<body>',
    '<header><div>',
    `<h1>${escapeHtml(report.title)}</h1>`,
    `<dl class="facts">\n${facts}\n</dl>`,
    report.sections.length > 1 ? `<nav><ol>\n${contents}\n</ol></nav>` : '',
    hasCharts ? `<p class="legend-line">${renderLegend(report.legend ?? 'machine')}</p>` : '',
    '</div></header>',
    '<main>',
    ...report.sections.map(renderSection),
    report.summary.length === 0 ? '' : `<pre class="text-report summary">${escapeHtml(report.summary.join('\n'))}</pre>`,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function renderSection(section: HtmlSection): string {
  return [
    `<section class="input" id="${escapeHtml(section.id)}" data-verdict="${escapeHtml(section.verdict)}" data-title="${escapeHtml(section.title)}">`,
    `<h2>${verdictBadge(section.verdict)} ${escapeHtml(section.title)}</h2>`,
    `<p class="reason">${escapeHtml(section.reason)}</p>`,
    section.lines.length === 0 ? '' : `<ul class="lines">${section.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    ...section.findings.map(renderFinding),
    ...section.figures.map(renderFigure),
    ...section.listings.map(renderListing),
    section.textReport === null ? '' : `<details><summary>text report</summary><pre class="text-report">${escapeHtml(section.textReport)}</pre></details>`,
    '</section>',
  ].filter((part) => part !== '').join('\n');
}

function renderFinding(finding: HtmlFinding): string {
  return [
    `<div class="finding" id="${escapeHtml(finding.id)}">`,
    `<h3>${escapeHtml(finding.heading)}</h3>`,
    `<p class="description">${escapeHtml(finding.description)}</p>`,
    ...finding.figures.map(renderFigure),
    finding.details.length === 0 ? '' : `<div class="details">${escapeHtml(finding.details.join('\n'))}</div>`,
    finding.replayCommand === null ? '' : `<p class="replay">replay: <code>${escapeHtml(finding.replayCommand)}</code></p>`,
    '</div>',
  ].filter((part) => part !== '').join('\n');
}

function renderFigure(figure: HtmlFigure): string {
  return `<figure><div class="chart">${figure.svg}</div><figcaption>${escapeHtml(figure.caption)}</figcaption></figure>`;
}

function renderListing(listing: HtmlListing): string {
  const highlighted = new Set(listing.highlighted);
  const lines: string[] = [];
  let previous = 0;
  for (const { number, text } of listing.lines) {
    if (number > previous + 1) lines.push(`<span class="gap">… lines ${previous + 1} to ${number - 1} not shown</span>`);
    const id = `${listing.anchorPrefix}${number}`;
    lines.push(`<span class="line${highlighted.has(number) ? ' highlight' : ''}" id="${escapeHtml(id)}" data-line="${number}"><a class="ln" href="#${escapeHtml(id)}">${number}</a>${escapeHtml(text)}</span>`);
    previous = number;
  }
  return `<details class="listing-box" open><summary>${escapeHtml(listing.caption)}</summary><pre class="listing">${lines.join('')}</pre></details>`;
}

/** The verdict in its colour: red for a finding, green for a proof, amber for unknown, grey for "nothing found" (not a proof). */
function verdictBadge(verdict: string): string {
  const tone = ['hazard', 'violation', 'violated', 'fails', 'failed'].includes(verdict) ? 'bad'
    : ['proved-safe', 'proved', 'passes'].includes(verdict) ? 'good'
      : verdict === 'unknown' ? 'unknown' : 'neutral';
  return `<span class="verdict verdict-${tone}">${escapeHtml(verdict)}</span>`;
}
