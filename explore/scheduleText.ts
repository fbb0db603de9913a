/**
 * Writes a schedule compactly: action codes separated by spaces, a run of equal codes as
 * `code*n`. Every machine prints its replay schedules this way.
 */
export function formatCodes(codes: readonly string[]): string {
  const parts: string[] = [];
  let previous = '';
  let count = 0;
  const flush = () => { if (count > 0) parts.push(count > 1 ? `${previous}*${count}` : previous); };
  for (const code of codes) {
    if (code === previous) { count++; continue; }
    flush();
    previous = code;
    count = 1;
  }
  flush();
  return parts.join(' ');
}

/**
 * Reads a schedule written by `formatCodes` with a machine's code parser; returns an error
 * message (naming the bad part and the codes `expected` describes) for malformed text.
 */
export function parseCodes<Action>(text: string, parse: (code: string) => Action | null, expected: string): Action[] | string {
  const actions: Action[] = [];
  for (const part of text.trim().split(/\s+/).filter(Boolean)) {
    const star = part.lastIndexOf('*');
    const code = star < 0 ? part : part.slice(0, star);
    const count = star < 0 ? 1 : Number(part.slice(star + 1));
    const action = parse(code);
    if (!action || !Number.isInteger(count) || count < 1) return `'${part}' is not an action code (${expected}, optionally *count)`;
    for (let i = 0; i < count; i++) actions.push(action);
  }
  return actions;
}
