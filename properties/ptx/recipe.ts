/**
 * What the generator draws for a PTX kernel, before registers exist: statements whose operands are
 * abstract (`ref`: the ref-th newest value of the wanted class in scope), and the build that turns
 * such a recipe into a `PtxKernel` for one architecture. fast-check shrinks recipes; every recipe,
 * shrunk or not, builds a kernel whose every register is defined before it is read (a value of a
 * class that has none in scope is made first), so ptxas reads what it is given.
 *
 * One recipe builds for every architecture: what an architecture lacks (tensor-core shapes,
 * `cp.async`, half arithmetic, f64 atomics) is left out of its kernel, or takes its shape (m16n8k16
 * on sm_80, m16n8k8 on sm_75, m8n8k4 on sm_70).
 */
import { ptxFeatures, type PtxFeatures } from './features.js';
import { CONST_ARRAY, LOCAL_ARRAY, SHARED_ARRAY, type PtxGuard, type PtxInstruction, type PtxKernel, type PtxOperand, type PtxRegister, type PtxStatement, type RegisterClass } from './kernel.js';

/** An abstract operand: the ref-th newest value of its class in scope (modulo how many there are). */
export type Ref = number;

/** Memory a load or store addresses. */
export type Space = 'global' | 'shared' | 'const' | 'local';
/** What a load or store moves, and the registers it uses. */
export type MemoryType = 'u32' | 'f32' | 'f64' | 'u64' | 'b16' | 'v2.f32' | 'v4.f32' | 'v4.u32' | 'v2.f64';
/**
 * Which address: `thread` the thread's own 16-byte slot, `other` a second buffer's (global only),
 * `counter` the innermost loop counter's slot (the thread's outside a loop).
 */
export type AddressIndex = 'thread' | 'other' | 'counter';

/** Atomic operations, by PTX suffix (`add.u32`). */
export const ATOMIC_OPS = ['add.u32', 'add.f32', 'exch.b32', 'cas.b32', 'max.s32', 'min.u32', 'and.b32', 'inc.u32', 'add.u64', 'add.f64'] as const;
/** MUFU-class approximations (the multi-function unit). */
export const MUFU_OPS = ['sin.approx.f32', 'cos.approx.f32', 'ex2.approx.f32', 'lg2.approx.f32', 'rcp.approx.f32', 'sqrt.approx.f32', 'rsqrt.approx.f32', 'ex2.approx.ftz.f32', 'tanh.approx.f32', 'rcp.approx.ftz.f64', 'rsqrt.approx.f64'] as const;
/** Single-precision arithmetic (`div.rn` and `sqrt.rn` call a subroutine). */
export const FLOAT_OPS = ['fma.rn.f32', 'add.f32', 'mul.f32', 'sub.f32', 'min.f32', 'max.f32', 'abs.f32', 'neg.f32', 'div.rn.f32', 'div.approx.f32', 'sqrt.rn.f32', 'cvt.rni.f32.f32'] as const;
/** Double-precision arithmetic (`div.rn`, `rcp.rn` and `sqrt.rn` call a subroutine). */
export const DOUBLE_OPS = ['fma.rn.f64', 'add.f64', 'mul.f64', 'sub.f64', 'min.f64', 'div.rn.f64', 'rcp.rn.f64', 'sqrt.rn.f64', 'max.f64'] as const;
/** Integer arithmetic, multiply-add chains and bit operations (`div`/`rem` expand to sequences). */
export const INTEGER_OPS = ['mad.lo.s32', 'mul.lo.s32', 'add.s32', 'sub.s32', 'xor.b32', 'shl.b32', 'mul.hi.u32', 'mul.wide.s32', 'mad.wide.s32', 'add.s64', 'mul.lo.s64', 'popc.b32', 'clz.b32', 'brev.b32', 'bfind.u32', 'div.s32', 'rem.u32', 'min.s32'] as const;
/** Conversions (`cvt.rn.f32.s32`: to f32 from s32). */
export const CONVERSIONS = ['rn.f32.s32', 'rzi.s32.f32', 'f64.f32', 'rn.f32.f64', 'rzi.s32.f64', 'rn.f64.s32', 'rn.f16.f32', 'f32.f16', 'u64.u32', 'u32.u64', 'rn.f32.u64'] as const;
/** Half-precision arithmetic (sm_53 on). */
export const HALF_OPS = ['fma.rn.f16x2', 'add.f16x2', 'mul.f16x2', 'add.f16', 'mul.f16', 'fma.rn.f16'] as const;
/** Types `setp` compares. */
export const COMPARED = ['s32', 'u32', 'f32', 'f64', 'u64'] as const;
export const COMPARISONS = ['lt', 'ge', 'eq', 'ne', 'gt'] as const;
export const SHUFFLES = ['bfly', 'down', 'up', 'idx'] as const;
export const VOTES = ['ballot', 'any', 'all'] as const;

