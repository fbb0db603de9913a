import { exploreAll } from '../../explore/exhaustive.js';
import type { ComponentInstruction, ComponentProgram } from '../../spec/components/program.js';
import { componentSystem, type ComponentFinding } from '../../spec/components/system.js';
import { deltaDebug } from '../minimize/deltaDebug.js';
import { RecordedStop, type StopPredicate } from '../budget.js';

/** What a minimization keeps, as the other machines' minimizers do: the hazard kind on the same component. */
export interface ComponentTarget {
  readonly kind: ComponentFinding['kind'];
  readonly component: string;
}

/** The target a finding defines. */
export function componentTargetOf(finding: ComponentFinding): ComponentTarget {
  return { kind: finding.kind, component: finding.component };
}

/** Whether a finding is the target. */
export function matchesComponentTarget(finding: ComponentFinding, target: ComponentTarget): boolean {
  return finding.kind === target.kind && finding.component === target.component;
}

/** Whether some schedule of `program` shows the target (exhaustive; a search that runs out of states without it says no). */
export function showsComponentTarget(program: ComponentProgram, target: ComponentTarget, maxStates: number, shouldStop?: StopPredicate): boolean {
  const exploration = exploreAll(componentSystem(program), { maxStates, ...(shouldStop ? { shouldStop } : {}) });
  return exploration.witnesses.some((witness) => matchesComponentTarget(witness.finding, target));
}

/** A minimized program and what it cost. */
export interface ComponentMinimized {
  readonly program: ComponentProgram;
  readonly instructionsBefore: number;
  readonly instructionsAfter: number;
  /** Candidate programs examined. */
  readonly evaluations: number;
  readonly elapsedMs: number;
  /** Why minimization stopped before it was done (a time budget): the program still shows the target, but may not be minimal. */
  readonly stoppedBy: string | null;
}

/** The program with only the instructions at `indices` (ascending); branch targets follow the instructions they pointed at. */
export function keepInstructions(program: ComponentProgram, indices: readonly number[]): ComponentProgram {
  const retarget = (target: number) => countBelow(indices, target);
  return {
    ...program,
    instructions: indices.map((index) => {
      const instruction = program.instructions[index]!;
      return instruction.branch ? { ...instruction, branch: { ...instruction.branch, target: retarget(instruction.branch.target) } } : instruction;
    }),
  };
}

/** How many of the ascending `indices` are below `bound` (binary search: a program may have thousands of branches). */
function countBelow(indices: readonly number[], bound: number): number {
  let low = 0;
  let high = indices.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (indices[middle]! < bound) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Smaller versions of one instruction, most reduced first: no idle cycles, fewer repetitions, no waits, fewer sources. */
function simpler(instruction: ComponentInstruction): ComponentInstruction[] {
  const candidates: ComponentInstruction[] = [];
  if (instruction.nops > 0) candidates.push({ ...instruction, nops: 0 });
  for (let repeat = 0; repeat < instruction.repeat; repeat++) candidates.push({ ...instruction, repeat });
  instruction.waits.forEach((_, index) => candidates.push({ ...instruction, waits: instruction.waits.filter((__, other) => other !== index) }));
  if (instruction.sources.some((source) => source.kind === 'other')) candidates.push({ ...instruction, sources: instruction.sources.filter((source) => source.kind !== 'other') });
  instruction.sources.forEach((_, index) => candidates.push({ ...instruction, sources: instruction.sources.filter((__, other) => other !== index) }));
  return candidates;
}

/**
 * Shrinks a program to a smallest one that still shows the target: delta debugging over the
 * instructions (NOPs and fillers included), then, instruction by instruction until nothing
 * changes, fewer idle cycles and repetitions, fewer `(sy)`/`(ss)` waits and fewer sources.
 * The input must show the target. When `shouldStop` gives a reason the passes end with what they have.
 */
export function minimizeComponentProgram(program: ComponentProgram, target: ComponentTarget, maxStates = 50_000, shouldStop?: StopPredicate): ComponentMinimized {
  const started = performance.now();
  let evaluations = 0;
  const stop = new RecordedStop(shouldStop);
  // Once the budget is spent every candidate counts as not showing the target: the passes end at once, keeping what they have.
  const shows = (candidate: ComponentProgram) => {
    if (stop.ask() !== null) return false;
    evaluations++;
    return showsComponentTarget(candidate, target, maxStates, stop.ask);
  };
  const stopped = () => stop.ask() !== null;
  const indices = deltaDebug(program.instructions.map((_, index) => index), (subset) => shows(keepInstructions(program, subset)), stopped);
  let current = keepInstructions(program, indices);
  for (let changed = true; changed && !stopped();) {
    changed = false;
    for (let index = 0; index < current.instructions.length && !stopped(); index++) {
      for (const candidate of simpler(current.instructions[index]!)) {
        const next = { ...current, instructions: current.instructions.map((instruction, i) => (i === index ? candidate : instruction)) };
        if (shows(next)) {
          current = next;
          changed = true;
          break;
        }
      }
    }
  }
  return {
    program: current, instructionsBefore: program.instructions.length, instructionsAfter: current.instructions.length,
    evaluations, elapsedMs: performance.now() - started, stoppedBy: stop.reason,
  };
}
