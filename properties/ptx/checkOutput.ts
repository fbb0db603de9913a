/**
 * One ptxas output judged as `fuzz --ptxas` judges it: every function of the cuobjdump listing
 * checked as `hazardproof check` checks it, and the soundness campaign's certain-hazard mutants
 * (`nvidiaMutantCandidates`) of it checked too, none of which may be proved safe. Pure and
 * synchronous (a worker thread runs it for `--jobs`), and deterministic: which mutants are checked
 * follows from the seed and the listing's text.
 */
import { checkListingKernels } from '../../api/listing/checkKernels.js';
import { Random } from '../../explore/random.js';
import type { Verdict } from '../../explore/verdict.js';
import { InputError } from '../../format/error.js';
import { listingKernelsOfText, type LoadedKernel } from '../../format/sass/loadKernels.js';
import { nvidiaMutantCandidates } from '../../impl/soundness/campaign.js';
import { describeSassHazard, describeSuspicion } from '../../reports/sass/describe.js';
import type { SassProgram } from '../../spec/sass/program.js';

/** How to judge an output. */
export interface OutputCheckOptions {
  /** Mutants checked per output: a seeded sample of its certain-hazard mutants (Infinity: all). */
  readonly mutants: number;
  readonly seed: number;
  /** Wall-clock budget of each function's check and each mutant's, in milliseconds. */
  readonly timeoutMs: number;
  /**
   * While shrinking a mutant failure: check only the mutants of this signature (`mutantSignature`),
   * every one of them, so the shrunk kernel keeps the failure it was shrunk for.
   */
  readonly mutantSignature?: string;
}

/** A function's verdict, with what groups it among others. */
export interface FunctionOutcome {
  readonly name: string;
  /** `proved-safe`, `hazard` or `unknown` (the SASS check never says `no-hazard-found`). */
  readonly verdict: Verdict;
  /** The checker's reason. */
  readonly reason: string;
  /** The reason with digits as N, and the opcodes of the first hazard or suspicion: findings of one cause share it. */
  readonly group: string;
  /** The first hazard (or suspicion) in full, with lines and instructions. */
  readonly detail: string;
  /** The listing lines of the instructions involved (producer, consumer). */
  readonly lines: readonly number[];
}

/** A certain-hazard mutant the checker did not show as a hazard: proved safe (a soundness failure) or unknown. */
export interface MutantMiss {
  readonly kernel: string;
  readonly mutation: string;
  readonly reason: string;
  readonly signature: string;
  readonly lines: readonly number[];
}

/** What came of one output. */
export interface OutputCheck {
  /** Why the listing was not read (an input error), or null. */
  readonly refused: string | null;
  readonly functions: readonly FunctionOutcome[];
  /** Certain-hazard mutants the output has, and those checked, by verdict. */
  readonly mutantsAvailable: number;
  readonly mutantsChecked: number;
  readonly mutantsHazard: number;
  readonly mutantsUnknown: number;
  readonly misses: readonly MutantMiss[];
  /** The mutants checked `unknown`, with their reasons: what keeps a certain hazard from being shown. */
  readonly escapes: readonly MutantMiss[];
  readonly elapsedMs: number;
}

/** Digits as N: `RAW on R12: line 83` and `RAW on R4: line 9` group together. */
export function withoutDigits(text: string): string {
  return text.replace(/\d+/g, 'N');
}

/** An instruction's opcode and line in a program, by index. */
function opcodeAt(program: SassProgram, index: number): string {
  return program.instructions[index]?.opcode ?? '?';
}

/** A string's 32-bit FNV-1a hash (the mutant sample's seed per listing). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) h = Math.imul(h ^ text.charCodeAt(k), 0x01000193) >>> 0;
  return h;
}

/**
 * The signature of a mutant: its kind, the hazard it uncovers and the two instructions' opcodes
 * (`drop-wait RAW LDG.E -> FADD`), from the campaign's description `line L: change (RAW on R4, line P -> line C)`.
 */
export function mutantSignature(kernel: LoadedKernel, mutation: string): string {
  const kind = /wait mask loses/.test(mutation) ? 'drop-wait' : /stall/.test(mutation) ? 'lower-stall' : 'mutant';
  const pair = /\((RAW|WAR|WAW) on \S+, line (\d+) -> line (\d+)\)/.exec(mutation);
  if (pair === null) return withoutDigits(`${kind} ${mutation}`);
  const at = (line: string) => kernel.program.instructions.find((instruction) => instruction.line === Number(line))?.opcode ?? '?';
  return withoutDigits(`${kind} ${pair[1]} ${at(pair[2]!)} -> ${at(pair[3]!)}`);
}

