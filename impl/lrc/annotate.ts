import { counterIndexOf, lrcDestinations, lrcSources } from '../../spec/lrc/operands.js';
import type { LrcInstruction, LrcProgram } from '../../spec/lrc/program.js';
import { PRELOAD_WRITER } from '../../spec/lrc/state.js';

/** Why the pass set a dependency flag: the dependence it protects, or a counter that would overflow. */
export interface FlagReason {
  readonly instruction: number;
  readonly counter: number;
  readonly kind: 'RAW' | 'WAR' | 'WAW' | 'overflow';
  /** The register of the dependence (null for an overflow). */
  readonly register: string | null;
  /** The request it waits for (PRELOAD_WRITER for preload data; null for an overflow). */
  readonly producer: number | null;
}

/** The annotated program and why each flag is there. */
export interface LrcAnnotated {
  readonly program: LrcProgram;
  readonly reasons: readonly FlagReason[];
  /** What the pass cannot mend and says so (a preload whose INIT_LRC_VAL is not its register count). */
  readonly notes: readonly string[];
}

/** One class's outstanding requests since its last flag, as the pass tracks them. */
interface Pending {
  /** Register -> the request that will write it. */
  readonly writes: Map<string, number>;
  /** Register -> a request that may not have read it yet. */
  readonly reads: Map<string, number>;
  /** An upper bound of the counter: INIT_LRC_VAL plus the requests since the last flag. */
  count: number;
}

/**
 * The dependency-flag pass for the LRC machine (what ir3's legalize does with (sy) and (ss)). It
 * keeps the instructions, drops their flags and walks them from INIT_PC in order, per counter
 * class tracking the registers outstanding requests will still write and still read. An
 * instruction gets the class's flag at the first point it needs it: it reads or writes a
 * register a pending request of the class will write (RAW, WAW), or writes a register a pending
 * request may not have read yet (WAR: requests read their sources asynchronously). A
 * write-after-write whose value nobody reads before it is overwritten again is left to that next
 * writer (which still finds the request pending). A flag waits
 * for the whole class, so that class's pending set is then empty. That is the latest place each
 * flag can go, so the fewest cycles are spent in DEP. Two requests of one in-order class need no
 * flag between them (their data lands in request order, and each reads before its data lands).
 * A request that could take its counter past its width gets the flag first (the counter drains).
 */
export function annotateLrcProgram(input: LrcProgram): LrcAnnotated {
  const pending: Pending[] = input.counters.map((_, index) => {
    const preload = input.preloads.find((p) => p.counter === index);
    return { writes: new Map((preload?.registers ?? []).map((register) => [register, PRELOAD_WRITER])), reads: new Map(), count: preload?.initialValue ?? 0 };
  });
  const reasons: FlagReason[] = [];
  const instructions = input.instructions.map((instruction, index): LrcInstruction => {
    if (index < input.initialPc) return { ...instruction, waitFor: [] };
    const sources = lrcSources(instruction);
    const destinations = lrcDestinations(instruction);
    const ownClass = counterIndexOf(input, instruction);
    const waitFor: number[] = [];
    pending.forEach((classPending, counter) => {
      const ordered = counter === ownClass && input.counters[counter]!.inOrder;
      const reason = conflict(classPending, sources, destinations, ordered, (register) => overwrittenBeforeUse(input, index, register));
      const full = counter === ownClass && classPending.count + 1 > 2 ** input.counters[counter]!.bits - 1;
      if (!reason && !full) return;
      waitFor.push(counter);
      reasons.push({ instruction: index, counter, ...(reason ?? { kind: 'overflow', register: null, producer: null }) });
      classPending.writes.clear();
      classPending.reads.clear();
      classPending.count = 0;
    });
    if (ownClass >= 0) {
      const classPending = pending[ownClass]!;
      for (const register of destinations) classPending.writes.set(register, index);
      for (const register of sources) classPending.reads.set(register, index);
      classPending.count++;
    }
    return { ...instruction, waitFor };
  });
  const notes = input.preloads.filter((p) => p.initialValue !== p.registers.length).map((p) =>
    `.preload ${input.counters[p.counter]!.name} starts the counter at ${p.initialValue} but ${p.registers.length} register(s) arrive: ` +
    `${p.initialValue > p.registers.length ? 'it never gets back to 0 (a flag on it waits forever)' : 'it goes below 0'}; the pass leaves preloads as written`);
  return { program: { ...input, instructions }, reasons, notes };
}

/** The first dependence of an instruction on a class's pending requests, or null. */
function conflict(
  classPending: Pending, sources: readonly string[], destinations: readonly string[], ordered: boolean, deferWaw: (register: string) => boolean,
): Omit<FlagReason, 'instruction' | 'counter'> | null {
  for (const register of sources) {
    const producer = classPending.writes.get(register);
    if (producer !== undefined) return { kind: 'RAW', register, producer };
  }
  if (ordered) return null; // a request of the same in-order class: its write and read come after theirs
  for (const register of destinations) {
    const writer = classPending.writes.get(register);
    if (writer !== undefined && !deferWaw(register)) return { kind: 'WAW', register, producer: writer };
    const reader = classPending.reads.get(register);
    if (reader !== undefined) return { kind: 'WAR', register, producer: reader };
  }
  return null;
}

/**
 * True when the next instruction after `index` that touches `register` only writes it. Then a
 * write-after-write on it needs no flag here: whatever order the two writes land in, nobody sees
 * the value in between, and that next writer still finds the request pending and waits for it
 * (so the final value is right). Without a later touch the value is emitted, so order matters.
 */
function overwrittenBeforeUse(program: LrcProgram, index: number, register: string): boolean {
  for (let at = index + 1; at < program.instructions.length; at++) {
    const later = program.instructions[at]!;
    if (lrcSources(later).includes(register)) return false;
    if (lrcDestinations(later).includes(register)) return true;
  }
  return false;
}
