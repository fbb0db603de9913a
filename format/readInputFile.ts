import { readFileSync } from 'node:fs';
import { InputError } from './error.js';

/** The name that stands for standard input, as most command-line tools take it (`check -`). */
export const STANDARD_INPUT = '-';

// Standard input can be read once only, but a command reads an input twice (once to tell its
// kind from its content, once to parse it): the first read is kept for the second.
let standardInput: string | null = null;

/**
 * Reads a user's input file as text; `-` reads standard input (all of it, once per process). A
 * file that cannot be read is an input mistake like any other: an `InputError` at 1:1 saying
 * `cannot read the <what>: no such file` (or the reason).
 */
export function readInputFile(file: string, what: string): string {
  try {
    if (file !== STANDARD_INPUT) return readFileSync(file, 'utf8');
    standardInput ??= readFileSync(0, 'utf8');
    return standardInput;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new InputError([{ file, line: 1, column: 1, message: `cannot read the ${what}: ${reason}` }]);
  }
}
