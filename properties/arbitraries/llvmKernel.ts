import fc from 'fast-check';

/**
 * Small LLVM IR kernels for `hazardproof fuzz --llvm`: one `amdgpu_kernel` taking a global
 * (addrspace 1), an LDS (addrspace 3) and a constant (addrspace 4) pointer and an i32 bound, with
 * a straight-line body, or one loop, or one if. Statements load, store and combine i32, float and
 * <4 x float> values and do atomics with return and barriers.
 *
 * Operands are abstract (`ref`: the ref-th value of the wanted type in scope, modulo their count;
 * a constant when there is none), so every kernel the arbitrary makes or shrinks to prints as
 * valid IR: a value defined inside the loop or if is used only there, and each block's last values
 * are stored to global memory so that optimization keeps the loads.
 */

export type IrType = 'i32' | 'float' | 'v4f32';
export type AddressSpace = 'global' | 'lds' | 'constant';
/** Where a load or store points: element `offset` of the base, or of the base indexed by the work-item id (or the loop counter). */
export interface IrIndex { readonly by: 'constant' | 'tid' | 'counter'; readonly offset: number }

export type IrStatement =
  | { readonly kind: 'load'; readonly space: AddressSpace; readonly type: IrType; readonly index: IrIndex }
  | { readonly kind: 'store'; readonly space: 'global' | 'lds'; readonly type: IrType; readonly index: IrIndex; readonly value: number }
  | { readonly kind: 'arith'; readonly type: IrType; readonly op: number; readonly a: number; readonly b: number }
  | { readonly kind: 'extract'; readonly vector: number; readonly lane: number }
  | { readonly kind: 'atomic'; readonly space: 'global' | 'lds'; readonly op: 'add' | 'max' | 'xchg'; readonly index: IrIndex; readonly value: number }
  | { readonly kind: 'barrier' };

export interface IrKernel {
  readonly shape: 'straight' | 'loop' | 'if';
  readonly before: readonly IrStatement[];
  /** The loop body or the then-block (empty and unused for `straight`). */
  readonly inner: readonly IrStatement[];
  readonly after: readonly IrStatement[];
}

const TYPES: readonly IrType[] = ['i32', 'float', 'v4f32'];
const LLVM_TYPE: Record<IrType, string> = { i32: 'i32', float: 'float', v4f32: '<4 x float>' };
const ALIGN: Record<IrType, number> = { i32: 4, float: 4, v4f32: 16 };
const SPACE: Record<AddressSpace, { readonly number: number; readonly base: string }> = {
  global: { number: 1, base: '%g' }, lds: { number: 3, base: '%l' }, constant: { number: 4, base: '%c' },
};
const CONSTANT: Record<IrType, string> = {
  i32: '7', float: '1.500000e+00', v4f32: '<float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00>',
};
const OPS: Record<IrType, readonly string[]> = { i32: ['add', 'mul', 'xor', 'sub'], float: ['fadd', 'fmul', 'fsub'], v4f32: ['fadd', 'fmul'] };

function indexArbitrary(): fc.Arbitrary<IrIndex> {
  return fc.record({ by: fc.constantFrom<IrIndex['by']>('constant', 'tid', 'counter'), offset: fc.integer({ min: 0, max: 7 }) });
}

function statementArbitrary(): fc.Arbitrary<IrStatement> {
  const type = fc.constantFrom(...TYPES);
  const ref = fc.nat({ max: 15 });
  return fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('load' as const), space: fc.constantFrom<AddressSpace>('global', 'lds', 'constant'), type, index: indexArbitrary() }), weight: 4 },
    { arbitrary: fc.record({ kind: fc.constant('store' as const), space: fc.constantFrom<'global' | 'lds'>('global', 'lds'), type, index: indexArbitrary(), value: ref }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constant('arith' as const), type, op: fc.nat({ max: 3 }), a: ref, b: ref }), weight: 3 },
    { arbitrary: fc.record({ kind: fc.constant('extract' as const), vector: ref, lane: fc.nat({ max: 3 }) }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('atomic' as const), space: fc.constantFrom<'global' | 'lds'>('global', 'lds'), op: fc.constantFrom<'add' | 'max' | 'xchg'>('add', 'max', 'xchg'), index: indexArbitrary(), value: ref }), weight: 1 },
    { arbitrary: fc.constant({ kind: 'barrier' as const }), weight: 1 },
  );
}

/** A kernel of up to 14 statements. */
export function llvmKernelArbitrary(): fc.Arbitrary<IrKernel> {
  return fc.record({
    shape: fc.constantFrom<IrKernel['shape']>('straight', 'loop', 'if'),
    before: fc.array(statementArbitrary(), { minLength: 1, maxLength: 6 }),
    inner: fc.array(statementArbitrary(), { maxLength: 4 }),
    after: fc.array(statementArbitrary(), { maxLength: 4 }),
  });
}

interface Scope { readonly values: Record<IrType, string[]>; readonly counter: string | null }

