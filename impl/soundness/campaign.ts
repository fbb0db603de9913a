/**
 * The soundness campaign: over real listings, every mutant whose hazard the text makes certain
 * is checked as `check` checks a kernel, and the law is that none is `proved-safe` (`hazard`, or
 * `unknown` naming what it lacks, are both acceptable). A proof of such a mutant is a false proof
 * of the worst kind, reported with its file, line and mutation.
 *
 * - NVIDIA listings (every notation): `certainNvidiaMutants` (a wait bit dropped at a
 *   variable-latency producer's first reader; a fixed-latency producer's stall lowered to 1 before
 *   its reader).
 * - AMD assembly (llc output, llvm-objdump text): the source mutants of `sourceMutants` that
 *   `waitMutantSites` shows uncover a load's result (a counter wait dropped or loosened where it is
 *   the only one covering the load on a jump-free stretch to its reader), and on gfx9 the `s_nop`s
 *   whose shortening leaves a writer and reader short of an LLVM wait-state rule
 *   (`certainNopMutants`), re-read and checked as whole listings.
 *
 * - Mesa ir3 (computerator `.asm`, CI `.log`): `ir3CertainMutants` (a `(sy)`/`(ss)` wait dropped
 *   at the first reader of a result of that class), checked on the component machine.
 *
 * Other inputs (the project's own programs, scenarios) are listed as skipped with the reason,
 * never silently.
 */
import { Random } from '../../explore/random.js';
import type { Verdict } from '../../explore/verdict.js';
import { isAmdgpuText } from '../../format/amdgpu/detect.js';
import { isAmdgpuObjdumpText } from '../../format/amdgpu/objdump.js';
import { InputError } from '../../format/error.js';
import { readInputFile } from '../../format/readInputFile.js';
import { detectNotation } from '../../format/sass/load.js';
import { listingKernelsOfText, type LoadedKernel } from '../../format/sass/loadKernels.js';
import { AMDGPU_TARGETS, type AmdgpuTarget } from '../../spec/amdgpu/counters.js';
import { sourceMutants, waitMutantSites } from '../amdgpu/sourceMutants.js';
import { RecordedStop, type StopPredicate } from '../budget.js';
import { checkSassProgram, DEFAULT_SASS_CHECK, type SassCheckResult } from '../sass/check.js';
import { MUTANT_CHECK } from '../sass/mutationCampaign.js';
import { certainNvidiaMutants } from './nvidiaCertainMutants.js';
import { certainNopMutants } from './amdgpuNopMutants.js';
import { ir3CertainMutants } from './ir3CertainMutants.js';
import { lowerIr3Shader } from '../../format/ir3/lower.js';
import { parseIr3 } from '../../format/ir3/parse.js';
import type { Ir3Shader } from '../../format/ir3/listing.js';
import { checkComponentProgram } from '../components/check.js';

/** One row of the campaign's table: a notation on an architecture. */
export interface SoundnessRow {
  readonly notation: string;
  readonly architecture: string;
  readonly files: number;
  readonly kernels: number;
  /** Certain-hazard mutants checked. */
  readonly mutants: number;
  readonly hazard: number;
  readonly unknown: number;
  /** Law failures: certain-hazard mutants the checker called proved safe. Must be 0. */
  readonly provedSafe: number;
}

/** A law failure: where, what was changed, and the checker's (wrong) reason. */
export interface SoundnessFailure {
  readonly file: string;
  readonly kernel: string;
  /** The changed instruction's 1-based line. */
  readonly line: number;
  readonly mutation: string;
  readonly reason: string;
}

/** What the campaign did. */
export interface SoundnessReport {
  readonly rows: readonly SoundnessRow[];
  readonly failures: readonly SoundnessFailure[];
  /** Files that are not NVIDIA or AMD listings, or that the reader refuses, with why. */
  readonly skipped: readonly { readonly file: string; readonly why: string }[];
  /** Why the campaign stopped before the end (a time budget), or null. */
  readonly stoppedBy: string | null;
  readonly seed: number;
}

