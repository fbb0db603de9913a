import { readFileSync } from 'node:fs';
import { InputError } from './error.js';

/**
 * Reads a user's input file as text. A file that cannot be read is an input mistake like any
 * other: an `InputError` at 1:1 saying `cannot read the <what>: no such file` (or the reason).
 */
export function readInputFile(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new InputError([{ file, line: 1, column: 1, message: `cannot read the ${what}: ${reason}` }]);
  }
}
