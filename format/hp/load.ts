import { readInputFile } from '../readInputFile.js';
import { parseProgramJson } from './json.js';
import { parseProgram, type ParsedProgram } from './parse.js';

/** Reads a program file: `.json` files in the JSON form, anything else as `.hp` text. */
export function loadProgram(file: string): ParsedProgram {
  const text = readInputFile(file, 'program');
  return file.endsWith('.json') ? parseProgramJson(text, file) : parseProgram(text, file);
}
