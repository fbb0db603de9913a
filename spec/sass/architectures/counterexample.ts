/**
 * The two sides of an architecture's facts. A proof may rely on the table as written: every entry
 * is a bound that holds whatever the hardware does (a conservative entry assumes the worst). A
 * counterexample may use only behaviour a source shows, so `counterexampleSide` derives the
 * table a confirming schedule runs on:
 * - an entry whose source is `conservative` (no source gives its timing) or `inferred-bound` (only
 *   an upper bound compiler output relies on) is taken as ready the next cycle, reading its operands at issue and others' results as early as their fastest
 *   reader: no hazard can rest on how late it is or on which reader class it belongs to;
 * - a queue whose order no source gives is taken as in order: no hazard can rest on reordering;
 * - an entry with an explicit `counterexample` side runs through that queue (with its source), and
 *   reads as that reader class where it names one; or, a fixed-latency entry whose side gives a
 *   least latency (a lower bound a source shows), has its results ready after exactly that many
 *   cycles for every reader.
 * Every difference is a `FactGap`, named in an `unknown` verdict when a hazard needs it.
 */
import type { ArchitectureTable, OpcodeInfo } from '../architecture.js';
import type { SassProgram } from '../program.js';
import { EARLIEST_READER } from '../latency.js';
import { proofOnly, provenanceOf } from './provenance.js';

/** One fact whose proof side and counterexample side differ. */
export interface FactGap {
  /** What the fact is about: `DMUL on sm_86`, `queue global on sm_75`. */
  readonly subject: string;
  /** What a proof relies on, in words, and its source key. */
  readonly proof: string;
  readonly proofSource: string;
  /** What a counterexample may use, in words, and its source key. */
  readonly counterexample: string;
  readonly counterexampleSource: string;
  /** The fact is about instances the listing gives no write scoreboard only (`OpcodeInfo.unscoreboarded`). */
  readonly unscoreboardedOnly?: true;
}

/** A kernel lowered with the counterexample table (same instructions, same indices), with each instruction's gaps. */
export interface CounterexampleProgram {
  readonly program: SassProgram;
  /** By instruction index: the facts of that instruction whose two sides differ. */
  readonly gaps: readonly (readonly FactGap[])[];
}

/** The counterexample table and the facts where it differs from the proof table. */
export interface CounterexampleSide {
  readonly table: ArchitectureTable;
  /** By opcode (`DMUL`). */
  readonly opcodeGaps: ReadonlyMap<string, FactGap>;
  /** By queue name (`global`). */
  readonly queueGaps: ReadonlyMap<string, FactGap>;
}

const derived = new WeakMap<ArchitectureTable, CounterexampleSide>();

/** The counterexample side of `table` (computed once per table). */
export function counterexampleSide(table: ArchitectureTable): CounterexampleSide {
  const known = derived.get(table);
  if (known) return known;
  const queueGaps = new Map<string, FactGap>();
  const queues = { ...table.queues, ...table.counterexampleQueues };
  for (const [name, queue] of Object.entries(table.queues)) {
    if (queue.ordered || provenanceOf(queue.source) !== 'conservative') continue;
    // A read order across queues (`readGroup`) has its own source: it holds on both sides.
    queues[name] = { ordered: true, source: queue.source, ...(queue.readGroup === undefined ? {} : { readGroup: queue.readGroup }) };
    // The read order, where a source gives it, holds on both sides; only completion order differs.
    queueGaps.set(name, {
      subject: `the ${name} queue on ${table.name}`,
      proof: queue.readOrder !== undefined ? 'results may complete in any order (operands are read in issue order)' : 'results may complete, and operands be read, in any order', proofSource: queue.source,
      counterexample: 'in issue order (no source says it can reorder)', counterexampleSource: queue.source,
    });
  }
  const opcodeGaps = new Map<string, FactGap>();
  const opcodes: Record<string, OpcodeInfo> = {};
  for (const [name, info] of Object.entries(table.opcodes)) {
    const own = opcodeCounterexample(info);
    const coupled = info.unscoreboarded === undefined ? undefined : opcodeCounterexample(info.unscoreboarded);
    const side = coupled === info.unscoreboarded ? own : { ...own, unscoreboarded: coupled! };
    opcodes[name] = side;
    if (side === info) continue;
    // Where only the coupled alternative differs (Ampere's HMMA), the gap is about unscoreboarded instances.
    const coupledOnly = own === info && info.unscoreboarded !== undefined;
    const [subject, of] = coupledOnly ? [`${name} without a write scoreboard on ${table.name}`, info.unscoreboarded!] : [`${name} on ${table.name}`, info];
    opcodeGaps.set(name, {
      subject, ...(coupledOnly ? { unscoreboardedOnly: true as const } : {}),
      proof: describe(of, table), proofSource: of.source,
      counterexample: `${of.counterexample ? describeCounterexample(of, of.counterexample) : 'ready the next cycle, operands read at issue, results read as early as any reader may (no source gives its timing)'}${coupledSide(coupledOnly ? undefined : info.unscoreboarded)}`,
      counterexampleSource: of.counterexample?.source ?? of.source,
    });
  }
  const side: CounterexampleSide = { table: { ...table, queues, opcodes }, opcodeGaps, queueGaps };
  derived.set(table, side);
  return side;
}

