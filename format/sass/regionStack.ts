/**
 * Maxwell/Pascal `SSY`/`PBK`/`PCNT` regions followed along the paths that reach an instruction,
 * rather than by where the instruction sits in the listing. ptxas -O0 branches out of a `PBK`
 * region to code placed after its end (`PBK 0x1970`, `@P1 BRA 0x19b8`, `BRK` at 0x1a08): the
 * break still goes to 0x1970, since a branch leaves the region's entry on the warp's stack and
 * only `SYNC`, `BRK` or `CONT` takes it off.
 */
import type { FlowEffect, InstructionEffects } from '../../spec/sass/effects.js';
import type { SassKernel } from './listing.js';

/** Stacks kept per instruction before the analysis gives up (every answer undefined). */
const STACKS_PER_INSTRUCTION = 8;
/** Regions open at once before a path is given up. */
const DEPTH_LIMIT = 16;

type Opener = 'SSY' | 'PBK' | 'PCNT';

/**
 * For each instruction, the opener (an instruction index) of the innermost region of the kind a
 * `SYNC`, `BRK` or `CONT` there closes, when every path to it from the kernel's entry or a call
 * target agrees on one; undefined otherwise, and for every other instruction. `successors` gives
 * the transfers already resolved (branch targets as indices, calls not entered); `end` resolves an
 * opener's target to an index.
 */
export function regionClosedByPath(
  kernel: SassKernel,
  effects: readonly InstructionEffects[],
  successors: (index: number) => readonly number[],
  end: (opener: number) => number | null,
  roots: readonly number[],
): (index: number) => number | undefined {
  const count = kernel.instructions.length;
  const stacks: (Map<string, readonly number[]> | null)[] = Array.from({ length: count }, () => new Map());
  const work: number[] = [];
  // A path given up (too deep, too many stacks) could reach any instruction after it with any
  // stack, so no answer is then trusted: every instruction gets undefined.
  let gaveUp = false;
  const reach = (index: number, stack: readonly number[]) => {
    if (index < 0 || index >= count) return;
    if (stack.length > DEPTH_LIMIT) {
      gaveUp = true;
      return;
    }
    const known = stacks[index];
    if (known === null) return;
    const key = stack.join(',');
    if (known!.has(key)) return;
    if (known!.size >= STACKS_PER_INSTRUCTION) {
      stacks[index] = null;
      gaveUp = true;
      return;
    }
    known!.set(key, stack);
    work.push(index);
  };
  for (const root of roots) reach(root, []);
  const closes = (flow: FlowEffect): Opener | null => (flow.kind === 'sync' ? flow.opener : null);
  const innermost = (stack: readonly number[], opener: Opener): number => {
    for (let at = stack.length - 1; at >= 0; at--) {
      const flow = effects[stack[at]!]!.flow;
      if (flow.kind === 'open' && flow.opener === opener) return at;
    }
    return -1;
  };
  while (work.length > 0) {
    const index = work.pop()!;
    const known = stacks[index];
    if (known === null || known === undefined) continue;
    const flow = effects[index]!.flow;
    const guarded = kernel.instructions[index]!.guard !== null;
    for (const stack of [...known.values()]) {
      if (flow.kind === 'open' && flow.opener !== 'PRET') {
        reach(index + 1, [...stack, index]);
        // A guarded opener may not push: both stacks go on.
        if (guarded) reach(index + 1, stack);
        continue;
      }
      const opener = closes(flow);
      if (opener !== null) {
        const at = innermost(stack, opener);
        const target = at < 0 ? null : end(stack[at]!);
        if (target !== null) reach(target, stack.slice(0, at));
        if (guarded || (flow.kind === 'sync' && flow.conditional === true)) reach(index + 1, stack);
        continue;
      }
      for (const next of successors(index)) reach(next, stack);
    }
  }
  return (index: number) => {
    if (gaveUp) return undefined;
    const flow = effects[index]?.flow;
    const opener = flow === undefined ? null : closes(flow);
    const known = stacks[index];
    if (opener === null || known === null || known === undefined || known.size === 0) return undefined;
    const found = new Set([...known.values()].map((stack) => {
      const at = innermost(stack, opener);
      return at < 0 ? -1 : stack[at]!;
    }));
    if (found.size !== 1) return undefined;
    const only = [...found][0]!;
    return only < 0 ? undefined : only;
  };
}
