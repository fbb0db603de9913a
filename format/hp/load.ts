import { readFileSync } from 'node:fs';
import { InputError } from '../error.js';
import { parseProgramJson } from './json.js';
import { parseProgram, type ParsedProgram } from './parse.js';

/** Reads a program file: `.json` files in the JSON form, anything else as `.hp` text. */
export function loadProgram(file: string): ParsedProgram {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new InputError([{ file, line: 1, column: 1, message: `cannot read the program: ${reason}` }]);
  }
  return file.endsWith('.json') ? parseProgramJson(text, file) : parseProgram(text, file);
}