function opcodeCounterexample(info: OpcodeInfo): OpcodeInfo {
  if (info.counterexample && 'latency' in info.counterexample) {
    // A sourced lower bound, the same for every reader and register file: no hazard rests on a
    // reader class the proof side's (upper-bound) figures tell apart.
    return readyAfter(info, info.counterexample.latency, info.counterexample.source);
  }
  if (info.counterexample) {
    const { queue, source, latencyClass } = info.counterexample;
    // A read delay only an upper-bound source gives (POPC on Maxwell) is the proof's: a
    // counterexample may take the operands read the next cycle.
    const { readDelay, ...rest } = info;
    const keptDelay = readDelay === undefined || proofOnly(provenanceOf(readDelay.source)) ? {} : { readDelay };
    return { ...rest, ...keptDelay, kind: 'variable', queue, source, ...(latencyClass === undefined ? {} : { latencyClass }) };
  }
  if ((info.kind !== 'fixed' && info.kind !== 'variable') || !proofOnly(provenanceOf(info.source))) return info;
  // Ready the next cycle: a fixed unit reads at issue and writes after one cycle, whatever the readers.
  return readyAfter(info, 1, info.source);
}

/** A fixed unit reading at issue whose results every reader may read `latency` cycles after it issues, and it reads others' as early as their fastest reader. */
function readyAfter(info: OpcodeInfo, latency: number, source: string): OpcodeInfo {
  const { queue: _queue, predicateLatency: _predicate, modifierLatency: _modifier, latencyClass: _class, modifierClass: _modifierClass, counterexample: _side, ...rest } = info;
  return { ...rest, kind: 'fixed', latency, latencyClass: EARLIEST_READER, source };
}

/** The counterexample side of an entry's unscoreboarded alternative, in words, where it has its own (empty otherwise). */
function coupledSide(unscoreboarded: OpcodeInfo | undefined): string {
  const side = unscoreboarded?.counterexample;
  return side === undefined ? '' : `; without a write scoreboard, ${describeCounterexample(unscoreboarded!, side)} [${side.source}]`;
}

/** An explicit counterexample side, in words. */
function describeCounterexample(info: OpcodeInfo, side: NonNullable<OpcodeInfo['counterexample']>): string {
  if ('latency' in side && info.kind === 'variable') {
    return `ready ${side.latency} cycle(s) after issue for every reader, the least the source allows (the proof side keeps it variable-latency)`;
  }
  if ('latency' in side) {
    return `fixed latency: results after ${side.latency} cycles for every reader, the least the source shows (the proof side waits per reader class, up to ${info.latency ?? side.latency})`;
  }
  if (side.latencyClass === EARLIEST_READER && side.queue === info.queue) {
    return `reads fixed-latency results as early as any reader may (no source says when it reads them; the proof side waits as a '${info.latencyClass ?? 'unclassed'}' reader)`;
  }
  if (side.latencyClass !== undefined && side.queue === info.queue) {
    return `reads fixed-latency results as a '${side.latencyClass}' reader, at the source's own figures (the proof side waits as a '${info.latencyClass ?? 'unclassed'}' reader)`;
  }
  return `through the ${side.queue} queue, in issue order`;
}

/** What an entry says about timing, in words. */
export function describe(info: OpcodeInfo, table: ArchitectureTable): string {
  if (info.kind === 'fixed') {
    const predicate = info.predicateLatency !== undefined && info.predicateLatency !== info.latency ? ` (predicates ${info.predicateLatency})` : '';
    return `fixed latency: results after ${info.latency} cycles${predicate}, operands read at issue`;
  }
  if (info.kind === 'variable') {
    const ordered = table.queues[info.queue!]?.ordered ?? table.counterexampleQueues?.[info.queue!]?.ordered ?? false;
    const queueFacts = table.queues[info.queue!];
    const reads = info.sourcesAtIssue !== undefined ? 'operands read at issue, results' : queueFacts?.readOrder !== undefined ? 'operands read in issue order, results' : 'results and operand reads';
    const coupled = info.unscoreboarded === undefined ? '' : `; without a write scoreboard, ${describe(info.unscoreboarded, table)} [${info.unscoreboarded.source}]`;
    return `variable latency through the ${info.queue} queue (${ordered ? 'in issue order' : `${reads} in any order`})${coupled}`;
  }
  return `${info.kind}: no result`;
}
