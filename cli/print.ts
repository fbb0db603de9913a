import { parseArgs } from 'node:util';
import { programToJson } from '../format/hp/json.js';
import { printProgram } from '../format/hp/print.js';
import { printLrcProgram } from '../format/lrc/print.js';
import { loadAnyProgram } from './programs.js';
import { isListingFile } from '../format/sass/load.js';
import { printSassProgram } from '../format/sass/print.js';
import { printAmdgpuProgram } from '../reports/amdgpu/printModel.js';
import { listingOptions, loadKernels } from './sassCheck.js';
import { readInput, timeoutOption, UsageError, writeFileAtomic, type CliIo } from './io.js';

/** Help text of `hazardproof print`. */
export const PRINT_USAGE = `usage: hazardproof print FILE [--json] [-o|--output OUT] [--timeout MS]

Reads a program (.hp text of any machine, or .json) and prints it in canonical .hp form, or as JSON with --json
(the form described by schema/program.schema.json). Converting either way keeps the meaning.
An NVIDIA listing (.cuasm, .sass, or --from cuasm|maxas|turingas|cuobjdump, with --arch and
--kernel as for check) prints as the model the checker runs (--to hp, the default): each
instruction's control field, the registers it writes and reads, its unit and its source line.
AMDGPU assembly (llc's .s, --arch gfxNNNN to override its target) prints the same model in AMD
words: the counters as scoreboards, the queues and their order, the cycles per wait state where
the function is timed in wait states (gfx9), then each source line with its model instructions
(the counter each increments, the waits, the registers written and read, the wait states a
writer needs before each kind of reader, the assumed effects of calls and function entry).
--timeout MS is accepted as by every command; reading and printing take time linear in the file.`;

/** The options `hazardproof print` takes (`parseArgs` form); its help mentions each. */
export const PRINT_OPTIONS = {
  json: { type: 'boolean' }, output: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' },
  to: { type: 'string' }, from: { type: 'string' }, arch: { type: 'string' }, kernel: { type: 'string', multiple: true }, timeout: { type: 'string' },
} as const;

/** `hazardproof print`: returns the exit code. */
export function printCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: PRINT_OPTIONS,
  });
  if (values.help) {
    io.stdout(`${PRINT_USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('print needs exactly one program file');
  timeoutOption(values.timeout); // checked like everywhere; printing has no long loop to cut
  if (values.to !== undefined && values.to !== 'hp') throw new UsageError(`--to expects hp, got '${values.to}'`);
  if (isListingFile(positionals[0]!) || values.from !== undefined) {
    if (values.json) throw new UsageError('--json: listings and AMDGPU assembly print as text (--to hp)');
    const kernels = loadKernels(positionals, listingOptions(values), io);
    if (kernels === null) return 2;
    // AMDGPU functions (gfx targets) print in AMD words; NVIDIA kernels as control records.
    const text = kernels.map((kernel) => (/^gfx/.test(kernel.program.architecture) ? printAmdgpuProgram(kernel.program, kernel.file, kernel.notes) : printSassProgram(kernel.program, kernel.file))).join('\n');
    if (values.output) writeFileAtomic(values.output, text);
    else io.stdout(text);
    return 0;
  }
  const loaded = readInput(io, () => loadAnyProgram(positionals[0]!));
  if (loaded === null) return 2;
  if (loaded.machine === 'lrc' && values.json) throw new UsageError('--json: .machine lrc programs have no JSON form yet; print them as text');
  const text = loaded.machine === 'lrc' ? printLrcProgram(loaded.parsed.program) : values.json ? programToJson(loaded.parsed.program) : printProgram(loaded.parsed.program);
  if (values.output) writeFileAtomic(values.output, text);
  else io.stdout(text);
  return 0;
}
