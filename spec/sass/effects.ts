/**
 * What one listed instruction does to the model, decided by the architecture's opcode table:
 * which registers it reads and writes, which unit produces its results, and where control goes.
 */
import type { SassLine } from '../../format/sass/listing.js';
import type { ArchitectureTable, OpcodeInfo } from './architecture.js';
import type { RegisterClasses } from './program.js';
import { depbarOf, flowOf, looksLikeControlFlow } from './controlFlow.js';
import { baseOpcode, fileOf, modifiersOf, registerOf } from './operandRegisters.js';
import { operandEffects, unknownOperandEffects } from './operandShapes.js';

/** How control leaves an instruction, before labels are resolved to indices. */
export type FlowEffect =
  | { readonly kind: 'next' }
  /**
   * `target`: the label (`.L_x_1`), or the absolute byte address (`0x130`) as written; null when
   * indirect (`BRX R2`, `CALL.REL.NOINC R6`). `conditional`: the transfer may not happen even
   * when the guard holds (a predicate operand, `BRA.DIV`), so control may also fall through.
   * `anyThread` (`@P1 BRA.U.ANY`): the warp branches where the guard holds in any of its threads,
   * so this thread's own guard decides nothing (it is read, as any predicate operand is).
   * `outside`: the target is no address of the listing, whatever it reads like (`CALL.ABS.NOINC
   * 0x0`, whose absolute address the loader fills in), with why.
   */
  | { readonly kind: 'branch' | 'call'; readonly target: string | null; readonly conditional?: true; readonly anyThread?: true; readonly outside?: string }
  | { readonly kind: 'return' | 'exit'; readonly conditional?: true }
  /** Maxwell/Pascal `SYNC`/`BRK`/`CONT`: to the target of the innermost `SSY`/`PBK`/`PCNT`. */
  | { readonly kind: 'sync'; readonly opener: 'SSY' | 'PBK' | 'PCNT'; readonly conditional?: true }
  /**
   * Maxwell/Pascal `SSY`/`PBK`/`PCNT` and Volta+ `BSSY`: open a region ending at `target`; no
   * jump. Maxwell/Pascal `PRET`: pushes `target` as the address a later `RET` returns to.
   */
  | { readonly kind: 'open'; readonly opener: 'SSY' | 'PBK' | 'PCNT' | 'BSSY' | 'PRET'; readonly target: string }
  /** `ENDCOLLECTIVE`: back to its `WARPSYNC.COLLECTIVE` (the collective code may run again), or on. */
  | { readonly kind: 'endCollective' }
  /**
   * Control flow the model cannot read (an operand or modifier of a control opcode nothing here
   * reads, a control-like opcode the table lacks): the lowering reports it and follows no path
   * from it, neither falling through nor jumping.
   */
  | { readonly kind: 'unknown'; readonly why: string };

/** The model's view of one listed instruction. */
export interface InstructionEffects {
  /** Registers written, expanded by width (`LDG.E.128 R4` -> R4..R7); never RZ, PT, URZ, UPT. */
  readonly destinations: readonly string[];
  /** Registers read, expanded by width, including the guard predicate and address registers. */
  readonly sources: readonly string[];
  readonly unit:
    /** `registerClasses`: latency classes of particular registers (IMAD.WIDE's halves and operand positions). */
    | { readonly kind: 'fixed'; readonly latency: number; readonly registerClasses?: RegisterClasses }
    | { readonly kind: 'variable'; readonly queue: string; readonly readDelay?: number }
    | { readonly kind: 'none' };
  /**
   * Fixed units: each destination register -> cycles before every consumer may read it (the
   * maximum over consumers for the register's file; at most `unit.latency`). Empty otherwise.
   * `readAfterWriteLatency` gives the (often shorter) figure for one particular consumer.
   */
  readonly destinationLatencies: Readonly<Record<string, number>>;
  /** The instruction's class in the table's `readAfterWrite` matrices, or null. */
  readonly latencyClass: string | null;
  /**
   * Sources read when the instruction issues even when its unit is variable: the guard and
   * predicate operands (ptxas overwrites `ST [R95], R108, P6`'s P6 right after it, with no read
   * scoreboard, and NAK handles execution predicates at issue), and the uniform registers of a
   * vector instruction where the table says so (`ArchitectureTable.uniformSourcesAtIssue`). A
   * subset of `sources`.
   */
  readonly readAtIssue: readonly string[];
  /**
   * Destinations a variable-latency instruction writes when it reads its operands rather than
   * when its queue completes it (`OpcodeInfo.earlyPredicates`: its predicate outputs); absent
   * when none. A subset of `destinations`.
   */
  readonly earlyDestinations?: readonly string[];
  readonly flow: FlowEffect;
  /** Queues whose instructions must all have read their sources before this one issues (`OpcodeInfo.drains`). */
  readonly drains: readonly string[];
  /** `DEPBAR.LE SBn, k` (scoreboard and limit as written, 0-based); null for everything else. */
  readonly depbar: { readonly scoreboard: number; readonly limit: number } | null;
  /**
   * Null when the table knows the opcode; otherwise why the effects are a conservative guess
   * (the caller reports it with the line's location and never calls such a verdict proved).
   */
  readonly unknown: string | null;
}

