/**
 * What a wait instruction waits for: for each counter it names, the largest count it lets the
 * wave continue with. `s_waitcnt vmcnt(N) expcnt(M) lgkmcnt(K)` (symbolic or as an encoded
 * immediate, decoded with the generation's field layout), `s_waitcnt_vscnt null, N` and the other
 * single-counter gfx10/gfx11 forms, and gfx12's `s_wait_loadcnt N`... with the combined
 * `s_wait_loadcnt_dscnt` / `s_wait_storecnt_dscnt`. A counter left out, or given its largest value,
 * is not waited for (the documented default of an omitted field).
 */
import { GENERATION_COUNTERS, type AmdgpuGeneration, type WaitCounter } from '../../spec/amdgpu/counters.js';

/** One counter a wait instruction waits on: it issues once at most `limit` are outstanding. */
export interface CounterWait {
  readonly counter: WaitCounter;
  readonly limit: number;
}

/** A wait the syntax allows but the model cannot read (a count in a register): no wait is modelled. */
export interface UnreadWait {
  readonly unsupported: string;
}

/** A malformed wait, with the offset in the operand text where the problem starts (-1: the mnemonic itself). */
export class WaitSyntaxError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

/** The counters of a generation by name. */
function countersOf(generation: AmdgpuGeneration): Map<WaitCounter, { max: number; fields: readonly string[] }> {
  return new Map(GENERATION_COUNTERS[generation].counters.map((c) => [c.counter, { max: c.max, fields: c.fields }]));
}

/** An integer as the assembler writes it: decimal, 0x hex, or 0b binary; null otherwise. */
function integer(text: string): number | null {
  const trimmed = text.trim();
  if (/^-?\d+$/.test(trimmed)) return Number(trimmed);
  if (/^0x[0-9a-f]+$/i.test(trimmed)) return parseInt(trimmed.slice(2), 16);
  if (/^0b[01]+$/i.test(trimmed)) return parseInt(trimmed.slice(2), 2);
  return null;
}

/** A field `hi:lo` of a value. */
function field(value: number, range: string): { value: number; width: number } {
  const [hi, lo] = range.split(':').map(Number) as [number, number];
  const width = hi - lo + 1;
  return { value: (value >> lo) & ((1 << width) - 1), width };
}

/** The waits of one counter value, dropping a value that waits for nothing (the counter's largest). */
function keep(counter: WaitCounter, limit: number, max: number): CounterWait[] {
  return limit >= max ? [] : [{ counter, limit }];
}

/**
 * Decodes the wait of `mnemonic` with operands `operands` (as written after the mnemonic) on
 * `generation`. Throws `WaitSyntaxError` for a malformed operand, a count above the counter's
 * largest value, or a wait instruction the generation does not have.
 */
