/**
 * An AMDGPU target's facts as rows, each with both sides and its sources: what `hazardproof facts
 * --arch gfxNNNN` prints, in the form of the NVIDIA tables' rows (`spec/sass/architectures/factRows.ts`).
 * Definitions in, rows out: nothing here decides a verdict.
 */
import { AMDGPU_TARGET_INFO, GENERATION_COUNTERS, INSTRUCTION_KINDS, KIND_COUNTING, FUNCTION_BOUNDARY_WAITS, type AmdgpuGeneration, type AmdgpuTarget, type InstructionKind, type WaitCounter } from './counters.js';
import { AMDGPU_HAZARDS, type HazardFact } from './hazards.js';
import { AMDGPU_SOURCE_PROVENANCE, type AmdgpuProvenance } from './provenance.js';
import { AMDGPU_QUEUES, placementsOf, type AmdgpuQueueName, type PlacementDetail } from './queues.js';
import type { AmdgpuSourceKey } from './sources.js';
import { WAIT_STATE_RULES } from './waitStates.js';

/**
 * What a row is about:
 * - `target`: the target's counter generation;
 * - `counter`: a wait counter, its width and the instruction kinds counted on it;
 * - `queue`: an event queue (one per LLVM event type), its counter, completion order and when its
 *   operands are read;
 * - `result-order`: whether VMEM results of one type land in their registers in issue order;
 * - `wait-states`: a gfx9 rule of wait states between a writer and a reader of one register;
 * - `hazard`: a hazard LLVM resolves without a counter, with what the checker does with it;
 * - `convention`: a wait LLVM places at a function boundary, which the model assumes.
 */
export type AmdgpuFactKind = 'target' | 'counter' | 'queue' | 'result-order' | 'wait-states' | 'hazard' | 'convention';

/** One fact of a target. */
export interface AmdgpuFactRow {
  readonly kind: AmdgpuFactKind;
  /** The counter, queue, rule (`writer -> reader`) or hazard; the target for `target`. */
  readonly name: string;
  /** What a proof relies on. */
  readonly proof: string;
  /** What a counterexample may use (the same words when the two sides agree). */
  readonly counterexample: string;
  /** Citation keys of `sources.ts` the row rests on. */
  readonly source: readonly AmdgpuSourceKey[];
  /** The kind of each key of `source`, in the same order. */
  readonly provenance: readonly AmdgpuProvenance[];
  /** The counterexample side's own keys, where it has some. */
  readonly counterexampleSource?: readonly AmdgpuSourceKey[];
}

/** What the checker does with a hazard of `hazards.ts` on a target (the header comment there). */
export type AmdgpuHazardStatus = 'timed' | 'unknown' | 'not checked';

// SIInsertWaitcnts' tables: the event of each instruction and the counter of each event.
const EVENTS: readonly AmdgpuSourceKey[] = ['llvm-waitcnt-instruction-events', 'llvm-waitcnt-events'];

/**
 * Every fact the checker holds for `target`, in this order: the target's generation; its counters
 * (width, largest value, the instruction kinds counted on each); its queues (counter, completion
 * order, when operands are read, which kinds go there), a FLAT access's LDS side with its two
 * sides; the order of VMEM results; the wait-state rules that apply to it (figure, LLVM function,
 * a proof-only rule's counterexample side without the requirement); the hazards `hazards.ts`
 * lists for it with their status (timed, makes the verdict `unknown`, not checked); the waits at
 * function boundaries the model assumes. Each row carries its citation keys and their kinds.
 */
