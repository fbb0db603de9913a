/**
 * Certain-hazard mutants are made only where control can go: ptxas 12.5 -O3 for sm_86 leaves
 * vote.sync's fallback subroutine (`CALL.REL.NOINC 0x220`) behind unconditional `BRA`s that always
 * skip its calls (`hazardproof fuzz --ptxas --seed 20261206` path 96, shrunk:
 * fixtures/fuzz-dead-call.sm_86.ptx). A stall lowered inside that subroutine has no schedule, so
 * the checker's proof of the mutant is right; the campaign had counted it a law failure.
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
});
