import { exploreAll } from '../../explore/exhaustive.js';
import type { Verdict } from '../../explore/verdict.js';
import type { LoweringNote } from '../../format/sass/lower.js';
import type { SassProgram } from '../../spec/sass/program.js';
import { selfCopiedRegister } from '../../spec/sass/selfCopy.js';
import { sassSystem } from '../../spec/sass/system.js';
import { analyze } from './analysis/fixpoint.js';
import type { Suspicion } from './analysis/suspicion.js';
import { confirmSuspicion, DirectedRuns, holdsRead, type ConfirmedHazard } from './confirm.js';
import type { RegisterHazard } from '../../spec/oracle/hazard.js';
import type { CounterexampleProgram, FactGap } from '../../spec/sass/architectures/counterexample.js';
import { RecordedStop, type StopPredicate } from '../budget.js';

/** Options of `checkSassProgram`. */
export interface SassCheckOptions {
  /** Pairs of instructions whose suspicions a directed schedule tries to confirm (the rest stay suspicions). */
  readonly confirmLimit: number;
  /**
   * Instructions whose suspicions are tried first (a mutant's changed instruction: the hazard the
   * change may have made is the one to look for). Only the order changes, never what counts.
   */
  readonly focus?: readonly number[];
  /** State budget of the exhaustive search tried when no directed schedule shows a suspicion. */
  readonly maxStates: number;
  /** A time budget (`--timeout`), asked between steps of the analysis, the directed runs and the search. */
  readonly shouldStop?: StopPredicate;
  /**
   * The kernel under the counterexample side of its table (`format/sass/counterexampleKernel.ts`):
   * a hazard is reported only when a schedule of that program shows it. Absent or null: the two
   * sides agree (the program's own schedules are the evidence).
   */
  readonly counterexample?: CounterexampleProgram | null;
}

