import { parseArgs } from 'node:util';
import { annotateProgram } from '../impl/annotate/annotate.js';
import { loadAnyProgram } from './programs.js';
import { annotateLrcProgram } from '../impl/lrc/annotate.js';
import { printLrcProgram } from '../format/lrc/print.js';
import { printProgram } from '../format/hp/print.js';
import { type CliIo, fileBudget, readInput, scoreboardMaxOption, timeoutOption, UsageError, writeFileAtomic } from './io.js';
import { isListingFile } from '../format/sass/load.js';
import { annotateListings } from './sassAnnotate.js';
import { annotateAmdgpu, isAmdgpuFile } from './amdgpuAnnotate.js';
import { listingOptions } from './sassCheck.js';
import { isIr3File } from '../api/components/notation.js';
import { annotateIr3File, IR3_ANNOTATE_USAGE } from './componentAnnotate.js';
import { annotateComponentFiles } from './componentAnnotateComp.js';
import { isComponentFile } from './componentCheck.js';

/** Help text of `hazardproof annotate`. */
export const ANNOTATE_USAGE = `usage: hazardproof annotate FILE [-o|--output OUT] [--scoreboard-bits N] [--expect] [--timeout MS]

For a .machine lrc program: sets the dependency flags ((sy), (ss), ...) at the first
instruction that reads or writes a register a pending request will write, or overwrites a
source a pending request may not have read, per counter class (existing flags are replaced).

For a scoreboard program: computes the control fields: scoreboards (at most the declared number), wait masks,
stall counts for fixed-latency dependencies, and DEPBAR.LE instructions with the largest safe
immediates (exploiting in-order reads and writes within each decoupled pipe). Existing control
fields and DEPBARs are replaced. Prints the program in .hp form, or writes it to OUT. Notes (for
example scoreboards shared because there are too few) go to standard error.

For an NVIDIA listing (.cuasm, .sass, or --from; --arch and --kernel as for check): strips each
kernel's control records, derives new ones (waits at the first reader on each path, one write
scoreboard for the newest load of an in-order run a reader needs, scoreboards shared where no
reader waits longer, DEPBAR.LE SBn, k where it is faster, stalls raised by exactly the cycles a
reader lacks), proves the result, and compares its cycles with the compiler's records on the same
seeded schedules (--runs N, default 20; --seed N; --max-latency N, default 8). Where the derived
records are slower or unproved and the compiler's are proved, the compiler's are kept, and the
output says so. The derived kernels go to OUT (-o) in 'print --to hp' form. Exit 0 when every
derived kernel is proved safe.

For AMDGPU assembly (llc's .s; --arch and --kernel as for check): for each function whose own
waits are proved safe, loosens every counter of every s_waitcnt / s_wait_* as far as the analysis
still proves the function safe (greedily, in program order; the counter's maximum is no wait),
re-proves the result, prints each wait line that could be looser, and compares cycles with
LLVM's waits on the same seeded schedules (--runs, --seed, --max-latency as above). Exit 0 when
every loosened function is proved safe, 3 when a function's own waits are not proved safe.

${IR3_ANNOTATE_USAGE}

For programs of the component machine (.comp, repeated scalar instructions): the same list
scheduler, printed in .comp notation with NOPs and cycles as written, in-order with full
latencies, and scheduled, and the check of the schedule. --expect (with one or more .comp
files): compare each file's '# expect-schedule: nops=N in-order-nops=M' line with the schedule;
exit 0 when all match and every schedule is proved safe.

--timeout MS: a wall-clock budget per file. A pass that cannot finish within it writes nothing
and exits 3 (unknown) with the reason; a check of the result that cannot finish makes that
verdict unknown.`;

/** The options `hazardproof annotate` takes (`parseArgs` form); its help mentions each. */
export const ANNOTATE_OPTIONS = {
  output: { type: 'string', short: 'o' }, 'scoreboard-bits': { type: 'string' }, help: { type: 'boolean', short: 'h' },
  from: { type: 'string' }, arch: { type: 'string' }, kernel: { type: 'string', multiple: true },
  runs: { type: 'string' }, seed: { type: 'string' }, 'max-latency': { type: 'string' }, expect: { type: 'boolean' }, timeout: { type: 'string' },
} as const;

/** `hazardproof annotate`: returns the exit code. */
export function annotateCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({
    args, allowPositionals: true,
    options: ANNOTATE_OPTIONS,
  });
  if (values.help) {
    io.stdout(`${ANNOTATE_USAGE}\n`);
    return 0;
  }
  const timeoutMs = timeoutOption(values.timeout);
  if (positionals.length > 0 && positionals.every(isComponentFile)) return annotateComponentFiles(positionals, values.output, values.expect === true, io, timeoutMs);
  if (positionals.length !== 1) throw new UsageError('annotate needs exactly one program file');
  if (values.from === 'ir3' || (values.from === undefined && isIr3File(positionals[0]!))) return annotateIr3File(positionals[0]!, values.output, io, timeoutMs);
  if (values.from === undefined && isAmdgpuFile(positionals[0]!)) {
    return annotateAmdgpu(positionals[0]!, { ...listingOptions(values), runs: values.runs, seed: values.seed, maxLatency: values['max-latency'], timeoutMs }, io);
  }
  if (isListingFile(positionals[0]!) || values.from !== undefined) {
    return annotateListings(positionals, {
      ...listingOptions(values),
      runs: values.runs, seed: values.seed, maxLatency: values['max-latency'], output: values.output, timeoutMs,
    }, io);
  }
  const scoreboardMax = scoreboardMaxOption(values['scoreboard-bits']);
  const loaded = readInput(io, () => loadAnyProgram(positionals[0]!));
  if (loaded === null) return 2;
  if (loaded.machine === 'lrc') {
    const annotated = annotateLrcProgram(loaded.parsed.program);
    for (const note of annotated.notes) io.stderr(`note: ${note}\n`);
    const text = `# annotated by hazardproof annotate from ${loaded.parsed.file}\n${printLrcProgram(annotated.program)}`;
    if (values.output) writeFileAtomic(values.output, text);
    else io.stdout(text);
    return 0;
  }
  const parsed = loaded.parsed;
  const annotated = annotateProgram(parsed.program, scoreboardMax, fileBudget(timeoutMs).shouldStop);
  if (annotated.stoppedBy !== null) {
    io.stdout(`${parsed.file}: unknown: ${annotated.stoppedBy} before the pass was done; nothing written\n`);
    return 3;
  }
  const text = `# annotated by hazardproof annotate from ${parsed.file}\n${printProgram(annotated.program)}`;
  for (const note of annotated.notes) io.stderr(`note: ${note}\n`);
  if (values.output) writeFileAtomic(values.output, text);
  else io.stdout(text);
  return 0;
}
