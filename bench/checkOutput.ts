/**
 * One compiled output (llc's AMDGPU assembly, cuobjdump's SASS listing) read and checked function
 * by function through the loader and check loop `hazardproof check` uses: what the benches over
 * LLVM's CodeGen tests count and list.
 */
import { checkListingKernels } from '../api/listing/checkKernels.js';
import { formatProblem, InputError } from '../format/error.js';
import { listingKernelsOfText, type LoadedKernel } from '../format/sass/loadKernels.js';
import type { Hazard } from '../spec/oracle/hazard.js';
import type { SassProgram } from '../spec/sass/program.js';
import type { Suspicion } from '../impl/sass/analysis/suspicion.js';
import { describeSassHazard, describeSuspicion } from '../reports/sass/describe.js';

/** One function's verdict. */
export interface CheckedFunction {
  readonly name: string;
  readonly verdict: 'proved-safe' | 'hazard' | 'unknown';
  /** The first line of the verdict's reason. */
  readonly reason: string;
  /** The first hazard or unconfirmed suspicion, spelled out; null when the reason says it all. */
  readonly detail: string | null;
  /**
   * What the detail is about, without where: kind, register file and the two opcodes
   * (`RAW on R: SEL -> FSETP`), with the suspicion's why. Findings of one model error share it
   * across tests, where their reasons (`N hazard(s) shown ... by a concrete schedule`) say nothing.
   */
  readonly signature: string | null;
  readonly ms: number;
}

/** What came of one output. */
export interface OutputCheck {
  /** The functions checked (those before a crash, when one crashed). */
  readonly functions: readonly CheckedFunction[];
  /**
   * `refused`: the reader's located error (`InputError`), the first problem as `file:line:col:
   * message`; `crashed`: anything else thrown, a bug of ours, with its first line. null: all checked.
   */
  readonly failure: null | { readonly verdict: 'refused' | 'crashed'; readonly reason: string };
  /** Reading and checking, in milliseconds. */
  readonly ms: number;
}

/** The first line of a text. */
const firstLine = (text: string): string => text.split('\n')[0] ?? '';

/** Reads an output's text (`file` names it in located errors) and checks every function of it. */
export function checkOutput(text: string, file: string): OutputCheck {
  const started = performance.now();
  const functions: CheckedFunction[] = [];
  let failure: OutputCheck['failure'] = null;
  try {
    let kernels: LoadedKernel[] | null = null;
    try {
      kernels = listingKernelsOfText(text, file, { from: null, architecture: null, kernels: [] });
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      failure = { verdict: 'refused', reason: error.problems[0] ? formatProblem(error.problems[0]) : firstLine(error.message) };
    }
    // No budget: the check's own bounds (confirm limit, states) keep it finite, and a time budget would make the counts depend on the machine.
    for (const check of kernels === null ? [] : checkListingKernels(kernels, { shouldStopFor: () => () => null })) {
      const { program, result } = check;
      const first = result.verdict === 'proved-safe' ? null : result.hazards[0]?.hazard ?? result.unconfirmed[0] ?? null;
      const detail = first === null ? null : 'why' in first ? describeSuspicion(program, first) : describeSassHazard(program, first);
      const signature = first === null ? null : signatureOf(program, first);
      // 'no-hazard-found' (a bounded search) is no proof: it counts as unknown, as everywhere a closed verdict is asked for.
      const verdict = result.verdict === 'proved-safe' || result.verdict === 'hazard' ? result.verdict : 'unknown';
      functions.push({ name: program.name, verdict, reason: firstLine(result.reason), detail, signature, ms: check.elapsedMs });
    }
  } catch (error) {
    failure = { verdict: 'crashed', reason: firstLine(String((error as Error)?.stack ?? error)) };
  }
  return { functions, failure, ms: performance.now() - started };
}

/** An instruction's opcode without modifiers (`FSETP` of `FSETP.NAN.AND`); `caller` for the one that stands for code outside the listing. */
function opcodeOf(program: SassProgram, index: number): string {
  const instruction = program.instructions[index]!;
  return instruction.outsideListing !== undefined ? 'caller' : instruction.opcode.split('.')[0]!;
}

/** `RAW on R: SEL -> FSETP` (a suspicion adds its why): see `CheckedFunction.signature`. */
function signatureOf(program: SassProgram, first: Hazard | Suspicion): string {
  if ('why' in first) {
    if (first.kind === 'overflow') return `possible overflow at ${opcodeOf(program, first.producer)}: ${first.why}`;
    return `possible ${first.kind} on ${(first.register ?? '').replace(/\d+$/, '')}: ${opcodeOf(program, first.producer)} -> ${opcodeOf(program, first.consumer)}: ${first.why}`;
  }
  if (first.kind === 'overflow') return `overflow at ${opcodeOf(program, first.instruction)}`;
  return `${first.kind} on ${first.register.replace(/\d+$/, '')}: ${opcodeOf(program, first.producer)} -> ${opcodeOf(program, first.consumer)}`;
}
