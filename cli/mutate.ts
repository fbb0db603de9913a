import { defaultSeed } from '../format/defaultSeed.js';
import { parseArgs } from 'node:util';
import { addTallies, caughtShare, runMutationCampaign, type MutationTally } from '../impl/sass/mutationCampaign.js';
import type { UndecidedWhy } from '../impl/sass/mutation/undecided.js';
import { fileBudget, integerOption, progressLine, timeoutOption, UsageError, type CliIo } from './io.js';
import type { TimeBudget } from '../impl/budget.js';
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

options:
  --sample N     mutants per kernel, a seeded random sample when there are more (default 200)
  --seed N       seed of the sample (default: a fresh one, printed)
  --timeout MS   wall-clock budget per listing: the mutants not checked when it runs out are left
                 out, and the answer is unknown (exit 3)
  --from, --arch, --kernel   as for check

exit codes: 0 every kernel's caught share is at least 99%; 1 a kernel's mutants undecided for
other reasons alone hold its share below 99% (caught / (caught + other) < 99%: the checker missed);
2 usage or input error; 3 unknown: a listing's budget ran out first, or a share is below 99% only
through mutants undecided on a fact gap or a budget`;

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
  for (const kernel of kernels) {
    if (!budgets.has(kernel.file)) budgets.set(kernel.file, fileBudget(timeoutMs));
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