/** The lines a mutant description names (changed, producer, consumer). */
function mutationLines(mutation: string): number[] {
  const pair = /\(\w+ on \S+, line (\d+) -> line (\d+)\)/.exec(mutation);
  return pair === null ? [] : [Number(pair[1]), Number(pair[2])];
}

/** Checks one cuobjdump listing (`file` names it in reasons). */
export function checkOutput(listing: string, file: string, options: OutputCheckOptions): OutputCheck {
  const started = performance.now();
  let kernels: LoadedKernel[];
  try {
    kernels = listingKernelsOfText(listing, file, { from: null, architecture: null, kernels: [] });
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const first = error.problems[0];
    return { refused: `the listing was not read: ${first === undefined ? error.message : `line ${first.line}: ${first.message}`}`, functions: [], mutantsAvailable: 0, mutantsChecked: 0, mutantsHazard: 0, mutantsUnknown: 0, misses: [], escapes: [], elapsedMs: performance.now() - started };
  }
  const budget = () => {
    const ends = performance.now() + options.timeoutMs;
    return () => (performance.now() >= ends ? `time budget of ${options.timeoutMs} ms reached` : null);
  };
  const functions = options.mutantSignature !== undefined ? [] : checkListingKernels(kernels, { shouldStopFor: budget }).map((checked): FunctionOutcome => {
    const { program, result } = checked;
    const reason = withoutDigits(result.reason);
    const shown = result.hazards[0]?.hazard ?? result.assumed[0]?.shown.hazard;
    if (shown !== undefined && shown.kind !== 'overflow') {
      return {
        name: program.name, verdict: result.verdict, reason: result.reason,
        group: `${result.verdict}: ${reason} [${shown.kind} ${withoutDigits(opcodeAt(program, shown.producer))} -> ${withoutDigits(opcodeAt(program, shown.consumer))}]`,
        detail: describeSassHazard(program, shown),
        lines: [program.instructions[shown.producer]!.line, program.instructions[shown.consumer]!.line],
      };
    }
    const suspicion = result.unconfirmed[0];
    if (result.verdict !== 'proved-safe' && suspicion !== undefined) {
      return {
        name: program.name, verdict: result.verdict, reason: result.reason,
        group: `${result.verdict}: ${reason} [${suspicion.kind} ${withoutDigits(opcodeAt(program, suspicion.producer))} -> ${withoutDigits(opcodeAt(program, suspicion.consumer))}: ${withoutDigits(suspicion.why)}]`,
        detail: describeSuspicion(program, suspicion),
        lines: [program.instructions[suspicion.producer]!.line, program.instructions[suspicion.consumer]!.line],
      };
    }
    const note = /line (\d+)/.exec(result.reason);
    return { name: program.name, verdict: result.verdict, reason: result.reason, group: `${result.verdict}: ${reason}`, detail: result.reason, lines: note === null ? [] : [Number(note[1])] };
  });
  const byKernel = new Map(kernels.map((kernel) => [kernel.program.name, kernel]));
  const candidates = nvidiaMutantCandidates(kernels).map((candidate) => ({ candidate, signature: mutantSignature(byKernel.get(candidate.kernel)!, candidate.mutation) }));
  const focus = options.mutantSignature;
  const pool = focus === undefined ? candidates : candidates.filter((entry) => entry.signature === focus);
  const random = new Random((options.seed ^ hash(listing)) >>> 0);
  const chosen = pool.length <= options.mutants ? pool
    : pool.map((entry) => ({ entry, key: random.next() })).sort((a, b) => a.key - b.key).slice(0, options.mutants).map(({ entry }) => entry);
  let hazard = 0, unknown = 0;
  const misses: MutantMiss[] = [];
  const escapes: MutantMiss[] = [];
  for (const { candidate, signature } of chosen) {
    const result = candidate.check(budget());
    if ('refused' in result) continue;
    const outcome = { kernel: candidate.kernel, mutation: candidate.mutation, reason: result.reason, signature, lines: mutationLines(candidate.mutation) };
    if (result.verdict === 'hazard') hazard++;
    else if (result.verdict === 'unknown') {
      unknown++;
      escapes.push(outcome);
    } else misses.push(outcome);
  }
  return {
    refused: null, functions, mutantsAvailable: candidates.length, mutantsChecked: hazard + unknown + misses.length,
    mutantsHazard: hazard, mutantsUnknown: unknown, misses, escapes, elapsedMs: performance.now() - started,
  };
}
