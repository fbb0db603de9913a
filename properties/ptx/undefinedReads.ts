import { registerName, type PtxKernel, type PtxOperand, type PtxRegister, type PtxStatement } from './kernel.js';

/**
 * Every register a kernel reads where it may not have been written yet, as `%f3 at statement 12`
 * (statements numbered in print order; empty when none). Scopes follow the structured control
 * flow: what a loop body or an if branch writes counts inside it only, a loop's counter is written
 * before its body, and a guarded write must overwrite a register already written (a false guard
 * leaves it as it was). The generator's law, checked without ptxas.
 */
export function undefinedReads(kernel: PtxKernel): string[] {
  const problems: string[] = [];
  let number = 0;
  const registersOf = (operand: PtxOperand): PtxRegister[] => {
    switch (operand.kind) {
      case 'register': return [operand.register];
      case 'vector': return [...operand.registers];
      case 'address': return typeof operand.base === 'string' ? [] : [operand.base];
      default: return [];
    }
  };
  const need = (defined: ReadonlySet<string>, register: PtxRegister, what: string) => {
    if (!defined.has(registerName(register))) problems.push(`${registerName(register)} ${what} at statement ${number}`);
  };
  const walk = (body: readonly PtxStatement[], defined: Set<string>) => {
    for (const statement of body) {
      number++;
      switch (statement.kind) {
        case 'instruction': {
          if (statement.guard !== null) need(defined, statement.guard.predicate, 'read as a guard');
          for (const register of statement.read.flatMap(registersOf)) need(defined, register, 'read');
          for (const operand of statement.written) {
            // An address operand among the written ones (a store's) is read, not written.
            if (operand.kind === 'address') { registersOf(operand).forEach((register) => need(defined, register, 'read')); continue; }
            for (const register of registersOf(operand)) {
              if (statement.guard !== null) need(defined, register, 'written under a guard without an earlier write');
              defined.add(registerName(register));
            }
          }
          break;
        }
        case 'loop': {
          registersOf(statement.bound).forEach((register) => need(defined, register, 'read as the loop bound'));
          const inner = new Set(defined).add(registerName(statement.counter));
          walk(statement.body, inner);
          break;
        }
        case 'if':
          need(defined, statement.condition.predicate, 'read as the condition');
          walk(statement.then, new Set(defined));
          walk(statement.otherwise, new Set(defined));
          break;
      }
    }
  };
  walk(kernel.body, new Set());
  return problems;
}
