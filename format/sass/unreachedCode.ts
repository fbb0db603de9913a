/**
 * Which code of a kernel a path from its entry reaches, and where code that no path reaches may
 * be entered: a call through a register (`CALL.REL.NOINC R6` into a table of device functions
 * and division subroutines further down the listing) may go to any of it, so the lowering makes
 * those places callees of the call (`format/sass/lower.ts`) instead of leaving them unchecked.
 */
import type { SassInstruction } from '../../spec/sass/program.js';
import { successors } from '../../spec/sass/successors.js';

/** A stretch of unreached instructions (indices, inclusive). */
interface UnreachedStretch {
  readonly first: number;
  readonly last: number;
}

/** The instructions a path from instruction 0 reaches, in order. */
export function reachedFromEntry(instructions: readonly SassInstruction[]): number[] {
  const next = successors({ instructions });
  const reached = new Set<number>(instructions.length > 0 ? [0] : []);
  const work = [...reached];
  while (work.length > 0) {
    for (const to of next[work.pop()!]!) {
      if (reached.has(to)) continue;
      reached.add(to);
      work.push(to);
    }
  }
  return [...reached].sort((a, b) => a - b);
}

/** The stretches of `instructions` no path from instruction 0 reaches, in order. */
function unreachedStretches(instructions: readonly SassInstruction[]): UnreachedStretch[] {
  const reached = new Set(reachedFromEntry(instructions));
  const stretches: UnreachedStretch[] = [];
  instructions.forEach((_, index) => {
    if (reached.has(index)) return;
    const last = stretches[stretches.length - 1];
    if (last !== undefined && last.last === index - 1) stretches[stretches.length - 1] = { first: last.first, last: index };
    else stretches.push({ first: index, last: index });
  });
  return stretches;
}

/**
 * Where unreached code may be entered: the first instruction of each unreached stretch, and each
 * unreached instruction its predecessor cannot fall through to (it follows a `RET`, an `EXIT` or
 * a branch that always jumps: the next function of a table of device functions).
 */
export function unreachedEntries(instructions: readonly SassInstruction[]): number[] {
  return unreachedStretches(instructions).flatMap(({ first, last }) => {
    const entries: number[] = [];
    for (let index = first; index <= last; index++) {
      const before = instructions[index - 1];
      const fallsThrough = before !== undefined && index > first && (before.flow.kind === 'next' || before.guard !== null || before.flow.conditional === true);
      if (!fallsThrough) entries.push(index);
    }
    return entries;
  });
}