/** One statement of a recipe. */
export type RecipeStatement =
  | { readonly kind: 'load'; readonly space: Space; readonly type: MemoryType; readonly index: AddressIndex; readonly slot: number; readonly nonCoherent: boolean }
  | { readonly kind: 'store'; readonly space: Exclude<Space, 'const'>; readonly type: MemoryType; readonly index: AddressIndex; readonly slot: number; readonly value: Ref; readonly guard: Ref | null }
  | { readonly kind: 'atomic'; readonly space: 'global' | 'shared'; readonly op: (typeof ATOMIC_OPS)[number]; readonly returns: boolean; readonly slot: number; readonly a: Ref; readonly b: Ref }
  | { readonly kind: 'mufu'; readonly op: (typeof MUFU_OPS)[number]; readonly a: Ref; readonly into: Ref | null }
  | { readonly kind: 'float'; readonly op: (typeof FLOAT_OPS)[number]; readonly a: Ref; readonly b: Ref; readonly c: Ref; readonly into: Ref | null; readonly guard: Ref | null }
  | { readonly kind: 'double'; readonly op: (typeof DOUBLE_OPS)[number]; readonly a: Ref; readonly b: Ref; readonly c: Ref; readonly into: Ref | null }
  | { readonly kind: 'integer'; readonly op: (typeof INTEGER_OPS)[number]; readonly a: Ref; readonly b: Ref; readonly c: Ref; readonly into: Ref | null; readonly guard: Ref | null }
  | { readonly kind: 'convert'; readonly op: (typeof CONVERSIONS)[number]; readonly a: Ref }
  | { readonly kind: 'half'; readonly op: (typeof HALF_OPS)[number]; readonly a: Ref; readonly b: Ref; readonly c: Ref }
  | { readonly kind: 'setp'; readonly type: (typeof COMPARED)[number]; readonly comparison: (typeof COMPARISONS)[number]; readonly a: Ref; readonly b: Ref }
  | { readonly kind: 'selp'; readonly type: 'b32' | 'f32' | 'f64'; readonly a: Ref; readonly b: Ref; readonly p: Ref }
  /** `set.cmp.u32.type`: a comparison's result as a register (FSET/DSET, or ISETP and SEL). */
  | { readonly kind: 'set'; readonly type: 'f64' | 'f32' | 's32'; readonly comparison: (typeof COMPARISONS)[number]; readonly a: Ref; readonly b: Ref }
  /** `mov.b64 %fd, {%r, %r}`: a double made of two fresh 32-bit values (a MOV pair feeding FP64). */
  | { readonly kind: 'pack'; readonly low: Ref; readonly high: Ref }
  | { readonly kind: 'shuffle'; readonly mode: (typeof SHUFFLES)[number]; readonly a: Ref; readonly lane: number }
  | { readonly kind: 'vote'; readonly mode: (typeof VOTES)[number]; readonly p: Ref }
  | { readonly kind: 'barrier' }
  | { readonly kind: 'mma'; readonly a: readonly Ref[]; readonly b: readonly Ref[]; readonly c: readonly Ref[] }
  | { readonly kind: 'cp.async'; readonly copies: number; readonly slot: number; readonly global: boolean }
  | { readonly kind: 'wait-group'; readonly pending: number }
  | { readonly kind: 'loop'; readonly bound: number | 'n'; readonly body: readonly RecipeStatement[] }
  | { readonly kind: 'if'; readonly condition: { readonly lanes: number } | { readonly predicate: Ref }; readonly negated: boolean; readonly then: readonly RecipeStatement[]; readonly otherwise: readonly RecipeStatement[] };