/**
 * What `line` does under `table`: registers written and read (expanded by width, the guard
 * predicate among the sources, never RZ/PT/URZ/UPT), the unit producing its results, its flow
 * and, for `DEPBAR`, what it waits for.
 *
 * - Destinations are the leading operands (`OpcodeInfo.destinations`, with a leading predicate
 *   and Volta+ carry-out predicates where the table says so); widths follow the operand shape
 *   (`operandShapes.ts`): `.64` 2 registers, `.128` 4, F64 operands pairs, `IMAD.WIDE` a pair,
 *   `.E` global addresses 64-bit. Vector results whose length is not written (texture, surface,
 *   matrix fragments) are taken at their widest: more registers written can raise false alarms
 *   but never hide a hazard.
 * - A fixed unit's latency is the largest over the registers written: `predicateLatency` for
 *   P/UP results, `latency` (or a `modifierLatency`) for the others; `destinationLatencies`
 *   keeps the figure of each register.
 * - An opcode missing from the table gets conservative effects (variable latency through the
 *   unordered queue `unknown`, first register operand written, every other register read) and
 *   `unknown` says why; the caller never calls such a verdict proved. One whose name is control
 *   flow on some generation (`looksLikeControlFlow`) gets flow `unknown` too: it may jump, so
 *   neither its fall-through nor any target is followed.
 * - An opcode whose entry has an `unscoreboarded` alternative (Ampere's HMMA) takes it where the
 *   line sets no write scoreboard: the compiler issued that instance as a coupled one.
 */
export function instructionEffects(line: SassLine, table: ArchitectureTable): InstructionEffects {
  const base = baseOpcode(line.opcode);
  const modifiers = modifiersOf(line.opcode);
  const listed = Object.hasOwn(table.opcodes, base) ? table.opcodes[base] : undefined;
  // An opcode compiler output issues either way is coupled where the listing gives it no write scoreboard.
  const info = listed?.unscoreboarded !== undefined && line.control.writeScoreboard === null ? listed.unscoreboarded : listed;
  const guard = guardRegisters(line);
  if (info === undefined) {
    const operands = unknownOperandEffects(line, table);
    const sources = unique([...guard, ...operands.sources]);
    return {
      destinations: operands.destinations,
      sources,
      unit: { kind: 'variable', queue: UNKNOWN_QUEUE },
      destinationLatencies: {},
      latencyClass: null,
      readAtIssue: sources.filter(isPredicate),
      // A name that is control flow on some generation may jump: never taken to fall through.
      flow: looksLikeControlFlow(base) ? { kind: 'unknown', why: `${base} is not in the ${table.name} table and may be a control transfer` } : { kind: 'next' },
      drains: [],
      depbar: null,
      unknown: `opcode ${base} is not in the ${table.name} table`,
    };
  }
  const operands = operandEffects(line, info, table);
  const sources = unique([...guard, ...operands.sources]);
  const flow = flowOf(line, info);
  const latencies = info.kind === 'fixed' ? destinationLatencies(info, operands.destinations, modifiers) : {};
  const unit = unitOf(info, latencies, modifiers);
  const uniformAtIssue = info.kind === 'variable' && readsUniformAtIssue(table, base, operands.destinations);
  const early = info.kind === 'variable' && info.earlyPredicates !== undefined ? operands.destinations.filter(isPredicate) : [];
  return {
    destinations: operands.destinations,
    sources,
    unit: unit.kind === 'fixed' && operands.registerClasses !== undefined ? { ...unit, registerClasses: operands.registerClasses } : unit,
    destinationLatencies: latencies,
    latencyClass: latencyClassOf(info, modifiers),
    readAtIssue: info.sourcesAtIssue !== undefined ? sources : sources.filter((register) => isPredicate(register) || (uniformAtIssue && fileOf(register) === 'UR')),
    ...(early.length > 0 ? { earlyDestinations: early } : {}),
    flow,
    // BAR.ARV only signals its arrival: it waits for nothing, so it drains nothing.
    drains: modifiers.includes('ARV') ? [] : info.drains ?? [],
    depbar: depbarOf(line),
    unknown: null,
  };
}

