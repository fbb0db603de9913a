import { describe, expect, it } from 'vitest';
import type { GanttChart, GanttMark } from '../../../reports/html/gantt.js';
import { renderGanttSvg } from '../../../reports/html/ganttSvg.js';
import { elements, tagProblems, withClass } from './htmlQuery.js';

const mark = (overrides: Partial<GanttMark>): GanttMark => ({
  lane: 'warp:0', bar: null, at: 0, type: 'issue', label: '', title: 'a mark', href: null, data: {}, conflict: null, ...overrides,
});

const chart: GanttChart = {
  axis: 'cycle', first: 0, last: 5, caption: 'test <chart> & "caption"', note: null,
  lanes: [
    { id: 'warp:0', label: 'warp 0', title: 'issues', kind: 'events' },
    { id: 'pipe:MEM', label: 'pipe MEM', title: 'a queue', kind: 'events' },
    { id: 'scoreboard:SB0', label: 'SB0', title: 'counter', kind: 'levels' },
  ],
  bars: [
    { lane: 'pipe:MEM', key: 'a', from: 0, to: 4, stage: 'executing', label: '#0 LDG', title: 'first', conflict: false },
    { lane: 'pipe:MEM', key: 'b', from: 1, to: null, stage: 'queued', label: '#1 LDG', title: 'second, still queued', conflict: true },
    { lane: 'pipe:MEM', key: 'c', from: 5, to: 5, stage: 'executing', label: '#2', title: 'third', conflict: false },
  ],
  marks: [
    mark({ at: 0, label: '#0', data: { instruction: 0 } }),
    mark({ at: 1, label: '#1', data: { instruction: 1 }, href: '#f1-L<3>' }),
    mark({ lane: 'pipe:MEM', bar: 'a', at: 2, type: 'read', data: { instruction: 0, register: 'R1' }, conflict: { role: 'producer', kind: 'WAR' } }),
    mark({ lane: 'pipe:MEM', bar: 'c', at: 5, type: 'write', data: { instruction: 2, register: 'R1' }, conflict: { role: 'consumer', kind: 'WAR' } }),
    mark({ lane: 'pipe:MEM', at: 3, type: 'stuck', title: 'free mark <&>' }),
    mark({ lane: 'warp:0', at: 9, title: 'outside the window' }),
  ],
  levels: [
    { lane: 'scoreboard:SB0', from: 0, to: 1, value: 1, title: 'one' },
    { lane: 'scoreboard:SB0', from: 2, to: 5, value: 0, title: 'zero' },
  ],
  finding: { at: 5, label: 'WAR on R1' },
};

describe('renderGanttSvg', () => {
  const svg = renderGanttSvg(chart);

  it('draws a well-formed svg with one group per lane, named by data-lane, and an axis tick per cycle', () => {
    expect(tagProblems(svg)).toEqual([]);
    expect(elements(svg, (a) => 'data-lane' in a).map((a) => a['data-lane'])).toEqual(['warp:0', 'pipe:MEM', 'scoreboard:SB0']);
    expect([...svg.matchAll(/<text class="tick"[^>]*>(\d+)<\/text>/g)].map((m) => Number(m[1]))).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('gives each mark in the window data-mark, data-cycle and its data, and leaves out marks outside it', () => {
    const marks = elements(svg, (a) => 'data-mark' in a);
    expect(marks.map((a) => [a['data-mark'], a['data-cycle']])).toEqual([['issue', '0'], ['issue', '1'], ['read', '2'], ['write', '5'], ['stuck', '3']]);
    expect(marks[2]).toMatchObject({ 'data-instruction': '0', 'data-register': 'R1' });
  });

  it('highlights the conflicting events (class conflict, data-role, data-kind) and joins producer and consumer with a line', () => {
    expect(withClass(svg, 'conflict').filter((a) => 'data-mark' in a).map((a) => [a['data-role'], a['data-kind'], a['data-cycle']])).toEqual([['producer', 'WAR', '2'], ['consumer', 'WAR', '5']]);
    expect(svg).toMatch(/<g class="conflict-link"><line [^>]+\/><\/g>/);
    expect(withClass(svg, 'finding-line')[0]).toMatchObject({ 'data-cycle': '5' });
  });

  it('packs overlapping bars into rows, marks open bars, and keeps every bar of a key in one row', () => {
    const bars = elements(svg, (a) => 'data-bar' in a);
    expect(bars.map((a) => [a['data-bar'], a.class])).toEqual([['a', 'bar bar-executing'], ['b', 'bar bar-queued open conflict'], ['c', 'bar bar-executing']]);
    // 'c' starts after 'a' ends, so it reuses row 0: both rects at the same height; 'b' is below.
    const rectY = (key: string) => Number(new RegExp(`data-bar="${key}"[^>]*><title>[^<]*</title><rect x="[^"]+" y="([^"]+)"`).exec(svg)![1]);
    expect(rectY('c')).toBe(rectY('a'));
    expect(rectY('b')).toBeGreaterThan(rectY('a'));
  });

  it('draws counter values as levels with their value as text', () => {
    expect(elements(svg, (a) => 'data-value' in a).map((a) => [a['data-from'], a['data-to'], a['data-value']])).toEqual([['0', '1', '1'], ['2', '5', '0']]);
  });

  it('escapes every text and attribute, and links marks to their anchors', () => {
    expect(svg).toContain('aria-label="test &lt;chart&gt; &amp; &quot;caption&quot;"');
    expect(svg).toContain('<title>free mark &lt;&amp;&gt;</title>');
    expect(svg).toContain('<a href="#f1-L&lt;3&gt;">');
    expect(svg).not.toMatch(/https?:|xlink|\bid="/);
  });
});