/** A kernel's recipe: its body. */
export interface PtxRecipe {
  readonly body: readonly RecipeStatement[];
}

/** The PTX ISA version kernels are printed with unless told (CUDA 11.8's, which 12.5 also reads). */
export const DEFAULT_PTX_VERSION = '7.8';

/** Registers each memory type moves: class and count. */
const MOVED: Readonly<Record<MemoryType, { readonly cls: RegisterClass; readonly count: number }>> = {
  u32: { cls: 'r', count: 1 }, f32: { cls: 'f', count: 1 }, f64: { cls: 'fd', count: 1 }, u64: { cls: 'rd', count: 1 }, b16: { cls: 'h', count: 1 },
  'v2.f32': { cls: 'f', count: 2 }, 'v4.f32': { cls: 'f', count: 4 }, 'v4.u32': { cls: 'r', count: 4 }, 'v2.f64': { cls: 'fd', count: 2 },
};

/** The class of the value each PTX type names. */
function classOf(type: string): RegisterClass {
  if (type === 'pred') return 'p';
  if (/^[bsuf]16$/.test(type)) return 'h';
  if (type === 'f32') return 'f';
  if (type === 'f64') return 'fd';
  if (/64$/.test(type)) return 'rd';
  return 'r';
}

/** Bytes of each array the kernels declare (slots are 16 bytes; 64 threads' slots, then 16 more). */
const SHARED_BYTES = 64 * 16 + 16 * 16;
const CONST_BYTES = 64 * 16 + 16 * 16;
const LOCAL_BYTES = 8 * 16 + 16 * 16;
/** Where sunk values go in the second buffer, after the loads' and stores' slots. */
const SINK_BASE = 64 * 16 + 16 * 16;

/** A scope of the build: the values it can read, and where its statements go. */
interface Scope {
  readonly values: Record<RegisterClass, PtxRegister[]>;
  /** The innermost loop counter, or null. */
  readonly counter: PtxRegister | null;
  readonly out: PtxStatement[];
}

/** Whether a statement is left out of an architecture's kernel (what it needs is missing there). */
function unsupported(statement: RecipeStatement, features: PtxFeatures): boolean {
  switch (statement.kind) {
    case 'mma': return features.mma === null;
    case 'cp.async': case 'wait-group': return !features.cpAsync;
    case 'half': return !features.halfArithmetic;
    case 'atomic': return statement.op === 'add.f64' && !features.doubleAtomics;
    case 'mufu': return statement.op === 'tanh.approx.f32' && !features.tanh;
    default: return false;
  }
}

/** What the kernel's preamble must set up for a recipe on an architecture. */
function needs(body: readonly RecipeStatement[], features: PtxFeatures): Set<Space> {
  const found = new Set<Space>();
  const walk = (statements: readonly RecipeStatement[]) => {
    for (const s of statements) {
      if (unsupported(s, features)) continue;
      if (s.kind === 'load' || s.kind === 'store' || s.kind === 'atomic') found.add(s.space);
      if (s.kind === 'cp.async') found.add('shared');
      if (s.kind === 'loop') walk(s.body);
      if (s.kind === 'if') { walk(s.then); walk(s.otherwise); }
    }
  };
  walk(body);
  return found;
}

