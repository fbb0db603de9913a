/** A position in an input file, 1-based. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

/** One mistake in a user's input, located precisely. */
export interface InputProblem extends SourcePosition {
  readonly file: string;
  readonly message: string;
}

/** Formats a problem the way compilers do: `file:line:col: message`. */
export function formatProblem(problem: InputProblem): string {
  return `${problem.file}:${problem.line}:${problem.column}: ${problem.message}`;
}

/**
 * Most problems an `InputError`'s message lists; the rest are counted. A mangled file of a
 * million lines has a million problems, and nobody reads past the first screenful.
 */
export const MAX_LISTED_PROBLEMS = 100;

/** Thrown when an input file has mistakes; carries all of them, in file order. */
export class InputError extends Error {
  readonly problems: readonly InputProblem[];

  constructor(problems: readonly InputProblem[]) {
    const sorted = [...problems].sort((a, b) => a.line - b.line || a.column - b.column);
    const listed = sorted.slice(0, MAX_LISTED_PROBLEMS).map(formatProblem);
    if (sorted.length > MAX_LISTED_PROBLEMS) listed.push(`... and ${sorted.length - MAX_LISTED_PROBLEMS} more problems in ${sorted[0]!.file}`);
    super(listed.join('\n'));
    this.name = 'InputError';
    this.problems = sorted;
  }
}
