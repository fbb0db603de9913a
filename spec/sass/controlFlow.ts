/**
 * Where control goes after a listed instruction, and what a `DEPBAR` waits for, read from the
 * opcode's kind and its operands as written (targets stay labels or addresses; the program
 * builder resolves them).
 */
import type { SassLine } from '../../format/sass/listing.js';
import type { OpcodeInfo } from './architecture.js';
import type { FlowEffect } from './effects.js';
import { baseOpcode, modifiersOf, registerOf } from './operandRegisters.js';

/** Maxwell/Pascal `SYNC`/`BRK`/`CONT` and the opener whose target each goes to. */
const SYNC_OPENER = { SYNC: 'SSY', BRK: 'PBK', CONT: 'PCNT' } as const;

/** nvdisasm's notes (`(*"INDIRECT_CALL"*)`, `(*"BRANCH_TARGETS .L_x_1"*)`), when left in an operand. */
const NOTE = /\(\*.*?\*\)/g;
/** A predicate operand deciding a transfer: `P1`, `!UP0`, `PT`. */
const PREDICATE = /^!?U?P(?:T|[0-6])$/;
/** A Maxwell/Pascal condition-code test deciding a transfer: `CC.EQ`, `CC.T`. */
const CONDITION_CODE = /^CC\.[A-Z0-9]+$/;
/** A general or uniform register operand (a target address, a thread mask): `R6`, `UR4`, `~URZ`. */
const REGISTER = /^~?U?R(?:Z|\d+)$/;
/** A convergence barrier register of Volta and later: `B0`. */
const BARRIER = /^B\d+$/;
/** A signed displacement after an indirect target register (`BRX R2 -0x110`). */
const DISPLACEMENT = /^[-+]0x[0-9a-f]+$/i;
/** A target written as a byte address (`0x130`), not a label. */
const ADDRESS = /^0x[0-9a-f]+$/i;
/** An unsigned immediate: a thread mask (`WARPSYNC 0xffffffff`), a code (`BPT.TRAP 0x1`), a relative base (`RET.REL.NODEC R20 0x0`). */
const IMMEDIATE = /^(?:0x[0-9a-f]+|\d+)$/i;

/**
 * The modifiers each control-flow opcode may carry without changing where control goes beyond
 * what `flowOf` reads from them (`BRA.DIV` and `BRA.CONV` test the warp's convergence, `.U` says
 * the condition is uniform, `BRA.ANY` branches where the guard holds in any thread of the warp,
 * `CALL.ABS`/`.REL` and `RET.ABS`/`.REL` how the target is encoded, `.NOINC`/`.NODEC` leave a
 * call-depth counter alone, `.RECONVERGENT` is a scheduling hint, `WARPSYNC.COLLECTIVE` takes a
 * target, `.ALL` the whole warp as mask, `.EXCLUSIVE` synchronises the threads of its mask one
 * group at a time). A modifier not listed is one whose control flow nothing here says: the
 * instruction's flow is `unknown`.
 */
const CONTROL_MODIFIERS: Readonly<Record<string, readonly string[]>> = {
  BRA: ['U', 'DIV', 'CONV', 'ANY'], JMP: ['U'], BRX: ['U'], JMX: ['U'],
  CALL: ['REL', 'ABS', 'NOINC'], CAL: ['NOINC'], JCAL: ['NOINC'],
  RET: ['REL', 'ABS', 'NODEC'], EXIT: ['KEEPREFCOUNT', 'NO_ATEXIT'], KIL: [], KILL: [],
  SYNC: [], BRK: [], CONT: [], SSY: [], PBK: [], PCNT: [], PRET: [], PEXIT: [],
  BSSY: ['RECONVERGENT'], BSYNC: ['RECONVERGENT'], BREAK: [], WARPSYNC: ['ALL', 'COLLECTIVE', 'EXCLUSIVE'], ENDCOLLECTIVE: [],
};

/**
 * Names that are, or begin like, control flow on some NVIDIA generation (Fermi to Blackwell): an
 * opcode the table does not know that matches (`BRA2`, `CALLX`, `PLONGJMP`, `BSYNCX`) is never
 * taken to fall through (`effects.ts`), since it may jump. Only opcodes missing from the table are
 * asked, so a table's `BREV` or `BAR.SYNC` is not affected.
 */
