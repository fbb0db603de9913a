import { readInputFile, STANDARD_INPUT } from './readInputFile.js';
import { loadProgram } from './hp/load.js';
import { parseProgramJson } from './hp/json.js';
import { parseProgram, type ParsedProgram } from './hp/parse.js';
import { parseLrcProgram, type ParsedLrcProgram } from './lrc/parse.js';
import { machineOf } from './machine.js';

/** A program of either issue machine, tagged with the machine its `.machine` directive names. */
export type LoadedProgram =
  | { readonly machine: 'scoreboard'; readonly parsed: ParsedProgram }
  | { readonly machine: 'lrc'; readonly parsed: ParsedLrcProgram };

/**
 * Reads one program file of any machine (`.json` files are the scoreboard machine's JSON form);
 * `-` reads standard input, whose content tells JSON from `.hp` notation (see `parseAnyProgram`).
 */
export function loadAnyProgram(file: string): LoadedProgram {
  if (file.endsWith('.json')) return { machine: 'scoreboard', parsed: loadProgram(file) };
  if (file === STANDARD_INPUT) return parseAnyProgram(readInputFile(file, 'program'), file);
  return parseNotation(readInputFile(file, 'program'), file);
}

/**
 * Parses a program's text of any machine: the JSON form when it starts with `{`, otherwise `.hp`
 * notation, whose `.machine` directive picks the machine. `file` names it in errors and reports.
 */
export function parseAnyProgram(text: string, file: string): LoadedProgram {
  return text.trimStart().startsWith('{') ? { machine: 'scoreboard', parsed: parseProgramJson(text, file) } : parseNotation(text, file);
}

/** Parses `.hp` notation; its `.machine` directive picks the machine. */
function parseNotation(text: string, file: string): LoadedProgram {
  return machineOf(text, file) === 'lrc' ? { machine: 'lrc', parsed: parseLrcProgram(text, file) } : { machine: 'scoreboard', parsed: parseProgram(text, file) };
}
