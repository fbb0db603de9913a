/**
 * Certain-hazard mutants are made only where control can go: ptxas 12.5 -O3 for sm_86 leaves
 * vote.sync's fallback subroutine (`CALL.REL.NOINC 0x220`) behind unconditional `BRA`s that always
 * skip its calls (`hazardproof fuzz --ptxas --seed 20261206` path 96, shrunk:
 * fixtures/fuzz-dead-call.sm_86.ptx). A stall lowered inside that subroutine has no schedule, so
 * the checker's proof of the mutant is right; the campaign had counted it a law failure.
 *
 * The same at -O0, one instruction further: ptxas 12.5 -O0 for sm_75 leaves vote.sync's inline
 * path (lines 81 to 101, addresses 0x260 to 0x300) behind `BRA 0x310`, which always skips it to the
 * label the path would fall through to (`hazardproof fuzz --ptxas --seed 20261207` path 3, shrunk:
 * fixtures/fuzz-dead-vote-path.sm_75.ptx). The SEL at that label is reached, the PLOP3 before it
 * (line 101) is not: a stall lowered there has no schedule either.
 */
import { describe, expect, it } from 'vitest';
import { listingKernelsOfText } from '../../../format/sass/loadKernels.js';
import { nvidiaMutantCandidates } from '../../../impl/soundness/campaign.js';
import { timeBudget } from '../../../api/stop.js';
import { fixture } from '../../spec/sass/ptxasFixtures.js';

describe('certain-hazard mutants of NVIDIA listings', () => {
  const text = fixture('ptxas-12.5.dead-call.sm_86.O3.sass');
  const kernels = listingKernelsOfText(text, 'dead-call.sm_86.sass', { from: null, architecture: null, kernels: [] });

  it('none in code nothing reachable enters (the subroutine from line 73 on, called only from dead code)', () => {
    const lines = nvidiaMutantCandidates(kernels).map((candidate) => candidate.line);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line >= 73)).toEqual([]);
  });

  it('every mutant made, all in the kernel\'s body, is a hazard', () => {
    const verdicts = nvidiaMutantCandidates(kernels).map((candidate) => {
      const result = candidate.check(timeBudget({ timeoutMs: 20_000 }).shouldStop);
      return 'refused' in result ? `refused: ${result.refused}` : result.verdict;
    });
    expect(verdicts).toEqual(['hazard', 'hazard', 'hazard', 'hazard']);
  });

  describe('after the dead code, at the label a branch skips to', () => {
    const deadPath = listingKernelsOfText(fixture('ptxas-12.5.dead-vote-path.sm_75.O0.sass'), 'dead-vote-path.sm_75.sass', { from: null, architecture: null, kernels: [] });
    const candidates = nvidiaMutantCandidates(deadPath);

    it('no mutant whose producer is in the skipped path (lines 81 to 101)', () => {
      const lines = candidates.map((candidate) => candidate.line);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.filter((line) => line >= 81 && line <= 101)).toEqual([]);
    });

    it('every mutant made is a hazard', () => {
      const verdicts = candidates.map((candidate) => {
        const result = candidate.check(timeBudget({ timeoutMs: 20_000 }).shouldStop);
        return 'refused' in result ? `refused: ${result.refused}` : result.verdict;
      });
      expect(new Set(verdicts)).toEqual(new Set(['hazard']));
    });
  });
});
