/**
 * Code a kernel holds that no path the model follows reaches. Without a transfer whose target the
 * model cannot see it is dead (the `BRA` to itself ptxas pads a kernel with). With one (a call or
 * branch through a register: `CALL.REL.NOINC R6` into a division subroutine further down the
 * listing), that code may be exactly where control goes, and a proof of the kernel would not
 * cover it: it is reported as unchecked, so the verdict cannot be `proved-safe`.
 */
import type { SassInstruction } from '../../spec/sass/program.js';
import { successors } from '../../spec/sass/successors.js';

/** A stretch of unreached instructions (indices, inclusive). */
export interface UnreachedStretch {
  readonly first: number;
  readonly last: number;
}

/** The stretches of `instructions` no path from instruction 0 reaches, in order. */
export function unreachedStretches(instructions: readonly SassInstruction[]): UnreachedStretch[] {
  const next = successors({ instructions });
  const reached = new Set<number>(instructions.length > 0 ? [0] : []);
  const work = [...reached];
  while (work.length > 0) {
    for (const to of next[work.pop()!]!) {
      if (!reached.has(to)) {
        reached.add(to);
        work.push(to);
      }
    }
  }
  const stretches: UnreachedStretch[] = [];
  instructions.forEach((_, index) => {
    if (reached.has(index)) return;
    const last = stretches[stretches.length - 1];
    if (last !== undefined && last.last === index - 1) stretches[stretches.length - 1] = { first: last.first, last: index };
    else stretches.push({ first: index, last: index });
  });
  return stretches;
}
