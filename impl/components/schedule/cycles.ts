/**
 * Issue cycles of a straight-line component program: every execution takes one cycle
 * (`repeat + 1` per instruction) and every idle cycle one more, whether written as an
 * instruction's `nops` (ir3's `(nopN)`) or as a `nop` instruction. A `(sy)`/`(ss)` wait counts 0
 * extra cycles: variable latencies are not timed, so a schedule's cycles are those of the fastest
 * landing of every variable result, the same for every program compared.
 */
import type { ComponentInstruction, ComponentProgram } from '../../../spec/components/program.js';

/** What a schedule costs: instructions issued (nops aside), idle cycles, and issue cycles. */
export interface IssueStatistics {
  /** Instructions that are not `nop`. */
  readonly instructions: number;
  /** Idle cycles: `nops` fields plus the cycles of `nop` instructions. */
  readonly nops: number;
  /** Issue cycles: every execution and every idle cycle; waits count 0. */
  readonly cycles: number;
}

/** True for an idle instruction: opcode `nop` (any modifiers), no destination, no register source. */
export function isNopInstruction(instruction: ComponentInstruction): boolean {
  return instruction.opcode.split('.')[0] === 'nop' && instruction.destination === null && instruction.sources.every((source) => source.kind !== 'register');
}

/** The issue statistics of `program` (see the file comment: waits count 0 cycles). */
export function issueStatistics(program: ComponentProgram): IssueStatistics {
  let instructions = 0;
  let nops = 0;
  let cycles = 0;
  for (const instruction of program.instructions) {
    cycles += instruction.repeat + 1 + instruction.nops;
    nops += instruction.nops;
    if (isNopInstruction(instruction)) nops += instruction.repeat + 1;
    else instructions++;
  }
  return { instructions, nops, cycles };
}

/** Cycle at which each instruction's first execution issues, when the program runs without waiting. */
export function issueCycles(program: ComponentProgram): number[] {
  let cycle = 0;
  return program.instructions.map((instruction) => {
    const start = cycle;
    cycle += instruction.repeat + 1 + instruction.nops;
    return start;
  });
}
