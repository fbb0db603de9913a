import { defaultSeed } from '../format/defaultSeed.js';
import { parseArgs } from 'node:util';
import { Random } from '../explore/random.js';
import type { Verdict } from '../explore/verdict.js';
import { InputError } from '../format/error.js';
import { readInputFile } from '../format/readInputFile.js';
import { listingKernelsOfText, type ListingOptions, type LoadedKernel } from '../format/sass/loadKernels.js';
import { sourceMutants, type SourceMutant, type SourceMutantKind } from '../impl/amdgpu/sourceMutants.js';
import { checkSassProgram, DEFAULT_SASS_CHECK } from '../impl/sass/check.js';
import { addTallies, caughtShare, MUTANT_CHECK, runMutationCampaign, type MutationTally } from '../impl/sass/mutationCampaign.js';
import { undecidedCause, type UndecidedCause, type UndecidedWhy } from '../impl/sass/mutation/undecided.js';
import { AMDGPU_TARGETS, type AmdgpuTarget } from '../spec/amdgpu/counters.js';
import { isAmdgpuFile } from './amdgpuAnnotate.js';
import { fileBudget, integerOption, progressLine, timeoutOption, UsageError, type CliIo } from './io.js';
import { RecordedStop, type StopPredicate, type TimeBudget } from '../impl/budget.js';
import { listingOptions, loadKernels } from './sassCheck.js';

/** Help text of `hazardproof mutate`. */
export const MUTATE_USAGE = `usage: hazardproof mutate LISTING... [options]

Mutation self-test of the checker on real listings: from each kernel derive mutants that remove
one protection (drop a wait-mask bit, lower a fixed-latency stall to 1, raise a DEPBAR immediate,
move a write scoreboard to another counter), check each as check does (the same change on both
sides of the kernel's table), and report how many are proved safe (the protection was
redundant), caught (a schedule of behaviour a source shows has a hazard) or undecided, and why
each undecided one is: a fact gap (its hazard needs a fact no source gives, named), a budget (the
search ran out of states) or other (the analysis could not decide).
caught share = caught / (caught + undecided), a lower bound on the share of hazardous mutants caught.

AMDGPU assembly (llc output, llvm-objdump -d text) is mutated in its source instead, one line at a
time: a wait line dropped, one counter of a wait loosened by one (vmcnt(0) -> vmcnt(1), the
other counters kept), and s_nop N shortened to N-1 (s_nop 0 dropped). Each mutated listing is
read and checked again as a whole; the table has a row per function, its counts over the wait
mutants, and a line splitting them by kind; the s_nop mutants are counted on that line, outside
the share (they are about wait-state hazards, not the wait counters). A function whose own waits
are not proved safe is not mutated (its row says why).

options:
  --sample N     mutants per kernel, a seeded random sample when there are more (default 200)
  --seed N       seed of the sample (default: a fresh one, printed)
  --timeout MS   wall-clock budget per listing: the mutants not checked when it runs out are left
                 out, and the answer is unknown (exit 3)
  --from, --arch, --kernel   as for check

exit codes: 0 every kernel's caught share is at least 99%; 1 a kernel's mutants undecided for
other reasons alone hold its share below 99% (caught / (caught + other) < 99%: the checker missed);
2 usage or input error; 3 unknown: a listing's budget ran out first, a share is below 99% only
through mutants undecided on a fact gap or a budget, or an AMDGPU function was not mutated`;

/** The options `hazardproof mutate` takes (`parseArgs` form); its help lists each. */
export const MUTATE_OPTIONS = {
  sample: { type: 'string' }, seed: { type: 'string' }, from: { type: 'string' }, arch: { type: 'string' },
  kernel: { type: 'string', multiple: true }, timeout: { type: 'string' }, help: { type: 'boolean', short: 'h' },
} as const;

/** The caught share every kernel should reach. */
const GOAL = 0.99;

