/**
 * A key to the charts' shapes and colours, drawn with the charts' own classes (and none of their
 * `data-` attributes, so queries for marks never count it): for machine timelines (issue, read,
 * write, bars, counters) or for stream-output steps (protocol steps, tasks, byte ranges).
 */
export function renderLegend(kind: 'machine' | 'stream'): string {
  const items: string[] = [];
  let x = 6;
  const add = (drawing: (left: number) => string, text: string) => {
    items.push(`${drawing(x)}<text x="${x + 18}" y="17">${text}</text>`);
    x += 26 + text.length * 6.2;
  };
  const diamond = (l: number) => `<polygon class="shape" points="${l + 6},7 ${l + 12},13 ${l + 6},19 ${l},13"/>`;
  if (kind === 'machine') {
    add((l) => `<g class="mark mark-issue"><polygon class="shape" points="${l},7 ${l + 11},13 ${l},19"/></g>`, 'issue');
    add((l) => `<g class="mark mark-read"><circle class="shape" cx="${l + 6}" cy="13" r="5.5"/></g>`, 'operand read');
    add((l) => `<g class="mark mark-write"><rect class="shape" x="${l + 1}" y="8" width="10" height="10"/></g>`, 'register write');
    add((l) => `<g class="mark mark-other">${diamond(l)}</g>`, 'other event');
    add((l) => `<g class="bar bar-queued"><rect x="${l}" y="9" width="14" height="9"/></g>`, 'queued');
    add((l) => `<g class="bar bar-executing"><rect x="${l}" y="9" width="14" height="9"/></g>`, 'in flight');
    add((l) => `<g class="level"><rect x="${l}" y="9" width="14" height="9"/></g>`, 'counter value');
    add((l) => `<g class="mark mark-read conflict"><circle class="halo" cx="${l + 6}" cy="13" r="8"/><circle class="shape" cx="${l + 6}" cy="13" r="4"/></g>`, 'the conflicting events (click: source line)');
  } else {
    add((l) => `<g class="mark mark-other">${diamond(l)}</g>`, 'protocol step (tooltip: the message)');
    add((l) => `<g class="bar bar-executing"><rect x="${l}" y="9" width="14" height="9"/></g>`, 'a task on its SO unit');
    add((l) => `<g class="range range-expected"><rect x="${l}" y="8" width="14" height="10"/></g>`, 'API layout');
    add((l) => `<g class="range range-granted"><rect x="${l}" y="8" width="14" height="10"/></g>`, 'bytes granted');
    add((l) => `<g class="range range-written"><rect x="${l}" y="8" width="14" height="10"/></g>`, 'bytes written');
    add((l) => `<g class="mark mark-other conflict"><circle class="halo" cx="${l + 6}" cy="13" r="8"/>${diamond(l)}</g>`, 'the violating step (click: its line)');
  }
  add((l) => `<g class="finding-line"><line x1="${l + 6}" y1="4" x2="${l + 6}" y2="22"/></g>`, 'where the finding shows');
  return `<svg class="gantt legend" width="${Math.ceil(x)}" height="26" role="img" aria-label="legend">${items.join('')}</svg>`;
}