/**
 * Builds a recipe's kernel for an architecture (`.target` it), printed with PTX ISA `ptxVersion`.
 * Parameters: `p0` and `p1` (global buffers), `p2` (a count `n`, the bound of `n` loops).
 */
export function buildPtxKernel(recipe: PtxRecipe, architecture: string, ptxVersion: string = DEFAULT_PTX_VERSION): PtxKernel {
  const features = ptxFeatures(architecture);
  const next: Record<RegisterClass, number> = { r: 0, rd: 0, f: 0, fd: 0, p: 0, h: 0 };
  const fresh = (cls: RegisterClass): PtxRegister => ({ cls, index: next[cls]++ });
  const reg = (register: PtxRegister): PtxOperand => ({ kind: 'register', register });
  const lit = (text: string | number): PtxOperand => ({ kind: 'literal', text: String(text) });
  const at = (base: PtxRegister | string, offset: number): PtxOperand => ({ kind: 'address', base, offset });
  const instruction = (opcode: string, written: readonly PtxOperand[], read: readonly PtxOperand[], guard: PtxGuard | null = null): PtxInstruction =>
    ({ kind: 'instruction', guard, opcode, written, read });
  const body: PtxStatement[] = [];
  const top: Scope = { values: { r: [], rd: [], f: [], fd: [], p: [], h: [] }, counter: null, out: body };
  const emit = (scope: Scope, statement: PtxStatement) => scope.out.push(statement);
  /** Writes a fresh register of `cls` with `opcode`, and makes it a value of the scope. */
  const define = (scope: Scope, cls: RegisterClass, opcode: string, read: readonly PtxOperand[]): PtxRegister => {
    const register = fresh(cls);
    emit(scope, instruction(opcode, [reg(register)], read));
    scope.values[cls].push(register);
    return register;
  };

  // The preamble: the buffers' addresses, the thread's slot in each, the count, the thread id.
  const space = needs(recipe.body, features);
  const p0 = fresh('rd'), g0 = fresh('rd'), p1 = fresh('rd'), g1 = fresh('rd');
  emit(top, instruction('ld.param.u64', [reg(p0)], [at('p0', 0)]));
  emit(top, instruction('cvta.to.global.u64', [reg(g0)], [reg(p0)]));
  emit(top, instruction('ld.param.u64', [reg(p1)], [at('p1', 0)]));
  emit(top, instruction('cvta.to.global.u64', [reg(g1)], [reg(p1)]));
  const n = fresh('r');
  emit(top, instruction('ld.param.u32', [reg(n)], [at('p2', 0)]));
  const tid = define(top, 'r', 'mov.u32', [lit('%tid.x')]);
  const lane = fresh('r');
  emit(top, instruction('and.b32', [reg(lane)], [reg(tid), lit(63)]));
  const offset = fresh('rd');
  emit(top, instruction('mul.wide.u32', [reg(offset)], [reg(lane), lit(16)]));
  const bufferA = fresh('rd'), bufferB = fresh('rd');
  emit(top, instruction('add.s64', [reg(bufferA)], [reg(g0), reg(offset)]));
  emit(top, instruction('add.s64', [reg(bufferB)], [reg(g1), reg(offset)]));
  let shared: PtxRegister | null = null;
  if (space.has('shared')) {
    const symbol = fresh('r'), scaled = fresh('r');
    shared = fresh('r');
    emit(top, instruction('mov.u32', [reg(symbol)], [{ kind: 'symbol', name: SHARED_ARRAY }]));
    emit(top, instruction('shl.b32', [reg(scaled)], [reg(lane), lit(4)]));
    emit(top, instruction('add.s32', [reg(shared)], [reg(symbol), reg(scaled)]));
  }
  let constant: PtxRegister | null = null;
  if (space.has('const')) {
    const symbol = fresh('rd');
    constant = fresh('rd');
    emit(top, instruction('mov.u64', [reg(symbol)], [{ kind: 'symbol', name: CONST_ARRAY }]));
    emit(top, instruction('add.s64', [reg(constant)], [reg(symbol), reg(offset)]));
  }
  let local: PtxRegister | null = null;
  if (space.has('local')) {
    const eighth = fresh('r'), scaled = fresh('rd'), symbol = fresh('rd');
    local = fresh('rd');
    emit(top, instruction('and.b32', [reg(eighth)], [reg(tid), lit(7)]));
    emit(top, instruction('mul.wide.u32', [reg(scaled)], [reg(eighth), lit(16)]));
    emit(top, instruction('mov.u64', [reg(symbol)], [{ kind: 'symbol', name: LOCAL_ARRAY }]));
    emit(top, instruction('add.s64', [reg(local)], [reg(symbol), reg(scaled)]));
  }

  /** The value of class `cls` that `ref` names in scope; one is made first from the thread id when there is none. */
  const pick = (scope: Scope, cls: RegisterClass, ref: Ref): PtxRegister => {
    const values = scope.values[cls];
    if (values.length > 0) return values[values.length - 1 - (ref % values.length)]!;
    switch (cls) {
      case 'r': return define(scope, 'r', 'mov.u32', [lit('%tid.x')]);
      case 'f': return define(scope, 'f', 'cvt.rn.f32.u32', [reg(pick(scope, 'r', 0))]);
      case 'fd': return define(scope, 'fd', 'cvt.f64.f32', [reg(pick(scope, 'f', 0))]);
      case 'rd': return define(scope, 'rd', 'cvt.u64.u32', [reg(pick(scope, 'r', 0))]);
      case 'h': return define(scope, 'h', 'cvt.rn.f16.f32', [reg(pick(scope, 'f', 0))]);
      case 'p': return define(scope, 'p', 'setp.lt.u32', [reg(pick(scope, 'r', 0)), reg(n)]);
    }
  };
  const value = (scope: Scope, cls: RegisterClass, ref: Ref): PtxOperand => reg(pick(scope, cls, ref));
  const guardOf = (scope: Scope, ref: Ref | null): PtxGuard | null => (ref === null ? null : { predicate: pick(scope, 'p', ref >> 1), negated: (ref & 1) === 1 });
  /** The register a result goes to: a fresh one, or (`into`) an existing value of the class other than a loop counter, overwritten. */
  const target = (scope: Scope, cls: RegisterClass, into: Ref | null, counters: readonly PtxRegister[]): { register: PtxRegister; fresh: boolean } => {
    if (into !== null) {
      const candidates = scope.values[cls].filter((v) => !counters.some((c) => c.cls === v.cls && c.index === v.index));
      if (candidates.length > 0) return { register: candidates[candidates.length - 1 - (into % candidates.length)]!, fresh: false };
    }
    return { register: fresh(cls), fresh: true };
  };
  const result = (scope: Scope, cls: RegisterClass, opcode: string, read: readonly PtxOperand[], into: Ref | null, guard: Ref | null, counters: readonly PtxRegister[]) => {
    // A guarded write leaves its register as it was when the guard is false: only an existing value may be written so.
    const chosen = target(scope, cls, guard === null ? into : (into ?? 0), counters);
    const guarded = chosen.fresh ? null : guardOf(scope, guard);
    emit(scope, instruction(opcode, [reg(chosen.register)], read, guarded));
    if (chosen.fresh) scope.values[cls].push(chosen.register);
  };
  /** The address of a slot in a space. */
  const address = (scope: Scope, space: Space, index: AddressIndex, slot: number): PtxOperand => {
    const bytes = 16 * (slot % 16);
    if (space === 'shared') return at(shared!, bytes);
    if (space === 'const') return index === 'thread' || index === 'counter' ? at(constant!, bytes) : at(CONST_ARRAY, bytes);
    if (space === 'local') return index === 'other' ? at(LOCAL_ARRAY, bytes) : at(local!, bytes);
    if (index === 'counter' && scope.counter !== null) {
      const scaled = fresh('rd'), moved = fresh('rd');
      emit(scope, instruction('mul.wide.u32', [reg(scaled)], [reg(scope.counter), lit(16)]));
      emit(scope, instruction('add.s64', [reg(moved)], [reg(bufferA), reg(scaled)]));
      return at(moved, bytes);
    }
    return at(index === 'other' ? bufferB : bufferA, bytes);
  };
  let sinks = 0;
  /** Stores the newest two values of each class a block defined, so that optimization keeps what computed them. */
  const sink = (scope: Scope, from: Record<RegisterClass, number>) => {
    for (const cls of ['r', 'f', 'fd', 'rd', 'h', 'p'] as const) {
      for (const v of scope.values[cls].slice(Math.max(from[cls], scope.values[cls].length - 2))) {
        let stored = v;
        if (cls === 'p') {
          stored = fresh('r');
          emit(scope, instruction('selp.u32', [reg(stored)], [lit(1), lit(0), reg(v)]));
        }
        const type = { r: 'u32', f: 'f32', fd: 'f64', rd: 'u64', h: 'b16', p: 'u32' }[cls];
        emit(scope, instruction(`st.global.${type}`, [], [at(bufferB, SINK_BASE + 16 * sinks++), reg(stored)]));
      }
    }
  };
  const counts = (scope: Scope): Record<RegisterClass, number> => ({ r: scope.values.r.length, rd: scope.values.rd.length, f: scope.values.f.length, fd: scope.values.fd.length, p: scope.values.p.length, h: scope.values.h.length });
  const child = (scope: Scope, counter: PtxRegister | null, out: PtxStatement[]): Scope => ({
    values: { r: [...scope.values.r], rd: [...scope.values.rd], f: [...scope.values.f], fd: [...scope.values.fd], p: [...scope.values.p], h: [...scope.values.h] },
    counter: counter ?? scope.counter, out,
  });

  const statements = (scope: Scope, list: readonly RecipeStatement[], counters: readonly PtxRegister[]) => {
    for (const s of list) if (!unsupported(s, features)) statement(scope, s, counters);
  };
  const statement = (scope: Scope, s: RecipeStatement, counters: readonly PtxRegister[]): void => {
    switch (s.kind) {
      case 'load': {
        const moved = MOVED[s.type];
        const registers = Array.from({ length: moved.count }, () => fresh(moved.cls));
        const written: PtxOperand = moved.count === 1 ? reg(registers[0]!) : { kind: 'vector', registers };
        const nc = s.space === 'global' && s.nonCoherent ? '.nc' : '';
        emit(scope, instruction(`ld.${s.space}${nc}.${s.type}`, [written], [address(scope, s.space, s.index, s.slot)]));
        scope.values[moved.cls].push(...registers);
        return;
      }
      case 'store': {
        const moved = MOVED[s.type];
        const registers = Array.from({ length: moved.count }, (_, k) => pick(scope, moved.cls, s.value + k));
        const stored: PtxOperand = moved.count === 1 ? reg(registers[0]!) : { kind: 'vector', registers };
        const where = address(scope, s.space, s.index, s.slot);
        emit(scope, instruction(`st.${s.space}.${s.type}`, [], [where, stored], guardOf(scope, s.guard)));
        return;
      }
      case 'atomic': {
        const type = s.op.split('.')[1]!;
        const cls = classOf(type);
        const where = s.space === 'shared' ? address(scope, 'shared', 'thread', s.slot) : address(scope, 'global', 'thread', s.slot);
        const read = [where, value(scope, cls, s.a), ...(s.op === 'cas.b32' ? [value(scope, cls, s.b)] : [])];
        // `red` has no compare-and-swap nor exchange: those always return.
        if (s.returns || s.op === 'cas.b32' || s.op === 'exch.b32') {
          define(scope, cls, `atom.${s.space}.${s.op}`, read);
        } else {
          emit(scope, instruction(`red.${s.space}.${s.op}`, [], read));
        }
        return;
      }
      case 'mufu': {
        const cls = s.op.endsWith('f64') ? 'fd' : 'f';
        result(scope, cls, s.op, [value(scope, cls, s.a)], s.into, null, counters);
        return;
      }
      case 'float': {
        const arity = s.op.startsWith('fma') ? 3 : ['abs.f32', 'neg.f32', 'sqrt.rn.f32', 'cvt.rni.f32.f32'].includes(s.op) ? 1 : 2;
        const read = [s.a, s.b, s.c].slice(0, arity).map((ref) => value(scope, 'f', ref));
        result(scope, 'f', s.op, read, s.into, s.guard, counters);
        return;
      }
      case 'double': {
        const arity = s.op.startsWith('fma') ? 3 : ['rcp.rn.f64', 'sqrt.rn.f64'].includes(s.op) ? 1 : 2;
        result(scope, 'fd', s.op, [s.a, s.b, s.c].slice(0, arity).map((ref) => value(scope, 'fd', ref)), s.into, null, counters);
        return;
      }
      case 'integer': {
        const op = s.op;
        if (op === 'mul.wide.s32') { result(scope, 'rd', op, [value(scope, 'r', s.a), value(scope, 'r', s.b)], s.into, s.guard, counters); return; }
        if (op === 'mad.wide.s32') { result(scope, 'rd', op, [value(scope, 'r', s.a), value(scope, 'r', s.b), value(scope, 'rd', s.c)], s.into, s.guard, counters); return; }
        if (op === 'add.s64' || op === 'mul.lo.s64') { result(scope, 'rd', op, [value(scope, 'rd', s.a), value(scope, 'rd', s.b)], s.into, s.guard, counters); return; }
        const arity = op.startsWith('mad') ? 3 : ['popc.b32', 'clz.b32', 'brev.b32', 'bfind.u32'].includes(op) ? 1 : 2;
        const read = [s.a, s.b, s.c].slice(0, arity).map((ref) => value(scope, 'r', ref));
        // A shift by a small constant, as address arithmetic does.
        if (op === 'shl.b32') read[1] = lit(1 + (s.b % 8));
        result(scope, 'r', op, read, s.into, s.guard, counters);
        return;
      }
      case 'convert': {
        const [, to, from] = /^(?:r\w+\.)?(\w+)\.(\w+)$/.exec(s.op)!;
        define(scope, classOf(to!), `cvt.${s.op}`, [value(scope, classOf(from!), s.a)]);
        return;
      }
      case 'half': {
        const cls = s.op.endsWith('x2') ? 'r' : 'h';
        const arity = s.op.startsWith('fma') ? 3 : 2;
        define(scope, cls, s.op, [s.a, s.b, s.c].slice(0, arity).map((ref) => value(scope, cls, ref)));
        return;
      }
      case 'setp': {
        const cls = classOf(s.type);
        define(scope, 'p', `setp.${s.comparison}.${s.type}`, [value(scope, cls, s.a), value(scope, cls, s.b)]);
        return;
      }
      case 'selp': {
        const cls = classOf(s.type);
        define(scope, cls, `selp.${s.type}`, [value(scope, cls, s.a), value(scope, cls, s.b), value(scope, 'p', s.p)]);
        return;
      }
      case 'set': {
        const cls = classOf(s.type);
        define(scope, 'r', `set.${s.comparison}.u32.${s.type}`, [value(scope, cls, s.a), value(scope, cls, s.b)]);
        return;
      }
      case 'pack': {
        define(scope, 'fd', 'mov.b64', [{ kind: 'vector', registers: [pick(scope, 'r', s.low), pick(scope, 'r', s.high)] }]);
        return;
      }
      case 'shuffle': {
        const lane = 1 + (s.lane % 16);
        define(scope, 'r', `shfl.sync.${s.mode}.b32`, [value(scope, 'r', s.a), lit(s.mode === 'idx' ? lane % 32 : lane), lit(s.mode === 'up' ? 0 : 31), lit(-1)]);
        return;
      }
      case 'vote': {
        if (s.mode === 'ballot') define(scope, 'r', 'vote.sync.ballot.b32', [value(scope, 'p', s.p), lit(-1)]);
        else define(scope, 'p', `vote.sync.${s.mode}.pred`, [value(scope, 'p', s.p), lit(-1)]);
        return;
      }
      case 'barrier':
        emit(scope, instruction('bar.sync', [], [lit(0)]));
        return;
      case 'mma': {
        const shape = features.mma!;
        const sizes = { m16n8k16: { a: 4, b: 2, c: 4 }, m16n8k8: { a: 2, b: 1, c: 4 }, m8n8k4: { a: 2, b: 2, c: 8 } }[shape];
        const refs = (list: readonly Ref[], count: number) => Array.from({ length: count }, (_, k) => list[k % Math.max(1, list.length)] ?? k);
        const a = refs(s.a, sizes.a).map((ref) => pick(scope, 'r', ref));
        const b = refs(s.b, sizes.b).map((ref) => pick(scope, 'r', ref));
        const c = refs(s.c, sizes.c).map((ref) => pick(scope, 'f', ref));
        const d = Array.from({ length: sizes.c }, () => fresh('f'));
        emit(scope, instruction(`mma.sync.aligned.${shape}.row.col.f32.f16.f16.f32`, [{ kind: 'vector', registers: d }],
          [{ kind: 'vector', registers: a }, { kind: 'vector', registers: b }, { kind: 'vector', registers: c }]));
        scope.values.f.push(...d);
        return;
      }
      case 'cp.async': {
        for (let k = 0; k < Math.max(1, s.copies); k++) {
          const slot = s.slot + k;
          emit(scope, instruction(s.global ? 'cp.async.cg.shared.global' : 'cp.async.ca.shared.global', [],
            [address(scope, 'shared', 'thread', slot), address(scope, 'global', 'other', slot), lit(16)]));
        }
        emit(scope, instruction('cp.async.commit_group', [], []));
        return;
      }
      case 'wait-group':
        emit(scope, s.pending === 0 ? instruction('cp.async.wait_all', [], []) : instruction('cp.async.wait_group', [], [lit(s.pending)]));
        return;
      case 'loop': {
        const counter = fresh('r'), predicate = fresh('p');
        const out: PtxStatement[] = [];
        const inner = child(scope, counter, out);
        inner.values.r.push(counter);
        const from = counts(inner);
        statements(inner, s.body, [...counters, counter]);
        sink(inner, from);
        emit(scope, { kind: 'loop', counter, predicate, bound: s.bound === 'n' ? reg(n) : lit(s.bound), body: out });
        return;
      }
      case 'if': {
        let condition: PtxGuard;
        if ('lanes' in s.condition) {
          const p = fresh('p');
          emit(scope, instruction('setp.lt.u32', [reg(p)], [reg(tid), lit(s.condition.lanes)]));
          condition = { predicate: p, negated: s.negated };
        } else {
          condition = { predicate: pick(scope, 'p', s.condition.predicate), negated: s.negated };
        }
        const branch = (list: readonly RecipeStatement[]) => {
          const out: PtxStatement[] = [];
          const inner = child(scope, null, out);
          const from = counts(inner);
          statements(inner, list, counters);
          sink(inner, from);
          return out;
        };
        emit(scope, { kind: 'if', condition, then: branch(s.then), otherwise: branch(s.otherwise) });
        return;
      }
    }
  };
  const from = counts(top);
  statements(top, recipe.body, []);
  sink(top, from);
  return {
    architecture, ptxVersion, name: 'k',
    parameters: [{ name: 'p0', type: '.u64' }, { name: 'p1', type: '.u64' }, { name: 'p2', type: '.u32' }],
    sharedBytes: space.has('shared') ? SHARED_BYTES : 0,
    constBytes: space.has('const') ? CONST_BYTES : 0,
    localBytes: space.has('local') ? LOCAL_BYTES : 0,
    body,
  };
}
