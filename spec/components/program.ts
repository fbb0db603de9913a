/**
 * Programs of a fixed-latency, non-interlocked machine whose scalar instructions repeat over the
 * components of their operands (seed 004; ir3's `(rptN)`, `(r)`, `(nopN)`). Definitions only.
 */

/** One component of a register operand: `r3.z` is register `r3`, component 2. */
export interface ComponentRegister {
  readonly kind: 'register';
  /** Register name without the component (`r3`, `hr4`). */
  readonly register: string;
  /** Component of the first execution: 0..3 for x, y, z, w. */
  readonly component: number;
  /** Whether the component index moves to the next component at each repetition (ir3: the destination, and sources marked `(r)`). */
  readonly increments: boolean;
  /** A source read later than its instruction's other sources reads as this class (ir3: a `mad`'s third source). */
  readonly readerClass?: string;
}

/** An operand that carries no dependence (a constant, an immediate). */
export interface OtherOperand {
  readonly kind: 'other';
  readonly text: string;
}

/** One instruction: `repeat + 1` executions, one per cycle, then `nops` idle cycles. */
export interface ComponentInstruction {
  readonly opcode: string;
  readonly repeat: number;
  readonly nops: number;
  readonly destination: ComponentRegister | null;
  readonly sources: readonly (ComponentRegister | OtherOperand)[];
  /**
   * Cycles from an execution to its result (a write at cycle c is seen by reads at cycle c), or
   * `variable` for a non-deterministic producer (texture, memory): any time after issue.
   */
  readonly latency: number | 'variable';
  /**
   * Readers of some classes may need a fixed-latency result longer than it takes to land (ir3:
   * an ALU result reaches another ALU instruction after 3 cycles between them, a texture, memory,
   * flow or special-function instruction after 6): reader class -> cycles from this instruction's
   * execution. Absent classes use `latency`.
   */
  readonly readLatency?: Readonly<Record<string, number>>;
  /** This instruction's class as a reader (the key into producers' `readLatency`). */
  readonly readerClass: string;
  /** Variable latency only: the sync class its result is waited for with (`sy` or `ss`). */
  readonly syncClass: 'sy' | 'ss' | null;
  /**
   * Sources read late: the instruction may read its register sources at any time from its issue
   * until the next instruction that waits with this class (ir3: texture, special-function and
   * memory instructions do not always consume their sources at once, so a later write of a
   * source needs `(ss)` first; Mesa's `needs_ss_war`). Absent: sources are read at issue.
   */
  readonly lateReads?: 'sy' | 'ss';
  /**
   * The in-order unit the instruction goes through: a later instruction of the same unit never
   * delivers its result before this one's late reads are done (ir3: memory instructions).
   */
  readonly unit?: string;
  /** `(sy)`/`(ss)`: waits until no variable-latency result of these classes is pending. */
  readonly waits: readonly ('sy' | 'ss')[];
  /**
   * Control flow after this instruction's last execution: go to instruction `target`
   * (`instructions.length` ends the thread), always, or, when `conditional`, either there or to
   * the next instruction (each branch can go either way: the model does not follow values).
   */
  readonly branch?: { readonly target: number; readonly conditional: boolean };
  readonly line: number;
  readonly text: string;
}

/** A program of this machine: straight line, or with branches between its instructions. */
export interface ComponentProgram {
  readonly instructions: readonly ComponentInstruction[];
  /**
   * A variable-latency result lands only after every older write of its component has landed
   * (true for ir3: "writes that require (ss) or (sy) are synchronized against previous writes, so
   * consumers don't have to wait for any previous overlapping ALU instructions to complete",
   * Mesa's ir3_legalize.c, `delay_update`). Absent: it may land any time after its issue, before
   * older fixed results too (the seed's machine says nothing of their order, so nothing is assumed).
   */
  readonly variableWritesAfterOlder?: boolean;
}

/** The register component execution `execution` of an operand touches: `r3.w` -> `r3.w`, or the next component when it increments. */
export function componentAt(operand: ComponentRegister, execution: number): string {
  const index = operand.increments ? operand.component + execution : operand.component;
  // Components past w continue into the next register (ir3 registers are consecutive vec4s).
  const register = /^(h?r)(\d+)$/.exec(operand.register);
  if (register && index > 3) return `${register[1]}${Number(register[2]) + Math.floor(index / 4)}.${'xyzw'[index % 4]}`;
  return `${operand.register}.${'xyzw'[index % 4]}`;
}
