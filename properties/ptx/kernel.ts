/**
 * A typed PTX kernel as `fuzz --ptxas` generates it: one `.visible .entry` with 64-bit pointer
 * parameters, typed virtual registers and structured control flow (counted loops, if/else), so
 * every kernel prints as PTX that ptxas reads, whatever fast-check shrinks it to.
 *
 * Instructions are kept generic (an opcode with written and read operands) rather than one node per
 * PTX instruction: the generator (`recipe.ts`) decides what is well typed, the printer only lays
 * text out, and the definedness property (`undefinedReads`) reads every node the same way.
 */

/**
 * A register class and the `.reg` type it is declared with: `r` `.b32` (integers, packed f16x2),
 * `rd` `.b64`, `f` `.f32`, `fd` `.f64`, `p` `.pred`, `h` `.b16` (a half).
 */
export type RegisterClass = 'r' | 'rd' | 'f' | 'fd' | 'p' | 'h';

/** Every register class, in declaration order. */
export const REGISTER_CLASSES: readonly RegisterClass[] = ['p', 'h', 'r', 'rd', 'f', 'fd'];

/** The `.reg` type of each class. */
export const REGISTER_TYPE: Readonly<Record<RegisterClass, string>> = { p: '.pred', h: '.b16', r: '.b32', rd: '.b64', f: '.f32', fd: '.f64' };

/** `%f3`: class `f`, index 3. */
export interface PtxRegister {
  readonly cls: RegisterClass;
  readonly index: number;
}

/** An operand as PTX writes it. */
export type PtxOperand =
  | { readonly kind: 'register'; readonly register: PtxRegister }
  /** `{%f1, %f2, %f3, %f4}` (vector loads and stores, mma fragments). */
  | { readonly kind: 'vector'; readonly registers: readonly PtxRegister[] }
  /** An immediate or a special register, printed as is: `16`, `0f3F800000`, `%tid.x`, `-1`. */
  | { readonly kind: 'literal'; readonly text: string }
  /** A variable's address (`smem`, `cbuf`): its name, printed as is. */
  | { readonly kind: 'symbol'; readonly name: string }
  /** `[%rd4+16]` or `[cbuf+32]`. */
  | { readonly kind: 'address'; readonly base: PtxRegister | string; readonly offset: number };

/** `@%p1` or `@!%p1` before an instruction. */
export interface PtxGuard {
  readonly predicate: PtxRegister;
  readonly negated: boolean;
}

/** One instruction: `[guard] opcode written..., read...;`. */
export interface PtxInstruction {
  readonly kind: 'instruction';
  readonly guard: PtxGuard | null;
  /** `ld.global.v4.f32`, `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`. */
  readonly opcode: string;
  /** Operands the instruction writes (printed first). A register written under a guard was defined before. */
  readonly written: readonly PtxOperand[];
  /** Operands it reads (an address's base register is read). */
  readonly read: readonly PtxOperand[];
}

/**
 * A counted loop, printed as a do-while: `counter = 0; L: body; counter += 1; setp.lt counter,
 * bound; @p bra L`. The body runs at least once; what it defines is not used after it.
 */
export interface PtxLoop {
  readonly kind: 'loop';
  readonly counter: PtxRegister;
  /** The predicate the back edge tests (written by the loop's own `setp`). */
  readonly predicate: PtxRegister;
  /** An immediate trip count, or a `.b32` register (the `n` parameter). */
  readonly bound: PtxOperand;
  readonly body: readonly PtxStatement[];
}

/** `if (condition) then else`: what either branch defines is not used after it. */
export interface PtxIf {
  readonly kind: 'if';
  readonly condition: PtxGuard;
  readonly then: readonly PtxStatement[];
  readonly otherwise: readonly PtxStatement[];
}

/** A statement of a kernel body. */
export type PtxStatement = PtxInstruction | PtxLoop | PtxIf;

/** A kernel parameter: `.param .u64 p0`. */
export interface PtxParameter {
  readonly name: string;
  readonly type: '.u64' | '.u32';
}

/** A kernel and what its module declares around it. */
export interface PtxKernel {
  /** The `.target` it is printed for (`sm_80`); retargeting changes the text, not the kernel. */
  readonly architecture: string;
  /** The `.version` line's PTX ISA version. */
  readonly ptxVersion: string;
  readonly name: string;
  readonly parameters: readonly PtxParameter[];
  /** Bytes of the module's `.shared`, `.const` and the kernel's `.local` arrays (0: none declared). */
  readonly sharedBytes: number;
  readonly constBytes: number;
  readonly localBytes: number;
  readonly body: readonly PtxStatement[];
}

/** The name of the shared, constant and local arrays the kernels address. */
export const SHARED_ARRAY = 'smem';
export const CONST_ARRAY = 'cbuf';
export const LOCAL_ARRAY = 'lmem';

/** `%rd4`. */
export function registerName(register: PtxRegister): string {
  return `%${register.cls}${register.index}`;
}
