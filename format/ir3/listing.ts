/**
 * What the Adreno ir3 importer produces: shaders of instructions as written, in either of the two
 * forms Mesa prints or reads (see `parse.ts`). Nothing here gives an instruction meaning: which
 * operands a machine reads or writes, and how long it takes, is decided later.
 *
 * Notation facts, checked against Mesa's `ir3_lexer.l`, `ir3_parser.y` and `disasm-a3xx.c`:
 * - `(rptN)` (N = 0..7): the instruction is issued N+1 times. Its destination register advances
 *   one component per iteration ("destination registers are always incremented in repeat"); a
 *   source advances only when it carries `(r)`, otherwise every iteration reads the same
 *   register. `(rpt5)nop` is six nops.
 * - `(nopN)` (N = 0..7 in the lexer): N nop cycles after the instruction; the disassembler counts
 *   them as category-0 nops.
 * - Log lines `:cat:index:cycle[hi_lo] text` print the category, the instruction's index and
 *   `index + sum over the earlier instructions of (repeat + nops)`: the issue slot the
 *   instruction starts at. A branch target gets an extra line `:cat:index:cycle[..] lNNN:` with
 *   the same prefix as the instruction it labels.
 * - Flags written between lines belong to the next instruction: Mesa's grammar ignores line ends,
 *   so `nop(sy)` followed by `ldg ...` is `nop` then `(sy)ldg ...`.
 */

/** Instruction flags (Mesa's `iflag`), without `(rptN)`/`(nopN)` which are numbers. */
export type Ir3InstructionFlag = 'sy' | 'ss' | 'jp' | 'eq' | 'sat' | 'ul';

/** x, y, z, w. */
export type Ir3Component = 0 | 1 | 2 | 3;

interface Ir3OperandBase {
  /** The operand as written, flags included: `(neg)r0.x`, `g[r1.x+4]`, `#l12`. */
  readonly text: string;
  /** 1-based column of the operand in its line. */
  readonly column: number;
  /**
   * Operand flags as written, without parentheses, in order: `neg`, `abs`, `absneg`, `last`,
   * `ei`, `even`, `pos_infinity`, `neg_infinity`, a write mask such as `xyzw`; `not` for `!p0.x`.
   * `(r)` is not listed here: it is `repeatIncrements` (of a register, constant, special register
   * or immediate).
   */
  readonly flags: readonly string[];
}

/** What register and constant operands share: a file, an index and a component, possibly relative to a0.x. */
export interface Ir3IndexedOperand extends Ir3OperandBase {
  readonly file: 'full' | 'half';
  /** Register number: 3 for `r3.x`. For a relative operand, `offset >> 2`. */
  readonly index: number;
  /** Component: 0..3 for x..w. For a relative operand, `offset & 3`. */
  readonly component: Ir3Component;
  /**
   * Whether the operand advances under `(rptN)`: always true for a destination (Mesa repeats
   * destinations unconditionally), true for a source only when written with `(r)`.
   */
  readonly repeatIncrements: boolean;
  /** `r<a0.x + 4>`: the operand is a0.x plus `offset` components. Absent when not relative. */
  readonly relative?: boolean;
  /** Offset in components (scalar registers) from a0.x, for a relative operand. */
  readonly offset?: number;
}

/** A general-purpose register `r3.x` (full) or `hr4.y` (half), or a relative one `r<a0.x + 4>`. */
export interface Ir3RegisterOperand extends Ir3IndexedOperand {
  readonly kind: 'register';
}

/** A constant register `c12.z` / `hc3.x`, or a relative one `c<a0.x + 8>`. */
export interface Ir3ConstOperand extends Ir3IndexedOperand {
  readonly kind: 'const';
}

/** A special register: the predicate `p0.x` (`!p0.x` has the flag `not`), `a0.x`, `a1.x`, `up0.x`, `rt0.x`. */
export interface Ir3SpecialOperand extends Ir3OperandBase {
  readonly kind: 'special';
  readonly name: string;
  /**
   * Written with `(r)` (a source `p0.x`, `a0.x` or `a1.x`: Mesa's grammar takes its source flags
   * before them as before any register); absent otherwise. Under `(rptN)` such a source would
   * advance like a register's.
   */
  readonly repeatIncrements?: true;
}