/** The queue every table declares for opcodes it does not know: unordered, nothing relies on it. */
export const UNKNOWN_QUEUE = 'unknown';

/** The class of an opcode with these modifiers (`IMAD.WIDE` -> `modifierClass.WIDE`). */
export function latencyClassOf(info: OpcodeInfo, modifiers: readonly string[]): string | null {
  const override = modifiers.map((m) => info.modifierClass?.[m]).find((name) => name !== undefined);
  return override ?? info.latencyClass ?? null;
}

/** The latency of a fixed opcode's results of each file: general (R, UR, CC) and predicate (P, UP). */
export function fixedLatencies(info: OpcodeInfo, modifiers: readonly string[]): { general: number; predicate: number } {
  const override = modifiers.map((m) => info.modifierLatency?.[m]).find((latency) => latency !== undefined);
  const general = override ?? info.latency ?? 0;
  return { general, predicate: info.predicateLatency ?? general };
}

function destinationLatencies(info: OpcodeInfo, destinations: readonly string[], modifiers: readonly string[]): Record<string, number> {
  const { general, predicate } = fixedLatencies(info, modifiers);
  return Object.fromEntries(destinations.map((register) => [register, isPredicate(register) ? predicate : general]));
}

function unitOf(info: OpcodeInfo, latencies: Readonly<Record<string, number>>, modifiers: readonly string[]): InstructionEffects['unit'] {
  if (info.kind === 'variable') return { kind: 'variable', queue: info.queue ?? UNKNOWN_QUEUE, ...(info.readDelay === undefined ? {} : { readDelay: info.readDelay.cycles }) };
  if (info.kind !== 'fixed') return { kind: 'none' };
  const values = Object.values(latencies);
  return { kind: 'fixed', latency: values.length > 0 ? Math.max(...values) : fixedLatencies(info, modifiers).general };
}

/**
 * Whether a variable-latency instruction reads its uniform registers at issue: the table says
 * vector instructions do (`uniformSourcesAtIssue`), and this one is no uniform-datapath
 * instruction (`U*`: NVIDIA's `tma` readers are among them) and writes no uniform register
 * (`to_ur`: LDCU, S2UR, REDUX); both of those need a read scoreboard for their UR sources.
 */
function readsUniformAtIssue(table: ArchitectureTable, base: string, destinations: readonly string[]): boolean {
  if (table.uniformSourcesAtIssue === undefined || base.startsWith('U')) return false;
  return !destinations.some((register) => fileOf(register) === 'UR' || fileOf(register) === 'UP');
}

function isPredicate(register: string): boolean {
  const file = fileOf(register);
  return file === 'P' || file === 'UP';
}

/** The guard's predicate as a source (`@!P0` reads P0); none for `@PT`/`@!PT`. */
function guardRegisters(line: SassLine): string[] {
  if (line.guard === null) return [];
  const register = registerOf(line.guard.predicate);
  return register === null ? [] : [register];
}

function unique(registers: readonly string[]): string[] {
  return [...new Set(registers)];
}
