import { readInputFile } from '../format/readInputFile.js';
import { InputError } from '../format/error.js';
import { loadProgram } from '../format/hp/load.js';
import { parseProgram, type ParsedProgram } from '../format/hp/parse.js';
import { parseLrcProgram, type ParsedLrcProgram } from '../format/lrc/parse.js';
import { machineOf } from '../format/machine.js';
import { readInput, type CliIo } from './io.js';

/** A program file read for a command, tagged with the machine its `.machine` directive names. */
export type LoadedProgram =
  | { readonly machine: 'scoreboard'; readonly parsed: ParsedProgram }
  | { readonly machine: 'lrc'; readonly parsed: ParsedLrcProgram };

/** Reads one program file of any machine (`.json` files are the scoreboard machine's JSON form). */
export function loadAnyProgram(file: string): LoadedProgram {
  if (file.endsWith('.json')) return { machine: 'scoreboard', parsed: loadProgram(file) };
  const text = readInputFile(file, 'program');
  return machineOf(text, file) === 'lrc' ? { machine: 'lrc', parsed: parseLrcProgram(text, file) } : { machine: 'scoreboard', parsed: parseProgram(text, file) };
}

/** Reads every program file before any work starts; null (problems printed) if any has a mistake. */
export function loadAnyPrograms(files: readonly string[], io: CliIo): LoadedProgram[] | null {
  const loaded = files.map((file) => readInput(io, () => loadAnyProgram(file)));
  return loaded.every((program) => program !== null) ? (loaded as LoadedProgram[]) : null;
}

/** Throws an input error (exit 2) for a command that does not handle LRC programs. */
export function scoreboardOnly(loaded: LoadedProgram, command: string): ParsedProgram {
  if (loaded.machine === 'scoreboard') return loaded.parsed;
  throw new InputError([{ file: loaded.parsed.file, line: 1, column: 1, message: `${command} works on scoreboard programs; this file is a .machine lrc program` }]);
}

/** Reads every scoreboard program file of a command before any work starts; null (problems printed) if any has a mistake or is for another machine. */
export function loadScoreboardPrograms(files: readonly string[], io: CliIo, command: string): ParsedProgram[] | null {
  const parsed = files.map((file) => readInput(io, () => scoreboardOnly(loadAnyProgram(file), command)));
  return parsed.every((program) => program !== null) ? (parsed as ParsedProgram[]) : null;
}
