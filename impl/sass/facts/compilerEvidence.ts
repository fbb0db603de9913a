/**
 * What compiler output shows about the timing of opcodes no source times. A compiler that sets no
 * write scoreboard on an instruction treats it as fixed-latency, and a reader it issues `d`
 * cycles later (the stalls in between, the least time the hardware can take) shows that the
 * result is ready after at most `d` cycles for that reader; likewise an unsourced reader issued
 * `d` cycles after a sourced fixed-latency writer shows it can read that writer's result after
 * `d`. The pairs are collected on straight-line code only (no branch target or control transfer
 * in between), from the proof-side lowering of each kernel.
 */
import type { ArchitectureTable } from '../../../spec/sass/architecture.js';
import { provenanceOf } from '../../../spec/sass/architectures/provenance.js';
import type { SassInstruction, SassProgram } from '../../../spec/sass/program.js';
import { successors } from '../cfg.js';

/** Where an instruction of the evidence is. */
export interface EvidenceSite {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  /** Base opcode (`IADD` of `IADD.64`). */
  readonly opcode: string;
  /** Its latency class in the table (null when it has none, or no source times it). */
  readonly latencyClass: string | null;
}

/** A writer, a reader of one of its results, and the least cycles between their issues. */
export interface EvidencePair {
  readonly writer: EvidenceSite;
  readonly reader: EvidenceSite;
  readonly register: string;
  readonly distance: number;
  /**
   * The classes of this register's write and read, where they differ from the instruction's
   * (IMAD.WIDE's result halves and operand positions, `RegisterClasses`); else the sites'.
   */
  readonly writerClass: string | null;
  readonly readerClass: string | null;
}

/** The class of a register's write or read: its own where the instruction times registers apart, else the instruction's. */
export function registerClass(instruction: SassInstruction, register: string, role: 'write' | 'read', sourced: boolean): string | null {
  if (!sourced) return null;
  const own = instruction.unit.kind === 'fixed' ? instruction.unit.registerClasses?.[role]?.[register] : undefined;
  return own ?? instruction.latencyClass;
}

/** What the listings show about one unsourced opcode. */
export interface OpcodeEvidence {
  readonly opcode: string;
  readonly instances: number;
  /** Instances writing a register. */
  readonly writers: number;
  /** Of those, instances the compiler gave a write scoreboard (it treats them as variable-latency then). */
  readonly scoreboarded: number;
  /** Its results read by sourced readers, from instances without a write scoreboard. */
  readonly asWriter: readonly EvidencePair[];
  /** Results of sourced fixed-latency writers it reads. */
  readonly asReader: readonly EvidencePair[];
}

/** The base opcode of an instruction as written. */
export function baseOpcode(instruction: SassInstruction): string {
  return instruction.opcode.split('.')[0]!;
}

/** Whether the table times the opcode from a source (an entry whose source is not `conservative`). */
export function isSourced(table: ArchitectureTable, opcode: string): boolean {
  const info = table.opcodes[opcode];
  return info !== undefined && provenanceOf(info.source) !== 'conservative';
}

/**
 * Gathers the evidence of every kernel (with its file) about the opcodes `table` does not time
 * from a source, or, with `subject`, about that opcode alone, taken as unsourced whatever its
 * entry says (to re-check a class the table already gives it from this same kind of evidence).
 */
export function compilerEvidence(table: ArchitectureTable, kernels: readonly { readonly file: string; readonly program: SassProgram }[], subject?: string): OpcodeEvidence[] {
  const sourced = (opcode: string) => opcode !== subject && isSourced(table, opcode);
  const byOpcode = new Map<string, { instances: number; writers: number; scoreboarded: number; asWriter: EvidencePair[]; asReader: EvidencePair[] }>();
  const entry = (opcode: string) => {
    if (!byOpcode.has(opcode)) byOpcode.set(opcode, { instances: 0, writers: 0, scoreboarded: 0, asWriter: [], asReader: [] });
    return byOpcode.get(opcode)!;
  };
  for (const { file, program } of kernels) {
    const site = (index: number): EvidenceSite => {
      const instruction = program.instructions[index]!;
      const opcode = baseOpcode(instruction);
      return { file, line: instruction.line, text: instruction.text, opcode, latencyClass: sourced(opcode) ? instruction.latencyClass : null };
    };
    const joins = joinPoints(program);
    program.instructions.forEach((instruction, index) => {
      const opcode = baseOpcode(instruction);
      const unsourced = !sourced(opcode);
      if (unsourced && (subject === undefined || opcode === subject)) {
        const evidence = entry(opcode);
        evidence.instances++;
        if (instruction.destinations.length > 0) evidence.writers++;
        if (instruction.destinations.length > 0 && instruction.control.writeScoreboard !== null) evidence.scoreboarded++;
      }
      // Pairs start at a writer the compiler leaves without a write scoreboard, unsourced or sourced fixed-latency.
      if (instruction.destinations.length === 0 || instruction.control.writeScoreboard !== null) return;
      if (!unsourced && instruction.unit.kind !== 'fixed') return;
      for (const { reader, register, distance } of readersOf(program, index, joins)) {
        const readerOpcode = baseOpcode(program.instructions[reader]!);
        const readerSourced = sourced(readerOpcode);
        // One side must be unsourced and the other sourced: a pair of two unknowns says nothing about either.
        if (unsourced === !readerSourced) continue;
        if (subject !== undefined && (unsourced ? opcode : readerOpcode) !== subject) continue;
        const consumer = program.instructions[reader]!;
        const pair: EvidencePair = {
          writer: site(index), reader: site(reader), register, distance,
          writerClass: registerClass(instruction, register, 'write', !unsourced), readerClass: registerClass(consumer, register, 'read', readerSourced),
        };
        if (unsourced) entry(opcode).asWriter.push(pair);
        else entry(readerOpcode).asReader.push(pair);
      }
    });
  }
  return [...byOpcode].sort(([a], [b]) => a.localeCompare(b)).map(([opcode, evidence]) => ({ opcode, ...evidence }));
}

/** Instructions control can reach other than by falling through from the one before. */
export function joinPoints(program: SassProgram): ReadonlySet<number> {
  const joins = new Set<number>();
  successors(program).forEach((next, index) => {
    for (const target of next) if (target !== index + 1) joins.add(target);
  });
  return joins;
}

/**
 * Readers of the registers instruction `index` writes, on the straight line after it, each with
 * the stalls between the two issues, until the register is written again.
 */
export function readersOf(program: SassProgram, index: number, joins: ReadonlySet<number>): { reader: number; register: string; distance: number }[] {
  const found: { reader: number; register: string; distance: number }[] = [];
  const live = new Set(program.instructions[index]!.destinations);
  let distance = 0;
  for (let at = index; at < program.instructions.length - 1 && live.size > 0; at++) {
    const here = program.instructions[at]!;
    // A guarded transfer may fall through; the straight line goes on along that path.
    if (here.flow.kind !== 'next' && here.guard === null) break;
    distance += Math.max(1, here.control.stall);
    const next = at + 1;
    if (joins.has(next)) break;
    const reader = program.instructions[next]!;
    for (const register of reader.sources) if (live.has(register)) found.push({ reader: next, register, distance });
    // A guarded writer may not execute: the value read later may still be this one's.
    if (reader.guard === null) for (const register of reader.destinations) live.delete(register);
  }
  return found;
}
