import { describe, expect, it } from 'vitest';
import { renderTimeline, usedScoreboards } from '../../reports/timeline.js';
import { parseSchedule, replay } from '../../spec/scoreboard/trace.js';
import { hpParsed, PIPES } from '../helpers.js';

describe('renderTimeline', () => {
  it('shows each event per cycle with what reads saw, the used scoreboards, and marks the hazard', () => {
    const parsed = hpParsed(`${PIPES}[B------:R-:W2:-:S01] TEX R0 <- R1\nFMUL R2 <- R0\n`);
    const trace = replay(parsed.program, parseSchedule('W R i0 W R i0') as never);
    expect(renderTimeline(parsed, trace, trace.hazards[0])).toBe([
      'cycle  event  instruction                detail      SB2',
      '    0  issue  #0 TEX R0 <- R1 (line 4)               1',
      '    1  issue  #1 FMUL R2 <- R0 (line 5)              1',
      '       read   #1 FMUL R2 <- R0 (line 5)  R0=initial  1    <== RAW on R0',
    ].join('\n'));
  });

  it('lists only the scoreboards a program mentions', () => {
    expect(usedScoreboards(hpParsed('[B-1----:R3:W-:-:S01] NOP\nDEPBAR.LE SB5, 1\n').program)).toEqual([1, 3, 5]);
  });
});
