import { landingLatency, readLatency } from '../../../spec/sass/latency.js';
import type { Control } from '../../../spec/scoreboard/program.js';
import type { SassProgram } from '../../../spec/sass/program.js';
import type { AnalysisResult } from '../analysis/fixpoint.js';
import { sameOrderedQueue, transfer } from '../analysis/transfer.js';
import type { Suspicion } from '../analysis/suspicion.js';

/** The largest stall a control record holds. */
const MAX_STALL = 15;

/**
 * One round of repairs for what the checker still suspects, each with the least change that
 * answers it. A variable-latency hazard adds the producer's scoreboard to the consumer's wait
 * mask (giving the producer the least-used scoreboard first when it has none, unless a later load
 * of its in-order queue that the consumer waits for covers it). A wait that cannot see its
 * increment yet (the visibility delay) and a fixed latency not yet covered add the cycles still
 * missing, no more, to the stall of the instructions right before the consumer: the latest place
 * a stall can go, so nothing before it is held up. Returns the new control records, or null when
 * nothing could change.
 */
export function repairRound(program: SassProgram, analysis: AnalysisResult, predecessors: readonly (readonly number[])[]): Control[] | null {
  const controls = program.instructions.map((instruction) => instruction.control);
  let changed = false;
  const update = (index: number, next: Control) => {
    const old = controls[index]!;
    if (old.stall === next.stall && old.readScoreboard === next.readScoreboard && old.writeScoreboard === next.writeScoreboard && old.wait.join() === next.wait.join()) return;
    controls[index] = next;
    changed = true;
  };
  // Fixed-latency and visibility pairs: the age (issue cycles since the producer) the consumer needs.
  const deficits: { producer: number; consumer: number; need: number }[] = [];
  for (const suspicion of analysis.suspicions) {
    if (suspicion.kind === 'overflow') {
      update(suspicion.consumer, waitOn(controls[suspicion.consumer]!, suspicion.scoreboard!));
      continue;
    }
    const producer = program.instructions[suspicion.producer]!;
    const { producer: from, consumer } = suspicion;
    // At least one cycle more than the consumer sees now, whatever the formula says: every round moves on.
    const older = (analysis.before[consumer]?.get(from)?.minAge ?? 0) + 1;
    if (producer.unit.kind !== 'variable') {
      deficits.push({ producer: from, consumer, need: Math.max(neededAge(program, suspicion), older) });
      continue;
    }
    let scoreboard = suspicion.kind === 'WAR' ? controls[from]!.readScoreboard ?? controls[from]!.writeScoreboard : controls[from]!.writeScoreboard;
    // Covered by a later load of its in-order queue that the consumer waits for, but not visible yet: a stall, not a scoreboard.
    const cover = scoreboard === null ? coveringLoad(program, analysis, suspicion, controls[consumer]!) : null;
    if (cover !== null) {
      deficits.push({ producer: cover, consumer, need: program.visibilityDelay });
      continue;
    }
    if (scoreboard === null) {
      scoreboard = leastUsed(program, controls);
      const control = controls[from]!;
      update(from, suspicion.kind === 'WAR' && producer.destinations.length === 0 ? { ...control, readScoreboard: scoreboard } : { ...control, writeScoreboard: scoreboard });
    }
    if (!controls[consumer]!.wait.includes(scoreboard)) update(consumer, waitOn(controls[consumer]!, scoreboard));
    else deficits.push({ producer: from, consumer, need: Math.max(program.visibilityDelay, older) });
  }
  // Consumer by consumer in program order, and for each the instructions right before it one by
  // one: each gets the cycles the producer's age still lacks when issue comes through it, less
  // what this round already added on the way from the producer to it (a stall added for one
  // reader ages every pair it lies between; a repair must not overshoot). The way is told by
  // index: [producer, predecessor] when the producer comes first, else around the back edge.
  // Forward pairs go first, so the stall a loop's own readers add counts for the pairs around
  // it. Where the shortest way skips a stall in that range the discount is too large, and the
  // next round adds the rest; only a way that leaves the range (a call) can overshoot.
  const added = new Array<number>(controls.length).fill(0);
  const onTheWay = (producer: number, through: number) => {
    let total = 0;
    added.forEach((cycles, index) => {
      if (producer <= through ? index >= producer && index <= through : index >= producer || index <= through) total += cycles;
    });
    return total;
  };
  const exits = new Map<number, ReadonlyMap<number, { readonly minAge: number }>>();
  const ageThrough = (through: number, producer: number): number | null => {
    const state = analysis.before[through];
    if (!state) return null;
    if (!exits.has(through)) exits.set(through, transfer(program, state, through).state);
    return exits.get(through)!.get(producer)?.minAge ?? null;
  };
  for (const forward of [true, false]) {
    const pairs = deficits.filter(({ producer, consumer }) => (producer < consumer) === forward);
    for (const consumer of [...new Set(pairs.map((pair) => pair.consumer))].sort((a, b) => a - b)) {
      for (const before of [...predecessors[consumer]!].sort((a, b) => a - b)) {
        let missing = 0;
        for (const pair of pairs) {
          const age = pair.consumer === consumer ? ageThrough(before, pair.producer) : null;
          if (age !== null) missing = Math.max(missing, pair.need - age - onTheWay(pair.producer, before));
        }
        if (missing > 0) addStall(controls, predecessors, before, missing, update, added, 8);
      }
    }
  }
  // A suspicion no repair above answers still moves the kernel on: one more cycle before the consumer.
  if (!changed) for (const { consumer } of deficits) for (const before of predecessors[consumer]!) addStall(controls, predecessors, before, 1, update, added, 8);
  return changed ? controls : null;
}

