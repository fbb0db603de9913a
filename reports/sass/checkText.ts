import type { FactGap } from '../../spec/sass/architectures/counterexample.js';
import { formatCodes } from '../../explore/scheduleText.js';
import type { Verdict } from '../../explore/verdict.js';
import type { LoweringNote } from '../../format/sass/lower.js';
import type { Suspicion } from '../../impl/sass/analysis/suspicion.js';
import type { SassCheckResult } from '../../impl/sass/check.js';
import type { Hazard } from '../../spec/oracle/hazard.js';
import { sassActionCode, type SassAction } from '../../spec/sass/machine/action.js';
import type { SassProgram } from '../../spec/sass/program.js';
import { describeSassHazard, describeSuspicion } from './describe.js';
import { shellWord } from '../../format/sass/kernelName.js';

/** One kernel of a listing with its verdict, as the reports print it. */
export interface KernelCheck {
  readonly file: string;
  readonly program: SassProgram;
  readonly result: SassCheckResult;
  readonly elapsedMs: number;
}

/** Suspicions listed in full; the rest are counted. */
const SHOWN = 8;

/** The command that replays a schedule on one kernel of a listing (as the text report prints it after `replay:`). */
export function sassReplayCommand(file: string, program: SassProgram, schedule: readonly SassAction[]): string {
  return `hazardproof check ${shellWord(file)} --kernel ${shellWord(program.name)} --replay '${formatCodes(schedule.map(sassActionCode))}'`;
}

/** The text report of one kernel: verdict, why, evidence, notes, and how to replay. */
export function renderKernelCheck(check: KernelCheck): string {
  const { file, program, result } = check;
  const lines = [`${file}: kernel ${program.name} (${program.architecture}, ${program.instructions.length} instructions, ${(check.elapsedMs / 1000).toFixed(2)} s): ${result.verdict}`, `  ${result.reason}`];
  for (const shown of result.hazards) {
    lines.push(`  hazard: ${describeSassHazard(program, shown.hazard)}`);
    if (shown.path.length > 0) {
      const tail = shown.path.slice(-8).map((index) => program.instructions[index]!.line);
      lines.push(`    issued (last ${tail.length} of ${shown.path.length}): lines ${tail.join(', ')}`);
    }
    lines.push(`    replay: ${sassReplayCommand(file, program, shown.schedule)}`);
  }
  for (const suspicion of result.unconfirmed.slice(0, SHOWN)) lines.push(`  unconfirmed: ${describeSuspicion(program, suspicion)}`);
  if (result.unconfirmed.length > SHOWN) {
    lines.push(`  ... and ${result.unconfirmed.length - SHOWN} more unconfirmed (${result.unconfirmed.length} in all: ${kindCounts(listSummary(result.unconfirmed, 0).byKind)})`);
  }
  for (const note of result.notes) lines.push(`  ${note.kind} at line ${note.line}:${note.column}: ${note.message}`);
  return lines.join('\n');
}

/**
 * A hazard of a kernel as `check --json` prints it: the reference machine's hazard (instructions
 * as 0-based positions in the kernel), where its instructions are written, and the run that shows it.
 */
export type ListingHazardReport = Hazard & {
  /** Line of the earlier instruction (of the overflowing instruction for an overflow). */
  readonly producerLine: number;
  /** Line of the later instruction; null for an overflow. */
  readonly consumerLine: number | null;
  readonly description: string;
  /** The run's actions as codes, which `--replay` takes back. */
  readonly schedule: string;
  /** The command that replays the run and shows the hazard again. */
  readonly replay: string;
};

/** A hazard the analysis could not rule out and no run showed, with the lines of its two instructions. */
export type UnconfirmedHazardReport = Suspicion & {
  readonly producerLine: number;
  readonly consumerLine: number;
  readonly description: string;
};

/** A hazard that rests on the proof side of some facts: where, and which facts. */
export type AssumedHazardReport = {
  readonly kind: string;
  readonly register: string | null;
  readonly producerLine: number;
  readonly consumerLine: number | null;
  readonly description: string;
  readonly facts: readonly FactGap[];
};

/**
 * How many of a kernel's unconfirmed hazards (or notes) there are, by kind, and how many its
 * report lists: a kernel of a few thousand instructions can have hundreds of thousands of
 * unconfirmed hazards (every store no wait retires, against every later write of its registers),
 * which listed one by one made a 154 MB report.
 */
export type ListSummary<Kind extends string> = {
  /** All of them. */
  readonly total: number;
  /** The first this many are listed in full (all of them with `--all-findings`). */
  readonly listed: number;
  /** Left out of the list: `total - listed`. */
  readonly omitted: number;
  /** All of them (listed or not) by kind; kinds with none are left out. */
  readonly byKind: Readonly<Partial<Record<Kind, number>>>;
};

/** Unconfirmed hazards and notes a kernel's JSON report lists in full unless `--all-findings`: enough to see what they are about. */
export const LISTED_IN_FULL = 20;

/** Options of `kernelCheckJson`. */
export interface KernelJsonOptions {
  /** List every unconfirmed hazard and note (`--all-findings`); by default the first `LISTED_IN_FULL` of each, the rest counted. */
  readonly allFindings?: boolean;
}

