import { readInputFile } from '../format/readInputFile.js';
import { parseArgs } from 'node:util';
import { InputError } from '../format/error.js';
import { loadScenario, parseScenario, type LoadedScenario } from '../format/streamout/load.js';
import { streamContext } from '../spec/streamout/step.js';
import { checkTrace, type TraceLine } from '../format/streamout/trace.js';
import { UsageError, type CliIo } from './io.js';

/**
 * `hazardproof streamout check TRACE [--scenario FILE]`: validates a recorded message trace (JSON
 * lines; the first line may be `{"scenario": {...}}`) against the reference protocol. Exit 0 when
 * the trace is allowed and brings the protocol to its end with the buffers in driver order, 1 at
 * the first disallowed line (or a trace that stops early), 2 for unreadable input.
 */
export function streamCheckCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { scenario: { type: 'string' }, json: { type: 'boolean' } } });
  if (positionals.length !== 1) throw new UsageError('streamout check needs exactly one trace file');
  const file = positionals[0]!;
  let loaded: LoadedScenario | null = null;
  const lines: TraceLine[] = [];
  /** File line number of each trace line (blank lines and the scenario line are not trace lines). */
  const fileLines: number[] = [];
  try {
    const text = readInputFile(file, 'trace');
    if (values.scenario) loaded = loadScenario(values.scenario);
    text.split(/\r?\n/).forEach((raw, index) => {
      if (raw.trim() === '') return;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch (error) {
        throw new InputError([{ file, line: index + 1, column: 1, message: `invalid JSON: ${(error as Error).message}` }]);
      }
      if (typeof value === 'object' && value !== null && 'scenario' in value) {
        loaded ??= parseScenario(JSON.stringify((value as { scenario: unknown }).scenario), `${file}:${index + 1} (scenario)`);
        return;
      }
      if (typeof value !== 'object' || value === null || typeof (value as { step?: unknown }).step !== 'string') {
        throw new InputError([{ file, line: index + 1, column: 1, message: 'expected a trace line like {"step": "first", "unit": 0, "batch": 3, "task": 0, "last": true}' }]);
      }
      lines.push(value as TraceLine);
      fileLines.push(index + 1);
    });
    if (!loaded) throw new InputError([{ file, line: 1, column: 1, message: 'no scenario: give --scenario FILE or start the trace with {"scenario": {...}}' }]);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    io.stderr(`${error.message}\n`);
    return 2;
  }
  const result = checkTrace(streamContext(loaded.scenario), lines);
  if (values.json) {
    io.stdout(`${JSON.stringify({ file, ...result, failure: result.failure && { ...result.failure, line: fileLines[result.failure.line - 1] } }, null, 2)}\n`);
  } else if (result.failure) {
    io.stdout(`${file}:${fileLines[result.failure.line - 1]}: ${result.failure.message}\n  state there: ${result.failure.state}\n`);
  } else if (!result.complete) {
    io.stdout(`${file}: all ${result.lines} steps are allowed, but the trace ends before the protocol is done\n`);
  } else if (result.problems.length > 0) {
    io.stdout(`${file}: every step is allowed, but the result is wrong:\n${result.problems.map((p) => `  ${p}`).join('\n')}\n`);
  } else {
    io.stdout(`${file}: passes: ${result.lines} steps, each allowed with the contents the protocol gives; the protocol completes with the buffers in driver order\n`);
  }
  return result.failure === null && result.complete && result.problems.length === 0 ? 0 : 1;
}
