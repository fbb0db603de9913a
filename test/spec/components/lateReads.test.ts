/**
 * Late source reads (ir3's texture, special-function and memory instructions; Mesa's
 * `needs_ss_war`): a later result may land before such an instruction has read its source,
 * unless a wait of its class comes first, or the writer goes through the same in-order unit.
 */
import { describe, expect, it } from 'vitest';
import type { ComponentInstruction, ComponentProgram } from '../../../spec/components/program.js';
import { checkComponentProgram } from '../../../impl/components/check.js';

const r1 = { kind: 'register' as const, register: 'r1', component: 0, increments: false };
const r2 = { ...r1, register: 'r2' };

function instruction(index: number, fields: Partial<ComponentInstruction>): ComponentInstruction {
  return { opcode: `I${index}`, repeat: 0, nops: 0, line: index + 1, text: `I${index}`, destination: null, sources: [], latency: 1, readerClass: 'alu', syncClass: null, waits: [], ...fields };
}

/** A store that reads r1 late, then an instruction that overwrites r1. */
function storeThenOverwrite(writer: Partial<ComponentInstruction>): ComponentProgram {
  return { instructions: [instruction(0, { sources: [r1], lateReads: 'ss', unit: 'memory' }), instruction(1, { destination: r1, ...writer })] };
}

describe('late source reads', () => {
  it('a later ALU result may overwrite the source before the late read: WAR', () => {
    const result = checkComponentProgram(storeThenOverwrite({ latency: 2 }), null);
    expect(result.verdict).toBe('hazard');
    expect(result.hazards.map(({ finding }) => `${finding.kind} ${finding.component} ${finding.producer.instruction}->${finding.consumer.instruction}`)).toEqual(['WAR r1.x 0->1']);
  });

  it('(ss) on the writer waits for the late read: proved safe', () => {
    expect(checkComponentProgram(storeThenOverwrite({ latency: 2, waits: ['ss'] }), null).verdict).toBe('proved-safe');
  });

  it('a wait of the other class does not', () => {
    expect(checkComponentProgram(storeThenOverwrite({ latency: 2, waits: ['sy'] }), null).verdict).toBe('hazard');
  });

  it('a variable result of the same in-order unit cannot overtake the read; of another unit it can', () => {
    const load = { latency: 'variable' as const, syncClass: 'ss' as const };
    expect(checkComponentProgram(storeThenOverwrite({ ...load, unit: 'memory' }), null).verdict).toBe('proved-safe');
    expect(checkComponentProgram(storeThenOverwrite({ ...load, unit: 'texture' }), null).verdict).toBe('hazard');
  });

  it('sources read at issue (no lateReads) are not open afterwards', () => {
    const program: ComponentProgram = { instructions: [instruction(0, { sources: [r1], destination: r2 }), instruction(1, { destination: r1, latency: 1 })] };
    expect(checkComponentProgram(program, null).verdict).toBe('proved-safe');
  });
});
