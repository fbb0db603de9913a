import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLrcProgram, type ParsedLrcProgram } from '../format/lrc/parse.js';
import { annotateLrcProgram } from '../impl/lrc/annotate.js';
import { proveLrcFlags } from '../impl/lrc/proveFlags.js';
import type { LrcProgram } from '../spec/lrc/program.js';
import { renderFlagProof } from '../reports/lrc/flagProof.js';
import { lrcProgramArbitrary } from './arbitraries/lrcProgram.js';

/**
 * Programs the pass can make safe: fixed results land the next cycle (nothing on this machine
 * orders a longer fixed latency) and preloads are right (INIT_LRC_VAL is the input's, not the pass's).
 */
const passablePrograms = lrcProgramArbitrary({ maxInstructions: 6, registers: 3, maxContexts: 2, maxThreads: 2 }).map((program): LrcProgram => ({
  ...program,
  units: program.units.map((unit) => (unit.kind === 'fixed' ? { ...unit, latency: 1 } : unit)),
  preloads: program.preloads.map((preload) => ({ ...preload, initialValue: preload.registers.length })),
}));

/** A pass with a planted bug: it forgets WAR (an overwritten source of a pending request). */
function annotateIgnoringWar(program: LrcProgram): LrcProgram {
  const good = annotateLrcProgram(program);
  const war = good.reasons.filter((reason) => reason.kind === 'WAR');
  const instructions = good.program.instructions.map((instruction, index) =>
    ({ ...instruction, waitFor: instruction.waitFor.filter((counter) => !war.some((r) => r.instruction === index && r.counter === counter)) }));
  return { ...good.program, instructions };
}

describe('the LRC flag pass, judged by exhaustive proofs', () => {
  it('its flags are sufficient (no schedule has a finding) and each one is necessary (without it some schedule has one)', () => {
    let programs = 0;
    fc.assert(fc.property(passablePrograms, (program) => {
      const proof = proveLrcFlags(annotateLrcProgram(program).program, 40_000);
      // Runs are programs the proof decides and the pass gave a flag whose necessity it decides:
      // every one of the runs judges at least one flag, under any seed.
      fc.pre(proof.program.verdict !== 'unknown');
      expect(proof.program.verdict).toBe('proved-safe');
      const decided = proof.flags.filter((flag) => flag.verdict !== 'unknown');
      fc.pre(decided.length > 0);
      programs++;
      for (const flag of decided) expect(flag, 'removing a flag the pass set must admit a finding').toMatchObject({ verdict: 'necessary' });
    }), { numRuns: 60 });
    expect(programs).toBe(60);
  });

  it('a pass that forgets WAR is caught by the proof, with the schedule that breaks it printed', () => {
    const parsed = parseLrcProgram('.machine lrc\n.unit alu fixed 1: mov\n.unit mem request: ldg\nldg r1 <- r0\nmov r0 <- 7\n', 'war.hp');
    const broken: ParsedLrcProgram = { ...parsed, program: annotateIgnoringWar(parsed.program) };
    const proof = proveLrcFlags(broken.program, 10_000);
    expect(proof.program.verdict).toBe('hazard');
    const text = renderFlagProof(broken, proof, 0);
    expect(text).toMatch(/the flags are not sufficient: WAR on r0/);
    expect(text).toContain('<== WAR on r0');
    expect(text).toMatch(/replay: hazardproof check war\.hp --replay "[^"]+"/);
  });

  it('the planted WAR bug is found on generated programs too, and shrinks to a program whose only flaw is the missing WAR flag', () => {
    // The law "the broken pass's flags are proved sufficient" must fail: fast-check searches
    // programs that need a WAR flag until one breaks it (at most 300), then shrinks it.
    const needsWar = passablePrograms.filter((program) => annotateLrcProgram(program).reasons.some((reason) => reason.kind === 'WAR'));
    const result = fc.check(fc.property(needsWar, (program) => proveLrcFlags(annotateIgnoringWar(program), 40_000).program.verdict !== 'hazard'), { numRuns: 300 });
    expect(result.failed, 'the proof never caught the pass that forgets WAR').toBe(true);
    const counterexample = result.counterexample![0];
    console.log(`planted WAR bug caught after ${result.numRuns} program(s), shrunk ${result.numShrinks} time(s) to ${counterexample.instructions.length} instruction(s)`);
    // The correct pass's flags are proved sufficient on the same program: the missing WAR flag is the flaw.
    expect(proveLrcFlags(annotateLrcProgram(counterexample).program, 40_000).program.verdict).toBe('proved-safe');
  });
});
