/**
 * Source-level mutants of AMDGPU assembly: each is the listing's text with one instruction edited,
 * to be read and checked again as a whole listing (`hazardproof mutate FILE.s`, `fuzz --llvm`).
 *
 * - `drop-wait`: a counter wait line (`s_waitcnt`, `s_waitcnt_vscnt`..., gfx12 `s_wait_*cnt`)
 *   removed. In `llvm-objdump -d` text, whose lines carry addresses, `s_nop 0` takes its place so
 *   that branch targets keep their addresses.
 * - `loosen-wait`: one counter of one wait line raised by one (`vmcnt(0)` -> `vmcnt(1)`,
 *   `s_wait_loadcnt 0x0` -> `0x1`), the line re-encoded as llc prints it, its other counters
 *   untouched. A counter a wait leaves out waits for nothing (its maximum), so it is not loosened;
 *   raised to its maximum it waits for nothing, and llc's printer leaves it out (printing all three
 *   `s_waitcnt` fields when none waits).
 * - `shorten-nop`: `s_nop N` -> `s_nop N-1`, and `s_nop 0` removed (not in objdump text). These
 *   are about the wait-state hazards LLVM's hazard recognizer resolves, not the wait counters:
 *   report them apart from the wait mutants.
 *
 * Mutants come in source order (function by function, line by line; for a line, the drop first,
 * then its counters in the order the wait names them). `waitMutantSites` keeps the wait mutants
 * where a load's result is read after the wait, and tells from the text alone whether the change
 * surely uncovers such a read (`fuzz --llvm` requires those to be caught).
 */
import { decodeWait, type CounterWait } from '../../format/amdgpu/waits.js';
import { CAP } from '../../format/amdgpu/lower.js';
import type { AmdgpuLine } from '../../format/amdgpu/listing.js';
import { isAmdgpuObjdumpText, parseAmdgpuObjdump } from '../../format/amdgpu/objdump.js';
import { parseAmdgpuListing } from '../../format/amdgpu/parse.js';
import { AMDGPU_TARGET_INFO, GENERATION_COUNTERS, type AmdgpuGeneration, type AmdgpuTarget, type WaitCounter } from '../../spec/amdgpu/counters.js';

/** What a mutant changes. */
export type SourceMutantKind = 'drop-wait' | 'loosen-wait' | 'shorten-nop';

/** One source-level mutant. */
export interface SourceMutant {
  readonly kind: SourceMutantKind;
  /** The function whose instruction is changed. */
  readonly function: string;
  /** 1-based line of the changed instruction. */
  readonly line: number;
  /** `loosen-wait`: the counter and its count before and after (`to` the counter's maximum: no wait); null otherwise. */
  readonly counter: { readonly name: WaitCounter; readonly from: number; readonly to: number } | null;
  /** For reports: `line 19: s_waitcnt vmcnt(0) -> vmcnt(1)`, `line 19: s_waitcnt vmcnt(0) dropped`. */
  readonly description: string;
  /** The instruction written in place of the old one ('' when it is removed). */
  readonly replacement: string;
  /** The whole listing with the change (built when read). */
  readonly text: string;
}

/** The counter waits `decodeWait` reads (not `s_waitcnt_depctr`, a wait-state instruction). */
const COUNTER_WAIT = /^(s_waitcnt(_(vmcnt|expcnt|lgkmcnt|vscnt))?|s_wait_(loadcnt|storecnt|dscnt|kmcnt|samplecnt|bvhcnt|expcnt|loadcnt_dscnt|storecnt_dscnt))$/;

/**
 * Every mutant of the functions of an AMDGPU listing (llc output or `llvm-objdump -d` text) for
 * `target`, in source order. Throws the parser's `InputError` for text the checker would not read.
 */