/** Prints a kernel as LLVM IR (named `@kernel`), valid for llc-19 whatever the kernel. */
export function printLlvmKernel(kernel: IrKernel): string {
  let next = 0;
  const fresh = (stem: string) => `%${stem}${next++}`;
  const lines: string[] = [];
  const emit = (line: string) => lines.push(`  ${line}`);
  const operand = (scope: Scope, type: IrType, ref: number): string => {
    const values = scope.values[type];
    return values.length === 0 ? CONSTANT[type] : values[ref % values.length]!;
  };
  const pointer = (scope: Scope, space: AddressSpace, type: IrType, index: IrIndex): string => {
    const { number, base } = SPACE[space];
    let element = `${index.offset}`;
    const variable = index.by === 'counter' ? scope.counter ?? '%tid' : index.by === 'tid' ? '%tid' : null;
    if (variable !== null) {
      element = fresh('i');
      emit(`${element} = add i32 ${variable}, ${index.offset}`);
    }
    const address = fresh('p');
    emit(`${address} = getelementptr inbounds ${LLVM_TYPE[type]}, ptr addrspace(${number}) ${base}, i32 ${element}`);
    return `ptr addrspace(${number}) ${address}`;
  };
  const statement = (scope: Scope, s: IrStatement) => {
    switch (s.kind) {
      case 'load': {
        const at = pointer(scope, s.space, s.type, s.index);
        const value = fresh('v');
        emit(`${value} = load ${LLVM_TYPE[s.type]}, ${at}, align ${ALIGN[s.type]}`);
        scope.values[s.type].push(value);
        return;
      }
      case 'store': {
        const value = operand(scope, s.type, s.value);
        emit(`store ${LLVM_TYPE[s.type]} ${value}, ${pointer(scope, s.space, s.type, s.index)}, align ${ALIGN[s.type]}`);
        return;
      }
      case 'arith': {
        const ops = OPS[s.type];
        const value = fresh('v');
        emit(`${value} = ${ops[s.op % ops.length]} ${LLVM_TYPE[s.type]} ${operand(scope, s.type, s.a)}, ${operand(scope, s.type, s.b)}`);
        scope.values[s.type].push(value);
        return;
      }
      case 'extract': {
        const value = fresh('v');
        emit(`${value} = extractelement <4 x float> ${operand(scope, 'v4f32', s.vector)}, i32 ${s.lane}`);
        scope.values.float.push(value);
        return;
      }
      case 'atomic': {
        const at = pointer(scope, s.space, 'i32', s.index);
        const value = fresh('v');
        emit(`${value} = atomicrmw ${s.op} ${at}, i32 ${operand(scope, 'i32', s.value)} monotonic, align 4`);
        scope.values.i32.push(value);
        return;
      }
      case 'barrier':
        emit('call void @llvm.amdgcn.s.barrier()');
        return;
    }
  };
  /** Stores the newest value of each type a block defined (so none is dead), at distinct global slots. */
  const sink = (scope: Scope, from: Record<IrType, number>, slot: number) => {
    for (const [k, type] of TYPES.entries()) {
      const values = scope.values[type];
      if (values.length <= from[type]) continue;
      emit(`store ${LLVM_TYPE[type]} ${values[values.length - 1]!}, ${pointer(scope, 'global', type, { by: 'constant', offset: 16 + 4 * slot + k })}, align ${ALIGN[type]}`);
    }
  };
  const counts = (scope: Scope): Record<IrType, number> => ({ i32: scope.values.i32.length, float: scope.values.float.length, v4f32: scope.values.v4f32.length });

  lines.push('define amdgpu_kernel void @kernel(ptr addrspace(1) %g, ptr addrspace(3) %l, ptr addrspace(4) %c, i32 %n) {', 'entry:');
  emit('%tid = call i32 @llvm.amdgcn.workitem.id.x()');
  const outer: Scope = { values: { i32: [], float: [], v4f32: [] }, counter: null };
  for (const s of kernel.before) statement(outer, s);
  if (kernel.shape !== 'straight') {
    const inner: Scope = { values: { i32: [...outer.values.i32], float: [...outer.values.float], v4f32: [...outer.values.v4f32] }, counter: kernel.shape === 'loop' ? '%i' : null };
    const from = counts(inner);
    if (kernel.shape === 'loop') {
      emit('br label %loop');
      lines.push('loop:');
      emit('%i = phi i32 [ 0, %entry ], [ %i.next, %loop ]');
      inner.values.i32.push('%i');
    } else {
      emit('%cond = icmp slt i32 %tid, %n');
      emit('br i1 %cond, label %then, label %join');
      lines.push('then:');
    }
    for (const s of kernel.inner) statement(inner, s);
    sink(inner, from, 1);
    if (kernel.shape === 'loop') {
      emit('%i.next = add i32 %i, 1');
      emit('%more = icmp slt i32 %i.next, %n');
      emit('br i1 %more, label %loop, label %join');
    } else {
      emit('br label %join');
    }
    lines.push('join:');
  }
  const from = { i32: 0, float: 0, v4f32: 0 };
  for (const s of kernel.after) statement(outer, s);
  sink(outer, from, 0);
  emit('ret void');
  lines.push('}', '', 'declare i32 @llvm.amdgcn.workitem.id.x()', 'declare void @llvm.amdgcn.s.barrier()', '');
  return lines.join('\n');
}
