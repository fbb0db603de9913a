import { readFileSync } from 'node:fs';
import { InputError } from '../error.js';
import { parseLrcProgram, type ParsedLrcProgram } from './parse.js';

/** Reads an LRC machine program file (`.machine lrc` text); an unreadable file is an `InputError` at 1:1. */
export function loadLrcProgram(file: string): ParsedLrcProgram {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new InputError([{ file, line: 1, column: 1, message: `cannot read the program: ${reason}` }]);
  }
  return parseLrcProgram(text, file);
}
