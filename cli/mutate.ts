import { defaultSeed } from '../format/defaultSeed.js';
import { parseArgs } from 'node:util';
import { caughtShare, runMutationCampaign } from '../impl/sass/mutationCampaign.js';
import { fileBudget, integerOption, progressLine, timeoutOption, UsageError, type CliIo } from './io.js';
import type { TimeBudget } from '../impl/budget.js';
import { listingOptions, loadKernels } from './sassCheck.js';

/** Help text of `hazardproof mutate`. */
export const MUTATE_USAGE = `usage: hazardproof mutate LISTING... [options]

Mutation self-test of the checker on real listings: from each kernel derive mutants that remove
one protection (drop a wait-mask bit, lower a fixed-latency stall to 1, raise a DEPBAR immediate,
move a write scoreboard to another counter), check each, and report how many are proved safe
(the protection was redundant), caught (a concrete schedule shows a hazard) or undecided.
caught share = caught / (caught + undecided), a lower bound on the share of hazardous mutants caught.

options:
  --sample N     mutants per kernel, a seeded random sample when there are more (default 200)
  --seed N       seed of the sample (default: a fresh one, printed)
  --timeout MS   wall-clock budget per listing: the mutants not checked when it runs out are left
                 out, and the answer is unknown (exit 3)
  --from, --arch, --kernel   as for check

exit codes: 0 every kernel's caught share is at least 99%, 1 otherwise, 2 usage or input error,
3 a listing's budget ran out first`;

/** The options `hazardproof mutate` takes (`parseArgs` form); its help lists each. */
export const MUTATE_OPTIONS = {
  sample: { type: 'string' }, seed: { type: 'string' }, from: { type: 'string' }, arch: { type: 'string' },
  kernel: { type: 'string', multiple: true }, timeout: { type: 'string' }, help: { type: 'boolean', short: 'h' },
} as const;

/** `hazardproof mutate`: returns 0 when every kernel's caught share is at least 99%, 1 when not, 3 when a listing's budget ran out first. */
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
  let allMet = true;
  let stopped = false;
  const budgets = new Map<string, TimeBudget>();
  for (const kernel of kernels) {
    if (!budgets.has(kernel.file)) budgets.set(kernel.file, fileBudget(timeoutMs));
    const report = runMutationCampaign(kernel.program, sample, seed, (done, total) => progress.update(`${kernel.program.name}: mutant ${done}/${total}`), budgets.get(kernel.file)!.shouldStop);
    progress.done();
    if (report.stoppedBy !== null) {
      stopped = true;
      lines.push(`${kernel.program.name.slice(0, 40).padEnd(40)}  unknown: ${report.stoppedBy} after ${report.checked} of ${Math.min(sample, report.total)} mutants`);
      continue;
    }
    const all = report.tallies.find((tally) => tally.kind === 'all')!;
    const share = caughtShare(all);
    allMet &&= share >= 0.99;
    lines.push(`${kernel.program.name.slice(0, 40).padEnd(40)}  ${String(report.total).padStart(7)}  ${String(report.checked).padStart(7)}  ${String(all.provedSafe).padStart(11)}  ${String(all.hazard).padStart(6)}  ${String(all.unknown).padStart(9)}  ${(100 * share).toFixed(1).padStart(11)}%`);
    for (const mutant of report.undecided.slice(0, 3)) {
      const instruction = kernel.program.instructions[mutant.instruction]!;
      lines.push(`  undecided: line ${instruction.line} (${instruction.text}): ${mutant.change}`);
    }
  }
  lines.push(`seed ${seed} (same sample: hazardproof mutate ${positionals.join(' ')} --sample ${sample} --seed ${seed})`);
  io.stdout(`${lines.join('\n')}\n`);
  return !allMet ? 1 : stopped ? 3 : 0;
}
