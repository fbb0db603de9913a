/**
 * Writing idle cycles the way a machine encodes them. The scheduler puts every idle cycle on the
 * instruction before it (`nops`, unlimited in the model); real encodings limit that field and
 * fill the rest with `nop` instructions (ir3: `(nopN)` holds at most 3 and only on category 2-3
 * instructions without `(rptN)`; `(rpt5)nop` is the longest nop, 6 cycles). Some instructions
 * cannot carry a wait either (ir3: `(ss)` on categories 5-6), so a nop before them carries it.
 * Encoding keeps every issue cycle where it was, except that a wait that needs a carrier where
 * there is no idle cycle adds one (a later issue of everything after it, which keeps the order
 * and every edge latency, so the schedule stays safe).
 */
import type { ComponentInstruction, ComponentProgram } from '../../../spec/components/program.js';

/** A machine's idle-cycle and wait encoding. */
export interface IdleEncoding {
  /** Most idle cycles `instruction` may carry in its own `nops` field. */
  readonly nopsField: (instruction: ComponentInstruction) => number;
  /** Most cycles of one `nop` instruction (its repeat + 1). */
  readonly nopCycles: number;
  /** A `nop` of `cycles` cycles carrying `waits`, placed before `before` (whose line it takes). */
  readonly nop: (cycles: number, waits: readonly ('sy' | 'ss')[], before: ComponentInstruction) => ComponentInstruction;
  /** True when `instruction` cannot carry wait `flag` itself. */
  readonly cannotWait: (instruction: ComponentInstruction, flag: 'sy' | 'ss') => boolean;
}

/** The model's own notation: any number of idle cycles on any instruction, any wait anywhere (the identity). */
export const MODEL_IDLE: IdleEncoding = {
  nopsField: () => Infinity,
  nopCycles: Infinity,
  nop: (cycles, waits, before) => ({
    opcode: 'nop', repeat: cycles - 1, nops: 0, destination: null, sources: [], latency: 1, readerClass: before.readerClass,
    syncClass: null, waits, line: before.line, text: 'nop',
  }),
  cannotWait: () => false,
};

/** An encoded program, and for each of its instructions the input instruction it is (null for an inserted nop). */
export interface EncodedProgram {
  readonly program: ComponentProgram;
  readonly origin: readonly (number | null)[];
}

/** Rewrites `program`'s idle cycles and waits for `encoding` (see the file comment). */
export function encodeIdle(program: ComponentProgram, encoding: IdleEncoding): EncodedProgram {
  const source = program.instructions;
  // Waits each instruction cannot carry itself: a nop right before it carries them.
  const carried = source.map((instruction) => instruction.waits.filter((flag) => encoding.cannotWait(instruction, flag)));
  const out: ComponentInstruction[] = [];
  const origin: (number | null)[] = [];
  const nops = (cycles: number, waits: readonly ('sy' | 'ss')[], before: ComponentInstruction): void => {
    for (let left = cycles; left > 0;) {
      const take = Math.min(left, encoding.nopCycles);
      left -= take;
      out.push(encoding.nop(take, left === 0 ? waits : [], before));
      origin.push(null);
    }
  };
  source.forEach((instruction, index) => {
    if (index === 0 && carried[0]!.length > 0) nops(1, carried[0]!, instruction);
    const next = source[index + 1];
    const gap = instruction.nops;
    const needsCarrier = next !== undefined && carried[index + 1]!.length > 0;
    const field = Math.min(needsCarrier ? Math.max(0, gap - 1) : gap, encoding.nopsField(instruction));
    out.push({ ...instruction, nops: field, waits: instruction.waits.filter((flag) => !carried[index]!.includes(flag)) });
    origin.push(index);
    const explicit = needsCarrier ? Math.max(1, gap - field) : gap - field;
    nops(explicit, needsCarrier ? carried[index + 1]! : [], next ?? instruction);
  });
  const count = source.length;
  const instructions = out.map((instruction) => (instruction.branch && instruction.branch.target === count ? { ...instruction, branch: { ...instruction.branch, target: out.length } } : instruction));
  return { program: { ...program, instructions }, origin };
}