/**
 * `hazardproof mutate`: returns 0 when every kernel's caught share is at least 99%, 1 when mutants
 * the analysis could not decide (no fact gap, no budget) hold a kernel's share below it, 3 when a
 * listing's budget ran out first or a share falls short only through fact gaps and budgets.
 */
export function mutateCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: MUTATE_OPTIONS,
  });
  if (values.help) {
    io.stdout(`${MUTATE_USAGE}\n`);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('mutate needs at least one listing');
  const options = listingOptions(values);
  const sample = integerOption('sample', values.sample, 200, 1);
  const seed = integerOption('seed', values.seed, defaultSeed(), 0, 2 ** 32 - 1);
  const timeoutMs = timeoutOption(values.timeout);
  const kernels = loadKernels(positionals, options, io);
  if (kernels === null) return 2;
  const progress = progressLine(io);
  const lines = ['kernel                                    mutants  checked  proved-safe  caught  undecided  caught share'];
  let missed = false;
  let unknown = false;
  const tallies: MutationTally[] = [];
  const budgets = new Map<string, TimeBudget>();
  // AMDGPU files are told apart as check and annotate tell them (by content, with no --from); their mutants are source edits.
  const amdgpu = new Map<string, readonly SourceMutant[] | null>();
  const sourceMutantsOf = (kernel: LoadedKernel): readonly SourceMutant[] | null => {
    if (!amdgpu.has(kernel.file)) {
      const target = (AMDGPU_TARGETS as readonly string[]).includes(kernel.program.architecture) ? (kernel.program.architecture as AmdgpuTarget) : null;
      amdgpu.set(kernel.file, options.from !== null || !isAmdgpuFile(kernel.file) ? null : target === null ? [] : sourceMutants(readInputFile(kernel.file, 'listing'), kernel.file, target));
    }
    return amdgpu.get(kernel.file)!;
  };
  for (const kernel of kernels) {
    if (!budgets.has(kernel.file)) budgets.set(kernel.file, fileBudget(timeoutMs));
    const fileMutants = sourceMutantsOf(kernel);
    if (fileMutants !== null) {
      const row = amdgpuRow(kernel, fileMutants.filter((mutant) => mutant.function === kernel.program.name), options, sample, seed, progress, budgets.get(kernel.file)!.shouldStop);
      lines.push(...row.lines);
      if (row.tally === null) unknown = true;
      else {
        tallies.push(row.tally);
        if (caughtShare(row.tally) < GOAL) {
          if (caughtShare({ ...row.tally, unknown: row.tally.undecided.other }) < GOAL) missed = true;
          else unknown = true;
        }
      }
      continue;
    }
    const report = runMutationCampaign(kernel, sample, seed, (done, total) => progress.update(`${kernel.program.name}: mutant ${done}/${total}`), budgets.get(kernel.file)!.shouldStop);
    progress.done();
    if (report.stoppedBy !== null) {
      unknown = true;
      lines.push(`${kernel.program.name.slice(0, 40).padEnd(40)}  unknown: ${report.stoppedBy} after ${report.checked} of ${Math.min(sample, report.total)} mutants`);
      continue;
    }
    const all = report.tallies.find((tally) => tally.kind === 'all')!;
    tallies.push(all);
    if (caughtShare(all) < GOAL) {
      // Only mutants the analysis itself could not decide are the checker's miss; a fact gap or a budget leaves the answer open.
      if (caughtShare({ ...all, unknown: all.undecided.other }) < GOAL) missed = true;
      else unknown = true;
    }
    lines.push(`${kernel.program.name.slice(0, 40).padEnd(40)}  ${String(report.total).padStart(7)}  ${String(report.checked).padStart(7)}  ${String(all.provedSafe).padStart(11)}  ${String(all.hazard).padStart(6)}  ${String(all.unknown).padStart(9)}  ${(100 * caughtShare(all)).toFixed(1).padStart(11)}%`);
    if (all.unknown === 0) continue;
    lines.push(`  undecided: ${splitText(all)}`);
    // The causes that say most about the checker first: other, then budget, then fact.
    const order: UndecidedWhy[] = ['other', 'budget', 'fact'];
    const undecided = report.checks.filter((check) => check.undecided !== null).sort((a, b) => order.indexOf(a.undecided!.why) - order.indexOf(b.undecided!.why));
    for (const { mutant, undecided: cause } of undecided.slice(0, 3)) {
      const instruction = kernel.program.instructions[mutant.instruction]!;
      lines.push(`  undecided (${cause!.why}): line ${instruction.line} (${instruction.text}): ${mutant.change}: ${cause!.detail}`);
    }
  }
  if (tallies.length > 1) lines.push(`all kernels undecided: ${splitText(addTallies(tallies))}`);
  lines.push(`seed ${seed} (same sample: hazardproof mutate ${positionals.join(' ')} --sample ${sample} --seed ${seed})`);
  io.stdout(`${lines.join('\n')}\n`);
  return missed ? 1 : unknown ? 3 : 0;
}

