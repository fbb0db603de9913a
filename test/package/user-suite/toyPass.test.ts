// The property a compiler team writes for its pass. The toy pass is wrong: this test must fail,
// shrunk to a small program, with fast-check's seed and path and hazardproof's replay command.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { programs, latencySchedules } from 'hazardproof/arbitraries';
import { runSchedule } from 'hazardproof';
import { toyScoreboardPass } from './toyPass.js';

it('the toy pass protects every program it is given', () => {
  fc.assert(fc.property(programs({ controls: 'none', maxInstructions: 6 }), (program) => {
    expect(toyScoreboardPass(program)).toBeHazardFree();
  }), { seed: 20261122 });
});

it('under every latency schedule drawn, the pass output of a fixed program has no hazard', () => {
  const program = toyScoreboardPass({
    scoreboards: 2, warps: 1, interlock: false,
    pipes: [{ kind: 'queue', name: 'tex', depth: 2, opcodes: ['TEX'] }, { kind: 'fixed', name: 'alu', latency: 2, opcodes: ['FMUL'] }],
    instructions: [
      { kind: 'op', opcode: 'TEX', destinations: [{ kind: 'register', name: 'R1' }], sources: [{ kind: 'register', name: 'R0' }], control: { wait: [], readScoreboard: null, writeScoreboard: null, yield: false, stall: 1 } },
      { kind: 'op', opcode: 'FMUL', destinations: [{ kind: 'register', name: 'R0' }], sources: [{ kind: 'register', name: 'R2' }], control: { wait: [], readScoreboard: null, writeScoreboard: null, yield: false, stall: 1 } },
    ],
  });
  fc.assert(fc.property(latencySchedules(program), (schedule) => {
    expect(runSchedule(program, schedule).hazards).toEqual([]);
  }), { seed: 20261122 });
});
