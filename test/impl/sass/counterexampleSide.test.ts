import { describe, expect, it } from 'vitest';
import { checkCuasmLines } from './checkCuasmLines.js';
import { counterexampleSide } from '../../../spec/sass/architectures/counterexample.js';
import { ARCHITECTURES } from '../../../spec/sass/architectures/index.js';
import { proofOnly, provenanceOf } from '../../../spec/sass/architectures/provenance.js';

const check = checkCuasmLines;

describe('hazard only on sourced behaviour: the counterexample side of the tables', () => {
  it('derives the counterexample table: conservative and inferred-bound entries ready the next cycle, conservative queues in order, explicit sides kept', () => {
    for (const table of ARCHITECTURES) {
      const side = counterexampleSide(table);
      for (const [name, info] of Object.entries(table.opcodes)) {
        const cex = side.table.opcodes[name]!;
        if (info.counterexample && 'latency' in info.counterexample) expect(cex).toMatchObject({ kind: 'fixed', latency: info.counterexample.latency, latencyClass: 'earliest-reader', source: info.counterexample.source });
        else if (info.counterexample) expect(cex).toMatchObject({ kind: 'variable', queue: info.counterexample.queue });
        else if ((info.kind === 'fixed' || info.kind === 'variable') && proofOnly(provenanceOf(info.source))) expect(cex).toMatchObject({ kind: 'fixed', latency: 1, latencyClass: 'earliest-reader' });
        else if (info.unscoreboarded !== undefined) expect(cex).toMatchObject({ ...info, unscoreboarded: { kind: 'fixed', latency: 1, latencyClass: 'earliest-reader' } });
        else expect(cex).toBe(info);
        expect(side.opcodeGaps.has(name)).toBe(cex !== info);
      }
      for (const [name, queue] of Object.entries(table.queues)) {
        expect(side.table.queues[name]!.ordered).toBe(queue.ordered || provenanceOf(queue.source) === 'conservative');
      }
    }
  });

  it('a load\'s result read after waiting on a later load only: unknown on sm_75 (global loads in order is a counterexample-only fact), naming it', () => {
    const lines = [
      '      [B------:R-:W-:-:S01] /*0000*/ LDG.E.SYS R16, [R2] ;',
      '      [B------:R-:W0:-:S02] /*0010*/ LDG.E.SYS R12, [R4] ;',
      '      [B0-----:R-:W-:-:S04] /*0020*/ IADD3 R20, R16, R12, RZ ;',
      '      [B------:R-:W-:-:S04] /*0030*/ EXIT ;',
    ];
    // The proof side alone (the model as it was): a RAW "confirmed" by its own assumption.
    const proofOnly = check('sm_75', lines, false);
    expect(proofOnly.verdict).toBe('hazard');
    expect(proofOnly.hazards.map((shown) => `${shown.hazard.kind} ${'register' in shown.hazard ? shown.hazard.register : ''}`)).toContain('RAW R16');
    const result = check('sm_75', lines);
    expect(result.verdict).toBe('unknown');
    expect(result.hazards).toEqual([]);
    expect(result.assumed.length).toBeGreaterThan(0);
    expect(result.reason).toContain('RAW on R16 between lines 2 and 4 rests on the proof side of LDG on sm_75');
    expect(result.reason).toContain('and of the global queue on sm_75 (proof side: results may complete in any order');
    expect(result.reason).toContain('[conservative]');
    expect(result.reason).toContain('the listing relies on the opposite at line 4');
  });

  it('HMMAs chained over an earlier one\'s operand: proved safe on sm_75 (in issue order on both sides, ptxas-sm75-hmma-order) and sm_80 (NVIDIA\'s WAR figure)', () => {
    const lines = [
      '      [B------:R-:W0:-:S01] /*0000*/ HMMA.1688.F32 R16, R4, R12, RZ ;',
      '      [B------:R-:W1:-:S02] /*0010*/ HMMA.1688.F32 R12, R4, R14, RZ ;',
      '      [B01----:R-:W-:-:S04] /*0020*/ IADD3 R20, R16, R12, RZ ;',
      '      [B------:R-:W-:-:S04] /*0030*/ EXIT ;',
    ];
    expect(check('sm_75', lines).verdict).toBe('proved-safe');
    expect(check('sm_80', lines).verdict).toBe('proved-safe');
  });

  it('an opcode no source times (MOVM on sm_90) read without a wait: unknown naming it, never hazard', () => {
    const result = check('sm_90', [
      '      [B------:R-:W-:-:S04] /*0000*/ MOVM.16.MT88 R1, R0 ;',
      '      [B------:R-:W-:-:S04] /*0010*/ FADD R2, R1, R1 ;',
      '      [B------:R-:W-:-:S04] /*0020*/ EXIT ;',
    ]);
    expect(result.verdict).toBe('unknown');
    expect(result.reason).toContain('MOVM on sm_90');
    expect(result.reason).toContain('[conservative]');
  });

  it('an opcode timed only by the class compiler output fits (IADD on sm_120) read sooner than the class allows: unknown naming it, never hazard', () => {
    // fp16 -> alu is 5 on B100; ptxas never issues an IADD reader sooner (corpus-sm120-classes).
    const lines = (stall: number) => [
      `      [B------:R-:W-:-:S0${stall}] /*0000*/ IADD R1, R0, 0x1 ;`,
      '      [B------:R-:W-:-:S04] /*0010*/ LOP3.LUT R2, R1, 0xffff, RZ, 0xc0, !PT ;',
      '      [B------:R-:W-:-:S04] /*0020*/ EXIT ;',
    ];
    expect(check('sm_120', lines(5)).verdict).toBe('proved-safe');
    const result = check('sm_120', lines(2));
    expect(result.verdict).toBe('unknown');
    expect(result.reason).toContain('IADD on sm_120');
    expect(result.reason).toContain('[corpus-sm120-classes]');
  });

  it('a load read without waiting is still a hazard: the evidence uses only sourced behaviour (sm_75)', () => {
    const result = check('sm_75', [
      '      [B------:R-:W0:-:S02] /*0000*/ LDG.E.SYS R0, [R2] ;',
      '      [B------:R-:W-:-:S04] /*0010*/ IADD3 R1, R0, R0, RZ ;',
      '      [B------:R-:W-:-:S04] /*0020*/ EXIT ;',
    ]);
    expect(result.verdict).toBe('hazard');
    expect(result.assumed).toEqual([]);
  });
});