/** How much to check. */
export interface SoundnessOptions {
  /** At most this many mutants per file, a seeded sample when there are more (Infinity: all). */
  readonly perFile: number;
  readonly seed: number;
  readonly shouldStop?: StopPredicate;
  /** Called after each file with its index (1-based) and the number of files. */
  readonly onProgress?: (done: number, total: number, file: string) => void;
  /** The checker under test (`checkSassProgram`); a test hands in a wrong one to see the law fail. */
  readonly checker?: typeof checkSassProgram;
}

interface Tally { files: Set<string>; kernels: Set<string>; mutants: number; hazard: number; unknown: number; provedSafe: number }

/** One mutant ready to check: how to build its kernel, and where it is. */
export interface MutantCandidate {
  readonly kernel: string;
  readonly line: number;
  readonly mutation: string;
  readonly check: (shouldStop: StopPredicate) => Pick<SassCheckResult, 'verdict' | 'reason'> | { readonly refused: string };
}

/** Runs the campaign over `files` (NVIDIA and AMD listings; anything else is skipped, with why). */
export function soundnessCampaign(files: readonly string[], options: SoundnessOptions): SoundnessReport {
  const tallies = new Map<string, Tally & { notation: string; architecture: string }>();
  const failures: SoundnessFailure[] = [];
  const skipped: { file: string; why: string }[] = [];
  const stop = new RecordedStop(options.shouldStop);
  const random = new Random(options.seed);
  for (const [index, file] of files.entries()) {
    if (stop.ask() !== null) break;
    const read = candidatesOf(file, options.checker ?? checkSassProgram);
    if ('skipped' in read) {
      skipped.push({ file, why: read.skipped });
    } else {
      const tally = tallies.get(read.key) ?? { notation: read.notation, architecture: read.architecture, files: new Set(), kernels: new Set(), mutants: 0, hazard: 0, unknown: 0, provedSafe: 0 };
      tallies.set(read.key, tally);
      tally.files.add(file);
      for (const kernel of read.kernels) tally.kernels.add(`${file}:${kernel}`);
      const chosen = read.candidates.length <= options.perFile ? read.candidates
        : read.candidates.map((candidate) => ({ candidate, key: random.next() })).sort((a, b) => a.key - b.key).slice(0, options.perFile).map((entry) => entry.candidate);
      for (const candidate of chosen) {
        if (stop.ask() !== null) break;
        const result = candidate.check(stop.ask);
        // A check the budget cut short says nothing about the mutant.
        if (stop.reason !== null) break;
        if ('refused' in result) {
          skipped.push({ file, why: `${candidate.kernel} line ${candidate.line} (${candidate.mutation}): the mutated listing was not read: ${result.refused}` });
          continue;
        }
        tally.mutants++;
        const verdict: Verdict = result.verdict;
        if (verdict === 'hazard') tally.hazard++;
        else if (verdict === 'proved-safe') {
          tally.provedSafe++;
          failures.push({ file, kernel: candidate.kernel, line: candidate.line, mutation: candidate.mutation, reason: result.reason });
        } else tally.unknown++;
      }
    }
    options.onProgress?.(index + 1, files.length, file);
  }
  const rows = [...tallies.values()].map((t): SoundnessRow => ({
    notation: t.notation, architecture: t.architecture, files: t.files.size, kernels: t.kernels.size, mutants: t.mutants, hazard: t.hazard, unknown: t.unknown, provedSafe: t.provedSafe,
  })).sort((a, b) => a.notation.localeCompare(b.notation) || a.architecture.localeCompare(b.architecture, undefined, { numeric: true }));
  return { rows, failures, skipped, stoppedBy: stop.reason, seed: options.seed };
}

