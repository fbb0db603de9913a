/**
 * The loosest waits the model proves for an AMDGPU function: every counter of every wait line
 * LLVM wrote (`s_waitcnt`, `s_wait_*`) is one model instruction with `depbar: { scoreboard,
 * limit }` (`format/amdgpu/lower.ts`). Greedily, in program order, each is loosened to the
 * largest limit with which the sound analysis (`analyze`) still leaves no suspicion, every other
 * wait as chosen so far; the counter's maximum (`spec/amdgpu/counters.ts`) encodes "no wait", so
 * there the model instruction waits for nothing (`depbar: null`). Every step keeps the proof, so
 * the loosened function is proved safe; `checkSassProgram` re-proves it at the end.
 *
 * Only functions whose own waits are proved safe are loosened (a proof to keep is needed).
 */
import { AMDGPU_TARGET_INFO, AMDGPU_TARGETS, GENERATION_COUNTERS, type AmdgpuTarget, type WaitCounter } from '../../spec/amdgpu/counters.js';
import type { CounterexampleProgram } from '../../spec/sass/architectures/counterexample.js';
import type { SassInstruction, SassProgram } from '../../spec/sass/program.js';
import type { LoweredKernel } from '../../format/sass/lower.js';
import { analyze } from '../sass/analysis/fixpoint.js';
import { checkSassProgram, DEFAULT_SASS_CHECK, type SassCheckResult } from '../sass/check.js';
import type { StopPredicate } from '../budget.js';

/** One counter of one wait line: LLVM's limit and the loosest the model proves (null: no wait). */
export interface CounterLoosening {
  /** Index of the model instruction. */
  readonly index: number;
  readonly counter: WaitCounter;
  /** The counter's maximum: a wait for it is no wait. */
  readonly max: number;
  readonly llvm: number;
  /** The loosest proved limit, or null when no wait on this counter is needed. */
  readonly loosest: number | null;
}

/** One wait line of the source. */
export interface WaitLine {
  readonly line: number;
  readonly text: string;
  readonly counters: readonly CounterLoosening[];
}

/** The outcome for one function. */
export type Loosening =
  | { readonly kind: 'not-proved'; readonly verdict: SassCheckResult }
  | { readonly kind: 'stopped'; readonly reason: string }
  | {
    readonly kind: 'loosened';
    /** Every wait line with at least one modelled counter, in source order. */
    readonly lines: readonly WaitLine[];
    /** The program with the loosest waits, and its counterexample side. */
    readonly program: SassProgram;
    readonly counterexample: CounterexampleProgram | null;
    /** `checkSassProgram` on the loosened program. */
    readonly verdict: SassCheckResult;
  };

/** Whether a model instruction is a counter of a wait line LLVM wrote (not a call's assumed callee wait). */
export function isWaitInstruction(instruction: SassInstruction): boolean {
  return instruction.depbar !== null && instruction.unit.kind === 'none' && /^s_wait/.test(instruction.opcode);
}

/**
 * Instructions that make memory visible to other waves or the host (barriers, cache write-backs
 * and invalidations, messages): a wait right before one orders memory between waves, which the
 * model does not see, so it is never loosened.
 */
const ORDERS_MEMORY = /^(s_barrier|buffer_wbinvl1|buffer_gl[01]_inv|buffer_inv|buffer_wbl2|global_inv|global_wb|global_wbinv|s_dcache_|s_sendmsg|s_wait_event)/;

/** Whether the wait at `index` comes right before an instruction that orders memory between waves (other waits and `s_nop` in between). */
function ordersMemory(program: SassProgram, index: number): boolean {
  for (let next = index + 1; next < program.instructions.length; next++) {
    const instruction = program.instructions[next]!;
    if (isWaitInstruction(instruction) || /^s_nop/.test(instruction.opcode)) continue;
    return ORDERS_MEMORY.test(instruction.opcode);
  }
  return false;
}

