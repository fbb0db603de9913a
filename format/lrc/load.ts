import { readInputFile } from '../readInputFile.js';
import { parseLrcProgram, type ParsedLrcProgram } from './parse.js';

/** Reads an LRC machine program file (`.machine lrc` text); an unreadable file is an `InputError` at 1:1. */
export function loadLrcProgram(file: string): ParsedLrcProgram {
  return parseLrcProgram(readInputFile(file, 'program'), file);
}
