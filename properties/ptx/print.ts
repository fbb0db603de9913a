import { CONST_ARRAY, LOCAL_ARRAY, REGISTER_CLASSES, REGISTER_TYPE, registerName, SHARED_ARRAY, type PtxKernel, type PtxOperand, type PtxRegister, type PtxStatement } from './kernel.js';

/**
 * Prints a kernel as a PTX module (`.version`, `.target`, `.address_size 64`, its arrays and one
 * `.visible .entry`). Loops and ifs become labelled branches; labels are numbered in print order,
 * so the same kernel always prints the same text (the replay and `--keep` files rely on it).
 */
export function printPtxKernel(kernel: PtxKernel): string {
  const counts = new Map<string, number>();
  const lines: string[] = [];
  let labels = 0;
  const see = (register: PtxRegister) => counts.set(register.cls, Math.max(counts.get(register.cls) ?? 0, register.index + 1));
  const operand = (op: PtxOperand): string => {
    switch (op.kind) {
      case 'register': see(op.register); return registerName(op.register);
      case 'vector': op.registers.forEach(see); return `{${op.registers.map(registerName).join(', ')}}`;
      case 'literal': return op.text;
      case 'symbol': return op.name;
      case 'address': {
        const base = typeof op.base === 'string' ? op.base : (see(op.base), registerName(op.base));
        return `[${base}${op.offset === 0 ? '' : `+${op.offset}`}]`;
      }
    }
  };
  const guard = (predicate: PtxRegister, negated: boolean) => (see(predicate), `@${negated ? '!' : ''}${registerName(predicate)} `);
  const emit = (depth: number, text: string) => lines.push(`${'\t'.repeat(depth)}${text}`);
  const statements = (body: readonly PtxStatement[], depth: number) => {
    for (const statement of body) {
      switch (statement.kind) {
        case 'instruction': {
          const operands = [...statement.written, ...statement.read].map(operand).join(', ');
          const prefix = statement.guard === null ? '' : guard(statement.guard.predicate, statement.guard.negated);
          emit(depth, `${prefix}${statement.opcode}${operands === '' ? '' : ` ${operands}`};`);
          break;
        }
        case 'loop': {
          const label = `$L__loop${labels++}`;
          const counter = operand({ kind: 'register', register: statement.counter });
          emit(depth, `mov.u32 ${counter}, 0;`);
          lines.push(`${label}:`);
          statements(statement.body, depth + 1);
          emit(depth + 1, `add.s32 ${counter}, ${counter}, 1;`);
          emit(depth + 1, `setp.lt.u32 ${operand({ kind: 'register', register: statement.predicate })}, ${counter}, ${operand(statement.bound)};`);
          emit(depth + 1, `${guard(statement.predicate, false)}bra ${label};`);
          break;
        }
        case 'if': {
          const number = labels++;
          const otherwise = `$L__else${number}`;
          const end = `$L__end${number}`;
          const hasElse = statement.otherwise.length > 0;
          // The branch skips the then-block: it is taken when the condition is false.
          emit(depth, `${guard(statement.condition.predicate, !statement.condition.negated)}bra ${hasElse ? otherwise : end};`);
          statements(statement.then, depth + 1);
          if (hasElse) {
            emit(depth + 1, `bra.uni ${end};`);
            lines.push(`${otherwise}:`);
            statements(statement.otherwise, depth + 1);
          }
          lines.push(`${end}:`);
          break;
        }
      }
    }
  };
  statements(kernel.body, 1);
  const module = [
    `.version ${kernel.ptxVersion}`,
    `.target ${kernel.architecture}`,
    '.address_size 64',
    '',
    ...(kernel.constBytes > 0 ? [`.const .align 16 .b8 ${CONST_ARRAY}[${kernel.constBytes}];`] : []),
    ...(kernel.sharedBytes > 0 ? [`.shared .align 16 .b8 ${SHARED_ARRAY}[${kernel.sharedBytes}];`] : []),
    ...(kernel.constBytes > 0 || kernel.sharedBytes > 0 ? [''] : []),
    `.visible .entry ${kernel.name}(`,
    kernel.parameters.map((p) => `\t.param ${p.type} ${p.name}`).join(',\n'),
    ')',
    '{',
    ...REGISTER_CLASSES.filter((cls) => counts.has(cls)).map((cls) => `\t.reg ${REGISTER_TYPE[cls]} %${cls}<${counts.get(cls)}>;`),
    ...(kernel.localBytes > 0 ? [`\t.local .align 16 .b8 ${LOCAL_ARRAY}[${kernel.localBytes}];`] : []),
    '',
    ...lines,
    '\tret;',
    '}',
    '',
  ];
  return module.join('\n');
}
