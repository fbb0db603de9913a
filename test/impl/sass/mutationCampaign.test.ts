import { describe, expect, it } from 'vitest';
import { replayPath } from '../../../explore/run.js';
import { listingKernelsOfText, type LoadedKernel } from '../../../format/sass/loadKernels.js';
import { checkSassProgram, DEFAULT_SASS_CHECK, type SassCheckResult } from '../../../impl/sass/check.js';
import { addTallies, caughtShare, MUTANT_CHECK, runMutationCampaign } from '../../../impl/sass/mutationCampaign.js';
import { undecidedCause } from '../../../impl/sass/mutation/undecided.js';
import { hazardKey } from '../../../spec/oracle/hazard.js';
import { sassSystem } from '../../../spec/sass/system.js';

/** One kernel of CuAssembler lines under `arch`, lowered on both sides of its table as `check` lowers it. */
function kernelOf(arch: string, lines: readonly string[]): LoadedKernel {
  const text = ['\t.section\t.text.k,"ax",@progbits', ...lines].join('\n');
  return listingKernelsOfText(text, 'k.cuasm', { from: 'cuasm', architecture: arch, kernels: [] })[0]!;
}

// A global load and its consumer, which waits for it: proved safe as written on every architecture.
const LOAD_USE = [
  '      [B------:R-:W2:-:S02] /*0000*/ LDG.E.SYS R5, [R2] ;',
  '      [B--2---:R-:W-:-:S04] /*0010*/ IADD3 R6, R5, 0x1, RZ ;',
  '      [B------:R-:W-:-:S05] /*0020*/ EXIT ;',
];
/** The same with a Hopper matrix transpose, which no source times (a conservative entry). */
const MATRIX_LOAD_USE = [
  '      [B------:R-:W2:-:S02] /*0000*/ MOVM.16.MT88 R5, R2 ;',
  ...LOAD_USE.slice(1),
];

/** Search bounds far above any kernel here: a replay only needs every action of the schedule enabled. */
const REPLAY_BOUNDS = { inFlight: 4096, calls: 256 };

