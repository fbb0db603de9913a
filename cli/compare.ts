import { defaultSeed } from '../format/defaultSeed.js';
import { parseArgs } from 'node:util';
import { compareWorkload, mistakeReport, type Comparison } from '../reports/compare/run.js';
import { comparisonFootnote, formatComparisonTable } from '../reports/compare/table.js';
import { workloadFromLrc, workloadFromScoreboard } from '../reports/compare/workload.js';
import { type CliIo, fileBudget, integerOption, timeoutOption, UsageError } from './io.js';
import { ComparisonStopped } from '../reports/compare/compile.js';
import { loadAnyPrograms } from './programs.js';

/** Defaults of `hazardproof compare`. */
export const COMPARE_DEFAULTS = { schedules: 50, maxLatency: 8 } as const;

/** Help text of `hazardproof compare`. */
export const COMPARE_USAGE = `usage: hazardproof compare FILE... [--runs N] [--seed N] [--max-latency N] [--timeout MS] [--json]

Compares issue mechanisms on your programs: each program's instructions (one thread / one warp,
without its flags, control fields, DEPBARs, NOPs and preloads) are compiled for
  (a) the LRC thread scheduler with one load reference counter class,
  (b) the LRC machine with ir3's two classes, sy (global loads, texture) and ss (SFU, local/shared),
  (c) the scoreboard machine with 6 scoreboards and DEPBAR (pipes alu, lsu, tex, sfu),
  (d) the same pipes with per-register interlocks,
each made safe by its machine's own pass, and run under the same random latency schedules.
Prints the stall cycles each mechanism spent (summed over the schedules) and the ratio against
(a). Every compiled program is checked in every schedule; a hazard is reported as a MISTAKE.
Request opcodes are classed by name (.machine lrc: sam/tex -> texture, rcp/rsq/sin/cos/log/exp/
sqrt -> sfu, ldl/lds/stl/sts -> shared, else global load; .hp: fixed pipe -> ALU, TEX* -> texture,
MUFU -> sfu, LDS/STS -> shared, else global load).

options:
  --runs N          latency schedules per program (default ${COMPARE_DEFAULTS.schedules}); schedule k uses seed N+k;
                    --schedules N is the same (its older name)
  --seed N          seed of the schedules (default: a fresh one, printed)
  --max-latency N   largest read / result delay in cycles (default ${COMPARE_DEFAULTS.maxLatency})
  --timeout MS      wall-clock budget per file: a comparison not done within it is unknown (exit 3)
  --json            print the comparison as JSON

exit codes: 0 compared, 1 a compiled program had a hazard (a MISTAKE), 2 usage or input error,
3 a file's time budget ran out`;

/** The options `hazardproof compare` takes (`parseArgs` form); its help lists each. */
export const COMPARE_OPTIONS = {
  runs: { type: 'string' }, schedules: { type: 'string' }, seed: { type: 'string' }, 'max-latency': { type: 'string' }, timeout: { type: 'string' }, json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `hazardproof compare`: returns the exit code. */
export function compareCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({
    args, allowPositionals: true,
    options: COMPARE_OPTIONS,
  });
  if (values.help) {
    io.stdout(`${COMPARE_USAGE}\n`);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('compare needs at least one program file');
  if (values.runs !== undefined && values.schedules !== undefined) throw new UsageError('--runs and --schedules are the same option: give one');
  const schedules = values.schedules !== undefined
    ? integerOption('schedules', values.schedules, COMPARE_DEFAULTS.schedules, 1, 1_000_000)
    : integerOption('runs', values.runs, COMPARE_DEFAULTS.schedules, 1, 1_000_000);
  const seed = integerOption('seed', values.seed, defaultSeed(), 0, 2 ** 32 - 1);
  const maxLatency = integerOption('max-latency', values['max-latency'], COMPARE_DEFAULTS.maxLatency, 1, 10_000);
  const timeoutMs = timeoutOption(values.timeout);
  const loaded = loadAnyPrograms(positionals, io);
  if (loaded === null) return 2;

  const options = { schedules, seed, maxLatency };
  const comparisons: Comparison[] = [];
  /** One line per file whose budget ran out first: those files get no figures. */
  const unfinished: string[] = [];
  for (const program of loaded) {
    const workload = program.machine === 'lrc' ? workloadFromLrc(program.parsed.program) : workloadFromScoreboard(program.parsed.program);
    try {
      comparisons.push(compareWorkload(program.parsed.file, workload, { ...options, shouldStop: fileBudget(timeoutMs).shouldStop }));
    } catch (error) {
      if (!(error instanceof ComparisonStopped)) throw error;
      unfinished.push(`${program.parsed.file}: unknown: ${error.message} before the comparison was done; no figures`);
    }
  }
  if (comparisons.length === 0) {
    io.stdout(`${unfinished.join('\n')}\n`);
    return 3;
  }
  const mistakes = mistakeReport(comparisons);
  const again = `hazardproof compare ${positionals.join(' ')} --schedules ${schedules} --seed ${seed} --max-latency ${maxLatency}`;
  if (values.json) {
    const base = (comparison: Comparison) => comparison.results[0]!.stallCycles;
    io.stdout(`${JSON.stringify({
      seed, schedules, maxLatency, command: again, mistakes: comparisons.reduce((sum, c) => sum + c.results.reduce((s, r) => s + r.mistakeCount, 0), 0),
      unfinished,
      workloads: comparisons.map((comparison) => ({
        workload: comparison.workload, instructions: comparison.instructions, schedules: comparison.schedules,
        mechanisms: comparison.results.map((result) => ({
          mechanism: result.mechanism, stallCycles: result.stallCycles,
          ratioToLrcOneClass: base(comparison) === 0 ? null : result.stallCycles / base(comparison),
          compiledInstructions: result.compiledInstructions, mistakeCount: result.mistakeCount, mistakes: result.mistakes,
          ...(result.mistakeCount > 0 ? { program: result.programText } : {}),
        })),
      })),
    }, null, 2)}\n`);
  } else {
    const lines = [formatComparisonTable(comparisons), '', ...comparisonFootnote(options, mistakes.length > 0)];
    if (mistakes.length > 0) lines.push('', ...mistakes);
    if (unfinished.length > 0) lines.push('', ...unfinished);
    lines.push('', `seed ${seed} (same run: ${again})`);
    io.stdout(`${lines.join('\n')}\n`);
  }
  if (mistakes.length > 0) {
    io.stderr('hazardproof: MISTAKE: a compiled program had a hazard in some schedule (see the MISTAKE lines): a bug in a pass, please report it\n');
    return 1;
  }
  return unfinished.length > 0 ? 3 : 0;
}