type FileCandidates =
  | { readonly key: string; readonly notation: string; readonly architecture: string; readonly kernels: readonly string[]; readonly candidates: readonly MutantCandidate[] }
  | { readonly skipped: string };

/** The certain-hazard mutants of one file, or why it has none to offer. */
function candidatesOf(file: string, checker: typeof checkSassProgram): FileCandidates {
  let text: string;
  try {
    // The one place every input is read: an empty, binary or compressed file is refused there.
    text = readInputFile(file, 'listing');
  } catch (error) {
    if (error instanceof InputError) return { skipped: `not read: ${error.problems[0]?.message ?? error.message}` };
    throw error;
  }
  if (/\.(asm|log)$/i.test(file)) return ir3Candidates(text, file);
  const options = { from: null, architecture: null, kernels: [] } as const;
  let kernels: LoadedKernel[];
  try {
    kernels = listingKernelsOfText(text, file, options);
  } catch (error) {
    if (error instanceof InputError) return { skipped: `not a listing the checker reads: ${error.problems[0]?.message ?? error.message}` };
    throw error;
  }
  if (kernels.length === 0) return { skipped: 'no kernel' };
  const architecture = kernels[0]!.program.architecture;
  if (isAmdgpuText(text)) {
    const notation = isAmdgpuObjdumpText(text) ? 'amdgpu llvm-objdump' : 'amdgpu llc';
    if (!(AMDGPU_TARGETS as readonly string[]).includes(architecture)) return { skipped: `no AMD facts for ${architecture}` };
    const all = sourceMutants(text, file, architecture as AmdgpuTarget);
    const sites = [
      ...waitMutantSites(text, all).filter((site) => site.guardsRegister).map(({ mutant }) => ({ mutant, why: '' })),
      ...certainNopMutants(text, file, architecture as AmdgpuTarget, all).map(({ mutant, pair }) => ({ mutant, why: ` (${pair})` })),
    ];
    const candidates = sites.map(({ mutant, why }): MutantCandidate => ({
      kernel: mutant.function, line: mutant.line, mutation: `${mutant.description}${why}`,
      check: (shouldStop) => {
        let kernel: LoadedKernel;
        try {
          kernel = listingKernelsOfText(mutant.text, file, { ...options, kernels: [mutant.function] })[0]!;
        } catch (error) {
          if (error instanceof InputError) return { refused: error.message };
          throw error;
        }
        return checker(kernel.program, kernel.notes, { ...DEFAULT_SASS_CHECK, ...MUTANT_CHECK, shouldStop, counterexample: kernel.counterexample ?? null });
      },
    }));
    return { key: `${notation} ${architecture}`, notation, architecture, kernels: kernels.map((k) => k.program.name), candidates };
  }
  const notation = `nvidia ${detectNotation(text, file) ?? 'listing'}`;
  const candidates = nvidiaMutantCandidates(kernels, checker);
  return { key: `${notation} ${architecture}`, notation, architecture, kernels: kernels.map((k) => k.program.name), candidates };
}

/**
 * The certain-hazard mutants (`certainNvidiaMutants`) of NVIDIA kernels already read, each ready to
 * check as the campaign checks it. `fuzz --ptxas` applies the law to ptxas output held in memory
 * with it, so both campaigns judge a mutant the same way.
 */
export function nvidiaMutantCandidates(kernels: readonly LoadedKernel[], checker: typeof checkSassProgram = checkSassProgram): MutantCandidate[] {
  return kernels.flatMap((kernel) => certainNvidiaMutants(kernel).map(({ mutant, producerLine, consumerLine, register, hazard }): MutantCandidate => ({
    kernel: kernel.program.name,
    line: kernel.program.instructions[mutant.instruction]!.line,
    mutation: `line ${kernel.program.instructions[mutant.instruction]!.line}: ${mutant.change} (${hazard} on ${register}, line ${producerLine} -> line ${consumerLine})`,
    check: (shouldStop) => checker(mutant.program, kernel.notes, { ...DEFAULT_SASS_CHECK, ...MUTANT_CHECK, shouldStop, counterexample: mutant.counterexample, focus: [mutant.instruction] }),
  })));
}

