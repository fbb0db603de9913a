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

/** Thrown when an input file has mistakes; carries all of them, in file order. */
export class InputError extends Error {
  readonly problems: readonly InputProblem[];

  constructor(problems: readonly InputProblem[]) {
    const sorted = [...problems].sort((a, b) => a.line - b.line || a.column - b.column);
    super(sorted.map(formatProblem).join('\n'));
    this.name = 'InputError';
    this.problems = sorted;
  }
}
