/**
 * Where a return goes in the control-flow graph the analysis walks (`spec/sass/successors.ts`): back
 * after the calls whose callee reaches it, and after every call where the entry's own code reaches
 * it too; the graph never has fewer paths than the machine's call stack allows.
 */
import { describe, expect, it } from 'vitest';
import { parseCuasm } from '../../../format/sass/cuasm.js';
import { lowerKernel } from '../../../format/sass/lower.js';
import { successors } from '../../../spec/sass/successors.js';
import { table } from './listedLine.js';

/** A kernel of `lines` (one instruction each, 16 bytes apart from 0x0) for sm_90, its successors by instruction. */
function successorsOf(...lines: string[]): number[][] {
  const text = ['\t.section\t.text.k,"ax",@progbits', ...lines.map((text, index) => `      [B------:R-:W-:-:S02] /*${(index * 16).toString(16).padStart(4, '0')}*/ ${text} ;`)].join('\n');
  return successors(lowerKernel(parseCuasm(text, 'k.cuasm').kernels[0]!, table('sm_90')).program);
}

describe('returns in the control-flow graph', () => {
  it('a return only one callee reaches goes back after the calls to that callee alone', () => {
    const next = successorsOf(
      'CALL.REL.NOINC 0x40', // 0: calls A
      'CALL.REL.NOINC 0x60', // 1: calls B
      'EXIT', // 2
      'BRA 0x30', // 3
      'NOP', // 4: A
      'RET.REL.NODEC R20 0x0', // 5: A returns
      'CALL.REL.NOINC 0x40', // 6: B calls A
      'RET.REL.NODEC R22 0x0', // 7: B returns
    );
    expect(next[5]).toEqual([1, 7]);
    expect(next[7]).toEqual([2]);
  });

  it('a return the entry\'s own code reaches (no call in progress) keeps every return site', () => {
    const next = successorsOf(
      '@P0 CALL.REL.NOINC 0x40', // 0: calls A, or not
      'BRA 0x50', // 1: to A's return, with no call in progress
      'EXIT', // 2
      'BRA 0x30', // 3
      'NOP', // 4: A
      'RET.REL.NODEC R20 0x0', // 5: reached by A and by the entry
    );
    expect(next[5]).toEqual([1]);
    // With a second call elsewhere, the entry-reached return may go back after either.
    const two = successorsOf('CALL.REL.NOINC 0x60', 'BRA 0x70', 'EXIT', 'BRA 0x30', 'CALL.REL.NOINC 0x60', 'EXIT', 'NOP', 'RET.REL.NODEC R20 0x0');
    expect([...two[7]!].sort()).toEqual([1, 5]);
  });
});
