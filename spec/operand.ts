/**
 * Operands as written, shared by every machine whose programs name registers. Only `register`
 * operands create dependencies; `RZ` and `PT` are constants; immediates are ignored.
 */
export type Operand =
  | { readonly kind: 'register'; readonly name: string }
  | { readonly kind: 'constant'; readonly name: 'RZ' | 'PT' }
  | { readonly kind: 'immediate'; readonly text: string };

/** Names of the register operands in a list, each once, in order (constants and immediates carry no dependency). */
export function registerNames(operands: readonly Operand[]): string[] {
  const names: string[] = [];
  for (const operand of operands) {
    if (operand.kind === 'register' && !names.includes(operand.name)) names.push(operand.name);
  }
  return names;
}

/** The opcode without modifiers: `LDG.E.64` -> `LDG`, `isam.base0` -> `isam`. */
export function baseOpcode(opcode: string): string {
  const dot = opcode.indexOf('.');
  return dot < 0 ? opcode : opcode.slice(0, dot);
}
