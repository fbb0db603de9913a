import { parseArgs } from 'node:util';
import { programToJson } from '../format/hp/json.js';
import { loadProgram } from '../format/hp/load.js';
import { printProgram } from '../format/hp/print.js';
import { readInput, UsageError, writeFileAtomic, type CliIo } from './io.js';

/** Help text of `hazardproof print`. */
export const PRINT_USAGE = `usage: hazardproof print FILE [--json] [-o OUT]

Reads a program (.hp text, or .json) and prints it in canonical .hp form, or as JSON with --json
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
  const parsed = readInput(io, () => loadProgram(positionals[0]!));
  if (parsed === null) return 2;
  const text = values.json ? programToJson(parsed.program) : printProgram(parsed.program);
  if (values.output) writeFileAtomic(values.output, text);
  else io.stdout(text);
  return 0;
}
