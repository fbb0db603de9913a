import { afterAll, describe, expect, it } from 'vitest';
import { proveDepbar } from '../../solver/proveDepbar.js';
import { releaseZ3 } from '../../solver/z3.js';
import { hp } from '../helpers.js';

afterAll(releaseZ3);

const program = (second: number) => hp(`.pipe tex queue 16: TEX\n.pipe alu fixed 4: FMUL
[B------:R-:W0:-:S01] TEX R0 <- R10, R11
[B------:R-:W0:-:S01] TEX R1 <- R12, R13
[B------:R-:W0:-:S01] TEX R2 <- R14, R15
DEPBAR.LE SB0, 2
FMUL R3 <- R0, R0
DEPBAR.LE SB0, ${second}
FMUL R4 <- R1, R1
DEPBAR.LE SB0, 0
FMUL R5 <- R2, R2
`);

describe('proveDepbar', () => {
  it("proves the patent's immediates 2, 1, 0 sound and tight, each with the order that breaks k + 1", async () => {
    const proofs = await Promise.all([3, 5, 7].map((index) => proveDepbar(program(1), index, 10_000)));
    expect(proofs.map((p) => [p.verdict, p.largestSafe])).toEqual([['sound-tight', 2], ['sound-tight', 1], ['sound-tight', 0]]);
    expect(proofs[0]!.breaking).toMatchObject({ immediate: 3, order: { doneAtBarrier: 0 } });
    expect(proofs[0]!.obligations.map((o) => o.answer)).toEqual(['proved', 'counterexample']);
    expect(proofs[0]!.obligations[0]!.smt2).toMatch(/\(assert .*\)[\s\S]*\(check-sat\)/);
  });

  it('refutes an immediate one too large, with the breaking order, and gives the largest safe value', async () => {
    const proof = await proveDepbar(program(2), 5, 10_000);
    expect(proof.verdict).toBe('unsound');
    expect(proof.largestSafe).toBe(1);
    // The breaking order: the first texture write happens, the barrier sees 2 <= 2, the second write comes later.
    const { order, breaking } = proof;
    const done = breaking!.order.sequence.slice(0, breaking!.order.doneAtBarrier).map((e) => `${order.events[e]!.kind}${order.events[e]!.instruction}`);
    expect(done.filter((e) => e.startsWith('write'))).toEqual(['write0']);
  });

  it('says sound but not tight, with the largest safe value, for an immediate smaller than needed', async () => {
    const proof = await proveDepbar(program(0), 5, 10_000);
    expect(proof).toMatchObject({ verdict: 'sound', largestSafe: 1 });
  });
});
