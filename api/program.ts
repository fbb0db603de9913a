import { loadAnyProgram, parseAnyProgram, type LoadedProgram } from '../format/anyProgram.js';
import { parseProgram as parseHp } from '../format/hp/parse.js';
import { printProgram } from '../format/hp/print.js';
import type { Program } from '../spec/scoreboard/program.js';

/**
 * A program hazardproof can check: the model of one of its issue machines (`scoreboard` for
 * scoreboards, DEPBAR, queues and interlocks; `lrc` for load reference counters), with the file it
 * came from and the source line of each instruction, which every report points at.
 */
export type HazardproofProgram = LoadedProgram;

/** What the library's functions accept as a program: a parsed one, or a scoreboard model (from a pass or an arbitrary). */
export type ProgramInput = HazardproofProgram | Program;

/**
 * Reads a program file: `.hp` notation (scoreboard or `.machine lrc`) or the JSON form (`.json`).
 * @throws InputError with every problem found (file, line, column and what was expected).
 */
export function loadProgram(file: string): HazardproofProgram {
  return loadAnyProgram(file);
}

/**
 * Parses a program from text: the JSON form when it starts with `{`, else `.hp` notation.
 * @param options.file names the program in errors and reports (default `<program>`).
 * @throws InputError with every problem found.
 */
export function parseProgram(text: string, options: { readonly file?: string } = {}): HazardproofProgram {
  return parseAnyProgram(text, options.file ?? '<program>');
}

/**
 * A scoreboard model as a program with source lines: it is printed in canonical `.hp` form and
 * read back, so reports and replay commands point at real lines of that text.
 */
export function programFromModel(program: Program, file = '<program>'): HazardproofProgram {
  return { machine: 'scoreboard', parsed: parseHp(printProgram(program), file) };
}

/** The program behind any accepted input. */
export function toProgram(input: ProgramInput): HazardproofProgram {
  return 'machine' in input && 'parsed' in input ? input : programFromModel(input);
}
