import type { SassProgram } from '../program.js';
import { inFlight, visibleCount, type SassState } from './state.js';

/** Limits that keep exhaustive exploration finite; they are search bounds, not hardware. */
export interface SassBounds {
  /** Instructions in flight at once (a loop that never waits would otherwise grow without end). */
  readonly inFlight: number;
  /** Nested calls. */
  readonly calls: number;
}

/** Bounds far above anything a small program reaches. */
export const DEFAULT_SASS_BOUNDS: SassBounds = { inFlight: 12, calls: 4 };

/** Why the thread cannot issue now, or null when it can. */
export type SassBlocker =
  | { readonly reason: 'exited' }
  | { readonly reason: 'stall'; readonly cyclesLeft: number }
  | { readonly reason: 'wait'; readonly scoreboard: number; readonly value: number }
  | { readonly reason: 'depbar'; readonly scoreboard: number; readonly value: number; readonly limit: number }
  | { readonly reason: 'drain'; readonly queue: number }
  | { readonly reason: 'bound'; readonly what: 'inFlight' | 'calls' };

/**
 * The issue rules: the previous stall has elapsed, every scoreboard of the wait mask reads 0
 * and a `DEPBAR.LE SBn, k` sees at most k, where increments less than `visibilityDelay`
 * (`depbarVisibilityDelay`) cycles old are not seen yet; an instruction that drains queues
 * waits until their instructions have read their sources.
 */
export function sassIssueBlocker(program: SassProgram, state: SassState, bounds: SassBounds): SassBlocker | null {
  if (state.pc === null) return { reason: 'exited' };
  const instruction = program.instructions[state.pc]!;
  if (state.stallLeft > 0) return { reason: 'stall', cyclesLeft: state.stallLeft };
  for (const scoreboard of instruction.control.wait) {
    const value = visibleCount(state, scoreboard);
    if (value > 0) return { reason: 'wait', scoreboard, value };
  }
  if (instruction.depbar) {
    const { scoreboard, limit } = instruction.depbar;
    const value = visibleCount(state, scoreboard, program.visibilityDelay - program.depbarVisibilityDelay);
    if (value > limit) return { reason: 'depbar', scoreboard, value, limit };
  }
  for (const queue of instruction.drains) {
    if (state.queues[queue]!.some((entry) => entry.stage === 'queued')) return { reason: 'drain', queue };
  }
  if (inFlight(state).length >= bounds.inFlight) return { reason: 'bound', what: 'inFlight' };
  if (instruction.flow.kind === 'call' && state.returns.length >= bounds.calls) return { reason: 'bound', what: 'calls' };
  return null;
}