/** `3 (fact gap 2, budget 1, other 0)`. */
function splitText(tally: MutationTally): string {
  const { fact, budget, other } = tally.undecided;
  return `${tally.unknown} (fact gap ${fact}, budget ${budget}, other ${other})`;
}

/** One checked AMDGPU source mutant. */
interface SourceMutantCheck {
  readonly mutant: SourceMutant;
  readonly verdict: Verdict;
  /** Null unless the verdict is `unknown`. */
  readonly undecided: UndecidedCause | null;
}

/** The wait mutants' kinds: the share is theirs (the s_nop ones are counted apart). */
const WAIT_KINDS: readonly SourceMutantKind[] = ['drop-wait', 'loosen-wait'];

/**
 * The table row of one AMDGPU function and the lines under it: its source mutants (a seeded
 * sample of `sample` when there are more) each checked as `check` checks the whole mutated
 * listing, with the budgets of `runMutationCampaign`'s mutants; the columns count the wait
 * mutants, a line splits them by kind and counts the s_nop mutants. `tally` (the wait mutants')
 * is null when the function has no facts, its own waits are not proved safe, or the budget ran out
 * (an unknown row).
 */
function amdgpuRow(
  kernel: LoadedKernel, mutants: readonly SourceMutant[], options: ListingOptions, sample: number, seed: number,
  progress: { update: (text: string) => void; done: () => void }, shouldStop: StopPredicate,
): { lines: string[]; tally: MutationTally | null } {
  const name = kernel.program.name.slice(0, 40).padEnd(40);
  if (!(AMDGPU_TARGETS as readonly string[]).includes(kernel.program.architecture)) {
    return { lines: [`${name}  unknown: no wait-counter facts for ${kernel.program.architecture} (there are facts for ${AMDGPU_TARGETS.join(', ')}): no mutants`], tally: null };
  }
  const stop = new RecordedStop(shouldStop);
  // A mutant of a function whose own waits are not proved safe says nothing about the checker (its hazard may be the original's).
  const own = checkSassProgram(kernel.program, kernel.notes, { ...DEFAULT_SASS_CHECK, shouldStop: stop.ask, counterexample: kernel.counterexample ?? null });
  if (stop.reason !== null) return { lines: [`${name}  unknown: ${stop.reason} before its mutants were checked`], tally: null };
  if (own.verdict !== 'proved-safe') return { lines: [`${name}  not mutated: its own waits are ${own.verdict}, not proved safe (${own.reason})`], tally: null };
  const random = new Random(seed);
  const chosen = mutants.length <= sample ? mutants : mutants.map((mutant) => ({ mutant, key: random.next() })).sort((a, b) => a.key - b.key).slice(0, sample).map((entry) => entry.mutant);
  const checks: SourceMutantCheck[] = [];
  for (const [index, mutant] of chosen.entries()) {
    if (stop.ask() !== null) break;
    const check = checkSourceMutant(kernel.file, mutant, options, stop.ask);
    // A check the budget cut short says nothing about the mutant: it is left out of the tallies.
    if (stop.reason !== null) break;
    checks.push(check);
    progress.update(`${kernel.program.name}: mutant ${index + 1}/${chosen.length}`);
  }
  progress.done();
  const waits = checks.filter((check) => WAIT_KINDS.includes(check.mutant.kind));
  const total = mutants.filter((mutant) => WAIT_KINDS.includes(mutant.kind)).length;
  if (stop.reason !== null) return { lines: [`${name}  unknown: ${stop.reason} after ${checks.length} of ${chosen.length} mutants`], tally: null };
  const tally = sourceTally(waits);
  const lines = [
    `${name}  ${String(total).padStart(7)}  ${String(waits.length).padStart(7)}  ${String(tally.provedSafe).padStart(11)}  ${String(tally.hazard).padStart(6)}  ${String(tally.unknown).padStart(9)}  ${(100 * caughtShare(tally)).toFixed(1).padStart(11)}%`,
    `  ${kindText('dropped waits', checks, 'drop-wait')}, ${kindText('loosened waits', checks, 'loosen-wait')}; ${kindText('s_nop', checks, 'shorten-nop')}, outside the share (wait states, not wait counters)`,
  ];
  if (tally.unknown > 0) {
    lines.push(`  undecided: ${splitText(tally)}`);
    const order: UndecidedWhy[] = ['other', 'budget', 'fact'];
    const undecided = waits.filter((check) => check.undecided !== null).sort((a, b) => order.indexOf(a.undecided!.why) - order.indexOf(b.undecided!.why));
    for (const { mutant, undecided: cause } of undecided.slice(0, 3)) lines.push(`  undecided (${cause!.why}): ${mutant.description}: ${cause!.detail}`);
  }
  return { lines, tally };
}