export function amdgpuFactRows(target: AmdgpuTarget): AmdgpuFactRow[] {
  const info = AMDGPU_TARGET_INFO[target];
  const generation = info.generation;
  const counters = GENERATION_COUNTERS[generation];
  const rows: AmdgpuFactRow[] = [];
  const push = (kind: AmdgpuFactKind, name: string, proof: string, source: readonly AmdgpuSourceKey[], counterexample = proof, counterexampleSource?: readonly AmdgpuSourceKey[]) => {
    const keys = unique(source);
    rows.push({ kind, name, proof, counterexample, source: keys, provenance: keys.map((key) => AMDGPU_SOURCE_PROVENANCE[key]), ...(counterexampleSource ? { counterexampleSource: unique(counterexampleSource) } : {}) });
  };

  push('target', target, `generation ${generation} (ISA major version ${info.isaMajor}): counters ${counters.counters.map((c) => c.counter).join(', ')}`, [...info.source, ...counters.source]);

  // Instruction kinds the target has (or may have: counted by LLVM, presence unsourced).
  const kinds = INSTRUCTION_KINDS.filter((kind) => present(generation, kind, target));
  const label = (kind: InstructionKind) => (KIND_COUNTING[generation][kind].targets === 'unsourced' ? `${kind} (whether ${target} has it no source says)` : kind);
  for (const counter of counters.counters) {
    const counted = kinds.filter((kind) => KIND_COUNTING[generation][kind].counters.includes(counter.counter));
    const by = counted.length === 0 ? 'no instruction kind of this target counts on it' : `counts ${counted.map(label).join(', ')}`;
    push('counter', counter.counter, `${counter.bits} bits, 0..${counter.max} (a wait for ${counter.max} waits for nothing); ${by}`, [...counter.source, ...(counted.length > 0 ? EVENTS : [])]);
  }

  for (const [name, queue] of queuesOf(generation, kinds)) {
    const fact = AMDGPU_QUEUES[generation][name]!;
    const order = fact.ordered ? 'completes in issue order' : 'completes in any order';
    const reads = queue.readsLater === null ? 'operands read at issue' : `operands held until ${queue.readsLater} says they are read`;
    const counted = fact.tracked ? '' : '; not counted by the model (nothing on it writes a register)';
    const holds = `: ${[...queue.kinds].join(', ')}`;
    const readSource: readonly AmdgpuSourceKey[] = queue.readsLater === null ? ['llvm-vmem-sources-at-issue'] : ['llvm-waitcnt-register-uses', 'llvm-waitcnt-events'];
    if (name === 'flat-lds') {
      // The LDS side of a FLAT access: whether it reaches LDS the assembly does not say (format/amdgpu/lower.ts, flatGap).
      const elsewhere = queue.counterexampleQueue !== 'flat-lds';
      const counting = AMDGPU_QUEUES[generation][queue.counterexampleQueue]!;
      const counterexampleOrder = elsewhere ? `counted with the ${queue.counterexampleQueue} queue as LLVM counts it, ${counting.ordered ? 'completes in issue order' : 'completes in any order'}` : order;
      push('queue', name, `on ${fact.counter}, ${order}, apart from LDS operations; a flat result needs ${fact.counter} too; ${reads}${holds}`,
        [...fact.source, 'llvm-waitcnt-register-uses', ...readSource],
        `on ${fact.counter}, ${counterexampleOrder}; a flat result is ready when the memory counter says`,
        ['llvm-waitcnt-instruction-events', ...AMDGPU_QUEUES[generation][queue.counterexampleQueue]!.source]);
      continue;
    }
    push('queue', name, `on ${fact.counter}, ${order}; ${reads}${counted}${holds}`, [...fact.source, ...readSource]);
  }

  if (generation === 'gfx12') {
    push('result-order', 'vmem results', 'results of one VMEM type may be written to their registers out of order (no FeatureVmemWriteVgprInOrder): overwriting a pending result needs a wait', ['llvm-vmem-write-vgpr-in-order']);
  } else {
    push('result-order', 'vmem results', 'results of one VMEM type are written to their registers in issue order (FeatureVmemWriteVgprInOrder)', ['llvm-vmem-write-vgpr-in-order']);
  }

  for (const rule of WAIT_STATE_RULES) {
    const figure = rule.waitStates[target];
    if (figure === undefined) continue;
    const proof = `${figure} wait state${figure === 1 ? '' : 's'} between them (${rule.hazard}; ${llvmFunction(rule.llvm)})${rule.proofOnly === true ? ', proof only' : ''}`;
    const counterexample = rule.proofOnly === true ? 'no such requirement (LLVM\'s predicate reaches beyond what its source describes)' : proof;
    push('wait-states', `${rule.writer} -> ${rule.reader}`, proof, rule.source, counterexample);
  }

  for (const hazard of AMDGPU_HAZARDS) {
    if (!hazard.targets.includes(target)) continue;
    const status = amdgpuHazardStatus(hazard, target);
    const what = status === 'timed' ? 'timed: too few wait states is a hazard'
      : status === 'unknown' ? 'not timed: a function where it can arise is unknown'
        : hazard.effect === 'performance' ? 'not checked (performance only)' : 'not checked';
    const figure = hazard.waitStates === null ? '' : `, ${hazard.waitStates} wait state${hazard.waitStates === 1 ? '' : 's'}`;
    push('hazard', hazard.id, `${what}. ${hazard.description} [${hazard.mitigation}${figure}; ${hazard.llvm}]`, hazard.source);
  }

  for (const boundary of FUNCTION_BOUNDARY_WAITS) {
    if (!boundaryApplies(boundary.at, generation)) continue;
    push('convention', boundary.at, `LLVM waits: ${boundary.waits}`, boundary.source);
  }
  return rows;
}

