import { describe, expect, it } from 'vitest';
import { checkComponentProgram } from '../../../../impl/components/check.js';
import { baselineComponentProgram } from '../../../../impl/components/schedule/baseline.js';
import { scheduleComponentProgram, type ScheduledProgram } from '../../../../impl/components/schedule/schedule.js';
import type { ComponentProgram } from '../../../../spec/components/program.js';
import { ins, prog } from './build.js';

function scheduled(program: ComponentProgram): ScheduledProgram {
  const result = scheduleComponentProgram(program);
  if (!result.ok) throw new Error(result.reason);
  return result;
}

function baseline(program: ComponentProgram): ScheduledProgram {
  const result = baselineComponentProgram(program);
  if (!result.ok) throw new Error(result.reason);
  return result;
}

describe("scheduling the seed's fragments", () => {
  const fmac = ins('fmac', { repeat: 1, latency: 4, destination: 'r18.z' });
  const reader = ins('fmac2', { repeat: 1, latency: 4, destination: 'r20.x(r)', sources: ['r18.y(r)', 'r18.y(r)'] });
  const independent = ins('mov', { destination: 'r30.x' });

  it('fmac, latency 4, distance 1: full latency needs 3 NOPs, the edge latency 3 needs 2, and with an independent instruction 1', () => {
    expect(baseline(prog(fmac, reader)).statistics).toEqual({ instructions: 2, nops: 3, cycles: 7 });
    expect(scheduled(prog(fmac, reader)).statistics).toEqual({ instructions: 2, nops: 2, cycles: 6 });
    const withIndependent = scheduled(prog(fmac, reader, independent));
    expect(withIndependent.statistics).toEqual({ instructions: 3, nops: 1, cycles: 6 });
    expect(withIndependent.program.instructions.map((i) => `${i.opcode}+${i.nops}`)).toEqual(['fmac+0', 'mov+1', 'fmac2+0']);
    expect(baseline(prog(fmac, reader, independent)).statistics.nops).toBe(3);
    for (const program of [scheduled(prog(fmac, reader)).program, withIndependent.program, baseline(prog(fmac, reader)).program]) {
      expect(checkComponentProgram(program, null).verdict).toBe('proved-safe');
    }
  });

  it('ALU latency 5, instruction distance 2: 4 NOPs become 2', () => {
    const program = prog(ins('add', { repeat: 2, latency: 5, destination: 'r0.x(r)' }), ins('mul', { destination: 'r1.x', sources: ['r0.x'] }));
    expect(baseline(program).statistics.nops).toBe(4);
    expect(scheduled(program).statistics.nops).toBe(2);
    expect(checkComponentProgram(scheduled(program).program, null).verdict).toBe('proved-safe');
  });

  it('ADD then MUL, hardware latency 3, instruction distance 1: 2 NOPs become 1', () => {
    const program = prog(ins('add', { repeat: 1, latency: 3, destination: 'r0.x(r)' }), ins('mul', { destination: 'r1.x', sources: ['r0.x'] }));
    expect(baseline(program).statistics.nops).toBe(2);
    expect(scheduled(program).statistics.nops).toBe(1);
  });
});

describe('scheduleComponentProgram', () => {
  it("drops the input's NOPs, reorders, keeps line and text, and maps the output to input indices", () => {
    const input = prog(
      ins('slow', { latency: 6, destination: 'r0.x', nops: 5 }),
      ins('nop'),
      ins('use', { destination: 'r1.x', sources: ['r0.x'] }),
      ins('free', { destination: 'r2.x' }),
    );
    const result = scheduled(input);
    expect(result.order).toEqual([0, 3, 2]);
    expect(result.program.instructions.map((i) => [i.opcode, i.line, i.nops])).toEqual([['slow', 1, 0], ['free', 4, 4], ['use', 3, 0]]);
    expect(result.method).toBe('list');
    expect(result.graphIndices).toEqual([0, 2, 3]);
  });

  it('recomputes waits (one wait covers every producer of its class before it), or keeps the input ones too', () => {
    const input = prog(
      ins('ldg1', { latency: 'variable', syncClass: 'sy', destination: 'r0.x' }),
      ins('ldg2', { latency: 'variable', syncClass: 'sy', destination: 'r0.y' }),
      ins('rcp', { latency: 'variable', syncClass: 'ss', destination: 'r4.x' }),
      ins('use1', { destination: 'r1.x', sources: ['r0.x'], waits: ['ss'] }),
      ins('use2', { destination: 'r1.y', sources: ['r0.y'] }),
    );
    const recomputed = scheduled(input);
    expect(recomputed.program.instructions.map((i) => `${i.opcode}${i.waits.map((w) => `(${w})`).join('')}`)).toEqual(['ldg1', 'ldg2', 'rcp', 'use1(sy)', 'use2']);
    const kept = scheduleComponentProgram(input, { keepWaits: true });
    expect(kept.ok && kept.program.instructions[3]!.waits).toEqual(['sy', 'ss']);
    expect(checkComponentProgram(recomputed.program, null).verdict).toBe('proved-safe');
  });

  it('keeps a closing end last, and refuses programs with other branches', () => {
    const end = { ...ins('end'), branch: { target: 3, conditional: false } };
    const result = scheduled(prog(ins('slow', { latency: 6, destination: 'r0.x' }), ins('use', { destination: 'r1.x', sources: ['r0.x'] }), end));
    expect(result.program.instructions.map((i) => i.opcode)).toEqual(['slow', 'use', 'end']);
    expect(result.program.instructions[2]!.branch).toEqual({ target: 3, conditional: false });
    expect(scheduleComponentProgram(prog(ins('jump', { branch: { target: 0, conditional: false } }), ins('a')))).toMatchObject({ ok: false, reason: expect.stringContaining('straight-line programs only') });
  });

  it('falls back to program order when that is shorter than the list schedule', () => {
    const program = prog(ins('a', { latency: 3, destination: 'r0.x' }), ins('x', { repeat: 7, destination: 'r5.x(r)' }), ins('b', { repeat: 3, destination: 'r9.x(r)', sources: ['r0.x'] }));
    const result = scheduled(program);
    expect(result.method).toBe('in-order');
    expect(result.statistics.cycles).toBe(13);
    expect(scheduleComponentProgram(program, { method: 'list' })).toMatchObject({ method: 'list', statistics: { cycles: 15 } });
  });
});