/** A hazard the proof side shows but no schedule of the counterexample side does: it rests on these facts. */
export interface AssumedHazard {
  readonly shown: ConfirmedHazard;
  /** The facts of the instructions involved whose two sides differ (a hazard needs the proof side of one of them). */
  readonly facts: readonly FactGap[];
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
  /** Hazards that need a fact no source shows (their proof side only): the reason the verdict is `unknown`, not `hazard`. */
  readonly assumed: readonly AssumedHazard[];
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
  const assumed: AssumedHazard[] = [];
  if (analysis.stoppedBy !== null) {
    return { ...base, verdict: 'unknown', reason: `the analysis stopped after ${analysis.steps} transfer steps, before its fixpoint (${analysis.stoppedBy})`, hazards, unconfirmed, assumed };
  }
  // Evidence is a schedule of the counterexample side: behaviour a source shows. A schedule only
  // the proof side allows names the facts it needed instead (Alive2's rule: an assumption is not a bug).
  const evidence = options.counterexample?.program ?? program;
  const factsOf = (shown: ConfirmedHazard) => [...new Set(hazardInstructions(shown).flatMap((index) => options.counterexample?.gaps[index] ?? []))];
  // One record of directed runs for all of them: suspicions of one pair of instructions, or that
  // meet in one state, share their runs (the same outcomes, without each simulating the kernel).
  const runs = new DirectedRuns();
  const { tried, untried } = suspicionsToTry(program, analysis.suspicions, options);
  for (const suspicion of tried) {
    const steps = directedSteps(program, suspicion);
    const shown = confirmSuspicion(evidence, suspicion, steps, stop.ask, runs);
    if (shown && !hazards.some((known) => sameHazard(known, shown))) hazards.push(shown);
    if (shown) continue;
    const onProofSide = evidence === program ? null : confirmSuspicion(program, suspicion, steps, stop.ask, runs);
    if (onProofSide) assumed.push({ shown: onProofSide, facts: factsOf(onProofSide) });
    else unconfirmed.push(suspicion);
  }
  for (const suspicion of untried) unconfirmed.push(suspicion);
  if (hazards.length === 0 && unconfirmed.length > 0) {
    const searched = exhaustiveWitness(evidence, options.maxStates, stop.ask);
    if (searched) hazards.push(searched);
  }
  // A read too early by a copy of the register onto itself writes back what it read: no wrong
  // value unless the earlier write lands before the copy's, which no lower bound here shows.
  const copyReads = hazards.filter((shown) => readBySelfCopy(program, shown));
  if (copyReads.length > 0 && copyReads.length === hazards.length) {
    const hazard = copyReads[0]!.hazard as RegisterHazard;
    const line = (index: number) => program.instructions[index]!.line;
    return { ...base, verdict: 'unknown', reason: `a schedule shows ${hazards.length} hazard(s), each a read by a copy of the register onto itself (first: RAW on ${hazard.register}, line ${line(hazard.consumer)} reads it before line ${line(hazard.producer)} writes it); the copy writes back what it read, so the register ends up wrong only if the earlier write lands before the copy's, which needs a lower bound on its latency that no source gives`, hazards, unconfirmed, assumed };
  }
  hazards.splice(0, hazards.length, ...hazards.filter((shown) => !readBySelfCopy(program, shown)));
  const blocking = notes.filter((note) => note.kind !== 'assumption');
  // Code that may not be for these facts has no finding at all.
  const foreign = notes.find((note) => note.kind === 'foreign-code');
  if (hazards.length > 0 && foreign !== undefined) {
    return { ...base, verdict: 'unknown', reason: `a schedule shows ${hazards.length} hazard(s), but the function may not be code for these facts (line ${foreign.line}: ${foreign.message})`, hazards, unconfirmed, assumed };
  }
  // A hazard through an instruction the model only guessed at is the guess's, not the listing's
  // (an unchecked hazard kind leaves the instruction itself modelled).
  const guessed = new Set(blocking.filter((note) => note.kind !== 'unchecked').map((note) => note.line));
  const involves = (shown: ConfirmedHazard) => hazardInstructions(shown).some((index) => guessed.has(program.instructions[index]!.line) || program.instructions[index]!.outsideListing !== undefined) || calleeTiming(shown) !== undefined;
  // Code outside the listing (a device function's caller) is not seen: a hazard there is its reason
  // for unknown; so is a fixed-latency result an unseen callee reads (when it reads it is not seen).
  const calleeTiming = (shown: ConfirmedHazard) => shown.hazard.kind === 'RAW' && program.instructions[shown.hazard.producer]!.unit.kind === 'fixed'
    ? program.instructions[shown.hazard.consumer]!.opaqueCall : undefined;
  const outsideOf = (shown: ConfirmedHazard) => hazardInstructions(shown).map((index) => program.instructions[index]!.outsideListing).find((why) => why !== undefined) ?? calleeTiming(shown);
  const atBoundary = hazards.find((shown) => outsideOf(shown) !== undefined);
  if (hazards.length > 0 && hazards.every(involves) && atBoundary !== undefined) {
    const hazard = atBoundary.hazard;
    const what = hazard.kind === 'overflow' ? 'a counter overflow' : `${hazard.kind} on ${hazard.register}`;
    return { ...base, verdict: 'unknown', reason: `a schedule shows ${hazards.length} hazard(s) only with code outside the listing: ${what}: ${outsideOf(atBoundary)}`, hazards, unconfirmed, assumed };
  }
  if (hazards.length > 0 && hazards.every(involves)) {
    const line = program.instructions[hazardInstructions(hazards[0]!).find((index) => guessed.has(program.instructions[index]!.line))!]!.line;
    return { ...base, verdict: 'unknown', reason: `a schedule shows ${hazards.length} hazard(s), but each involves an instruction outside the model (first at line ${line}), modelled conservatively`, hazards, unconfirmed, assumed };
  }
  if (hazards.length > 0) {
    return { ...base, verdict: 'hazard', reason: `${hazards.length} hazard(s) shown on the reference machine by a concrete schedule`, hazards, unconfirmed, assumed };
  }
  if (assumed.length > 0) {
    return { ...base, verdict: 'unknown', reason: assumedReason(program, assumed), hazards, unconfirmed, assumed };
  }
  if (unconfirmed.length > 0) {
    const tried = stop.reason === null ? `neither a directed schedule nor ${options.maxStates} states of exhaustive search showed one` : `the search for a schedule showing one stopped (${stop.reason})`;
    return { ...base, verdict: 'unknown', reason: `the analysis cannot rule out ${unconfirmed.length} hazard(s), and ${tried}`, hazards, unconfirmed, assumed };
  }
  const outside = blocking.filter((note) => note.kind === 'unknown-opcode' || note.kind === 'unsupported');
  if (outside.length > 0) {
    return { ...base, verdict: 'unknown', reason: `no hazard under a conservative model, but ${outside.length} instruction(s) are outside the model (first at line ${outside[0]!.line}: ${outside[0]!.message})`, hazards, unconfirmed, assumed };
  }
  if (blocking.length > 0) {
    return { ...base, verdict: 'unknown', reason: `no hazard the model checks, but the proof is incomplete (line ${blocking[0]!.line}: ${blocking[0]!.message})`, hazards, unconfirmed, assumed };
  }
  const assumptions = notes.length > 0 ? `, assuming what ${notes.length} note(s) say` : '';
  return { ...base, verdict: 'proved-safe', reason: `abstract interpretation over the control-flow graph rules out RAW, WAR, WAW and counter overflow on every path, loop iteration count, guard value and latency${assumptions}`, hazards, unconfirmed, assumed };
}

/**
 * The suspicions a check tries to show with directed runs, and the rest. The limit counts pairs
 * of instructions, not suspicions: RAW and WAW on the registers of one pair are one run (and WAR,
 * or any suspicion whose run holds the producer's read, `holdsRead`, another), which `DirectedRuns` makes once; ptxas -O0 output has an HMMA read one cycle later,
 * RAW and WAW on four registers each, in every kernel. Suspicions through a `focus` instruction go
 * first; otherwise the analysis' order is kept.
 */