/** An immediate: `0`, `-1`, `0x3f800000`, `1.5`, `(0.5)`, `h(1)`, `(pi)`, `#12`. */
export interface Ir3ImmediateOperand extends Ir3OperandBase {
  readonly kind: 'immediate';
  /**
   * Written with `(r)`, as Mesa writes every `mova1` source in an early preamble
   * (`mova1 a1.x, (r)0`); absent otherwise. An immediate is the same value at every repetition,
   * so the flag changes no dependence; it is kept because the listing says it.
   */
  readonly repeatIncrements?: true;
}

/** A branch target `#endif`; `name` is the label without `#`. */
export interface Ir3LabelOperand extends Ir3OperandBase {
  readonly kind: 'label';
  readonly name: string;
}

/**
 * Anything else an instruction takes: memory `g[r1.x+r0.y<<4+2<<2]`, `l[r0.y]`, `p[r0.x + 0]`,
 * `c[0]`, samplers `s#0`, textures `t#1`. `registers` lists the registers named inside it.
 */
export interface Ir3OtherOperand extends Ir3OperandBase {
  readonly kind: 'other';
  readonly registers: readonly (Ir3RegisterOperand | Ir3ConstOperand | Ir3SpecialOperand)[];
}

export type Ir3Operand = Ir3RegisterOperand | Ir3ConstOperand | Ir3SpecialOperand | Ir3ImmediateOperand | Ir3LabelOperand | Ir3OtherOperand;

/** One instruction, as written. */
export interface Ir3Instruction {
  /** 1-based line of the instruction. */
  readonly line: number;
  /** 1-based column where the instruction text (its first flag, or its opcode) starts. */
  readonly column: number;
  readonly flags: ReadonlySet<Ir3InstructionFlag>;
  /** N of `(rptN)`, 0 when absent. */
  readonly repeat: number;
  /** N of `(nopN)`, 0 when absent. */
  readonly nops: number;
  /** The category column of a log line (0..7), null in assembly. */
  readonly category: number | null;
  /** Opcode with its modifiers, as written: `mad.f32`, `mov.u32u32`, `cmps.f.lt`, `stib.b.untyped.1d.u32.1.imm`. */
  readonly opcode: string;
  /** Parenthesized type groups written after the opcode, e.g. `(f32)` of `sam (f32)(xyzw)r0.x, ...`. */
  readonly modifiers: readonly string[];
  /**
   * The first operand, for opcodes that write one; null for category 0 (`nop`, `br`, `end`, ...),
   * stores (`stg`, `stl`, `stp`, `stib`, `stgb`, `stc`, ...), `prefetch`, `tcinv` and the barriers
   * and cache operations of category 7.
   */
  readonly destination: Ir3Operand | null;
  readonly sources: readonly Ir3Operand[];
  /** The index column of a log line, null in assembly. */
  readonly index: number | null;
  /** The cycle column of a log line (the issue slot it starts at), null in assembly. */
  readonly cycle: number | null;
  /** The 64-bit encoding of a log line as 16 hex digits, high word first (`2055400100000000`); null in assembly. */
  readonly raw: string | null;
  /** The instruction text as written, without the log prefix or a trailing comment. */
  readonly text: string;
}

/** One shader: the whole of a `.asm` file, or one disassembly block of a log. */
export interface Ir3Shader {
  /** 0-based position within the file. */
  readonly index: number;
  /** A name when the input gives one; null otherwise (neither form names its shaders). */
  readonly name: string | null;
  /** 1-based line where the shader starts. */
  readonly line: number;
  readonly instructions: readonly Ir3Instruction[];
  /** Label -> index into `instructions` of the instruction it names (`instructions.length` at the end). */
  readonly labels: Readonly<Record<string, number>>;
  /** `@localsize 16, 1, 1` and the other computerator directives, as written, in order. */
  readonly directives: readonly { readonly line: number; readonly text: string }[];
}

/** A whole imported file. */
export interface Ir3Listing {
  readonly file: string;
  /** `asm`: computerator assembly; `log`: a log holding disassembly lines `:cat:index:cycle[hex] text`. */
  readonly form: 'asm' | 'log';
  readonly shaders: readonly Ir3Shader[];
}
