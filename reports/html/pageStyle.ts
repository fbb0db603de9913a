/**
 * The report page's style sheet, inlined in the page (no fonts or files from anywhere): the
 * layout, the verdict colours, the chart's shapes and colours (mark kinds, bars, counters, the
 * highlighted conflict), and the listing, whose line under the address's `#anchor` lights up.
 */
export const PAGE_STYLE = `
:root { color-scheme: light; --bad: #b3261e; --good: #1e7a34; --neutral: #55606e; --unknown: #9a5b00; --conflict: #d93025; }
* { box-sizing: border-box; }
body { margin: 0; background: #f6f7f9; color: #1b1c1f; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
header { background: #fff; border-bottom: 1px solid #dcdfe4; }
header > div, main { max-width: 1500px; margin: 0 auto; padding: 12px 24px; }
h1 { font-size: 20px; margin: 4px 0 8px; }
h2 { font-size: 17px; margin: 6px 0; overflow-wrap: anywhere; }
h3 { font-size: 15px; margin: 4px 0; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: 12.5px; }
code { overflow-wrap: anywhere; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 0; }
dl.facts dt { color: #55606e; }
dl.facts dd { margin: 0; }
nav ol { margin: 6px 0; padding-left: 22px; }
.verdict { display: inline-block; padding: 0 8px; border-radius: 9px; font-size: 12.5px; font-weight: 600; color: #fff; background: var(--neutral); vertical-align: 1px; }
.verdict-bad { background: var(--bad); }
.verdict-good { background: var(--good); }
.verdict-unknown { background: var(--unknown); }
section.input { background: #fff; border: 1px solid #dcdfe4; border-radius: 6px; margin: 16px 0; padding: 8px 18px 12px; }
.reason { margin: 4px 0; }
.lines { margin: 4px 0; padding: 0; list-style: none; color: #3c4149; }
.finding { border-left: 4px solid var(--conflict); margin: 14px 0; padding: 2px 0 2px 14px; }
.replay code { background: #f1f3f5; padding: 1px 4px; border-radius: 3px; }
figure { margin: 8px 0; }
figcaption { color: #55606e; font-size: 12.5px; margin-top: 2px; }
/* Reversed so that a chart wider than the page opens scrolled to its right end, where the finding is; a narrow one stays left. */
.chart { display: flex; flex-direction: row-reverse; overflow-x: auto; border: 1px solid #e3e6ea; border-radius: 4px; background: #fff; }
.chart > svg { flex: none; margin-right: auto; }
.details { white-space: pre-wrap; background: #fbfbfc; border: 1px solid #eceef1; padding: 6px 8px; margin: 6px 0; }
details { margin: 8px 0; }
summary { cursor: pointer; color: #2b4f8e; }
pre.text-report { background: #fbfbfc; border: 1px solid #eceef1; padding: 8px; overflow-x: auto; }
pre.listing { background: #fbfbfc; border: 1px solid #eceef1; padding: 4px 0; overflow-x: auto; margin: 4px 0; }
.listing .line { display: block; padding: 0 8px; white-space: pre; }
.listing .line.highlight { background: #fde8e6; }
.listing .line:target { background: #ffe08a; outline: 1px solid #d4a800; }
.listing .ln { display: inline-block; min-width: 5ch; margin-right: 1.5ch; text-align: right; color: #8a919b; text-decoration: none; }
.listing .gap { display: block; padding: 0 8px; color: #8a919b; }
svg.gantt { display: block; }
svg.gantt text { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; font-size: 11px; fill: #23262b; }
svg.gantt > g.lane:nth-of-type(even) > .lane-bg { fill: #f3f5f8; }
svg.gantt .lane-bg { fill: #fff; }
svg.gantt .lane-label { font-weight: 600; }
svg.gantt .lane-levels .lane-label { font-weight: 400; fill: #55606e; }
svg.gantt .grid { stroke: #e7e9ed; }
svg.gantt .tick { text-anchor: middle; font-size: 10px; fill: #6b7380; }
svg.gantt .axis-title { fill: #6b7380; font-style: italic; }
svg.gantt .bar rect { fill: #c6d8f3; stroke: #4a76b8; }
svg.gantt .bar-queued rect { fill: #eef0f3; stroke: #97a2b0; stroke-dasharray: 3 2; }
svg.gantt .bar-held rect { fill: #f6e7c8; stroke: #b58a2e; }
svg.gantt .bar.open rect { stroke-dasharray: 2 2; }
svg.gantt .bar.conflict rect { stroke: var(--conflict); stroke-width: 2; }
svg.gantt .bar-label { font-size: 9.5px; fill: #30343a; }
svg.gantt .mark .shape { fill: #6a3d9a; stroke: #fff; stroke-width: 1; }
svg.gantt .mark-issue .shape { fill: #2e7d32; }
svg.gantt .mark-read .shape { fill: #1565c0; }
svg.gantt .mark-write .shape { fill: #e65100; }
svg.gantt .mark-overflow .shape { fill: var(--bad); }
svg.gantt .mark-label { font-size: 9px; text-anchor: middle; fill: #30343a; }
svg.gantt .mark .halo { fill: #ffd54f; stroke: var(--conflict); stroke-width: 2; }
svg.gantt .mark.observer .halo { fill: none; stroke-dasharray: 2 2; }
svg.gantt .mark a:hover .shape, svg.gantt .mark a:focus .shape { stroke: #000; stroke-width: 2; }
svg.gantt .conflict-link line { stroke: var(--conflict); stroke-width: 1.5; stroke-dasharray: 5 3; }
svg.gantt .finding-line line { stroke: var(--conflict); stroke-width: 1.5; }
svg.gantt .finding-line text { fill: var(--conflict); font-weight: 600; text-anchor: middle; }
/* Lines drawn over the marks must not take their clicks. */
svg.gantt .finding-line, svg.gantt .conflict-link, svg.gantt .grid, svg.gantt .buffer-end { pointer-events: none; }
svg.gantt .level rect { fill: #a9b4e0; }
svg.gantt .level-value { font-size: 10px; text-anchor: middle; }
svg.gantt .level.zero .level-value { fill: #a0a6ae; }
svg.gantt .range rect { fill: #c6d8f3; stroke: #4a76b8; }
svg.gantt .range-granted rect { fill: none; stroke: #2e7d32; stroke-dasharray: 4 2; }
svg.gantt .range-written rect { fill: #c6d8f3; stroke: #4a76b8; }
svg.gantt .range-expected rect { fill: #dfe9d8; stroke: #5b8a3c; }
svg.gantt .range.conflict rect { stroke: var(--conflict); stroke-width: 2; }
svg.gantt .buffer-end { stroke: #55606e; stroke-dasharray: 2 2; }
svg.legend { display: inline-block; vertical-align: middle; }
`;