export function sourceMutants(text: string, file: string, target: AmdgpuTarget): SourceMutant[] {
  const objdump = isAmdgpuObjdumpText(text);
  const listing = objdump ? parseAmdgpuObjdump(text, file) : parseAmdgpuListing(text, file);
  const lines = text.split('\n');
  const generation = AMDGPU_TARGET_INFO[target].generation;
  const maxima = new Map(GENERATION_COUNTERS[generation].counters.map((c) => [c.counter, c.max]));
  const mutants: SourceMutant[] = [];
  for (const fn of listing.functions) {
    for (const instruction of fn.instructions) {
      const raw = lines[instruction.line - 1];
      const start = instruction.column - 1;
      // The instruction's span in the line (labels before it and comments after it stay).
      if (raw === undefined || raw.slice(start, start + instruction.text.length) !== instruction.text) continue;
      const mutant = (kind: SourceMutantKind, replacement: string, change: string, counter: SourceMutant['counter'] = null): SourceMutant => {
        const edited = raw.slice(0, start) + replacement + raw.slice(start + instruction.text.length);
        return {
          kind, function: fn.name, line: instruction.line, counter, description: `line ${instruction.line}: ${instruction.text} ${change}`, replacement,
          get text() {
            return lines.map((line, index) => (index === instruction.line - 1 ? edited : line)).join('\n');
          },
        };
      };
      const mnemonic = instruction.parts[0]!.mnemonic;
      if (COUNTER_WAIT.test(mnemonic)) {
        mutants.push(mutant('drop-wait', objdump ? 's_nop 0' : '', objdump ? 'dropped (s_nop 0 in its place keeps the addresses)' : 'dropped'));
        for (const wait of readWaits(instruction, generation)) {
          const max = maxima.get(wait.counter)!;
          const to = wait.limit + 1;
          const loosened = withLimit(instruction, generation, wait.counter, to, maxima);
          if (loosened === null) continue;
          const operands = loosened.slice(mnemonic.length).trim();
          mutants.push(mutant('loosen-wait', loosened, `-> ${operands}${to >= max ? ` (no wait on ${wait.counter})` : ''}`, { name: wait.counter, from: wait.limit, to }));
        }
      } else if (mnemonic === 's_nop') {
        const count = integer(instruction.operandText);
        if (count === null) continue;
        if (count > 0) mutants.push(mutant('shorten-nop', `s_nop ${count - 1}`, `-> s_nop ${count - 1}`));
        else if (!objdump) mutants.push(mutant('shorten-nop', '', 'dropped'));
      }
    }
  }
  return mutants;
}

/** The counters a wait line waits on (none for one the model cannot read). */
function readWaits(instruction: AmdgpuLine, generation: AmdgpuGeneration): CounterWait[] {
  try {
    const waits = decodeWait(instruction.parts[0]!.mnemonic, instruction.operandText, generation);
    return 'unsupported' in waits ? [] : waits;
  } catch {
    return [];
  }
}

/** The wait instruction with `counter` waiting for `limit` and every other counter as before, written as llc writes it. */
function withLimit(instruction: AmdgpuLine, generation: AmdgpuGeneration, counter: WaitCounter, limit: number, maxima: ReadonlyMap<WaitCounter, number>): string | null {
  const mnemonic = instruction.parts[0]!.mnemonic;
  const limits = new Map(readWaits(instruction, generation).map((wait) => [wait.counter, wait.limit]));
  limits.set(counter, limit);
  const of = (name: WaitCounter) => Math.min(limits.get(name) ?? maxima.get(name)!, maxima.get(name)!);
  const hex = (value: number) => `0x${value.toString(16)}`;
  if (mnemonic === 's_waitcnt') {
    // AMDGPUInstPrinter::printWaitFlag: the fields not at their maximum, or all three when none is.
    const fields = (['vmcnt', 'expcnt', 'lgkmcnt'] as const).map((name) => ({ name, value: of(name), waits: of(name) < maxima.get(name)! }));
    const shown = fields.some((field) => field.waits) ? fields.filter((field) => field.waits) : fields;
    return `s_waitcnt ${shown.map((field) => `${field.name}(${field.value})`).join(' ')}`;
  }
  const single = /^s_waitcnt_[a-z]+$/.exec(mnemonic);
  if (single) return `${mnemonic} ${instruction.parts[0]!.operands[0]?.text ?? 'null'}, ${hex(of(counter))}`;
  const combined = /^s_wait_(loadcnt|storecnt)_dscnt$/.exec(mnemonic);
  if (combined) return `${mnemonic} ${hex((of(combined[1] as WaitCounter) << 8) | of('dscnt'))}`;
  if (/^s_wait_[a-z]+cnt$/.test(mnemonic)) return `${mnemonic} ${hex(of(counter))}`;
  return null;
}

