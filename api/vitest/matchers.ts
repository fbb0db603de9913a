import { existsSync } from 'node:fs';
import { printProgram } from '../../format/hp/print.js';
import { printLrcProgram } from '../../format/lrc/print.js';
import { renderCheckText } from '../../reports/checkReport.js';
import { renderLrcCheckText } from '../../reports/lrc/checkReport.js';
import { checkLoaded, type CheckedProgram } from '../checkLoaded.js';
import { checkSettings, type CheckOptions } from '../checkOptions.js';
import { toProgram, type HazardproofProgram, type ProgramInput } from '../program.js';
import { load } from '../load.js';
import { scenarioHasHazard, scenarioHazardFree } from './streamoutMatchers.js';
import { proveProgram, type ProveOptions } from '../prove.js';
import { renderProveText } from '../../reports/proveText.js';
import { renderFlagProof } from '../../reports/lrc/flagProof.js';
import { scoreboardProofExitCode } from '../proveLoaded.js';
import { stopPredicate } from '../stop.js';
import { unitsHaveHazard, unitsHazardFree } from './perUnitMatchers.js';
import { expectedHazardText, isExpectedHazard, judgedHazardFree } from './hazardJudgement.js';

/** What a matcher answers (the shape vitest and Jest expect). */
export interface MatcherOutcome {
  /** Whether the expectation holds (before `.not` inverts it). */
  readonly pass: boolean;
  /** The failure message: the check's text report. A function, so that a passing matcher never renders it. */
  readonly message: () => string;
}

/** The part of the test runner's matcher context these matchers read. */
export interface MatcherContext {
  /** Whether the matcher was called through `.not`. */
  readonly isNot: boolean;
}

/** The hazard `toHaveHazard` looks for: any field left out matches anything. */
export interface ExpectedHazard {
  /** `RAW`, `WAR`, `WAW`, `overflow` (and `deadlock` for LRC programs). */
  readonly kind?: string;
  readonly register?: string;
}

/** Options of `toBeHazardFree`. */
export interface HazardFreeOptions extends CheckOptions {
  /** Accept only `proved-safe` (every schedule explored), not `no-hazard-found` (random schedules). */
  readonly requireProof?: boolean;
}

/**
 * Matchers for vitest (and Jest): `expect(program).toBeHazardFree()`, `.toHaveHazard({ kind,
 * register })`, `await expect(program).toBeProvedSafe()`. They take whatever `load` returns (any
 * kind), what each kind's own loader returns (`loadProgram`, `parseProgram`, `loadListing`,
 * `loadComponentProgram`, `loadScenario`), a scoreboard model (`Program`), or a file path (read
 * with `load`). Listings and component programs are checked kernel by kernel or unit by unit
 * (every one must be hazard-free, or proved safe; any one may have the hazard). A stream-output
 * scenario runs on a worker thread, so on one every matcher must be awaited. A failure message is
 * the check's text report: the hazard, its timeline and the command that replays it, and the
 * program's text when it has no file.
 */
