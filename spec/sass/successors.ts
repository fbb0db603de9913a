/**
 * The control-flow graph of a model program, shared by the analysis (`impl/sass/cfg.ts`) and the
 * importers that need it before any analysis (the AMD lowering's loop and hazard searches).
 */
import { mayFallThrough, type SassInstruction, type SassProgram } from './program.js';

/**
 * Successors of every instruction in the control-flow graph the analysis walks. Branch
 * conditions and guards are unknown, so a guarded or conditional transfer (`BRA.U !UP0, ...`,
 * `BRA.DIV UR4, ...`) has both successors. Returns are context-insensitive: a `RET` may go back
 * after any call (more paths than the machine's call stack allows, never fewer), and exits when no
 * call is in progress; a `RET` only called code reaches goes back only after the calls whose
 * target reaches it (`returnSitesByReturn`).
 */
export function successors(program: Pick<SassProgram, 'instructions'>): number[][] {
  const count = program.instructions.length;
  const returnSites = returnSitesByReturn(program.instructions);
  const everyReturnSite = program.instructions.flatMap((instruction, index) =>
    instruction.flow.kind === 'call' && index + 1 < count ? [index + 1] : [],
  );
  return program.instructions.map((instruction, index) => {
    const fallThrough = index + 1 < count ? [index + 1] : [];
    const flow = instruction.flow;
    let taken: number[];
    switch (flow.kind) {
      case 'next': return fallThrough;
      case 'branch': taken = [flow.target]; break;
      case 'call': taken = [flow.target]; break;
      case 'return': taken = returnSites.get(index) ?? everyReturnSite; break;
      case 'exit': taken = []; break;
    }
    return [...new Set(mayFallThrough(instruction) ? [...taken, ...fallThrough] : taken)];
  });
}

/**
 * For each `RET` (by index) that only called code reaches, the return sites (the instruction after
 * a `CALL`) it may go back to: those of every call whose target reaches the `RET` along the called
 * code's own paths, a nested call taken as returning to its own site. Such a `RET` runs only with
 * a call in progress, and the one that pops a call's frame is on such a path: every instruction
 * run between the call and that return belongs to the callee or to calls that have already
 * returned. A `RET` the entry's own paths reach (it may run with no call in progress) or no call
 * reaches is left out: it keeps every return site.
 */
function returnSitesByReturn(instructions: readonly SassInstruction[]): Map<number, number[]> {
  const count = instructions.length;
  const reachedByTarget = new Map<number, number[]>();
  const sites = new Map<number, number[]>();
  const fromEntry = new Set(returnsReachedFrom(instructions, 0));
  instructions.forEach((instruction, call) => {
    if (instruction.flow.kind !== 'call' || call + 1 >= count) return;
    const target = instruction.flow.target;
    let returns = reachedByTarget.get(target);
    if (returns === undefined) {
      returns = returnsReachedFrom(instructions, target);
      reachedByTarget.set(target, returns);
    }
    for (const ret of returns) if (!fromEntry.has(ret)) sites.set(ret, [...(sites.get(ret) ?? []), call + 1]);
  });
  return sites;
}

/** The `RET`s reached from `start` without passing a return, each call stepping over to its return site. */
function returnsReachedFrom(instructions: readonly SassInstruction[], start: number): number[] {
  const count = instructions.length;
  const seen = new Set<number>();
  const returns: number[] = [];
  const pending = start >= 0 && start < count ? [start] : [];
  while (pending.length > 0) {
    const index = pending.pop()!;
    if (seen.has(index)) continue;
    seen.add(index);
    const instruction = instructions[index]!;
    const flow = instruction.flow;
    const next: number[] = [];
    if (flow.kind === 'return') returns.push(index);
    if (flow.kind === 'branch') next.push(flow.target);
    // A call returns to its own site (its callee's paths are its own); a guarded or conditional one may not be taken.
    if ((flow.kind === 'call' || mayFallThrough(instruction)) && index + 1 < count) next.push(index + 1);
    for (const successor of next) if (successor >= 0 && successor < count && !seen.has(successor)) pending.push(successor);
  }
  return returns;
}