/** The counters of a lowered AMDGPU program, by scoreboard, with their maxima. */
function countersOf(program: SassProgram): { counter: WaitCounter; max: number }[] | null {
  if (!(AMDGPU_TARGETS as readonly string[]).includes(program.architecture)) return null;
  const generation = AMDGPU_TARGET_INFO[program.architecture as AmdgpuTarget].generation;
  return GENERATION_COUNTERS[generation].counters.map((c) => ({ counter: c.counter, max: c.max }));
}

/** The program with instruction `index`'s wait set to `limit` (null: no wait). */
function withLimit(program: SassProgram, index: number, limit: number | null): SassProgram {
  const instructions = program.instructions.slice();
  const old = instructions[index]!;
  instructions[index] = { ...old, depbar: limit === null ? null : { scoreboard: old.depbar!.scoreboard, limit } };
  return { ...program, instructions };
}

/**
 * Loosens every wait of `kernel` (an AMDGPU function lowered by `lowerAmdgpuFunction`) as far as
 * the analysis proves, greedily in program order; a wait right before a barrier, a cache operation
 * or a message is kept as written (it orders memory between waves, which the model does not see). `shouldStop` (a time budget) may end it.
 */
export function loosenWaits(kernel: Pick<LoweredKernel, 'program' | 'notes' | 'counterexample'>, shouldStop?: StopPredicate): Loosening {
  const counters = countersOf(kernel.program);
  const own = checkSassProgram(kernel.program, kernel.notes, { ...DEFAULT_SASS_CHECK, shouldStop, counterexample: kernel.counterexample ?? null });
  if (own.verdict !== 'proved-safe' || counters === null) return { kind: 'not-proved', verdict: own };
  let program = kernel.program;
  let counterexample = kernel.counterexample ?? null;
  let stopped: string | null = null;
  const proved = (candidate: SassProgram): boolean => {
    const analysis = analyze(candidate, shouldStop);
    if (analysis.stoppedBy !== null) stopped = analysis.stoppedBy;
    return analysis.stoppedBy === null && analysis.suspicions.length === 0;
  };
  const found: CounterLoosening[] = [];
  for (let index = 0; index < program.instructions.length && stopped === null; index++) {
    const instruction = program.instructions[index]!;
    if (!isWaitInstruction(instruction) || ordersMemory(program, index)) continue;
    const { scoreboard, limit: llvm } = instruction.depbar!;
    const { counter, max } = counters[scoreboard]!;
    let loosest: number | null = llvm;
    if (proved(withLimit(program, index, null))) {
      loosest = null;
    } else {
      // Up from LLVM's limit while the proof holds (the maximum itself is "no wait", tried above).
      for (let limit = llvm + 1; limit < max && stopped === null; limit++) {
        if (!proved(withLimit(program, index, limit))) break;
        loosest = limit;
      }
    }
    if (stopped !== null) break;
    if (loosest !== llvm) {
      program = withLimit(program, index, loosest);
      if (counterexample !== null) counterexample = { ...counterexample, program: withLimit(counterexample.program, index, loosest) };
    }
    found.push({ index, counter, max, llvm, loosest });
  }
  if (stopped !== null) return { kind: 'stopped', reason: stopped };
  const verdict = checkSassProgram(program, kernel.notes, { ...DEFAULT_SASS_CHECK, shouldStop, counterexample });
  const lines: WaitLine[] = [];
  for (const loosening of found) {
    const instruction = program.instructions[loosening.index]!;
    const last = lines[lines.length - 1];
    if (last !== undefined && last.line === instruction.line) (last.counters as CounterLoosening[]).push(loosening);
    else lines.push({ line: instruction.line, text: instruction.text, counters: [loosening] });
  }
  return { kind: 'loosened', lines, program, counterexample, verdict };
}

/** How a loosened counter reads: `vmcnt(3)`, or null for no wait. */
export function describeLimit(counter: WaitCounter, limit: number | null): string {
  return limit === null ? `no wait on ${counter}` : `${counter}(${limit})`;
}