const CONTROL_NAME = /^(?:BR|JM|J?CAL|P?RET|RTT|P?EXIT|KIL|P?LONGJMP|B?SSY|PBK|PCNT|CONT|ENDCOLLECTIVE|BPT)|SYNC/;

/** Whether an opcode the table does not know may be a control transfer (its name is one on some generation). */
export function looksLikeControlFlow(opcode: string): boolean {
  return CONTROL_NAME.test(baseOpcode(opcode));
}

/**
 * A target written as an operand: `` `(.L_x_1) `` gives `.L_x_1`, `` `(vprintf) `` `vprintf`,
 * a bare label `LOOP` itself, an address `0x130` itself; null for anything else (registers,
 * predicates, `CC.EQ`, immediates with a sign, `B0`...).
 */
export function targetOf(operand: string): string | null {
  const text = operand.trim();
  const quoted = /^`\((.+)\)`?$/.exec(text) ?? /^`(.+)`$/.exec(text);
  if (quoted) return quoted[1]!.trim();
  if (/^0x[0-9a-fA-F]+$/.test(text)) return text;
  if (registerOf(text, true) !== null || /^!?U?P(?:T|\d+)$/.test(text) || /^~?U?RZ$/.test(text)) return null;
  if (/^B\d+$/.test(text) || /^SB\d+$/.test(text) || /^\d/.test(text) || /^CC\./.test(text)) return null;
  return /^[A-Za-z_.$][\w.$@#]*$/.test(text) ? text : null;
}

/** The operands of a line as single tokens (`RET.REL.NODEC R20 0x0` has two), notes left out. */
function tokensOf(line: SassLine): string[] {
  return line.operands.flatMap((operand) => operand.replace(NOTE, ' ').trim().split(/\s+/)).filter((token) => token !== '');
}

/**
 * Reads a control instruction's operands left to right: an optional condition first, then what
 * the opcode's form says. `unread` is what is left when the form is done; anything left makes
 * the flow unknown.
 */
class OperandReader {
  private at = 0;
  constructor(private readonly tokens: readonly string[]) {}

  /**
   * A leading predicate (`BRA.U !UP0, ...`, `@!P0 BRA P1, ...`) or Maxwell condition code
   * (`BRA CC.NE, ...`): whether the transfer may not happen even when the guard holds (`PT`,
   * `UPT` and `CC.T` always hold; any other value, `!PT` included, may fail).
   */
  condition(): boolean {
    const token = this.tokens[this.at];
    if (token === undefined || !(PREDICATE.test(token) || CONDITION_CODE.test(token))) return false;
    this.at++;
    return token !== 'PT' && token !== 'UPT' && token !== 'CC.T';
  }

  /** The next token if it matches `pattern` (consumed), else null. */
  take(pattern: RegExp): string | null {
    const token = this.tokens[this.at];
    if (token === undefined || !pattern.test(token)) return null;
    this.at++;
    return token;
  }

  /** The next token as a target (consumed), else null. */
  target(): string | null {
    const token = this.tokens[this.at];
    const target = token === undefined ? null : targetOf(token);
    if (target !== null) this.at++;
    return target;
  }

  /** Tokens not read. */
  get unread(): readonly string[] {
    return this.tokens.slice(this.at);
  }
}

/** Adds `conditional: true` when the transfer may not happen even when its guard holds. */
function maybe<T extends object>(flow: T, conditional: boolean): T | (T & { readonly conditional: true }) {
  return conditional ? { ...flow, conditional: true } : flow;
}

/**
 * The flow of `line` given its table entry, read from the instruction's meaning, not its name
 * alone. Every control opcode has a form; a line that does not fit it (an operand or modifier
 * nothing here reads, a missing target) gets flow `unknown` with the reason, which the lowering
 * reports and never follows (neither as a fall-through nor as a jump).
 *
 * - `BRA [cond,] target`, `JMP [cond,] target`: a branch; a predicate operand other than `PT`
 *   (`BRA.U !UP0, 0x960`, `@!P0 BRA P1, ...`) or a Maxwell condition code other than `CC.T`
 *   makes it conditional: it may fall through even when its guard holds.
 * - `BRA.DIV [mask,] target` / `BRA.CONV [mask,] target`: a direct branch taken depending on the
 *   convergence of the threads of `mask` (`UR4`, `~URZ`): always conditional. ptxas writes no
 *   mask for sm_70 and sm_75 (`BRA.DIV 0x70`, where for sm_80 it writes `BRA.DIV UR4, ...` for
 *   the same test) and nvdisasm's control-flow graph (`-bbcfg`) gives that form the same two
 *   successors, the target and the next instruction; it reads no register.
 * - `[@P] BRA[.U].ANY target`: the warp branches where the guard holds in any of its threads
 *   (nvdisasm's graph: the target and the next instruction): conditional whatever this thread's
 *   guard, which is only read (`anyThread`).
 * - `BRX reg [displacement]`, `JMX reg`: indirect (target null); a `BRX` nvdisasm notes as
 *   `INDIRECT_CALL` is a call through a register.
 * - `CALL[.REL|.ABS][.NOINC] [cond,] target`, Maxwell `CAL`/`JCAL target`: a call to the label;
 *   with a register first (`CALL.REL.NOINC R6 `(f)``) a call through the register (null target).
 *   An address after `CALL.ABS` or `JCAL` (the absolute calls) is no address of the listing: a
 *   cubin stores 0 there and the loader fills in the callee's address (`cuobjdump -elf` lists an
 *   `R_CUDA_ABS47_34` relocation naming the callee at that offset, nvdisasm prints the call as
 *   `CALL.ABS.NOINC `(use)``, cuobjdump `-sass` as `CALL.ABS.NOINC 0x0`): a call `outside`.
 *   `CALL.REL` and `CAL` targets are offsets within the function (`CALL.REL.NOINC 0x0` is a
 *   function calling itself).
 * - `RET[.REL|.ABS][.NODEC] [cond] [reg [base]]`: a return. `EXIT`, `KIL`, `KILL [cond]`: exits.
 * - Maxwell `SYNC`/`BRK`/`CONT [cond]`: back to their opener; `SSY`/`PBK`/`PCNT target`, Volta+
 *   `BSSY B0, target`: open a region; `PRET target`: pushes a return address (the lowering
 *   accepts it only before the indirect call that returns there); `PEXIT` unknown.
 * - `BSYNC [cond,] B0`, `BREAK [cond,] B0`, `WARPSYNC mask`, `WARPSYNC.ALL`, `WARPSYNC.EXCLUSIVE
 *   mask`: fall through (a thread waits there for others, and goes on). `.EXCLUSIVE` (the
 *   register form's other mode: the same opcode as `WARPSYNC R5`, no target field) ends no basic
 *   block in nvdisasm's control-flow graph (ptxas' `__cuda_reduxsync_b32_or`, sm_80: `BSSY B0`,
 *   `WARPSYNC.EXCLUSIVE R5`, `REDUX.OR UR4, R4`... one block).
 * - `WARPSYNC.COLLECTIVE [mask,] target`: may go on into the collective code or to the target
 *   (conditional); `ENDCOLLECTIVE` may go back to its `WARPSYNC.COLLECTIVE` or on.
 * - Everything else (`BPT`, `YIELD`, `NANOSLEEP`, `NOP`, barriers...) falls through: none of
 *   them transfers control within the kernel (`BPT.TRAP` ends the thread, so falling through
 *   only adds paths).
 */
export function flowOf(line: SassLine, info: OpcodeInfo): FlowEffect {
  const base = baseOpcode(line.opcode);
  const allowed = CONTROL_MODIFIERS[base];
  if (allowed === undefined) return controlKind(info) ? unknownFlow(line, `${base} is a ${info.kind} in the table, but its form is not known`) : { kind: 'next' };
  const modifiers = modifiersOf(line.opcode);
  const strange = modifiers.filter((modifier) => !allowed.includes(modifier));
  if (strange.length > 0) return unknownFlow(line, `modifier ${strange.map((m) => `.${m}`).join(', ')} of ${base} is not one whose control flow is known`);
  const read = new OperandReader(tokensOf(line));
  const flow = formOf(base, modifiers, read, line);
  if (flow.kind === 'unknown') return flow;
  if (read.unread.length > 0) return unknownFlow(line, `operand ${read.unread.join(' ')} of ${base} is not one this model reads`);
  return flow;
}

/** Whether a table kind transfers control (so an unread form of it cannot be taken to fall through). */
function controlKind(info: OpcodeInfo): boolean {
  return info.kind === 'branch' || info.kind === 'call' || info.kind === 'return' || info.kind === 'exit' || info.kind === 'sync';
}

function unknownFlow(line: SassLine, why: string): FlowEffect {
  return { kind: 'unknown', why: `${why} in '${line.text}'` };
}

/** The flow of one control opcode's form (see `flowOf`), reading its operands from `read`. */
function formOf(base: string, modifiers: readonly string[], read: OperandReader, line: SassLine): FlowEffect {
  const missing = (what: string) => unknownFlow(line, `${base} names no ${what} this model can read`);
  switch (base) {
    case 'BRA':
    case 'JMP': {
      const conditional = read.condition();
      const convergence = modifiers.includes('DIV') || modifiers.includes('CONV');
      // BRA.DIV/.CONV: the register, where one is written, is the thread mask whose convergence
      // decides (sm_70 and sm_75 listings write none: the warp's own); the target is direct.
      if (convergence) read.take(REGISTER);
      const target = read.target();
      if (target === null) return missing('target');
      // BRA.ANY: the warp goes where any thread's guard holds, so the transfer may happen or not whatever this thread's guard.
      if (modifiers.includes('ANY')) return { kind: 'branch', target, conditional: true, anyThread: true };
      return maybe({ kind: 'branch', target }, conditional || convergence);
    }
    case 'BRX':
    case 'JMX': {
      const conditional = read.condition();
      if (read.take(REGISTER) === null) return missing('target register');
      read.take(DISPLACEMENT);
      return maybe({ kind: line.text.includes('INDIRECT_CALL') ? 'call' : 'branch', target: null }, conditional);
    }
    case 'CALL':
    case 'CAL':
    case 'JCAL': {
      const conditional = read.condition();
      // CALL.REL.NOINC R6 `(f): the callee's address is in R6, the label only the base it is relative to.
      const indirect = read.take(REGISTER) !== null;
      const target = read.target() ?? (indirect ? null : undefined);
      if (target === undefined) return missing('target');
      // CALL.ABS.NOINC 0x0, JCAL 0x0: an absolute address the loader fills in, never one of the listing.
      const absolute = (modifiers.includes('ABS') || base === 'JCAL') && target !== null && ADDRESS.test(target);
      if (absolute) return maybe({ kind: 'call', target, outside: `the absolute address ${target} is the callee's, which the loader fills in (a cubin's relocation; nvdisasm names the function)` }, conditional);
      return maybe({ kind: 'call', target: indirect ? null : target }, conditional);
    }
    case 'RET': {
      const conditional = read.condition();
      // RET.REL.NODEC R20 0x0: the return address is in R20 (the immediate or label its base).
      if (read.take(REGISTER) !== null && read.target() === null) read.take(IMMEDIATE);
      return maybe({ kind: 'return' }, conditional);
    }
    case 'EXIT':
    case 'KIL':
    case 'KILL':
      return maybe({ kind: 'exit' }, read.condition());
    case 'SYNC':
    case 'BRK':
    case 'CONT':
      return maybe({ kind: 'sync', opener: SYNC_OPENER[base] }, read.condition());
    case 'SSY':
    case 'PBK':
    case 'PCNT':
    case 'PRET': {
      const target = read.target();
      return target === null ? missing('target') : { kind: 'open', opener: base, target };
    }
    case 'BSSY': {
      if (read.take(BARRIER) === null) return missing('convergence barrier');
      const target = read.target();
      return target === null ? missing('target') : { kind: 'open', opener: 'BSSY', target };
    }
    case 'BSYNC':
    case 'BREAK':
      read.condition();
      return read.take(BARRIER) === null ? missing('convergence barrier') : { kind: 'next' };
    case 'WARPSYNC': {
      read.condition();
      const all = modifiers.includes('ALL');
      // The thread mask: a register or an immediate, unless .ALL says the whole warp.
      if (!all && read.take(REGISTER) === null && read.take(IMMEDIATE) === null) return missing('thread mask');
      if (!modifiers.includes('COLLECTIVE')) return { kind: 'next' };
      const target = read.target();
      return target === null ? missing('target') : { kind: 'branch', target, conditional: true };
    }
    case 'ENDCOLLECTIVE':
      return { kind: 'endCollective' };
    default:
      // PEXIT: pushes an address some later instruction goes to; nothing here says which.
      return unknownFlow(line, `${base} changes where a later instruction goes in a way this model does not follow`);
  }
}

/**
 * `DEPBAR.LE SB0, 0x2` (limit in hex or decimal, `SB1, 5` as maxas writes it) -> scoreboard 0,
 * limit 2. A form with a scoreboard set `{5,4}` also waits for those scoreboards to drain; that
 * extra wait is left out (modelling less waiting can only raise false alarms), so `DEPBAR {5,4}`
 * alone gives null, as does any other opcode.
 */
/**
 * The scoreboards a `DEPBAR {1}` / `DEPBAR {0,1}` waits on until each is zero: the list form,
 * whose encoding's low six bits are one per scoreboard (maxas MaxAsGrammar.pm @54eda7af, `$dbar2`
 * and the `db0`..`db5` flags). nvdisasm prints it on Maxwell and Pascal, where ptxas 11.8 and 12.5
 * use it as a wait (`hazardproof fuzz --ptxas --seed 848608723`, test/spec/sass/fixtures/fuzz-depbar-list.sm_50.ptx
 * through ptxas 11.8 for sm_50, fixtures/ptxas-11.8.depbar-list.sm_50.sass line 31: `DEPBAR {1}` after an
 * F2F.F64.F32 setting scoreboard 1 is the only wait before a MUFU.RCP64H reads its result).
 * Empty for any other line.
 */
export function depbarListOf(line: SassLine): number[] {
  if (baseOpcode(line.opcode) !== 'DEPBAR') return [];
  const list = /\{\s*([0-5](?:\s*,\s*[0-5])*)\s*\}/.exec(line.operands.join(','));
  return list === null ? [] : [...new Set(list[1]!.split(',').map((entry) => Number(entry.trim())))].sort((a, b) => a - b);
}

/**
 * The warpgroup's wgmma scoreboard (`gsb0` in `HGMMA ..., gsb0` and `WARPGROUP.DEPBAR.LE gsb0,
 * 0x1`), counted as one more scoreboard after the six of the control words: each wgmma that
 * names it counts one group until the group completes, and `WARPGROUP.DEPBAR.LE gsb0, k` waits
 * until at most k are pending (`wgmma.commit_group` and `wgmma.wait_group k`, PTX ISA).
 */
export const WARPGROUP_SCOREBOARD = 6;

/** Whether the instruction names the warpgroup scoreboard among its operands (`HGMMA ..., gsb0`). */
export function countsOnWarpgroupScoreboard(line: SassLine): boolean {
  return !line.opcode.startsWith('WARPGROUP') && line.operands.some((operand) => operand.trim() === 'gsb0');
}

export function depbarOf(line: SassLine): { scoreboard: number; limit: number } | null {
  if (line.opcode.startsWith('WARPGROUP.DEPBAR')) {
    // WARPGROUP.DEPBAR.LE gsb0, 0x1: at most that many wgmma groups pending.
    const [board, limit] = line.operands.map((operand) => operand.trim());
    if (board !== 'gsb0' || limit === undefined || !/^(?:0x[0-9a-fA-F]+|\d+)$/.test(limit)) return null;
    return { scoreboard: WARPGROUP_SCOREBOARD, limit: Number(limit) };
  }
  if (baseOpcode(line.opcode) !== 'DEPBAR') return null;
  const scoreboard = line.operands.map((operand) => /^SB([0-5])$/.exec(operand.trim())).find((match) => match !== null);
  if (!scoreboard) return null;
  const index = line.operands.findIndex((operand) => operand.trim() === scoreboard[0]);
  const limitText = line.operands[index + 1]?.trim() ?? '';
  if (!/^(?:0x[0-9a-fA-F]+|\d+)$/.test(limitText)) return null;
  return { scoreboard: Number(scoreboard[1]), limit: Number(limitText) };
}
