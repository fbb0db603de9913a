import { parseArgs } from 'node:util';
import { programToJson } from '../format/hp/json.js';
import { printProgram } from '../format/hp/print.js';
import { printLrcProgram } from '../format/lrc/print.js';
import { loadAnyProgram } from './programs.js';
import { readInput, UsageError, writeFileAtomic, type CliIo } from './io.js';

/** Help text of `hazardproof print`. */
export const PRINT_USAGE = `usage: hazardproof print FILE [--json] [-o OUT]

Reads a program (.hp text of any machine, or .json) and prints it in canonical .hp form, or as JSON with --json
(the form described by schema/program.schema.json). Converting either way keeps the meaning.`;

/** `hazardproof print`: returns the exit code. */
export function printCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { json: { type: 'boolean' }, output: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.stdout(`${PRINT_USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('print needs exactly one program file');
  const loaded = readInput(io, () => loadAnyProgram(positionals[0]!));
  if (loaded === null) return 2;
  if (loaded.machine === 'lrc' && values.json) throw new UsageError('--json: .machine lrc programs have no JSON form yet; print them as text');
  const text = loaded.machine === 'lrc' ? printLrcProgram(loaded.parsed.program) : values.json ? programToJson(loaded.parsed.program) : printProgram(loaded.parsed.program);
  if (values.output) writeFileAtomic(values.output, text);
  else io.stdout(text);
  return 0;
}