/** An integer as the assembler writes it: decimal or 0x hex; null otherwise. */
function integer(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (/^0x[0-9a-f]+$/i.test(trimmed)) return parseInt(trimmed.slice(2), 16);
  return null;
}

// ---- Where a load's result is read: the relevance of wait mutants, from llc's text alone. ----

const WAIT = /^\s*s_wait(cnt(_[a-z]+)?|_\w+cnt)\b/;
const STORE_WAIT = /^\s*(s_waitcnt_vscnt|s_wait_storecnt)\b/;
const LOAD = /^\s*(global_load|buffer_load|flat_load|scratch_load|ds_read|ds_load|s_load|s_buffer_load)\w*\s/;
const ATOMIC = /^\s*(global_atomic|flat_atomic|buffer_atomic|ds_)\w*\s/;
const RETURNS = /\bglc\b|TH_ATOMIC_RETURN|^\s*ds_\w*_rtn/;
const ALL_SOURCES = /^\s*(global_store|buffer_store|flat_store|scratch_store|ds_write|ds_store|s_store|s_cmp|s_bitcmp|global_atomic|flat_atomic|buffer_atomic|ds_)\w*/;
/** Ends the straight stretch from a load to a read: a jump, a return, the end of the program, or a call (whose callee waits on entry). */
const JUMP = /^\s*(s_branch|s_setpc_b64|s_endpgm|s_swappc_b64|s_call_b64)\b/;

/** The counter class a load counts on: vector memory (vmcnt, gfx12 loadcnt) or LDS/scalar (lgkmcnt, gfx12 dscnt/kmcnt); FLAT both. */
function loadClass(line: string): 'vm' | 'lgkm' | 'both' {
  return /^\s*(s_load|s_buffer_load|ds_)/.test(line) ? 'lgkm' : /^\s*flat_/.test(line) ? 'both' : 'vm';
}

/** Whether a wait can cover a load of that class (an encoded immediate may name any counter). */
function waitCovers(wait: string, cls: 'vm' | 'lgkm' | 'both'): boolean {
  if (STORE_WAIT.test(wait)) return false;
  const vm = /vmcnt|loadcnt/.test(wait);
  const lgkm = /lgkmcnt|dscnt|kmcnt/.test(wait);
  if (!vm && !lgkm) return /^\s*s_waitcnt\s+[^a-z\s]/.test(wait);
  return cls === 'vm' ? vm : cls === 'lgkm' ? lgkm : vm || lgkm;
}

/** The registers an operand list names (`v3`, `s[4:7]`, `a1`), expanded. */
function registers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?<![\w.])([vsa])(?:(\d+)|\[(\d+):(\d+)\])(?![\w])/g)) {
    const first = Number(m[2] ?? m[3]);
    const last = Number(m[2] ?? m[4]);
    for (let r = first; r <= last; r++) found.push(`${m[1]}${r}`);
  }
  return found;
}

function operands(line: string): string[] {
  const body = line.replace(/;.*$/, '').trim();
  const space = body.search(/\s/);
  return space < 0 ? [] : body.slice(space + 1).split(',').map((o) => o.trim());
}

/** What a line writes from memory: the destination of a load or of an atomic with return. */
function loadDestination(line: string): string[] {
  if (!LOAD.test(line) && !(ATOMIC.test(line) && RETURNS.test(line))) return [];
  return registers(operands(line)[0] ?? '');
}

