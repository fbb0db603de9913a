/**
 * What the AMDGPU assembly importer produces: the functions of an `llc -mtriple=amdgcn-amd-amdhsa`
 * output (or hand-written assembly in its syntax), each a list of instruction lines as written,
 * with its labels. What an instruction does is decided later (`spec/amdgpu/`, `lower.ts`).
 */

/** One operand or modifier token of an instruction line, with its column. */
export interface AmdgpuToken {
  readonly text: string;
  /** 1-based column in the line. */
  readonly column: number;
}

/** One instruction line (one half of a VOPD `v_dual_* :: v_dual_*` pair is its own `AmdgpuPart`). */
export interface AmdgpuPart {
  readonly mnemonic: string;
  /** Operands in written order (split at top-level commas; the first word of each piece). */
  readonly operands: readonly AmdgpuToken[];
  /** Words after an operand that are not operands: `offset:16`, `glc`, `th:TH_ATOMIC_RETURN`, `lds`. */
  readonly modifiers: readonly AmdgpuToken[];
}

/** One instruction line of a function. */
export interface AmdgpuLine {
  /** 1-based line in the file. */
  readonly line: number;
  /** 1-based column of the mnemonic. */
  readonly column: number;
  /** The instruction, or the two halves of a VOPD pair. */
  readonly parts: readonly AmdgpuPart[];
  /** The operand text after the mnemonic as written (wait instructions are read from it). */
  readonly operandText: string;
  /** 1-based column where `operandText` starts. */
  readonly operandColumn: number;
  /** The instruction as written, without comment. */
  readonly text: string;
}

/** One function of the file: a kernel (it has an `.amdhsa_kernel` descriptor) or a callable function. */
export interface AmdgpuFunction {
  readonly name: string;
  /** Line of its label. */
  readonly line: number;
  readonly column: number;
  /** True for a kernel (entry point: nothing in flight at its start), false for a callable function. */
  readonly kernel: boolean;
  /** `.amdhsa_tg_split 1` in its kernel descriptor. */
  readonly tgSplit: boolean;
  /**
   * A field of its kernel descriptor that only gfx10 and later descriptors have
   * (`.amdhsa_wavefront_size32`...), null where its descriptor has none, undefined where it has no
   * descriptor: a function attribute (`target-cpu`) can compile a kernel for another processor
   * than the file's `.amdgcn_target`, and the descriptor is where the assembly shows it.
   */
  readonly descriptorField?: string | null;
  /**
   * Whether its kernel descriptor (as llc prints it in full) has `.amdhsa_accum_offset`, which
   * gfx90a and gfx942 descriptors have and others do not; absent without such a descriptor.
   */
  readonly accumOffset?: boolean;
  /** From its kernel descriptor's `.amdhsa_wavefront_size32` (gfx10+): whether it runs as wave64; absent where nothing says. */
  readonly wave64?: boolean;
  /**
   * A shader entry point that returns to the driver's epilog (llc's `; return to shader part
   * epilog`): where, and how many instructions come before it. The epilog reads the returned
   * registers at once, so every result must have landed there.
   */
  readonly returnsToEpilog?: { readonly index: number; readonly line: number; readonly column: number };
  /** Indices into `instructions` of the instructions right after an inline-assembly marker (`;;#ASMSTART`, `;;#ASMEND`). */
  readonly inlineAsm?: readonly number[];
  readonly instructions: readonly AmdgpuLine[];
  /** Local labels: name -> index into `instructions` of the next instruction (`instructions.length` at the end). */
  readonly labels: Readonly<Record<string, number>>;
}

/** A whole file. */
export interface AmdgpuListing {
  readonly file: string;
  /** The processor as `.amdgcn_target` names it (`gfx1100`), or null when the file does not say. */
  readonly target: string | null;
  readonly functions: readonly AmdgpuFunction[];
}