/** The certain-hazard mutants of a Mesa ir3 listing (computerator `.asm`, CI `.log`), each shader checked on the component machine. */
function ir3Candidates(text: string, file: string): FileCandidates {
  let shaders: readonly Ir3Shader[];
  try {
    shaders = parseIr3(text, file).shaders;
  } catch (error) {
    if (error instanceof InputError) return { skipped: `not an ir3 listing the checker reads: ${error.problems[0]?.message ?? error.message}` };
    throw error;
  }
  const gpu = /\ba(\d{3})\b/.exec(file)?.[1];
  const architecture = gpu === undefined ? 'adreno' : `a${gpu}`;
  const candidates = shaders.flatMap((shader) => {
    const lowered = lowerIr3Shader(shader);
    const blocked = lowered.notes[0] === undefined ? null : `line ${lowered.notes[0].line}: ${lowered.notes[0].message}`;
    return ir3CertainMutants(lowered.program).map((mutant): MutantCandidate => ({
      kernel: `shader ${shader.index}`, line: mutant.line, mutation: `line ${mutant.line}: ${mutant.change}`,
      check: (shouldStop) => checkComponentProgram(mutant.program, blocked, MUTANT_CHECK.maxStates * 10, shouldStop),
    }));
  });
  return { key: `ir3 ${architecture}`, notation: 'mesa ir3', architecture, kernels: shaders.map((shader) => `shader ${shader.index}`), candidates };
}

/** The campaign's table as text: a row per notation and architecture, the failures, the skipped files. */
export function soundnessTable(report: SoundnessReport): string[] {
  const header = `${'notation'.padEnd(22)} ${'arch'.padEnd(8)} ${'files'.padStart(5)} ${'kernels'.padStart(7)} ${'mutants'.padStart(7)} ${'hazard'.padStart(7)} ${'unknown'.padStart(7)} ${'proved-safe'.padStart(11)} ${'caught as hazard'.padStart(16)}`;
  const line = (row: SoundnessRow) => `${row.notation.padEnd(22)} ${row.architecture.padEnd(8)} ${String(row.files).padStart(5)} ${String(row.kernels).padStart(7)} ${String(row.mutants).padStart(7)} ${String(row.hazard).padStart(7)} ${String(row.unknown).padStart(7)} ${String(row.provedSafe).padStart(11)} ${(row.mutants === 0 ? '-' : `${(100 * row.hazard / row.mutants).toFixed(1)}%`).padStart(16)}`;
  const sum = (pick: (row: SoundnessRow) => number) => report.rows.reduce((total, row) => total + pick(row), 0);
  const total: SoundnessRow = { notation: 'all', architecture: '', files: sum((r) => r.files), kernels: sum((r) => r.kernels), mutants: sum((r) => r.mutants), hazard: sum((r) => r.hazard), unknown: sum((r) => r.unknown), provedSafe: sum((r) => r.provedSafe) };
  const lines = [header, ...report.rows.map(line), line(total)];
  lines.push(report.failures.length === 0 ? 'law holds: no certain-hazard mutant was proved safe' : `LAW FAILS: ${report.failures.length} certain-hazard mutant(s) proved safe:`);
  for (const failure of report.failures) lines.push(`  ${failure.file}:${failure.line}: ${failure.kernel}: ${failure.mutation}: ${failure.reason}`);
  if (report.skipped.length > 0) lines.push(`skipped ${report.skipped.length} file(s) or mutant(s), each with why:`);
  for (const { file, why } of report.skipped) lines.push(`  ${file}: ${why.length > 160 ? `${why.slice(0, 157)}...` : why}`);
  if (report.stoppedBy !== null) lines.push(`stopped early: ${report.stoppedBy} (the table covers what was checked)`);
  return lines;
}