function reads(line: string): string[] {
  if (WAIT.test(line) || /^\s*(;|\.|$)/.test(line) || /^\S/.test(line)) return [];
  const ops = operands(line);
  const atomicWithReturn = ATOMIC.test(line) && RETURNS.test(line);
  return registers((ALL_SOURCES.test(line) && !atomicWithReturn ? ops : ops.slice(1)).join(','));
}

function writes(line: string): string[] {
  if (WAIT.test(line) || /^\s*(;|\.|$)/.test(line) || /^\S/.test(line) || (ALL_SOURCES.test(line) && !(ATOMIC.test(line) && RETURNS.test(line)))) return [];
  return registers(operands(line)[0] ?? '');
}

/** A wait line after which a later line reads a register a load wrote before it. */
export interface MutantSite {
  /** 0-based index of the wait line. */
  readonly line: number;
  /**
   * The wait is the only one that can cover the load's counter on a jump-free stretch from a
   * load to an instruction reading its result, with no other write to those registers between:
   * without it the read can see the register before the load completes.
   */
  readonly guardsRegister: boolean;
}

/** What the site searches need of each line, read once (the searches look at each line many times). */
interface LineFacts {
  readonly text: string;
  readonly wait: boolean;
  readonly jump: boolean;
  /** Registers a load (or an atomic with return) writes from memory; empty otherwise. */
  readonly loaded: readonly string[];
  readonly cls: 'vm' | 'lgkm' | 'both';
  readonly reads: ReadonlySet<string>;
  readonly writes: ReadonlySet<string>;
}

function lineFacts(lines: readonly string[]): LineFacts[] {
  return lines.map((text) => ({
    text, wait: WAIT.test(text), jump: JUMP.test(text), loaded: loadDestination(text), cls: loadClass(text), reads: new Set(reads(text)), writes: new Set(writes(text)),
  }));
}

/**
 * How far from a wait the certain-site searches look for the load and the read, in lines: a bound
 * on their cost in huge straight-line functions. A pair further apart is not called certain (the
 * safe direction: fewer certain sites, never a wrong one).
 */
const SITE_WINDOW = 256;

/** The jump-free stretch around line `w` (a pair spanning a jump is never certain), clipped to `SITE_WINDOW` lines each side. */
function stretchAround(facts: readonly LineFacts[], w: number): { first: number; last: number } {
  let first = w;
  while (first > 0 && w - first < SITE_WINDOW && !facts[first - 1]!.jump) first--;
  let last = w;
  while (last + 1 < facts.length && last - w < SITE_WINDOW && !facts[last + 1]!.jump) last++;
  return { first, last };
}

/** The last line reading each register (memoized per text: every loosened counter of a file asks). */
const lastReadsOf = new WeakMap<readonly LineFacts[], Map<string, number>>();
function lastReads(facts: readonly LineFacts[]): Map<string, number> {
  let last = lastReadsOf.get(facts);
  if (last === undefined) {
    last = new Map();
    facts.forEach((fact, index) => { for (const register of fact.reads) last!.set(register, index); });
    lastReadsOf.set(facts, last);
  }
  return last;
}

/** Whether some load before line `w` writes a register some line after `w` reads (anywhere in the text). */
function looseSites(facts: readonly LineFacts[]): boolean[] {
  const readsAfter = new Map<string, number>();
  for (const fact of facts) for (const register of fact.reads) readsAfter.set(register, (readsAfter.get(register) ?? 0) + 1);
  const loadedBefore = new Set<string>();
  return facts.map((fact) => {
    for (const register of fact.reads) readsAfter.set(register, readsAfter.get(register)! - 1);
    const loose = fact.wait && [...loadedBefore].some((register) => (readsAfter.get(register) ?? 0) > 0);
    for (const register of fact.loaded) loadedBefore.add(register);
    return loose;
  });
}