/**
 * The report of one kernel of an NVIDIA listing: the object `hazardproof check LISTING --json`
 * prints for it (an array of them for several kernels).
 */
export type ListingKernelReport = {
  readonly file: string;
  readonly kernel: string;
  readonly architecture: string;
  /** Instructions of the kernel. */
  readonly instructions: number;
  /** `proved-safe`, `hazard` or `unknown` (the analysis never answers `no-hazard-found`). */
  readonly verdict: Verdict;
  readonly reason: string;
  /** Hazards shown on the reference machine by a concrete schedule. */
  readonly hazards: readonly ListingHazardReport[];
  /** Hazards the analysis could not rule out and no schedule showed: the first `LISTED_IN_FULL` (all with `--all-findings`), in the analysis' order. */
  readonly unconfirmed: readonly UnconfirmedHazardReport[];
  /** All of them counted, by kind (RAW, WAR, WAW, overflow), and how many `unconfirmed` leaves out. */
  readonly unconfirmedSummary: ListSummary<Suspicion['kind']>;
  /**
   * Hazards only the proof side of the table shows (the verdict is then `unknown`): each with the
   * facts it rests on, both sides and their source keys (`hazardproof facts`).
   */
  readonly assumed: readonly AssumedHazardReport[];
  /** What the model had to assume or could not follow, at its line and column: the first `LISTED_IN_FULL` (all with `--all-findings`). */
  readonly notes: readonly LoweringNote[];
  /** All the notes counted, by kind, and how many `notes` leaves out. */
  readonly notesSummary: ListSummary<LoweringNote['kind']>;
  /** Transfer steps of the analysis' fixpoint. */
  readonly analysisSteps: number;
  /** Wall-clock time of the kernel's check, rounded to milliseconds. */
  readonly elapsedMs: number;
};

/** The JSON object of one kernel, as `--json` prints it by default (see `kernelCheckReport`). */
export function kernelCheckJson(check: KernelCheck): ListingKernelReport {
  return kernelCheckReport(check, {});
}

/**
 * The JSON object of one kernel. Unconfirmed hazards and notes are listed up to
 * `LISTED_IN_FULL` each and summarised (`unconfirmedSummary`, `notesSummary`), unless
 * `allFindings`; hazards shown by a schedule and hazards resting on facts are few (one per
 * suspicion tried at most) and always listed.
 */
export function kernelCheckReport(check: KernelCheck, options: KernelJsonOptions): ListingKernelReport {
  const { file, program, result } = check;
  const listed = <T>(items: readonly T[]) => (options.allFindings === true ? items : items.slice(0, LISTED_IN_FULL));
  const unconfirmed = listed(result.unconfirmed);
  const notes = listed(result.notes);
  return {
    file,
    kernel: program.name,
    architecture: program.architecture,
    instructions: program.instructions.length,
    verdict: result.verdict,
    reason: result.reason,
    hazards: result.hazards.map((shown) => ({
      ...shown.hazard,
      producerLine: 'producer' in shown.hazard ? program.instructions[shown.hazard.producer]!.line : program.instructions[shown.hazard.instruction]!.line,
      consumerLine: 'consumer' in shown.hazard ? program.instructions[shown.hazard.consumer]!.line : null,
      description: describeSassHazard(program, shown.hazard),
      schedule: formatCodes(shown.schedule.map(sassActionCode)),
      replay: sassReplayCommand(file, program, shown.schedule),
    })),
    unconfirmed: unconfirmed.map((suspicion) => ({
      ...suspicion,
      producerLine: program.instructions[suspicion.producer]!.line,
      consumerLine: program.instructions[suspicion.consumer]!.line,
      description: describeSuspicion(program, suspicion),
    })),
    unconfirmedSummary: listSummary(result.unconfirmed, unconfirmed.length),
    assumed: result.assumed.map(({ shown, facts }) => ({
      kind: shown.hazard.kind,
      register: 'register' in shown.hazard ? shown.hazard.register : null,
      producerLine: program.instructions['producer' in shown.hazard ? shown.hazard.producer : shown.hazard.instruction]!.line,
      consumerLine: 'consumer' in shown.hazard ? program.instructions[shown.hazard.consumer]!.line : null,
      description: describeSassHazard(program, shown.hazard),
      facts,
    })),
    notes,
    notesSummary: listSummary(result.notes, notes.length),
    analysisSteps: result.analysisSteps,
    elapsedMs: Math.round(check.elapsedMs),
  };
}

/** The summary of a list of which the first `listed` are listed. */
function listSummary<Kind extends string>(items: readonly { readonly kind: Kind }[], listed: number): ListSummary<Kind> {
  const byKind: Partial<Record<Kind, number>> = {};
  for (const { kind } of items) byKind[kind] = (byKind[kind] ?? 0) + 1;
  return { total: items.length, listed, omitted: items.length - listed, byKind };
}

/** `RAW 10, WAR 3`: counts by kind, in the order of first appearance. */
export function kindCounts(byKind: Readonly<Partial<Record<string, number>>>): string {
  return Object.entries(byKind).map(([kind, count]) => `${kind} ${count}`).join(', ');
}
