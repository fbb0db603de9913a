/**
 * Reading AMDGPU register names out of operand text: `v4`, `v[4:7]`, `s[0:1]`, `a[0:3]`,
 * `ttmp[4:5]`, `vcc` (`vcc_lo`, `vcc_hi`), `exec` (`exec_lo`, `exec_hi`), `m0`, `scc`,
 * `flat_scratch`, `xnack_mask`, through the decorations an operand may carry (`-|v0|`, `neg(v1)`,
 * `v1.h`). Literals, inline constants, `off`, `null`, `src_*` constants and labels name none.
 * Names stay AMD's (`v4`, `s0`), distinct from NVIDIA's `R4`; a 64-bit pair is two names.
 */

/** A register range written backwards, say, with where in the operand it is. */
export class RegisterSyntaxError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

// Not preceded by a name character (so `src_scc`, `offset:v1`-like words and symbols do not match).
const BEFORE = String.raw`(?<![\w.$@:])`;
const RANGE = new RegExp(`${BEFORE}(v|s|a|acc|ttmp)\\[(\\d+)(?::(\\d+))?\\](?![\\w])`, 'g');
const SINGLE = new RegExp(`${BEFORE}(v|s|a|acc|ttmp)(\\d+)(?:\\.[lh])?(?![\\w\\[])`, 'g');
const PAIRED = new RegExp(`${BEFORE}(vcc|exec|flat_scratch|xnack_mask|tba|tma)(?:_(lo|hi))?(?![\\w])`, 'g');
const PLAIN = new RegExp(`${BEFORE}(m0|scc)(?![\\w])`, 'g');

/**
 * The registers an operand names, each 32-bit register once, in written order. Throws
 * `RegisterSyntaxError` for a range whose last register comes before its first.
 */
export function operandRegisters(operand: string): string[] {
  const found: { at: number; names: string[] }[] = [];
  // Ranges first, blanked out so their digits are not read again as single registers.
  let rest = operand;
  for (const match of operand.matchAll(RANGE)) {
    const file = match[1] === 'acc' ? 'a' : match[1]!;
    const first = Number(match[2]);
    const last = match[3] === undefined ? first : Number(match[3]);
    if (last < first) throw new RegisterSyntaxError(`${match[0]}: expected a register range with its first register no higher than its last`, match.index!);
    const names: string[] = [];
    for (let index = first; index <= last; index++) names.push(`${file}${index}`);
    found.push({ at: match.index!, names });
    rest = rest.slice(0, match.index!) + ' '.repeat(match[0].length) + rest.slice(match.index! + match[0].length);
  }
  for (const match of rest.matchAll(SINGLE)) found.push({ at: match.index!, names: [`${match[1] === 'acc' ? 'a' : match[1]}${Number(match[2])}`] });
  for (const match of rest.matchAll(PAIRED)) found.push({ at: match.index!, names: match[2] ? [`${match[1]}_${match[2]}`] : [`${match[1]}_lo`, `${match[1]}_hi`] });
  for (const match of rest.matchAll(PLAIN)) found.push({ at: match.index!, names: [match[1]!] });
  const out: string[] = [];
  for (const { names } of found.sort((a, b) => a.at - b.at)) for (const name of names) if (!out.includes(name)) out.push(name);
  return out;
}

/** Whether a register name is scalar (SGPR, TTMP or a special scalar register): a VALU or carry-out can write it as a second result. */
export function isScalarRegister(name: string): boolean {
  return /^(s|ttmp)\d+$/.test(name) || /^(vcc|exec|flat_scratch|xnack_mask|tba|tma)_(lo|hi)$/.test(name) || name === 'm0';
}