/**
 * The waits after which a later line reads a register a load wrote before them (`lines`: llc's
 * text split at newlines). Whether the load's class matches the wait does not matter here (any
 * such wait is a site); it does for `guardsRegister`.
 */
export function mutantSites(lines: readonly string[]): MutantSite[] {
  const facts = lineFacts(lines);
  const loose = looseSites(facts);
  const sites: MutantSite[] = [];
  facts.forEach((fact, w) => {
    if (!loose[w]) return;
    const { first, last } = stretchAround(facts, w);
    let strict = false;
    for (let l = first; l < w && !strict; l++) {
      const load = facts[l]!;
      if (load.loaded.length === 0 || !waitCovers(fact.text, load.cls)) continue;
      for (let r = w + 1; r <= last && !strict; r++) {
        if (!load.loaded.some((register) => facts[r]!.reads.has(register))) continue;
        strict = onlyGuard(facts, l, w, r, load.cls, load.loaded);
      }
    }
    sites.push({ line: w, guardsRegister: strict });
  });
  return sites;
}

/**
 * On the stretch from load `l` to read `r`, the wait `w` is the only one covering `cls`, no jump
 * ends it, nothing after `w` writes the loaded registers again, and fewer than `CAP` instructions
 * that may count on the load's counter come between them (with that many, the model's stated
 * assumption that a counter never passes its largest value may cover the load: no certainty).
 */
function onlyGuard(facts: readonly LineFacts[], l: number, w: number, r: number, cls: 'vm' | 'lgkm' | 'both', destination: readonly string[]): boolean {
  const counting = cls === 'vm' ? [MAY_COUNT.vmcnt!] : cls === 'lgkm' ? [MAY_COUNT.lgkmcnt!] : [MAY_COUNT.vmcnt!, MAY_COUNT.lgkmcnt!];
  if (counting.some((pattern) => facts.slice(l + 1, r).filter((fact) => pattern.test(fact.text)).length >= CAP)) return false;
  for (let at = l + 1; at < r; at++) {
    if (at === w) continue;
    const fact = facts[at]!;
    if ((fact.wait && waitCovers(fact.text, cls)) || fact.jump || (at > w && destination.some((register) => fact.writes.has(register)))) return false;
  }
  return true;
}

/** For a loosened counter: whether a load counts on it (FLAT loads on both of their counters). */
const COUNTED_LOADS: Partial<Record<WaitCounter, RegExp>> = {
  vmcnt: /^\s*(global_|buffer_|scratch_|flat_)/,
  loadcnt: /^\s*(global_|buffer_|scratch_|flat_)/,
  lgkmcnt: /^\s*(ds_|s_load|s_buffer_load|flat_)/,
  dscnt: /^\s*(ds_|flat_)/,
  kmcnt: /^\s*(s_load|s_buffer_load)/,
};

/**
 * Instructions that may count on a counter: more than do (stores on vmcnt after gfx9, every
 * scalar memory and message instruction on lgkmcnt), never fewer, so that a count of them between
 * a load and a wait is at least the true one.
 */
const MAY_COUNT: Partial<Record<WaitCounter, RegExp>> = {
  vmcnt: /^\s*(global_|buffer_|scratch_|flat_|image_|tbuffer_)/,
  loadcnt: /^\s*(global_|buffer_|scratch_|flat_|image_|tbuffer_)/,
  lgkmcnt: /^\s*(ds_|flat_|s_(load|buffer_|store|atomic|scratch_|dcache_|memtime|memrealtime|sendmsg|get_barrier|barrier_))/,
  dscnt: /^\s*(ds_|flat_)/,
  kmcnt: /^\s*s_(load|buffer_|store|atomic|scratch_|dcache_|memtime|memrealtime|sendmsg|get_barrier|barrier_)/,
};

