import type { Control } from '../../spec/scoreboard/program.js';
import type { SassInstruction, SassProgram } from '../../spec/sass/program.js';
import { analyze } from './analysis/fixpoint.js';
import type { Suspicion } from './analysis/suspicion.js';
import { successors } from './cfg.js';
import type { StopPredicate } from '../budget.js';

/** The largest stall a control record holds. */
const MAX_STALL = 15;

/** A kernel with re-derived control records, and how the derivation went. */
export interface SassAnnotation {
  readonly program: SassProgram;
  /** Repair rounds until the analysis found nothing (or gave up). */
  readonly rounds: number;
  /** What the pass could not protect (empty when it succeeded). */
  readonly left: readonly Suspicion[];
  /** Why the pass stopped before it was done (a time budget); then `program` proves nothing. */
  readonly stoppedBy: string | null;
}

/**
 * Strips a kernel's control records (no waits, no scoreboards, stall 1, `DEPBAR`s inert) and
 * derives new ones. Each variable-latency queue gets its own write scoreboard (and one shared
 * read scoreboard covers queued sources), so a consumer waits only for its producer's kind of
 * work. Then, until the analysis finds nothing: a hazard on a variable-latency producer adds
 * its scoreboard to the consumer's wait mask (or, when that wait cannot see the increment yet,
 * one cycle of stall before the consumer); a fixed-latency hazard adds the missing cycles to
 * the stall of every instruction that can precede the consumer. Sound by construction: the
 * result is whatever the analysis, which is sound, proves. `shouldStop` (a time budget) ends it
 * early, with `stoppedBy` set.
 */
export function annotateSassProgram(program: SassProgram, maxRounds = 200, shouldStop?: StopPredicate): SassAnnotation {
  let current = strip(program);
  const predecessors = predecessorsOf(current);
  for (let round = 1; round <= maxRounds; round++) {
    const { suspicions, stoppedBy } = analyze(current, shouldStop);
    if (stoppedBy !== null) return { program: current, rounds: round - 1, left: [], stoppedBy };
    if (suspicions.length === 0) return { program: current, rounds: round - 1, left: [], stoppedBy: null };
    const controls = current.instructions.map((instruction) => instruction.control);
    let changed = false;
    const update = (index: number, change: (control: Control) => Control) => {
      const next = change(controls[index]!);
      if (JSON.stringify(next) !== JSON.stringify(controls[index])) {
        controls[index] = next;
        changed = true;
      }
    };
    for (const suspicion of suspicions) {
      const producer = current.instructions[suspicion.producer]!;
      if (suspicion.kind === 'overflow') {
        update(suspicion.consumer, (control) => waitOn(control, suspicion.scoreboard!));
        continue;
      }
      const scoreboard = suspicion.kind === 'WAR' ? producer.control.readScoreboard : producer.control.writeScoreboard;
      const consumer = controls[suspicion.consumer]!;
      if (producer.unit.kind === 'variable' && scoreboard !== null && !consumer.wait.includes(scoreboard)) {
        update(suspicion.consumer, (control) => waitOn(control, scoreboard));
      } else {
        // A fixed latency not yet covered, or a wait that cannot see its increment yet: more stall before the consumer.
        for (const before of predecessors[suspicion.consumer]!) {
          update(before, (control) => ({ ...control, stall: Math.min(MAX_STALL, control.stall + 1) }));
        }
      }
    }
    if (!changed) return { program: current, rounds: round, left: suspicions, stoppedBy: null };
    current = { ...current, instructions: current.instructions.map((instruction, index) => ({ ...instruction, control: controls[index]! })) };
  }
  const last = analyze(current, shouldStop);
  return { program: current, rounds: maxRounds, left: last.suspicions, stoppedBy: last.stoppedBy };
}

/** The kernel with every protection removed and scoreboards assigned by queue. */
function strip(program: SassProgram): SassProgram {
  // Scoreboard 0 covers queued reads; 1..5 the queues' writes (queues beyond share the last).
  const writeScoreboard = (instruction: SassInstruction): number | null =>
    instruction.unit.kind === 'variable' && instruction.destinations.length > 0 ? Math.min(1 + instruction.unit.queue, program.scoreboards - 1) : null;
  const readScoreboard = (instruction: SassInstruction): number | null => {
    if (instruction.unit.kind !== 'variable') return null;
    const guard = instruction.guard?.predicate;
    return instruction.sources.some((register) => register !== guard && !instruction.readAtIssue.includes(register)) ? 0 : null;
  };
  return {
    ...program,
    instructions: program.instructions.map((instruction) => ({
      ...instruction,
      depbar: null,
      control: { wait: [], readScoreboard: readScoreboard(instruction), writeScoreboard: writeScoreboard(instruction), yield: instruction.control.yield, stall: 1 },
    })),
  };
}

function waitOn(control: Control, scoreboard: number): Control {
  return control.wait.includes(scoreboard) ? control : { ...control, wait: [...control.wait, scoreboard].sort((a, b) => a - b) };
}

/** Instructions that can issue right before each instruction. */
function predecessorsOf(program: SassProgram): number[][] {
  const predecessors: number[][] = program.instructions.map(() => []);
  successors(program).forEach((next, index) => next.forEach((successor) => predecessors[successor]!.push(index)));
  return predecessors;
}
