import { exploreAll } from '../../explore/exhaustive.js';
import { runSeed } from '../../explore/search.js';
import type { LrcFinding } from '../../spec/lrc/finding.js';
import type { LrcProgram } from '../../spec/lrc/program.js';
import { randomLrcSchedule, runLrcSchedule } from '../../spec/lrc/schedule.js';
import { lrcSystem } from '../../spec/lrc/system.js';
import { deltaDebug } from '../minimize/deltaDebug.js';
import { RecordedStop, type StopPredicate } from '../budget.js';

/** What a minimization keeps: the finding kind, and the register (or the counter class of an overflow or deadlock). */
export interface LrcTarget {
  readonly kind: LrcFinding['kind'];
  readonly name: string;
}

/** The target a finding defines. */
export function lrcTargetOf(program: LrcProgram, finding: LrcFinding): LrcTarget {
  if (finding.kind === 'overflow') return { kind: 'overflow', name: program.counters[finding.counter]!.name };
  if (finding.kind === 'deadlock') return { kind: 'deadlock', name: program.counters[finding.blocked[0]!.counter]!.name };
  return { kind: finding.kind, name: finding.register };
}

/** Whether a finding is the target. */
export function matchesLrcTarget(program: LrcProgram, finding: LrcFinding, target: LrcTarget): boolean {
  const own = lrcTargetOf(program, finding);
  return own.kind === target.kind && own.name === target.name;
}

/**
 * Whether some schedule of `program` shows the target: exhaustive search when it finishes within
 * the budget (exact), else random schedules under fixed seeds (the same answer every time).
 */
export function showsLrcTarget(program: LrcProgram, target: LrcTarget, seed: number, maxLatency: number, shouldStop?: StopPredicate): boolean {
  const result = exploreAll(lrcSystem(program), { maxStates: 20_000, ...(shouldStop ? { shouldStop } : {}) });
  if (result.witnesses.some((w) => matchesLrcTarget(program, w.finding, target))) return true;
  if (result.complete) return false;
  for (let index = 0; index < 40; index++) {
    if (shouldStop?.() != null) return false;
    const run = runLrcSchedule(program, randomLrcSchedule(program, runSeed(seed, index), maxLatency));
    if (run.findings.some((finding) => matchesLrcTarget(program, finding, target))) return true;
  }
  return false;
}

/** A minimized program and what it cost. */
export interface LrcMinimized {
  readonly program: LrcProgram;
  readonly instructionsBefore: number;
  readonly evaluations: number;
  /** Why minimization stopped before it was done (a time budget): the program still shows the target, but may not be minimal. */
  readonly stoppedBy: string | null;
}

/**
 * Shrinks a program to a smallest one that still shows the target: delta debugging over the
 * instructions (INIT_PC follows the instructions it pointed at), then fewer threads and
 * contexts, then dependency flags dropped one by one. When `shouldStop` gives a reason the passes
 * end with what they have.
 */
export function minimizeLrcProgram(program: LrcProgram, target: LrcTarget, seed: number, maxLatency: number, shouldStop?: StopPredicate): LrcMinimized {
  let evaluations = 0;
  const stop = new RecordedStop(shouldStop);
  // Once the budget is spent every candidate counts as not showing the target: the passes end at once, keeping what they have.
  const shows = (candidate: LrcProgram) => {
    if (stop.ask() !== null) return false;
    evaluations++;
    return showsLrcTarget(candidate, target, seed, maxLatency, stop.ask);
  };
  const withInstructions = (indices: readonly number[]): LrcProgram => ({
    ...program,
    instructions: indices.map((index) => program.instructions[index]!),
    initialPc: Math.min(indices.filter((index) => index < program.initialPc).length, Math.max(0, indices.length - 1)),
  });
  const indices = program.instructions.map((_, index) => index);
  const stopped = () => stop.ask() !== null;
  let current = withInstructions(deltaDebug(indices, (subset) => shows(withInstructions(subset)), stopped));
  for (const smaller of [{ threads: 1, contexts: 1 }, { threads: current.contexts }]) {
    const candidate = { ...current, ...smaller };
    if (candidate.threads >= 1 && candidate.contexts <= candidate.threads && shows(candidate)) current = candidate;
  }
  current.instructions.forEach((instruction, index) => {
    for (const flag of instruction.waitFor) {
      if (stopped()) return;
      const instructions = current.instructions.map((other, i) => (i === index ? { ...other, waitFor: other.waitFor.filter((f) => f !== flag) } : other));
      const candidate = { ...current, instructions };
      if (shows(candidate)) current = candidate;
    }
  });
  return { program: current, instructionsBefore: program.instructions.length, evaluations, stoppedBy: stop.reason };
}
