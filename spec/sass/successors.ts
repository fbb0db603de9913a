/**
 * The control-flow graph of a model program, shared by the analysis (`impl/sass/cfg.ts`) and the
 * importers that need it before any analysis (the AMD lowering's loop and hazard searches).
 */
import { mayFallThrough, type SassProgram } from './program.js';

/**
 * Successors of every instruction in the control-flow graph the analysis walks. Branch
 * conditions and guards are unknown, so a guarded or conditional transfer (`BRA.U !UP0, ...`,
 * `BRA.DIV UR4, ...`) has both successors. Returns are
 * context-insensitive: a `RET` may go back after any call (more paths than the machine's call
 * stack allows, never fewer), and exits when no call is in progress.
 */
export function successors(program: Pick<SassProgram, 'instructions'>): number[][] {
  const count = program.instructions.length;
  const returnSites = program.instructions.flatMap((instruction, index) =>
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
      case 'return': taken = returnSites; break;
      case 'exit': taken = []; break;
    }
    return [...new Set(mayFallThrough(instruction) ? [...taken, ...fallThrough] : taken)];
  });
}