/**
 * Whether a loosened counter of wait `w` is a site (a load counting on it before `w`, its
 * result read after) and whether the text shows the loosening uncovers such a read.
 *
 * `guardsRegister` holds when, for some load `l` and read `r`: `w` is the only wait on the stretch
 * covering the load's class, no jump ends the stretch and nothing after `w` writes the loaded
 * registers again (as for a dropped wait); the load is not FLAT (FLAT counts on two counters, and
 * the wait's other counter may still cover it); and at most `from` instructions that may count on
 * the counter lie between `l` and `w`. Then, counters draining in order at best, the original
 * count `from` is what covers `l` and `from + 1` lets it still be in flight at the read: a proof
 * of the mutant is a miss. Approximate, in the safe direction only (a miss is never invented, some
 * are not told apart from waits that still cover every read): the count over-counts (stores on
 * vmcnt after gfx9, every scalar memory instruction on lgkmcnt), any other wait naming the class
 * ends the stretch whatever its count, FLAT loads and other paths than the straight one are left
 * out. A loosened wait proved safe without it may still cover the read (`vmcnt(0)` -> `vmcnt(1)`
 * when the read needs only the older of two loads): it is counted as guarding nothing.
 */
function loosenedSite(facts: readonly LineFacts[], loose: readonly boolean[], w: number, counter: WaitCounter, from: number): Omit<MutantSite, 'line'> | null {
  const counted = COUNTED_LOADS[counter];
  const mayCount = MAY_COUNT[counter];
  if (counted === undefined || mayCount === undefined || !loose[w]) return null;
  // A site where some load counting on this counter is read after the wait.
  const lastRead = lastReads(facts);
  const site = facts.slice(0, w).some((load) => load.loaded.length > 0 && counted.test(load.text) && load.loaded.some((register) => (lastRead.get(register) ?? -1) > w));
  if (!site) return null;
  const { first, last } = stretchAround(facts, w);
  for (let l = first; l < w; l++) {
    const load = facts[l]!;
    if (load.loaded.length === 0 || !counted.test(load.text) || load.cls === 'both') continue;
    for (let r = w + 1; r <= last; r++) {
      if (!load.loaded.some((register) => facts[r]!.reads.has(register))) continue;
      if (!onlyGuard(facts, l, w, r, load.cls, load.loaded)) continue;
      if (facts.slice(l + 1, w).filter((fact) => mayCount.test(fact.text)).length <= from) return { guardsRegister: true };
    }
  }
  return { guardsRegister: false };
}

/** A wait mutant where a load's result is read after the wait. */
export interface WaitMutantSite {
  readonly mutant: SourceMutant;
  /** The text shows the change lets a read see a load's register before it is written (`mutantSites`, `loosenedSite`): a proof of the mutant is a miss. */
  readonly guardsRegister: boolean;
}

/**
 * The wait mutants of `mutants` (from `sourceMutants` on llc's `text`) where a load's result is
 * read after the wait: a dropped wait where `mutantSites` finds one, a loosened counter where a
 * load counting on it is read after the wait (only the load counters: vmcnt, lgkmcnt, gfx12
 * loadcnt, dscnt, kmcnt), in the order of `mutants`.
 */
export function waitMutantSites(text: string, mutants: readonly SourceMutant[]): WaitMutantSite[] {
  const facts = lineFacts(text.split('\n'));
  const loose = looseSites(facts);
  const dropped = new Map(mutantSites(facts.map((fact) => fact.text)).map((site) => [site.line, site.guardsRegister]));
  return mutants.flatMap((mutant): WaitMutantSite[] => {
    if (mutant.kind === 'drop-wait') {
      const guards = dropped.get(mutant.line - 1);
      return guards === undefined ? [] : [{ mutant, guardsRegister: guards }];
    }
    if (mutant.kind !== 'loosen-wait' || mutant.counter === null) return [];
    const site = loosenedSite(facts, loose, mutant.line - 1, mutant.counter.name, mutant.counter.from);
    return site === null ? [] : [{ mutant, guardsRegister: site.guardsRegister }];
  });
}
