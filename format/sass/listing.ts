/**
 * What every NVIDIA listing importer produces: kernels of instructions as written, each with its
 * control record already translated to the one meaning used everywhere here (0-based
 * scoreboards, CuAssembler's `Control`). Which operands are registers, what an opcode does and
 * where a branch goes are decided later, by the architecture's opcode table (`spec/sass/`).
 */
import type { Control } from '../../spec/scoreboard/program.js';

/**
 * The notations an importer exists for: CuAssembler `.cuasm`, maxas, TuringAs, raw dumps
 * (`cuobjdump -sass`, `nvdisasm -hex`, CUDA 12.8's control annotations `&wr=0x1 ?trans1` beside
 * or instead of the hex, and CuAssembler's `dsass` which adds decoded control fields to them)
 * and nvaa's decoded listings (`{!4,Y,+1.W,^2}` beside or instead of the hex).
 */
export type SassNotation = 'cuasm' | 'maxas' | 'turingas' | 'cuobjdump' | 'nvaa';

/** The predicate guarding an instruction: `@!P0` is `{ predicate: 'P0', negated: true }`. */
export interface SassGuard {
  readonly predicate: string;
  readonly negated: boolean;
}

/** One instruction line of a listing, as written. */
export interface SassLine {
  /** 1-based line of the instruction in the file. */
  readonly line: number;
  /** 1-based column where the instruction (its guard, or else its opcode) starts. */
  readonly column: number;
  /** Byte offset printed with the instruction (`/*0120*\/`), or null when the notation has none. */
  readonly address: number | null;
  /** The control record, scoreboards 0-based whatever the notation wrote. */
  readonly control: Control;
  /** `@P0`/`@!P0`; null when unguarded (a guard of `@PT` is written as null too). */
  readonly guard: SassGuard | null;
  /** Opcode with its modifiers, as written: `LDG.E.SYS`, `DEPBAR.LE`. */
  readonly opcode: string;
  /**
   * Operands split at top-level commas (commas inside `[]`, `{}` or `()` do not split), trimmed,
   * in written order: `R5`, `[R18+0x4]`, `c[0x0][0x168]`, `` `(.L_x_1) ``, `|R9|`, `R9.reuse`.
   */
  readonly operands: readonly string[];
  /** 1-based column of each operand, parallel to `operands`, for located errors. */
  readonly operandColumns: readonly number[];
  /** The instruction text as written, without control field, address and trailing `;`. */
  readonly text: string;
}

/** One kernel (or function) of a listing. */
export interface SassKernel {
  /**
   * The kernel's name as the listing writes it, whole: mangled (`_Z5saxpyfPKfPfj`) or, since CUDA
   * 13's cuobjdump, demangled (`saxpy(float, const float *, float *, unsigned int)`); for a dump
   * excerpt with no function header, the file's name (`cuobjdump.ts`, `excerptName`).
   */
  readonly name: string;
  /** 1-based line where the kernel starts (its section header or label; an excerpt's first line of code). */
  readonly line: number;
  readonly instructions: readonly SassLine[];
  /**
   * Labels defined in this kernel: label text (`.L_x_1`, `__internal_0_$__cuda_sm3x_div_rn_noftz_f32_slowpath`)
   * -> index into `instructions` of the instruction that follows it (= instructions.length
   * for a label at the very end).
   */
  readonly labels: Readonly<Record<string, number>>;
}

/** A whole imported listing. */
export interface SassListing {
  readonly notation: SassNotation;
  readonly file: string;
  /**
   * Target architecture as the file states it (`sm_75`, `sm_120a`: `code for sm_XX`, `.target`,
   * an `EF_CUDA_SMXX` header flag, the ELF flags, a `# Arch:` header, the file name), or the one
   * its assembler uses when none is given (TuringAs: sm_75); null when nothing says (the user
   * passes `--arch`).
   */
  readonly architecture: string | null;
  readonly kernels: readonly SassKernel[];
}
