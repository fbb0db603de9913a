/**
 * The program model: what a `.hp` file (or its JSON form) means, independent of syntax.
 * Definitions only; the machine that runs a program lives in `spec/scoreboard/machine/`.
 */
import type { Operand } from '../operand.js';

/** A pipeline that instructions are issued to. */
export type Pipe = DecoupledPipe | FixedPipe;

/**
 * A decoupled pipeline (seed 003): a FIFO queue of `depth` slots in front of a functional unit
 * whose latency the program cannot know. Reads and writes happen in issue order within the pipe.
 */
export interface DecoupledPipe {
  readonly kind: 'queue';
  readonly name: string;
  /** Number of queue slots; issue stalls while all are taken. */
  readonly depth: number;
  /** Base opcodes (without modifiers) executed by this pipe. */
  readonly opcodes: readonly string[];
}

/** A coupled pipeline: sources read at issue, destinations written exactly `latency` cycles later. */
export interface FixedPipe {
  readonly kind: 'fixed';
  readonly name: string;
  readonly latency: number;
  readonly opcodes: readonly string[];
}

/** The per-instruction control record (CuAssembler notation `[B------:R-:W-:-:S01]`). */
export interface Control {
  /** Scoreboards that must be 0 before issue, ascending, no duplicates. */
  readonly wait: readonly number[];
  /** Read scoreboard: incremented at issue, decremented when the sources are read. */
  readonly readScoreboard: number | null;
  /** Write scoreboard: incremented at issue, decremented when the destinations are written. */
  readonly writeScoreboard: number | null;
  /** Yield hint; carried for fidelity, it does not change the semantics here. */
  readonly yield: boolean;
  /** Minimum cycles until the next instruction of the warp may issue (0 counts as 1). */
  readonly stall: number;
}

/** An instruction operand as written (shared by every machine: `spec/operand.ts`). */
export type { Operand } from '../operand.js';

/** An instruction executed by a declared pipe. */
export interface PipeInstruction {
  readonly kind: 'op';
  /** Opcode as written, with modifiers (`LDG.E.64`); the pipe is chosen by the base opcode. */
  readonly opcode: string;
  readonly destinations: readonly Operand[];
  readonly sources: readonly Operand[];
  readonly control: Control;
}

/** `DEPBAR.LE SBn, k`: issues only when scoreboard n is at most k. Occupies no pipe. */
export interface DepbarInstruction {
  readonly kind: 'depbar';
  readonly scoreboard: number;
  readonly limit: number;
  readonly control: Control;
}

/** `NOP`: occupies no pipe, reads and writes nothing. */
export interface NopInstruction {
  readonly kind: 'nop';
  readonly control: Control;
}

export type Instruction = PipeInstruction | DepbarInstruction | NopInstruction;

/** A whole program: the machine it targets and its straight-line instruction list. */
export interface Program {
  /** Number of scoreboard counters per warp, 1..16. */
  readonly scoreboards: number;
  readonly pipes: readonly Pipe[];
  /** Number of warps running this program, each with its own registers and scoreboards. */
  readonly warps: number;
  /** Hardware per-register read/write counters (seed 003) hold back dependent instructions. */
  readonly interlock: boolean;
  readonly instructions: readonly Instruction[];
}

/** The control record of an instruction written without one: `[B------:R-:W-:-:S01]`. */
export const DEFAULT_CONTROL: Control = {
  wait: [],
  readScoreboard: null,
  writeScoreboard: null,
  yield: false,
  stall: 1,
};

/** Default number of scoreboards when `.scoreboards` is absent. */
export const DEFAULT_SCOREBOARDS = 6;
/** Largest number of scoreboards a program may declare. */
export const MAX_SCOREBOARDS = 16;