export function decodeWait(mnemonic: string, operands: string, generation: AmdgpuGeneration): CounterWait[] | UnreadWait {
  const counters = countersOf(generation);
  const gfx12 = generation === 'gfx12';
  if (mnemonic === 's_waitcnt') {
    if (gfx12) return { unsupported: 's_waitcnt is deprecated on gfx12 and LLVM does not emit it; which gfx12 counters it waits on is not modelled, so it is taken as no wait' };
    const value = integer(operands);
    if (value !== null) {
      if (value < 0 || value > 0xffff) throw new WaitSyntaxError(`expected a 16-bit s_waitcnt immediate, got ${operands.trim()}`, 0);
      return (['vmcnt', 'expcnt', 'lgkmcnt'] as const).flatMap((counter) => {
        const facts = counters.get(counter)!;
        // Low field first (vmcnt's 3:0 then 15:14 on gfx9/gfx10).
        let limit = 0;
        let shift = 0;
        for (const range of facts.fields) {
          const part = field(value, range);
          limit |= part.value << shift;
          shift += part.width;
        }
        return keep(counter, limit, facts.max);
      });
    }
    return symbolicWaits(operands, counters);
  }
  const single = /^s_waitcnt_(vmcnt|expcnt|lgkmcnt|vscnt)$/.exec(mnemonic);
  if (single) {
    const counter = single[1] as WaitCounter;
    if (gfx12 || !counters.has(counter)) throw new WaitSyntaxError(`${mnemonic} does not exist on ${generation} (it has ${[...counters.keys()].join(', ')})`, -1);
    const match = /^\s*(\S+)\s*,\s*(\S+)\s*$/.exec(operands);
    const count = match ? integer(match[2]!) : null;
    if (!match || count === null) throw new WaitSyntaxError(`expected '${mnemonic} null, N'`, 0);
    if (count < 0 || count > 0xffff) throw new WaitSyntaxError(`expected a 16-bit count, got ${match[2]}`, operands.indexOf(match[2]!));
    // With a register other than null the count is the register's value plus the immediate: unknown here.
    if (match[1] !== 'null') return { unsupported: `${mnemonic} with a count in ${match[1]} (not null): the count is not known statically, so it is taken as no wait` };
    return keep(counter, Math.min(count, counters.get(counter)!.max), counters.get(counter)!.max);
  }
  const extended = /^s_wait_(loadcnt|storecnt|dscnt|kmcnt|samplecnt|bvhcnt|expcnt|loadcnt_dscnt|storecnt_dscnt)$/.exec(mnemonic);
  if (extended) {
    if (!gfx12) throw new WaitSyntaxError(`${mnemonic} is a gfx12 wait; ${generation} waits with s_waitcnt`, -1);
    const count = integer(operands);
    if (count === null || count < 0 || count > 0xffff) throw new WaitSyntaxError(`expected a 16-bit count, got '${operands.trim()}'`, 0);
    const name = extended[1]!;
    if (name.endsWith('_dscnt')) {
      // getLoadcntStorecntBitShift 8 and getDscntBitShift 0, 6 bits each.
      const first = name.slice(0, -'_dscnt'.length) as WaitCounter;
      return [...keep(first, (count >> 8) & 0x3f, counters.get(first)!.max), ...keep('dscnt', count & 0x3f, counters.get('dscnt')!.max)];
    }
    const counter = name as WaitCounter;
    const max = counters.get(counter)!.max;
    if (count > max) throw new WaitSyntaxError(`${counter} counts 0..${max} on ${generation}, got ${count}`, 0);
    return keep(counter, count, max);
  }
  throw new WaitSyntaxError(`${mnemonic} is not a wait instruction`, -1);
}

/** `vmcnt(1) expcnt(0) lgkmcnt(2)`, separated by spaces, commas or `&`; `_sat` forms clamp. */
function symbolicWaits(operands: string, counters: Map<WaitCounter, { max: number }>): CounterWait[] {
  const waits: CounterWait[] = [];
  const pattern = /([a-z]+?)(_sat)?\(\s*([^)]*?)\s*\)|[,&\s]+|([^,&\s]+)/gy;
  for (const match of operands.matchAll(pattern)) {
    if (match[4] !== undefined) throw new WaitSyntaxError(`expected vmcnt(N), expcnt(N) or lgkmcnt(N), got '${match[4]}'`, match.index!);
    if (match[1] === undefined) continue;
    const counter = match[1] as WaitCounter;
    const facts = counters.get(counter);
    if (!facts || !['vmcnt', 'expcnt', 'lgkmcnt'].includes(counter)) throw new WaitSyntaxError(`expected vmcnt, expcnt or lgkmcnt in s_waitcnt, got '${match[1]}'`, match.index!);
    const value = integer(match[3]!);
    if (value === null || value < 0) throw new WaitSyntaxError(`expected a count in ${match[1]}(...), got '${match[3]}'`, match.index!);
    if (value > facts.max && match[2] === undefined) throw new WaitSyntaxError(`${counter} counts 0..${facts.max}, got ${value}`, match.index!);
    if (waits.some((wait) => wait.counter === counter)) throw new WaitSyntaxError(`${counter} is given twice`, match.index!);
    waits.push(...keep(counter, Math.min(value, facts.max), facts.max));
  }
  return waits;
}
