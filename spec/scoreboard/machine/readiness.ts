import { destinationRegisters, pipeIndexOf, sourceRegisters } from '../operands.js';
import type { Program } from '../program.js';
import type { MachineState } from './state.js';

/** Why a warp cannot issue its next instruction this cycle, or null when it can. */
export type Blocker =
  | { readonly reason: 'done' }
  | { readonly reason: 'stall'; readonly cyclesLeft: number }
  | { readonly reason: 'wait'; readonly scoreboard: number; readonly value: number }
  | { readonly reason: 'depbar'; readonly scoreboard: number; readonly value: number; readonly limit: number }
  | { readonly reason: 'queue-full'; readonly pipe: number }
  | { readonly reason: 'interlock'; readonly register: string; readonly pending: 'read' | 'write' };

/**
 * Decides whether warp `warp` may issue its next instruction now (the issue phase is assumed).
 * The rules: the previous stall has elapsed; every scoreboard in the wait mask is 0; for
 * `DEPBAR.LE SBn, k`, scoreboard n is at most k; a decoupled pipe has a free queue slot; and,
 * under `.interlock registers`, no register of the instruction is still to be read or written
 * by an earlier instruction of the warp (seed 003: destinations with pending reads, sources or
 * destinations with pending writes).
 */
export function issueBlocker(program: Program, state: MachineState, warp: number): Blocker | null {
  const warpState = state.warps[warp]!;
  const instruction = program.instructions[warpState.next];
  if (!instruction) return { reason: 'done' };
  if (warpState.stallLeft > 0) return { reason: 'stall', cyclesLeft: warpState.stallLeft };
  for (const scoreboard of instruction.control.wait) {
    const value = warpState.scoreboards[scoreboard]!;
    if (value !== 0) return { reason: 'wait', scoreboard, value };
  }
  if (instruction.kind === 'depbar') {
    const value = warpState.scoreboards[instruction.scoreboard]!;
    if (value > instruction.limit) {
      return { reason: 'depbar', scoreboard: instruction.scoreboard, value, limit: instruction.limit };
    }
  }
  const pipeIndex = pipeIndexOf(program, instruction);
  const pipe = program.pipes[pipeIndex];
  if (pipe?.kind === 'queue') {
    const queued = state.pipes[pipeIndex]!.filter((entry) => entry.stage === 'queued').length;
    if (queued >= pipe.depth) return { reason: 'queue-full', pipe: pipeIndex };
  }
  if (program.interlock) return interlockBlocker(program, state, warp);
  return null;
}

/** Seed 003's per-register counters, derived from the warp's in-flight instructions. */
function interlockBlocker(program: Program, state: MachineState, warp: number): Blocker | null {
  const instruction = program.instructions[state.warps[warp]!.next]!;
  const sources = sourceRegisters(instruction);
  const destinations = destinationRegisters(instruction);
  for (const entries of state.pipes) {
    for (const entry of entries) {
      if (entry.warp !== warp) continue;
      const earlier = program.instructions[entry.instruction]!;
      if (entry.stage === 'queued') {
        const pendingRead = sourceRegisters(earlier).find((register) => destinations.includes(register));
        if (pendingRead !== undefined) return { reason: 'interlock', register: pendingRead, pending: 'read' };
      }
      const pendingWrite = destinationRegisters(earlier).find(
        (register) => sources.includes(register) || destinations.includes(register),
      );
      if (pendingWrite !== undefined) return { reason: 'interlock', register: pendingWrite, pending: 'write' };
    }
  }
  return null;
}