function suspicionsToTry(program: SassProgram, suspicions: readonly Suspicion[], options: SassCheckOptions): { tried: Suspicion[]; untried: Suspicion[] } {
  const focus = new Set(options.focus ?? []);
  const focused = (suspicion: Suspicion) => focus.has(suspicion.producer) || focus.has(suspicion.consumer);
  const ordered = [...suspicions.filter(focused), ...suspicions.filter((suspicion) => !focused(suspicion))];
  const pairs = new Set<string>();
  const tried: Suspicion[] = [];
  const untried: Suspicion[] = [];
  for (const suspicion of ordered) {
    const pair = `${suspicion.producer}:${suspicion.consumer}:${holdsRead(program, suspicion) ? 'read' : 'write'}`;
    if (!pairs.has(pair) && pairs.size >= options.confirmLimit) {
      untried.push(suspicion);
      continue;
    }
    pairs.add(pair);
    tried.push(suspicion);
  }
  return { tried, untried };
}

/**
 * Steps a directed run for a suspicion may take; undefined: `confirmSuspicion`'s own bound.
 *
 * Why not that bound (200,000 steps) for a RAW, WAR or WAW pair: the run follows a shortest path
 * through the two instructions (at most 2n issues for n instructions), then the shorter way out of
 * the program (at most n more), and the pair's hazard shows on that way or not at all. Only where
 * there is no way out (an endless loop) does it go on, round the loop, until the bound: in LLVM's
 * AMDGPU CodeGen tests (`npm run bench:llvm-tests`) copy-hoist-no-spills.ll's `foo` spent 202 s of
 * gfx1100's 360 s of checking so, 16 suspicions times two runs of 200,000 steps. There, every
 * run that showed a hazard did so within 6.3n steps and every run that ended within 11.3n (13%
 * and 28% of this bound at most), on all six targets (plus 12 actions per cycle of stall the
 * listing writes: see below). An overflow needs instances to pile up
 * round a loop (up to 64 times), so it keeps the default. A bound too small could only lose a
 * hazard (an `unknown` instead), never make a proof.
 */
function directedSteps(program: SassProgram, suspicion: Suspicion): number | undefined {
  if (suspicion.kind === 'overflow') return undefined;
  // Each cycle a thread stalls is three actions (write, read, tick): ptxas -O0 stalls 15 cycles
  // after nearly every instruction, 45 actions each, and a run through half of a 328-instruction
  // sm_80 -O0 kernel showed its WAR after 11,516 actions, past 32n + 1,000 (fuzz --ptxas --seed
  // 1796407361, path 8). So the bound grows with the stalls the listing writes, too.
  const stalls = program.instructions.reduce((sum, instruction) => sum + instruction.control.stall, 0);
  return 32 * program.instructions.length + 12 * stalls + 1_000;
}

/** A hazard from a bounded exhaustive search (shortest schedule), or null. */
function exhaustiveWitness(program: SassProgram, maxStates: number, shouldStop: StopPredicate): ConfirmedHazard | null {
  const system = sassSystem(program);
  const result = exploreAll(system, { maxStates, stopAtFirst: true, shouldStop });
  const witness = result.witnesses[0];
  return witness ? { hazard: witness.finding, schedule: witness.path, path: [] } : null;
}

/** Whether a hazard is a RAW whose reader copies that register onto itself (`spec/sass/selfCopy.ts`). */
function readBySelfCopy(program: SassProgram, shown: ConfirmedHazard): boolean {
  const hazard = shown.hazard;
  return hazard.kind === 'RAW' && selfCopiedRegister(program.instructions[hazard.consumer]!) === hazard.register;
}

/** The instructions a hazard names. */
function hazardInstructions(shown: ConfirmedHazard): number[] {
  const hazard = shown.hazard;
  return hazard.kind === 'overflow' ? [hazard.instruction] : [hazard.producer, hazard.consumer];
}

function sameHazard(a: ConfirmedHazard, b: ConfirmedHazard): boolean {
  return JSON.stringify({ ...a.hazard, cycle: 0 }) === JSON.stringify({ ...b.hazard, cycle: 0 });
}

/**
 * Why a hazard only the proof side shows is no finding: the first one, the fact it needs, and
 * where the listing relies on the opposite ("RAW on R20 needs DMUL results later than ...; the
 * listing relies on the opposite at line N").
 */
function assumedReason(program: SassProgram, assumed: readonly AssumedHazard[]): string {
  const [first] = assumed;
  const hazard = first!.shown.hazard;
  const line = (index: number) => program.instructions[index]!.line;
  const what = hazard.kind === 'overflow' ? `counter overflow at line ${line(hazard.instruction)}` : `${hazard.kind} on ${hazard.register} between lines ${line(hazard.producer)} and ${line(hazard.consumer)}`;
  const facts = first!.facts.map((fact) => `${fact.subject} (proof side: ${fact.proof} [${fact.proofSource}]; counterexample side: ${fact.counterexample} [${fact.counterexampleSource}])`);
  const needs = facts.length > 0 ? `rests on the proof side of ${facts.join(' and of ')}` : 'rests on a fact whose two sides differ elsewhere on its schedule';
  const relies = hazard.kind === 'overflow' ? '' : `; the listing relies on the opposite at line ${line(hazard.consumer)}`;
  return `${assumed.length} hazard(s) shown only under facts no source gives, so not reported as findings: ${what} ${needs}${relies}`;
}