export const hazardMatchers = {
  /** `expect(input).toBeHazardFree(options)`: no hazard (`proved-safe`, or `no-hazard-found` unless `requireProof`); every kernel or unit of a listing or component program. */
  toBeHazardFree(this: MatcherContext, given: unknown, options: HazardFreeOptions = {}): MatcherOutcome | Promise<MatcherOutcome> {
    const received = receivedInput(given);
    const scenario = scenarioHazardFree(received, options, false);
    if (scenario !== null) return scenario;
    const perUnit = unitsHazardFree(received, options);
    if (perUnit !== null) return perUnit;
    const program = receivedProgram(received);
    const checked = checkLoaded(program, runOf(options));
    const { verdict } = checked.check.result;
    const pass = judgedHazardFree(verdict, options);
    return {
      pass,
      message: () => pass
        ? `expected ${program.parsed.file} to have a hazard, but the check says ${verdict}: ${checked.check.result.reason}`
        : `expected ${program.parsed.file} to be hazard-free${options.requireProof ? ' (proved)' : ''}, but:\n\n${checkText(checked)}${sourceNote(program)}`,
    };
  },

  /** `expect(input).toHaveHazard({ kind, register }, options)`: a hazard of this kind on this register (fields left out match anything), in any kernel or unit. */
  toHaveHazard(this: MatcherContext, given: unknown, expected: ExpectedHazard = {}, options: CheckOptions = {}): MatcherOutcome | Promise<MatcherOutcome> {
    const received = receivedInput(given);
    const scenario = scenarioHasHazard(received, expected, options);
    if (scenario !== null) return scenario;
    const perUnit = unitsHaveHazard(received, expected, options);
    if (perUnit !== null) return perUnit;
    const program = receivedProgram(received);
    const checked = checkLoaded(program, runOf(options));
    const hazards: readonly { readonly kind: string; readonly register?: string }[] = checked.report().hazards;
    const match = hazards.find((hazard) => isExpectedHazard({ kind: hazard.kind, isOn: (register) => hazard.register === register }, expected));
    const wanted = expectedHazardText(expected);
    return {
      pass: match !== undefined,
      message: () => match !== undefined
        ? `expected ${program.parsed.file} not to have ${wanted}, but:\n\n${checkText(checked)}${sourceNote(program)}`
        : `expected ${program.parsed.file} to have ${wanted}; the check found ${hazards.length === 0 ? 'none' : hazards.map((h) => `${h.kind}${h.register ? ` on ${h.register}` : ''}`).join(', ')}:\n\n${checkText(checked)}${sourceNote(program)}`,
    };
  },

  /** `await expect(input).toBeProvedSafe(options)`: Z3 proves a program (every DEPBAR and the whole program); a listing's or component program's every kernel or unit is `proved-safe`; a scenario's exhaustive run is `proved`. */
  async toBeProvedSafe(this: MatcherContext, given: unknown, options: ProveOptions = {}): Promise<MatcherOutcome> {
    const received = receivedInput(given);
    // The options a run or a check shares with a proof: the budget, the signal, the seed and the state budget.
    const { onProgress: _onProgress, queryTimeoutMs: _queryTimeoutMs, ...shared } = options;
    const scenario = scenarioHazardFree(received, shared, true);
    if (scenario !== null) return scenario;
    // A listing's analysis and the component machine's exploration are proofs already: each kernel or unit must be proved-safe.
    const perUnit = unitsHazardFree(received, { ...shared, requireProof: true });
    if (perUnit !== null) return perUnit;
    const program = receivedProgram(received);
    const result = await proveProgram(program, options);
    // Sound but not tight DEPBARs are safe: only a proof of the program and of every DEPBAR passes.
    const pass = result.machine === 'lrc'
      ? result.proved.proof.program.verdict === 'proved-safe'
      : scoreboardProofExitCode(result.proved) === 0 && result.proved.whole.verdict === 'proved-safe';
    const text = result.machine === 'lrc' ? renderFlagProof(result.proved.parsed, result.proved.proof, result.proved.elapsedMs) : renderProveText(result.proved);
    return { pass, message: () => `expected ${program.parsed.file} ${pass ? 'not ' : ''}to be proved safe:\n\n${text}${sourceNote(program)}` };
  },
};

/** What a matcher received, a file path read with `load` (any kind the command takes). */
function receivedInput(received: unknown): unknown {
  if (typeof received !== 'string') return received;
  if (!existsSync(received)) throw new TypeError(`expected a hazardproof program or a program file; there is no file '${received}'`);
  return load(received);
}

/** The program a matcher received: a parsed program or a scoreboard model. */
function receivedProgram(received: unknown): HazardproofProgram {
  if (typeof received === 'object' && received !== null && ('parsed' in received || 'instructions' in received)) return toProgram(received as ProgramInput);
  throw new TypeError(`expected what load returns (or loadProgram, parseProgram, loadListing, loadComponentProgram, loadScenario), a scoreboard Program or a file path, got ${typeof received}`);
}

/** A check's settings from matcher options (the CLI's defaults). */
function runOf(options: CheckOptions) {
  return { settings: checkSettings(options), shouldStop: stopPredicate(options) };
}

/** The text report `hazardproof check` prints. */
function checkText(checked: CheckedProgram): string {
  return checked.machine === 'lrc' ? renderLrcCheckText(checked.shown) : renderCheckText(checked.shown);
}

/** For a program with no file behind it, its text: saved as a file, the replay command runs on it. */
function sourceNote(program: HazardproofProgram): string {
  if (existsSync(program.parsed.file)) return '';
  const text = program.machine === 'lrc' ? printLrcProgram(program.parsed.program) : printProgram(program.parsed.program);
  return `\n\nthe program (save it to a file and give that file to the replay command in place of ${program.parsed.file}):\n${text}`;
}
