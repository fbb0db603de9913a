import { InputError } from '../format/error.js';
import type { ParsedProgram } from '../format/hp/parse.js';
import { loadAnyProgram, type LoadedProgram } from '../format/anyProgram.js';
import { readInput, type CliIo } from './io.js';

export { loadAnyProgram, type LoadedProgram } from '../format/anyProgram.js';

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