/** Reads the mutated listing again, keeping the mutant's function, and checks it. */
function checkSourceMutant(file: string, mutant: SourceMutant, options: ListingOptions, shouldStop: StopPredicate): SourceMutantCheck {
  let kernel: LoadedKernel;
  try {
    kernel = listingKernelsOfText(mutant.text, file, { ...options, kernels: [mutant.function] })[0]!;
  } catch (error) {
    // A mutant the reader refuses is a mistake of the mutation, not of the checker: other, with the reader's words.
    if (!(error instanceof InputError)) throw error;
    return { mutant, verdict: 'unknown', undecided: { why: 'other', facts: [], detail: `the mutated listing was not read: ${error.message}` } };
  }
  const counterexample = kernel.counterexample ?? null;
  const result = checkSassProgram(kernel.program, kernel.notes, { ...DEFAULT_SASS_CHECK, ...MUTANT_CHECK, shouldStop, counterexample });
  const undecided = result.verdict === 'unknown' ? undecidedCause(result, counterexample?.program ?? kernel.program, MUTANT_CHECK.maxStates) : null;
  return { mutant, verdict: result.verdict, undecided };
}

/** The tally of some checks, as `runMutationCampaign` tallies a kernel's. */
function sourceTally(checks: readonly SourceMutantCheck[]): MutationTally {
  const count = (verdict: Verdict) => checks.filter((check) => check.verdict === verdict).length;
  const because = (why: UndecidedWhy) => checks.filter((check) => check.undecided?.why === why).length;
  return { kind: 'all', mutants: checks.length, provedSafe: count('proved-safe'), hazard: count('hazard'), unknown: count('unknown'), undecided: { fact: because('fact'), budget: because('budget'), other: because('other') } };
}

/** `loosened waits 3 (2 caught, 1 proved safe)`, over the checked mutants of a kind (`s_nop 0` when there are none). */
function kindText(label: string, checks: readonly SourceMutantCheck[], kind: SourceMutantKind): string {
  const tally = sourceTally(checks.filter((check) => check.mutant.kind === kind));
  const parts = [[tally.hazard, 'caught'], [tally.provedSafe, 'proved safe'], [tally.unknown, 'undecided']].filter(([n]) => n !== 0).map(([n, what]) => `${n} ${what}`);
  return `${label} ${tally.mutants}${parts.length === 0 ? '' : ` (${parts.join(', ')})`}`;
}