/**
 * A load issued after the suspicion's producer on every path, in the same in-order queue, whose
 * scoreboard the consumer waits on (so its completion would prove the producer's), or null.
 */
function coveringLoad(program: SassProgram, analysis: AnalysisResult, suspicion: Suspicion, consumer: Control): number | null {
  const state = analysis.before[suspicion.consumer];
  const entry = state?.get(suspicion.producer);
  if (!state || !entry) return null;
  const producer = program.instructions[suspicion.producer]!;
  for (const later of entry.after) {
    const control = program.instructions[later]!.control;
    const waited = (control.writeScoreboard !== null && consumer.wait.includes(control.writeScoreboard)) || (suspicion.kind === 'WAR' && control.readScoreboard !== null && consumer.wait.includes(control.readScoreboard));
    if (waited && state.has(later) && sameOrderedQueue(program, producer, program.instructions[later]!)) return later;
  }
  return null;
}

/** The age (issue cycles since a fixed-latency producer) its consumer needs. */
function neededAge(program: SassProgram, suspicion: Suspicion): number {
  const producer = program.instructions[suspicion.producer]!;
  const consumer = program.instructions[suspicion.consumer]!;
  const register = suspicion.register!;
  if (suspicion.kind === 'RAW') return readLatency(program, producer, register, consumer, consumer.guard?.predicate === register);
  // WAW: the later write must land strictly after the earlier one.
  const earliest = consumer.unit.kind === 'fixed' ? landingLatency(program, consumer, register) : 2;
  return landingLatency(program, producer, register) - earliest + 1;
}

/** Adds stall cycles to an instruction (counted in `added`), spilling what does not fit in its record onto the instructions before it. */
function addStall(controls: Control[], predecessors: readonly (readonly number[])[], index: number, cycles: number, update: (index: number, next: Control) => void, added: number[], depth: number): void {
  const control = controls[index]!;
  const stall = Math.max(1, control.stall);
  const fits = Math.min(cycles, MAX_STALL - stall);
  if (fits > 0) {
    update(index, { ...control, stall: stall + fits });
    added[index]! += fits;
  }
  if (cycles > fits && depth > 0) for (const before of predecessors[index]!) addStall(controls, predecessors, before, cycles - fits, update, added, depth - 1);
}

/** The scoreboard the fewest instructions set. */
function leastUsed(program: SassProgram, controls: readonly Control[]): number {
  const uses = new Array<number>(program.scoreboards).fill(0);
  for (const control of controls) {
    if (control.writeScoreboard !== null) uses[control.writeScoreboard]!++;
    if (control.readScoreboard !== null) uses[control.readScoreboard]!++;
  }
  return uses.indexOf(Math.min(...uses));
}

/** The record with `scoreboard` added to its wait mask. */
function waitOn(control: Control, scoreboard: number): Control {
  return control.wait.includes(scoreboard) ? control : { ...control, wait: [...control.wait, scoreboard].sort((a, b) => a - b) };
}
