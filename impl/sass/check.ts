import { exploreAll } from '../../explore/exhaustive.js';
import type { Verdict } from '../../explore/verdict.js';
import type { LoweringNote } from '../../format/sass/lower.js';
import type { SassProgram } from '../../spec/sass/program.js';
import { sassSystem } from '../../spec/sass/system.js';
import { analyze } from './analysis/fixpoint.js';
import type { Suspicion } from './analysis/suspicion.js';
import { confirmSuspicion, type ConfirmedHazard } from './confirm.js';
import { RecordedStop, type StopPredicate } from '../budget.js';

/** Options of `checkSassProgram`. */
export interface SassCheckOptions {
  /** Suspicions to try to confirm with a directed schedule (the rest stay suspicions). */
  readonly confirmLimit: number;
  /** State budget of the exhaustive search tried when no directed schedule shows a suspicion. */
  readonly maxStates: number;
  /** A time budget (`--timeout`), asked between steps of the analysis, the directed runs and the search. */
  readonly shouldStop?: StopPredicate;
}

/** Defaults: enough for every corpus kernel, bounded for a broken 10,000-instruction one. */
export const DEFAULT_SASS_CHECK: SassCheckOptions = { confirmLimit: 16, maxStates: 20_000 };

/** The verdict on one kernel, with its evidence. */
export interface SassCheckResult {
  /** `proved-safe`, `hazard` or `unknown` (the analysis never gives `no-hazard-found`). */
  readonly verdict: Verdict;
  readonly reason: string;
  /** Hazards shown on the reference machine, each with a schedule that replays it. */
  readonly hazards: readonly ConfirmedHazard[];
  /** What the analysis could not rule out and no schedule showed. */
  readonly unconfirmed: readonly Suspicion[];
  readonly notes: readonly LoweringNote[];
  /** Transfer steps of the fixpoint. */
  readonly analysisSteps: number;
}

/**
 * Decides a kernel: the abstract interpretation rules out hazards on every path, loop count,
 * guard value and latency at once; what it cannot rule out is tried on the reference machine,
 * first with a directed schedule per suspicion, then with a bounded exhaustive search, and is
 * reported as a `hazard` only when a run shows it. A proof needs no suspicion left and no
 * instruction the table does not know.
 */
export function checkSassProgram(program: SassProgram, notes: readonly LoweringNote[], options: SassCheckOptions = DEFAULT_SASS_CHECK): SassCheckResult {
  const stop = new RecordedStop(options.shouldStop);
  const analysis = analyze(program, stop.ask);
  const base = { notes, analysisSteps: analysis.steps };
  const hazards: ConfirmedHazard[] = [];
  const unconfirmed: Suspicion[] = [];
  if (analysis.stoppedBy !== null) {
    return { ...base, verdict: 'unknown', reason: `the analysis stopped after ${analysis.steps} transfer steps, before its fixpoint (${analysis.stoppedBy})`, hazards, unconfirmed };
  }
  for (const suspicion of analysis.suspicions.slice(0, options.confirmLimit)) {
    const shown = confirmSuspicion(program, suspicion, undefined, stop.ask);
    if (shown && !hazards.some((known) => sameHazard(known, shown))) hazards.push(shown);
    if (!shown) unconfirmed.push(suspicion);
  }
  for (const suspicion of analysis.suspicions.slice(options.confirmLimit)) unconfirmed.push(suspicion);
  if (hazards.length === 0 && unconfirmed.length > 0) {
    const searched = exhaustiveWitness(program, options.maxStates, stop.ask);
    if (searched) hazards.push(searched);
  }
  const blocking = notes.filter((note) => note.kind !== 'assumption');
  // A hazard through an instruction the model only guessed at is the guess's, not the listing's.
  const guessed = new Set(blocking.map((note) => note.line));
  const involves = (shown: ConfirmedHazard) => hazardInstructions(shown).some((index) => guessed.has(program.instructions[index]!.line));
  if (hazards.length > 0 && hazards.every(involves)) {
    const line = program.instructions[hazardInstructions(hazards[0]!).find((index) => guessed.has(program.instructions[index]!.line))!]!.line;
    return { ...base, verdict: 'unknown', reason: `a schedule shows ${hazards.length} hazard(s), but each involves an instruction outside the model (first at line ${line}), modelled conservatively`, hazards, unconfirmed };
  }
  if (hazards.length > 0) {
    return { ...base, verdict: 'hazard', reason: `${hazards.length} hazard(s) shown on the reference machine by a concrete schedule`, hazards, unconfirmed };
  }
  if (unconfirmed.length > 0) {
    const tried = stop.reason === null ? `neither a directed schedule nor ${options.maxStates} states of exhaustive search showed one` : `the search for a schedule showing one stopped (${stop.reason})`;
    return { ...base, verdict: 'unknown', reason: `the analysis cannot rule out ${unconfirmed.length} hazard(s), and ${tried}`, hazards, unconfirmed };
  }
  if (blocking.length > 0) {
    return { ...base, verdict: 'unknown', reason: `no hazard under a conservative model, but ${blocking.length} instruction(s) are outside the model (first at line ${blocking[0]!.line}: ${blocking[0]!.message})`, hazards, unconfirmed };
  }
  const assumptions = notes.length > 0 ? `, assuming ${notes.length} call(s) as noted` : '';
  return { ...base, verdict: 'proved-safe', reason: `abstract interpretation over the control-flow graph rules out RAW, WAR, WAW and counter overflow on every path, loop iteration count, guard value and latency${assumptions}`, hazards, unconfirmed };
}

/** A hazard from a bounded exhaustive search (shortest schedule), or null. */
function exhaustiveWitness(program: SassProgram, maxStates: number, shouldStop: StopPredicate): ConfirmedHazard | null {
  const system = sassSystem(program);
  const result = exploreAll(system, { maxStates, stopAtFirst: true, shouldStop });
  const witness = result.witnesses[0];
  return witness ? { hazard: witness.finding, schedule: witness.path, path: [] } : null;
}

/** The instructions a hazard names. */
function hazardInstructions(shown: ConfirmedHazard): number[] {
  const hazard = shown.hazard;
  return hazard.kind === 'overflow' ? [hazard.instruction] : [hazard.producer, hazard.consumer];
}

function sameHazard(a: ConfirmedHazard, b: ConfirmedHazard): boolean {
  return JSON.stringify({ ...a.hazard, cycle: 0 }) === JSON.stringify({ ...b.hazard, cycle: 0 });
}