/**
 * What the checker does with `hazard` on `target`: `timed` where a wait-state rule of
 * `waitStates.ts` covers it there; `unknown` where the hazard lists the target as `noted` (a
 * function that may have it is `unknown`); `not checked` for the rest.
 */
export function amdgpuHazardStatus(hazard: HazardFact, target: AmdgpuTarget): AmdgpuHazardStatus {
  if (WAIT_STATE_RULES.some((rule) => rule.hazard === hazard.id && rule.waitStates[target] !== undefined)) return 'timed';
  if (hazard.noted?.includes(target)) return 'unknown';
  return 'not checked';
}

/** Whether the target has instructions of `kind` (or may: LLVM counts them, no source says whether it has them). */
function present(generation: AmdgpuGeneration, kind: InstructionKind, target: AmdgpuTarget): boolean {
  const { counters, targets } = KIND_COUNTING[generation][kind];
  return counters.length > 0 && (targets === 'unsourced' || targets.includes(target));
}

interface QueueUse {
  /** Instruction kinds placed there (a FLAT access's LDS side marked). */
  readonly kinds: Set<string>;
  /** The counter that says when operands are read, or null: at issue. */
  readsLater: WaitCounter | null;
  /** Where the counterexample side puts what a proof puts here (differs for a FLAT access's LDS side from gfx10). */
  counterexampleQueue: AmdgpuQueueName;
}

/** The queues `kinds` are placed in on `generation`, in first-use order, as `placementsOf` places them. */
function queuesOf(generation: AmdgpuGeneration, kinds: readonly InstructionKind[]): Map<AmdgpuQueueName, QueueUse> {
  const queues = new Map<AmdgpuQueueName, QueueUse>();
  for (const kind of kinds) {
    // As the lowering places them: a flat_ access may reach scratch, a scratch_ store does; an
    // export's queue depends on its target.
    const flat = kind === 'flat-load' || kind === 'flat-store';
    const details: { readonly detail: PlacementDetail; readonly label: string }[] = [{ detail: { mayAccessScratch: flat, exportTarget: 'other', tgSplit: false }, label: kind }];
    if (kind === 'vmem-store') details.push({ detail: { mayAccessScratch: true, exportTarget: 'other', tgSplit: false }, label: `${kind} (scratch_)` });
    if (kind === 'export') details.push(...(['pos', 'param'] as const).map((exportTarget) => ({ detail: { mayAccessScratch: false, exportTarget, tgSplit: false }, label: `${kind} (${exportTarget})` })));
    for (const { detail, label } of details) {
      placementsOf(kind, generation, detail).forEach((placement, index) => {
        const name = placement.proofQueue ?? placement.queue;
        const use = queues.get(name) ?? { kinds: new Set<string>(), readsLater: null, counterexampleQueue: placement.queue };
        // A variant that lands where the kind itself does adds nothing (gfx9 scratch_ stores).
        if (label === kind || !use.kinds.has(kind)) use.kinds.add(index > 0 ? `${label} (LDS side)` : label);
        if (!placement.readsAtIssue) use.readsLater = placement.read ?? use.readsLater;
        queues.set(name, use);
      });
    }
  }
  return queues;
}

/** The LLVM function of a rule's `llvm` text: what comes before its figure (`checkVALUHazards (hasVDecCoExecHazard)`). */
function llvmFunction(text: string): string {
  const colon = text.indexOf(':');
  return colon < 0 ? text : text.slice(0, colon);
}

/** Whether a function-boundary wait applies to `generation`, as its `at` text bounds it. */
function boundaryApplies(at: string, generation: AmdgpuGeneration): boolean {
  if (at.includes('(gfx9-gfx11)')) return generation !== 'gfx12';
  if (at.includes('(gfx12)')) return generation === 'gfx12';
  if (at.includes('gfx11+')) return generation === 'gfx11' || generation === 'gfx12';
  return true;
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