describe('mutation campaign: caught only on the counterexample side', () => {
  it('sm_75, where sources time global loads: a dropped wait or a moved scoreboard is caught by a schedule of the counterexample program', () => {
    const kernel = kernelOf('sm_75', LOAD_USE);
    const report = runMutationCampaign(kernel, 100, 1);
    const all = report.tallies.find((tally) => tally.kind === 'all')!;
    expect(all).toMatchObject({ mutants: 3, provedSafe: 1, hazard: 2, unknown: 0, undecided: { fact: 0, budget: 0, other: 0 } });
    for (const { mutant, result } of report.checks.filter((check) => check.result.verdict === 'hazard')) {
      for (const shown of result.hazards) {
        const replayed = replayPath(sassSystem(mutant.counterexample!.program, REPLAY_BOUNDS), shown.schedule);
        expect(replayed.findings.map(hazardKey), mutant.change).toContain(hazardKey(shown.hazard));
      }
    }
  });

  it('sm_90, where no source times MOVM: what the proof side alone caught is undecided, naming the fact, not caught', () => {
    const kernel = kernelOf('sm_90', MATRIX_LOAD_USE);
    const report = runMutationCampaign(kernel, 100, 1);
    const all = report.tallies.find((tally) => tally.kind === 'all')!;
    expect(all).toMatchObject({ mutants: 3, provedSafe: 1, hazard: 0, unknown: 2, undecided: { fact: 2, budget: 0, other: 0 } });
    expect(caughtShare(all)).toBe(0);
    for (const { mutant, result, undecided } of report.checks.filter((check) => check.result.verdict === 'unknown')) {
      // The one-sided check of before "caught" it, on a schedule that needs MOVM to be late.
      expect(checkSassProgram(mutant.program, [], { ...DEFAULT_SASS_CHECK, ...MUTANT_CHECK }).verdict, mutant.change).toBe('hazard');
      expect(result.hazards).toEqual([]);
      expect(undecided!.why).toBe('fact');
      expect(undecided!.facts.map((fact) => fact.subject)).toContain('MOVM on sm_90');
      expect(undecided!.detail).toContain('MOVM on sm_90');
    }
  });

  it('checks with the kernel\'s notes, as check does: an instruction outside the model leaves a mutant undecided for another reason', () => {
    const kernel = kernelOf('sm_75', [...LOAD_USE.slice(0, 2), '      [B------:R-:W-:-:S04] /*0020*/ FOOBAR R9, R8 ;', LOAD_USE[2]!]);
    const report = runMutationCampaign(kernel, 100, 1);
    const stall = report.checks.find((check) => check.mutant.kind === 'lower-stall')!;
    expect(stall.result.verdict).toBe('unknown');
    expect(stall.undecided).toMatchObject({ why: 'other', facts: [] });
    expect(stall.undecided!.detail).toContain('outside the model');
  });

  it('a seeded sample: the same seed checks the same mutants', () => {
    const kernel = kernelOf('sm_75', [
      '      [B------:R-:W1:-:S02] /*0000*/ LDG.E.SYS R5, [R2] ;',
      '      [B------:R-:W2:-:S02] /*0010*/ LDG.E.SYS R7, [R2+0x4] ;',
      '      [B------:R-:W3:-:S02] /*0020*/ LDG.E.SYS R9, [R2+0x8] ;',
      '      [B-123--:R-:W-:-:S08] /*0030*/ IADD3 R6, R5, R7, R9 ;',
      '      [B------:R-:W-:-:S05] /*0040*/ EXIT ;',
    ]);
    const changes = (seed: number) => runMutationCampaign(kernel, 3, seed).checks.map((check) => `${check.mutant.instruction} ${check.mutant.change}`);
    expect(changes(7)).toHaveLength(3);
    expect(changes(7)).toEqual(changes(7));
  });

  it('adds tallies of several kernels, causes included', () => {
    const one = { kind: 'all', mutants: 5, provedSafe: 1, hazard: 2, unknown: 2, undecided: { fact: 1, budget: 1, other: 0 } } as const;
    const two = { kind: 'all', mutants: 3, provedSafe: 0, hazard: 2, unknown: 1, undecided: { fact: 0, budget: 0, other: 1 } } as const;
    expect(addTallies([one, two])).toEqual({ kind: 'all', mutants: 8, provedSafe: 1, hazard: 4, unknown: 3, undecided: { fact: 1, budget: 1, other: 1 } });
  });
});

describe('why a mutant is undecided', () => {
  const kernel = kernelOf('sm_75', LOAD_USE);
  // An unknown verdict with one suspicion no schedule showed (the kernel is safe: no search shows one).
  const open: SassCheckResult = {
    verdict: 'unknown', reason: 'the analysis cannot rule out 1 hazard(s)', hazards: [], assumed: [], notes: [], analysisSteps: 1,
    unconfirmed: [{ kind: 'RAW', register: 'R5', producer: 0, consumer: 1, scoreboard: 2, why: 'test' }],
  };

  it('budget: the search the check ran stops at its state budget', () => {
    expect(undecidedCause(open, kernel.program, 1)).toMatchObject({ why: 'budget', facts: [] });
  });

  it('other: the search covered every state and showed nothing, yet the analysis could not rule the hazard out', () => {
    expect(undecidedCause(open, kernel.program, 20_000)).toEqual({ why: 'other', facts: [], detail: open.reason });
  });

  it('fact: a hazard only the proof side shows, with the facts it needs', () => {
    const side = kernelOf('sm_90', LOAD_USE);
    const facts = side.counterexample!.gaps[0]!;
    const shown = { hazard: { kind: 'RAW', warp: 0, register: 'R5', producer: 0, consumer: 1, observer: null, cycle: 3 } as const, schedule: [], path: [] };
    const assumed: SassCheckResult = { ...open, unconfirmed: [], assumed: [{ shown, facts }, { shown, facts }] };
    expect(undecidedCause(assumed, side.program, 1)).toEqual({ why: 'fact', facts, detail: `rests on ${facts.map((fact) => fact.subject).join(' and ')}` });
  });
});
