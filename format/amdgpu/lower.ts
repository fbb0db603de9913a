/**
 * From an AMDGPU function to the model the shared machine and analysis run (`spec/sass/program.ts`):
 * one scoreboard per wait counter of the target's generation, one queue per event type
 * (`spec/amdgpu/queues.ts`), waits as `DEPBAR.LE`-style count limits, ALU instructions as
 * interlocked fixed-latency-1 instructions, and the calling convention written out as model
 * instructions. Everything the model had to assume is a located note. No second engine: the
 * program is checked by `checkSassProgram` like an NVIDIA kernel.
 *
 * The choices, each with its reason (sources in `spec/amdgpu/sources.ts`):
 * - A memory instruction increments its counter at issue and decrements it when its results are
 *   in their registers; it reads its source registers at issue (no counter guards them on these
 *   targets, `llvm-vmem-sources-at-issue`) except an export's or a GDS instruction's, which expcnt
 *   releases.
 * - No counter holds more than 63 (`CAP`): every counted instruction issues only when its counter
 *   is below that. LLVM issues more operations than a counter's largest value without a wait and
 *   clamps its waits to the largest value minus one (`llvm-waitcnt-order`), relying on the count
 *   never wrapping; the shared machine's counters hold 63 and count past it as a hazard. What the
 *   hardware does at 63 no source says, so where a proof can rest on the cap (63 or more
 *   instructions on one counter) an assumption note says so.
 * - A FLAT instruction that may reach LDS counts on two counters and LLVM waits on both before
 *   using its result (`llvm-waitcnt-register-uses`): it is two model instructions, the memory side
 *   writing the registers and the LDS side writing a shadow of each (`v3.lds`), which every reader
 *   and writer of `v3` also reads or writes. A use then needs both counters to prove it complete.
 *   Whether the access reaches LDS at all the assembly does not say (LLVM decides it from memory
 *   operands llc does not print), so the proof keeps the LDS side's count apart from LDS
 *   operations, and the counterexample side (`LoadedKernel.counterexample`) counts it as LLVM
 *   counts a generic access with its result ready when the memory side says: no hazard rests on
 *   the address space; a kernel whose proof needs it is `unknown`, naming the fact.
 * - On gfx12, VMEM results of the same type may land out of order (`llvm-vmem-write-vgpr-in-order`)
 *   while the counter still counts in order: a fixed-latency probe before each returning VMEM
 *   instruction writes its destinations, so overwriting a pending result of the same queue
 *   without a wait is suspected (the shared machine lands a queue in order, so it stays `unknown`).
 * - Before gfx12, VMEM results of one type (`VmemResultType`: no sampler, sampler, BVH) are written
 *   in order but results of different types are not, while vmcnt still counts them all in one
 *   order (`llvm-vmem-write-vgpr-in-order`): a register two types write in the function gets a
 *   shadow per type (`v3^sampler`) that each load of that type writes, and a fixed-latency probe
 *   before each such load writes the other types' shadows, so overwriting a pending result of
 *   another type without a wait is a WAW the analysis sees (one queue keeps the in-order counting
 *   that vmcnt(N) proofs across types rest on). On the counterexample side the probe writes the
 *   load's result at once and the load writes it no more: the result landing before the other
 *   type's, as the sources allow.
 * - An LDS DMA (`buffer_load_dword ... lds`, `global_load_lds_*`) writes LDS memory, not a
 *   register: it writes a pseudo-register (`LDS_MEMORY`) that every LDS access reads at issue, as
 *   LLVM scores one (`llvm-waitcnt-register-uses`). Which LDS an access reads and which a DMA wrote
 *   is address data (M0, offsets) the model does not follow, and LLVM narrows the wait by alias
 *   scopes the assembly does not carry, so a hazard through it is never reported as a finding: the
 *   counterexample side's DMA writes nothing, and a kernel whose proof needs the wait is `unknown`,
 *   naming the fact.
 * - A callable function may start with anything of its caller in flight (LLVM's callees wait at
 *   entry, `llvm-waitcnt-calls`): it begins with one synthetic outstanding operation per counter
 *   that writes (or, for expcnt, reads) every register it uses; its return (`s_setpc_b64 s[30:31]`)
 *   reads and writes every register, since its caller may use any of them at once.
 * - A call (`s_swappc_b64`) reads its target and writes its return address at issue, then the
 *   callee is assumed to wait for every counter but the store counter and to read and write any
 *   register (`llvm-waitcnt-call-sites`): an assumption note.
 */
import { AMDGPU_TARGET_INFO, GENERATION_COUNTERS, type AmdgpuTarget, type WaitCounter } from '../../spec/amdgpu/counters.js';
import { classifyAmdgpuInstruction, type AmdgpuOperation } from '../../spec/amdgpu/instructionKinds.js';
import { AMDGPU_QUEUES, placementsOf, vmemResultType, type AmdgpuPlacement, type VmemResultType } from '../../spec/amdgpu/queues.js';
import type { CounterexampleProgram, FactGap } from '../../spec/sass/architectures/counterexample.js';
import type { SassFlow, SassInstruction, SassProgram, SassQueue, SassUnit } from '../../spec/sass/program.js';
import { InputError, type InputProblem } from '../error.js';
import type { LoweredKernel, LoweringNote } from '../sass/lower.js';
import type { AmdgpuFunction, AmdgpuLine, AmdgpuPart } from './listing.js';
import type { WaitStateReader, WaitStateWriter } from '../../spec/amdgpu/waitStates.js';
import { branchPredicate, OperandError, operandRoles, returnsData } from './operandRoles.js';
import { operandRegisters } from './registers.js';
import { decodeWait, WaitSyntaxError, type CounterWait } from './waits.js';
import { hasWaitStateHazards } from '../../spec/amdgpu/waitStates.js';
import { heldStoreData, STORE_DATA_SHADOW, waitStateRoles, type WaitStateRoles } from './waitStateRoles.js';
import { timeWaitStates, type DraftRoles } from './waitStateTiming.js';
import { noteUnmodelledHazards } from './unmodelledHazards.js';
import { successors } from '../../spec/sass/successors.js';
import { amdgpuControlFlow } from '../../spec/amdgpu/controlFlow.js';
import { implicitOperandRule } from '../../spec/amdgpu/implicitOperands.js';
import type { AmdgpuInstructionClass } from '../../spec/amdgpu/instructionKinds.js';

/** The largest count the model lets a counter reach (the shared machine's counters hold 63). */
export const CAP = 63;

/** The suffix of a shadow register: the LDS side of a FLAT result (`v3.lds`). */
export const LDS_SHADOW = '.lds';

/** The infix of a callable function's shadow of a register for one counter of its caller (`v0~lgkmcnt`). */
export const CALLER_SHADOW = '~';

/** The infix of a register's shadow for the VMEM results of one type (`v3^sampler`), before gfx12. */
export const VMEM_TYPE_SHADOW = '^';

/**
 * The pseudo-register of LDS memory: an LDS DMA writes it, every LDS access reads it (LLVM's
 * FIRST_LDS_VGPR slot, `llvm-waitcnt-register-uses`).
 */
export const LDS_MEMORY = 'lds.mem';

/** One model instruction of a source line (a line may lower to several), before branch targets are resolved. */
interface Draft {
  readonly instruction: Omit<SassInstruction, 'flow'>;
  /** A label to branch to, `exit`, `return`, or `next`. */
  readonly flow: { readonly kind: 'next' | 'exit' | 'return' } | { readonly kind: 'branch'; readonly label: string };
}

/** The parts of a line with their classification and registers. */
interface ReadLine {
  readonly line: AmdgpuLine;
  readonly parts: readonly { readonly part: AmdgpuPart; readonly operation: AmdgpuOperation | null; readonly destinations: readonly string[]; readonly sources: readonly string[]; readonly roles: WaitStateRoles | null; readonly held?: readonly string[] }[];
}

/**
 * Lowers one function for `target`. `file` names the listing in located errors (a malformed
 * operand, a wait the generation does not have).
 */
export function lowerAmdgpuFunction(fn: AmdgpuFunction, target: AmdgpuTarget, file: string): LoweredKernel {
  const generation = AMDGPU_TARGET_INFO[target].generation;
  const counters = GENERATION_COUNTERS[generation].counters.map((c) => c.counter);
  const scoreboard = (counter: WaitCounter) => counters.indexOf(counter);
  const notes: LoweringNote[] = [];
  const problems: InputProblem[] = [];
  const note = (kind: LoweringNote['kind'], at: { line: number; column: number }, message: string) => notes.push({ kind, line: at.line, column: at.column, message });
  if (fn.descriptorField !== undefined && (fn.descriptorField !== null) !== (generation !== 'gfx9')) {
    note('foreign-code', fn, fn.descriptorField !== null
      ? `its kernel descriptor has ${fn.descriptorField}, a field of gfx10 and later, but the file targets ${target}: the kernel was compiled for another processor (a target-cpu attribute overrides llc's -mcpu), which the assembly does not name`
      : `its kernel descriptor has none of the fields gfx10 and later descriptors have (.amdhsa_wavefront_size32...), but the file targets ${target}: the kernel was compiled for another processor (a target-cpu attribute overrides llc's -mcpu), which the assembly does not name`);
  }
  const wantsAccumOffset = target === 'gfx90a' || target === 'gfx942';
  if (fn.accumOffset !== undefined && fn.descriptorField === null && fn.accumOffset !== wantsAccumOffset) {
    note('foreign-code', fn, `its kernel descriptor ${fn.accumOffset ? 'has' : 'lacks'} .amdhsa_accum_offset, which ${wantsAccumOffset ? '' : 'only '}gfx90a and gfx942 descriptors have, but the file targets ${target}: the kernel was compiled for another processor (a target-cpu attribute overrides llc's -mcpu), which the assembly does not name`);
  }
  // Wait states are counted only where a wait-state hazard exists (gfx9); elsewhere a line is one
  // model cycle per model instruction, as before.
  const countsWaitStates = hasWaitStateHazards(target);

  // Pass 1: classify and read registers.
  const classified: ReadLine[] = fn.instructions.map((line) => ({
    line,
    parts: line.parts.map((part) => {
      const modifiers = part.modifiers.map((token) => token.text);
      const operation = classifyAmdgpuInstruction(part.mnemonic, modifiers, generation);
      try {
        if (operation === null) {
          const registers = rolesOfUnknown(part);
          return { part, operation, ...registers, roles: null };
        }
        const returning = operation.kind !== null && (returnsData(operation.kind, part.mnemonic) && (operation.kind !== 'smem' || !/atomic/.test(part.mnemonic) || modifiers.includes('glc')));
        const registers = operandRoles(part, operation, generation, returning);
        if (!countsWaitStates) return { part, operation, ...registers, roles: null };
        const roles = waitStateRoles(part, operation, generation, registers.destinations, registers.sources);
        const held = heldStoreData(part, operation.kind, returning);
        return {
          part, operation, roles, held,
          destinations: [...new Set([...registers.destinations, ...roles.extraWrites])],
          sources: [...new Set([...registers.sources, ...roles.extraReads])],
        };
      } catch (error) {
        if (!(error instanceof OperandError)) throw error;
        problems.push({ file, line: line.line, column: error.column, message: error.message });
        return { part, operation, destinations: [], sources: [], roles: null };
      }
    }),
  }));
  // LDS memory is a register only where something may have written it by DMA: this function, or
  // (for a callable one) its caller.
  const read = !fn.kernel || classified.some(({ parts }) => parts.some(({ operation }) => operation?.kind === 'lds-dma')) ? classified.map(withLdsMemory) : classified;

  // Registers VMEM results of more than one type may be written to (before gfx12), and the lines
  // whose results the counterexample side may land at once.
  const { typesWriting, early } = generation === 'gfx12' ? { typesWriting: new Map<string, Set<VmemResultType>>(), early: new Set<number>() } : vmemTypesWriting(read);
  // Moved results: the probe's model instruction and the load's, undone where the load is in a loop.
  const movedResults: { readonly probe: number; readonly load: number }[] = [];

  // FLAT results that count on both sides get a shadow; every reader and writer of them touches it too.
  const flatLdsSide = !fn.tgSplit;
  const shadowed = new Set<string>();
  for (const { parts } of read) {
    for (const { operation, destinations } of parts) {
      if (flatLdsSide && operation?.kind === 'flat-load') destinations.forEach((name) => shadowed.add(name));
    }
  }
  // A callable function starts with its caller's operations possibly in flight, one synthetic
  // operation per counter: the first writes the registers, the others a shadow of each per counter
  // (`v0~lgkmcnt`), expcnt's reads one (`v0~expcnt`), so they never conflict with one another and a
  // register is usable only once every counter says so.
  const callerCounters = fn.kernel ? [] : counters.filter((counter) => counter !== 'vscnt' && counter !== 'storecnt');
  const callerShadow = (name: string, counter: WaitCounter) => (counter === callerCounters[0] ? name : `${name}${CALLER_SHADOW}${counter}`);
  const withCallerShadows = (names: readonly string[]) => [...names, ...callerCounters.slice(1).flatMap((counter) => names.map((name) => callerShadow(name, counter)))];
  const withShadows = (names: readonly string[]) => withCallerShadows([...names, ...names.filter((name) => shadowed.has(name)).map((name) => `${name}${LDS_SHADOW}`)]);
  const realRegisters = [...new Set(read.flatMap(({ parts }) => parts.flatMap((p) => [...p.destinations, ...p.sources])))].sort(registerOrder);
  const everyRegister = [...new Set(withShadows(realRegisters))];

  const queues: SassQueue[] = [];
  const queueIndex = (name: string, ordered: boolean): number => {
    const found = queues.findIndex((queue) => queue.name === name);
    if (found >= 0) return found;
    queues.push({ name, ordered });
    return queues.length - 1;
  };

  const control = (write: WaitCounter | null, read: WaitCounter | null) => ({ wait: [], readScoreboard: read === null ? null : scoreboard(read), writeScoreboard: write === null ? null : scoreboard(write), yield: false, stall: 1 });
  const base = (line: AmdgpuLine, opcode: string, text: string) => ({ opcode, guard: null, drains: [], latencyClass: null, line: line.line, column: line.column, text });
  const fixed: SassUnit = { kind: 'fixed', latency: 1 };
  const none: SassUnit = { kind: 'none' };
  // The cap can decide a proof only where CAP instructions of one counter may be outstanding at
  // once, which takes CAP of them in the function (the analysis counts instructions, not loop
  // instances): there the proof rests on it, and a note says so.
  const counted = new Map<WaitCounter, number>();
  const capNoted = new Set<WaitCounter>();
  const capOf = (counter: WaitCounter | null, line: AmdgpuLine) => {
    if (counter === null) return null;
    const count = (counted.get(counter) ?? 0) + 1;
    counted.set(counter, count);
    if (count === CAP && !capNoted.has(counter)) {
      capNoted.add(counter);
      note('assumption', line, `${CAP} or more instructions count on ${counter} in ${fn.name}: the model takes it that an instruction waits at issue while ${CAP} of its counter's operations are outstanding, so the count never passes ${CAP} (LLVM issues more without a wait and clamps its waits to the largest value minus one, relying on the count never wrapping; no source says what the hardware does at its largest value)`);
    }
    return { scoreboard: scoreboard(counter), limit: CAP - 1 };
  };

  const drafts: Draft[] = [];
  // Model instructions whose counterexample side differs (a FLAT's LDS side, an unread wait): by index.
  const sides = new Map<number, CounterexampleChange>();
  const firstDraft: number[] = [];
  // Wait states: the source line of each model instruction, a line's wait states where not 1, and
  // the roles of the model instructions that play one (`waitStateTiming.ts`).
  const lineOfDraft: number[] = [];
  let currentLine = -1;
  const lineWaitStates = new Map<number, number>();
  const draftRoles = new Map<number, DraftRoles>();
  const push = (instruction: Omit<SassInstruction, 'flow'>, flow: Draft['flow'] = { kind: 'next' }) => {
    lineOfDraft.push(currentLine);
    return drafts.push({ instruction, flow });
  };
  // VGPRs some store holds as data after it issues (createsVALUHazard): a VALU overwriting one reads its shadow.
  const heldData = new Set(read.flatMap(({ parts }) => parts.flatMap((p) => p.held ?? [])));
  /** The roles of a line's parts, for the registers the model instruction touches (shadows of unheld data dropped). */
  const rolesOf = (parts: ReadLine['parts']): DraftRoles | null => {
    if (!countsWaitStates) return null;
    const writes = new Map<string, WaitStateWriter[]>();
    const reads = new Map<string, WaitStateReader[]>();
    for (const { roles } of parts) {
      if (!roles) continue;
      for (const [register, list] of roles.writes) writes.set(register, [...new Set([...(writes.get(register) ?? []), ...list])]);
      for (const [register, list] of roles.reads) {
        if (register.endsWith(STORE_DATA_SHADOW) && !heldData.has(register.slice(0, -STORE_DATA_SHADOW.length))) continue;
        reads.set(register, [...new Set([...(reads.get(register) ?? []), ...list])]);
      }
    }
    return writes.size + reads.size === 0 ? null : { writes, reads };
  };
  const shadowReads = (roles: DraftRoles | null) => (roles ? [...roles.reads.keys()].filter((name) => name.endsWith(STORE_DATA_SHADOW)) : []);

  // A callable function: the caller's operations may still be in flight.
  if (!fn.kernel) {
    const at = { opcode: '(entry)', guard: null, drains: [], latencyClass: null, line: fn.line, column: fn.column };
    for (const counter of callerCounters) {
      const lock = counter === 'expcnt';
      const names = realRegisters.map((name) => callerShadow(name, counter));
      push({
        ...at, text: `(entry of ${fn.name}: the caller's ${counter} operations may still be in flight)`,
        destinations: lock ? [] : names, sources: lock ? names : [], readAtIssue: [],
        unit: { kind: 'variable', queue: queueIndex('caller', false) }, depbar: null, control: control(lock ? null : counter, lock ? counter : null),
      });
    }
  }

  let mitigationNoted = false;
  // Symbols whose address the function takes (`.Ltmp0@rel32@lo+4`): where one is a label of its
  // own, an s_setpc_b64 may jump back into the function (an indirect branch), not only leave it.
  const ownLabelTaken = fn.instructions.some((line) => line.parts.some((part) => part.operands.some((operand) =>
    [...operand.text.matchAll(/([.\w$]+)@(?:rel32|gotpcrel32|gotpcrel|abs32)/g)].some((match) => Object.hasOwn(fn.labels, match[1]!)))));
  const waitsAtBarrier = fn.instructions.some((line) => line.parts.some((part) => /^s_barrier_wait$/.test(part.mnemonic)));
  for (const [lineIndex, { line, parts }] of read.entries()) {
    currentLine = lineIndex;
    firstDraft.push(drafts.length);
    const start = drafts.length;
    const roles = rolesOf(parts);
    const [main] = parts;
    const operation = main!.operation;
    const mnemonic = main!.part.mnemonic;
    const text = line.text;
    if (operation === null) {
      note('unknown-opcode', line, `${mnemonic} is not an instruction of a known AMDGPU family; modelled as a memory access that never completes as far as any counter says, its first operand written and the rest read`);
      push({ ...base(line, mnemonic, text), destinations: withShadows(main!.destinations), sources: withShadows(main!.sources), readAtIssue: withShadows(main!.sources), unit: { kind: 'variable', queue: queueIndex('unknown', false) }, depbar: null, control: control(null, null) });
      continue;
    }
    // Control transfers by their own table (`spec/amdgpu/controlFlow.ts`), whatever their class: one
    // whose control flow the model cannot follow ends the paths through it and names itself.
    const flowRule = mnemonic.startsWith('s_') ? amdgpuControlFlow(mnemonic) : null;
    if (flowRule?.kind === 'unknown') {
      note('unsupported', line, `${mnemonic}: ${flowRule.why ?? 'a control transfer the model does not know'}; the paths after it are not followed`);
      push({ ...base(line, mnemonic, text), destinations: withShadows(main!.destinations), sources: withShadows(main!.sources), readAtIssue: [], unit: fixed, depbar: null, control: control(null, null) }, { kind: 'exit' });
      continue;
    }
    const lowered: AmdgpuInstructionClass | 'trap' = flowRule === null || flowRule.kind === 'next' ? operation.class : flowRule.kind;
    switch (lowered) {
      case 'trap':
        // The handler may end the wave (a guarded exit: both ways) or return to the next instruction.
        note('assumption', line, `${mnemonic}: the trap handler is assumed either to end the wave or to return to the next instruction with the wave's registers as they were and none of its own operations in flight`);
        push({ ...base(line, mnemonic, text), guard: { predicate: `trap:${line.line}`, negated: false }, destinations: [], sources: withShadows(main!.sources), readAtIssue: [], unit: none, depbar: null, control: control(null, null) }, { kind: 'exit' });
        break;
      case 'memory': {
        const kind = operation.kind!;
        const exportTarget = /^pos/.test(main!.part.operands[0]?.text ?? '') ? 'pos' : /^param/.test(main!.part.operands[0]?.text ?? '') ? 'param' : 'other';
        const placements = placementsOf(kind, generation, { mayAccessScratch: /^(scratch|flat)_/.test(mnemonic), exportTarget, tgSplit: fn.tgSplit });
        const destinations = main!.destinations;
        if (generation === 'gfx12' && destinations.length > 0 && isVmem(placements[0]!)) {
          // Same-type VMEM results may land out of order on gfx12: overwriting a pending one needs a wait.
          push({ ...base(line, mnemonic, `${text} [gfx12: results of the same type may land out of order]`), destinations: withShadows(destinations), sources: [], readAtIssue: [], unit: fixed, depbar: null, control: control(null, null) });
        }
        // Registers a pending result of another VMEM type may be written to: the probe writes those
        // types' shadows, the load its own type's (see the header).
        const type = vmemResultType(kind);
        const crossed = type === null ? [] : destinations.filter((name) => typesWriting.has(name));
        const ownTypeShadows = crossed.map((name) => `${name}${VMEM_TYPE_SHADOW}${type}`);
        const moved = new Set(early.has(lineIndex) && placements.length === 1 ? withShadows(crossed) : []);
        if (moved.size > 0) movedResults.push({ probe: drafts.length, load: drafts.length + 1 });
        if (crossed.length > 0) {
          const otherTypes = crossed.flatMap((name) => [...typesWriting.get(name)!].filter((other) => other !== type).map((other) => `${name}${VMEM_TYPE_SHADOW}${other}`));
          if (moved.size > 0) sides.set(drafts.length, { destinations: [...moved] });
          push({ ...base(line, mnemonic, `${text} [a pending VMEM result of another type may land after it]`), destinations: otherTypes, sources: [], readAtIssue: [], unit: fixed, depbar: null, control: control(null, null) });
        }
        placements.forEach((placement, index) => {
          const proofQueue = placement.proofQueue ?? placement.queue;
          const fact = AMDGPU_QUEUES[generation][proofQueue]!;
          const ldsSide = index > 0;
          if (placement.proofQueue !== undefined) {
            sides.set(drafts.length, ldsSide
              ? { queue: { name: placement.queue, ordered: AMDGPU_QUEUES[generation][placement.queue]!.ordered }, destinations: [], gap: flatGap(mnemonic, line.line, target, fact.counter) }
              : { queue: { name: placement.queue, ordered: AMDGPU_QUEUES[generation][placement.queue]!.ordered }, gap: flatOrderGap(mnemonic, line.line, target) });
          }
          // A FLAT's memory side writes the registers, its LDS side their shadows; anything else writes both.
          const written = ldsSide ? destinations.map((name) => `${name}${LDS_SHADOW}`) : !placement.results ? [] : [...(placements.length > 1 ? withCallerShadows(destinations) : withShadows(destinations)), ...ownTypeShadows];
          if (!ldsSide && moved.size > 0) sides.set(drafts.length, { destinations: written.filter((name) => !moved.has(name) && !ownTypeShadows.includes(name)) });
          if (kind === 'lds-dma') sides.set(drafts.length, { destinations: [], gap: ldsDmaGap(mnemonic, line.line, target) });
          const sources = ldsSide ? [] : withShadows(main!.sources);
          // Registers a wait-state rule times are read at issue, as LLVM counts them.
          const timed = ldsSide || !roles ? [] : [...roles.reads.keys()].filter((name) => sources.includes(name));
          if (!ldsSide && roles) draftRoles.set(drafts.length, roles);
          push({
            ...base(line, mnemonic, ldsSide ? `${text} [LDS side]` : text),
            destinations: written, sources, readAtIssue: placement.readsAtIssue ? sources : timed,
            unit: { kind: 'variable', queue: queueIndex(proofQueue, fact.ordered) }, depbar: capOf(placement.write ?? placement.read, line),
            control: control(placement.write, placement.read),
          });
        });
        if (implicitOperandRule(mnemonic)?.sccLandsAtBarrierWait === true && waitsAtBarrier) {
          // "s_barrier_wait on the same barrier guarantees that the SCC write from
          // s_barrier_signal_isfirst has landed" (PR #157843): which barrier a wait is for the model
          // does not track, so where the function has one no hazard rests on the SCC write.
          sides.set(drafts.length - 1, { destinations: [], gap: isFirstGap(line.line, target) });
        }
        const held = main!.held ?? [];
        if (held.length > 0) {
          // The store holds its data for a while after it issues: a probe writes the data's shadows.
          const shadows = held.map((name) => `${name}${STORE_DATA_SHADOW}`);
          draftRoles.set(drafts.length, { writes: new Map(shadows.map((name) => [name, ['store-data'] as const])), reads: new Map() });
          push({ ...base(line, mnemonic, `${text} [holds its data: a VALU may not overwrite it yet]`), destinations: shadows, sources: [], readAtIssue: [], unit: fixed, depbar: null, control: control(null, null) });
        }
        break;
      }
      case 'wait': {
        let waits: CounterWait[] = [];
        try {
          const decoded = decodeWait(mnemonic, line.operandText, generation);
          if ('unsupported' in decoded) {
            // Unread: no wait for a proof, a wait for every counter on the counterexample side, so
            // neither a proof nor a hazard rests on what it waits for.
            note('unsupported', line, decoded.unsupported);
            for (const counter of counters) {
              sides.set(drafts.length, { depbar: { scoreboard: scoreboard(counter), limit: 0 }, gap: unreadWaitGap(line, target, counter) });
              push({ ...base(line, mnemonic, text), destinations: [], sources: [], readAtIssue: [], unit: none, depbar: null, control: control(null, null) });
            }
          } else {
            waits = decoded;
          }
        } catch (error) {
          if (!(error instanceof WaitSyntaxError)) throw error;
          problems.push({ file, line: line.line, column: error.offset < 0 ? line.column : line.operandColumn + error.offset, message: error.message });
        }
        for (const wait of waits) push({ ...base(line, mnemonic, text), destinations: [], sources: [], readAtIssue: [], unit: none, depbar: { scoreboard: scoreboard(wait.counter), limit: wait.limit }, control: control(null, null) });
        break;
      }
      case 'valu':
      case 'salu': {
        const destinations = withShadows([...new Set(parts.flatMap((p) => p.destinations))]);
        const sources = [...withShadows([...new Set(parts.flatMap((p) => p.sources))]), ...shadowReads(roles)];
        if (roles) draftRoles.set(drafts.length, roles);
        push({ ...base(line, parts.map((p) => p.part.mnemonic).join('::'), text), destinations, sources, readAtIssue: [], unit: fixed, depbar: null, control: control(null, null) });
        break;
      }
      case 'branch':
      case 'conditional-branch': {
        const label = main!.part.operands[0]?.text;
        if (label === undefined) {
          problems.push({ file, line: line.line, column: line.operandColumn, message: `expected a label after ${mnemonic}` });
          break;
        }
        const guard = lowered === 'conditional-branch' ? branchPredicate(mnemonic) : null;
        if (lowered === 'conditional-branch' && guard === null) {
          note('unsupported', line, `${mnemonic}: a conditional branch on a condition the model does not know; the paths after it are not followed`);
          push({ ...base(line, mnemonic, text), destinations: [], sources: [], readAtIssue: [], unit: none, depbar: null, control: control(null, null) }, { kind: 'exit' });
          break;
        }
        const known = Object.hasOwn(fn.labels, label);
        if (!known) note('unsupported', line, `branch target ${label} is not a label of ${fn.name}; the paths after it are not followed`);
        push({ ...base(line, mnemonic, text), guard: guard && { predicate: guard.predicate, negated: guard.negated }, destinations: [], sources: guard ? [...guard.reads] : [], readAtIssue: [], unit: none, depbar: null, control: control(null, null) }, known ? { kind: 'branch', label } : { kind: 'exit' });
        break;
      }
      case 'call':
        pushCall(line, mnemonic, main!.destinations, main!.sources, 'call');
        break;
      case 'jump': {
        const returnAddress = main!.part.operands[0]?.text === 's[30:31]';
        if (fn.kernel || (!returnAddress && ownLabelTaken)) {
          note('unsupported', line, fn.kernel
            ? `${mnemonic} in a kernel: an indirect jump, whose targets are not followed`
            : `${mnemonic} in ${fn.name}, which takes the address of one of its own labels: an indirect jump that may stay in the function, whose targets are not followed`);
          push({ ...base(line, mnemonic, text), destinations: [], sources: withShadows(main!.sources), readAtIssue: [], unit: none, depbar: null, control: control(null, null) }, { kind: 'exit' });
        } else if (returnAddress) {
          // The caller may read or overwrite any register as soon as control is back.
          push({ ...base(line, mnemonic, `${text} [return: the caller may use any register]`), destinations: everyRegister, sources: everyRegister, readAtIssue: [], unit: fixed, depbar: null, control: control(null, null) }, { kind: 'return' });
        } else {
          pushCall(line, mnemonic, [], main!.sources, 'tail call');
          drafts[drafts.length - 1] = { ...drafts[drafts.length - 1]!, flow: { kind: 'exit' } };
        }
        break;
      }
      case 'exit':
        push({ ...base(line, mnemonic, text), destinations: [], sources: [], readAtIssue: [], unit: none, depbar: null, control: control(null, null) }, { kind: 'exit' });
        break;
      case 'hazard-mitigation':
        if (countsWaitStates && mnemonic === 's_nop') {
          // s_nop N is N + 1 wait states (SIInstrInfo::getNumWaitStates).
          const count = Number(line.operandText.trim());
          if (Number.isInteger(count) && count >= 0) lineWaitStates.set(lineIndex, count + 1);
          else problems.push({ file, line: line.line, column: line.operandColumn, message: `expected the wait-state count of s_nop (an integer 0..15), found '${line.operandText.trim()}'` });
        } else if (!mitigationNoted && !countsWaitStates) {
          mitigationNoted = true;
          note('assumption', line, `${mnemonic} (and any s_nop, s_delay_alu, s_waitcnt_depctr or v_nop after it) resolves a hazard of LLVM's GCNHazardRecognizer or AMDGPUInsertDelayAlu that ${target} has (spec/amdgpu/hazards.ts); those are resolved with dependency counters or delays on gfx10 and later and are not modelled here, only the wait counters are checked`);
        }
        push({ ...base(line, mnemonic, text), destinations: [], sources: [], readAtIssue: [], unit: none, depbar: null, control: control(null, null) });
        break;
      case 'no-effect':
      case 'untracked-memory':
        if (roles) draftRoles.set(drafts.length, roles);
        push({ ...base(line, mnemonic, text), destinations: [], sources: withShadows(main!.sources), readAtIssue: [], unit: none, depbar: null, control: control(null, null) });
        break;
    }
    // Every line is at least one model instruction (a branch may target it; reports name it).
    if (drafts.length === start) push({ ...base(line, mnemonic, text), destinations: [], sources: [], readAtIssue: [], unit: none, depbar: null, control: control(null, null) });
    const epilog = fn.returnsToEpilog;
    if (epilog !== undefined && epilog.index === lineIndex + 1) {
      // The driver's epilog reads the returned registers at once (LLVM waits for every result before SI_RETURN_TO_EPILOG).
      push({ ...base({ ...line, line: epilog.line, column: epilog.column }, 'return-to-epilog', '(return to the shader epilog, which reads the returned registers at once)'), destinations: [], sources: everyRegister, readAtIssue: [], unit: fixed, depbar: null, control: control(null, null) }, { kind: 'exit' });
    }
  }
  if (problems.length > 0) throw new InputError(problems);

  function pushCall(line: AmdgpuLine, mnemonic: string, writes: readonly string[], reads: readonly string[], what: string): void {
    note('assumption', line, `${what}: the callee is assumed to wait for every counter but the store counter on entry, to read and write any register, and to return with nothing else in flight (LLVM's convention: callWaitsOnFunctionEntry, callWaitsOnFunctionReturn)`);
    push({ ...base(line, mnemonic, line.text), destinations: withShadows(writes), sources: withShadows(reads), readAtIssue: [], unit: fixed, depbar: null, control: control(null, null) });
    for (const counter of counters) {
      if (counter === 'vscnt' || counter === 'storecnt') continue;
      push({ ...base(line, mnemonic, `${line.text} [the callee's wait on ${counter}, assumed]`), destinations: [], sources: [], readAtIssue: [], unit: none, depbar: { scoreboard: scoreboard(counter), limit: 0 }, control: control(null, null) });
    }
    push({ ...base(line, mnemonic, `${line.text} [the callee, assumed to use any register]`), destinations: everyRegister, sources: everyRegister, readAtIssue: [], unit: fixed, depbar: null, control: control(null, null) });
  }

  // Labels to model-instruction indices; a label after the last instruction leaves the function.
  const indexOfLabel = (label: string): number => {
    const lineIndex = fn.labels[label]!;
    return lineIndex < firstDraft.length ? firstDraft[lineIndex]! : drafts.length;
  };
  const resolved = drafts.map((draft): SassInstruction => {
    let flow: SassFlow;
    if (draft.flow.kind === 'branch') {
      const target = indexOfLabel(draft.flow.label);
      flow = target >= drafts.length ? { kind: 'exit' } : { kind: 'branch', target };
    } else {
      flow = draft.flow;
    }
    return { ...draft.instruction, flow };
  });
  // A load in a loop may find its own earlier instance pending, of the same type: its result stays in order.
  for (const { probe, load } of movedResults) {
    if (!onCycle(resolved, load)) continue;
    sides.delete(probe);
    sides.delete(load);
  }
  const timed = countsWaitStates ? timeWaitStates(target, resolved, lineOfDraft, lineWaitStates, draftRoles) : null;
  const instructions = timed ? timed.instructions : resolved;
  noteUnmodelledHazards(fn, classified, target, linePredecessors(resolved, lineOfDraft, read.length), note);
  const program: SassProgram = {
    name: fn.name, architecture: target, queues, scoreboards: counters.length,
    visibilityDelay: 0, depbarVisibilityDelay: 0, readAfterWrite: timed ? timed.readAfterWrite : null, instructions,
    ...(timed ? { cyclesPerWaitState: timed.cyclesPerWaitState } : {}),
  };
  // In a loop the count of a counter is not bounded by the instructions written: a proof may
  // rest on the cap there too, however few there are, so say so as for 63 written ones.
  instructions.forEach((instruction, index) => {
    const counter = counters[instruction.depbar?.scoreboard ?? -1];
    if (instruction.unit.kind !== 'variable' || instruction.depbar?.limit !== CAP - 1 || counter === undefined || capNoted.has(counter) || !onCycle(instructions, index)) return;
    capNoted.add(counter);
    note('assumption', fn.instructions.find((line) => line.line === instruction.line) ?? fn.instructions[0]!, `a loop issues operations counted on ${counter} in ${fn.name}: the model takes it that an instruction waits at issue while ${CAP} of its counter's operations are outstanding, so the count never passes ${CAP} (no source says what the hardware does at the counter's largest value)`);
  });
  // Where a proof-only wait-state rule times a writer, the counterexample side has its own matrix.
  if (timed?.counterexample) {
    for (const index of timed.counterexample.differs) {
      const writer = instructions[index]!;
      const change = sides.get(index);
      sides.set(index, { ...change, gap: change?.gap ?? proofOnlyWaitStateGap(writer, target) });
    }
  }
  const evidence = timed?.counterexample ? { ...program, readAfterWrite: timed.counterexample.readAfterWrite } : program;
  return { program, notes, counterexample: counterexampleOf(evidence, sides) };
}

/**
 * For each source line, the lines control can come to it from: the model's control-flow graph
 * (`successors`) lifted to lines (a line's own model instructions follow one another).
 */
function linePredecessors(instructions: readonly SassInstruction[], lineOf: readonly number[], lines: number): number[][] {
  const before: Set<number>[] = Array.from({ length: lines }, () => new Set());
  successors({ instructions }).forEach((targets, index) => {
    const from = lineOf[index]!;
    for (const target of targets) {
      const to = lineOf[target]!;
      if (from >= 0 && to >= 0 && (to !== from || target <= index)) before[to]!.add(from);
    }
  });
  return before.map((set) => [...set]);
}

/** Whether instruction `start` can be reached again from itself (it is in a loop). */
function onCycle(instructions: readonly SassInstruction[], start: number): boolean {
  const next = successors({ instructions });
  const seen = new Set<number>();
  const stack = [...next[start]!];
  while (stack.length > 0) {
    const index = stack.pop()!;
    if (index === start) return true;
    if (seen.has(index)) continue;
    seen.add(index);
    stack.push(...next[index]!);
  }
  return false;
}

/** How one model instruction differs on the counterexample side, and the fact behind it. */
interface CounterexampleChange {
  /** Another queue (by name, created when the proof program has none). */
  readonly queue?: { readonly name: string; readonly ordered: boolean };
  readonly destinations?: readonly string[];
  readonly depbar?: { readonly scoreboard: number; readonly limit: number };
  /** The fact behind the difference, where the sources do not give the counterexample side's behaviour (none: they do). */
  readonly gap?: FactGap;
}

/**
 * The program a confirming schedule runs on, where instructions differ: a FLAT access's LDS side
 * counts as LLVM counts a generic access (in order with LDS from gfx10) and its result is ready
 * when the memory side says (it writes no shadow); a wait the model cannot read waits for every
 * counter. Null when no instruction differs.
 */
function counterexampleOf(program: SassProgram, sides: ReadonlyMap<number, CounterexampleChange>): CounterexampleProgram | null {
  if (sides.size === 0) return null;
  const queues = [...program.queues];
  const instructions = program.instructions.map((instruction, index): SassInstruction => {
    const side = sides.get(index);
    if (!side) return instruction;
    let changed: SassInstruction = { ...instruction, ...(side.destinations ? { destinations: side.destinations } : {}), ...(side.depbar ? { depbar: side.depbar } : {}) };
    if (side.queue) {
      let queue = queues.findIndex((q) => q.name === side.queue!.name);
      if (queue < 0) queue = queues.push({ ...side.queue }) - 1;
      changed = { ...changed, unit: { kind: 'variable', queue } };
    }
    return changed;
  });
  return { program: { ...program, queues, instructions }, gaps: program.instructions.map((_, index) => { const gap = sides.get(index)?.gap; return gap ? [gap] : []; }) };
}

/** The fact an s_barrier_signal_isfirst's SCC rests on where the function also waits at a barrier, both sides. */
function isFirstGap(line: number, target: AmdgpuTarget): FactGap {
  return {
    subject: `s_barrier_signal_isfirst at line ${line} on ${target}, its SCC result`,
    proof: 'lands when kmcnt says (an SCC_WRITE event on KM_CNT)',
    proofSource: 'llvm-pr-157843-scc-write',
    counterexample: 'may have landed at an s_barrier_wait on the same barrier (which barrier a wait is for is not tracked)',
    counterexampleSource: 'llvm-pr-157843-scc-write',
  };
}

/** The fact a proof-only wait-state rule rests on, both sides. */
function proofOnlyWaitStateGap(writer: SassInstruction, target: AmdgpuTarget): FactGap {
  return {
    subject: `${writer.text.trim()} at line ${writer.line} on ${target}, its result as a later VALU instruction reads it`,
    proof: 'needs 1 wait state before a VALU reads it, as LLVM times it (IsShift16BitDefFn: the src0 op_sel_hi bit is the one it tests for DST_OP_SEL)',
    proofSource: 'llvm-hazard-recognizer',
    counterexample: 'may be read at once: it writes the whole register, and the hazard LLVM describes is a partial write with a shift of result bits',
    counterexampleSource: 'llvm-hazard-subtarget',
  };
}

/** The fact an unread wait rests on, both sides. */
function unreadWaitGap(line: AmdgpuLine, target: AmdgpuTarget, counter: WaitCounter): FactGap {
  return {
    subject: `${line.text} at line ${line.line} on ${target}, for ${counter}`,
    proof: 'waits for nothing (what it waits for is not read)', proofSource: 'llvm-waitcnt-counters',
    counterexample: `waits until ${counter} is 0`, counterexampleSource: 'llvm-waitcnt-counters',
  };
}

/** The fact a FLAT access's LDS side rests on, both sides. */
function flatGap(mnemonic: string, line: number, target: AmdgpuTarget, counter: WaitCounter): FactGap {
  return {
    subject: `${mnemonic} at line ${line} on ${target}, its LDS side`,
    proof: `may reach LDS: counts on ${counter} apart from (and in no order with) LDS operations, and its result needs ${counter} as well as the memory counter, as LLVM waits for a generic access`,
    proofSource: 'llvm-waitcnt-register-uses',
    counterexample: `counts on ${counter} as LLVM counts a generic access, its result ready when the memory counter says (as for a flat_ access LLVM knows reaches memory only: the assembly does not say which it is)`,
    counterexampleSource: 'llvm-waitcnt-instruction-events',
  };
}

/** The fact a gfx9 FLAT access's memory side rests on, both sides. */
function flatOrderGap(mnemonic: string, line: number, target: AmdgpuTarget): FactGap {
  return {
    subject: `${mnemonic} at line ${line} on ${target}, its completion order`,
    proof: 'may report out of vector memory order (a flat_ access that reaches LDS does)',
    proofSource: 'llvm-usage-mm-gfx6-gfx9',
    counterexample: 'reports in vector memory order, as an access that reaches memory only (the assembly does not say which it is)',
    counterexampleSource: 'llvm-usage-mm-gfx6-gfx9',
  };
}

/** The fact an LDS DMA's LDS write rests on, both sides. */
function ldsDmaGap(mnemonic: string, line: number, target: AmdgpuTarget): FactGap {
  return {
    subject: `${mnemonic} at line ${line} on ${target}, the LDS it writes`,
    proof: 'may write the LDS any later LDS access reads, which must wait for it on the VMEM counter (LLVM\'s one LDS DMA slot where no alias scope tells accesses apart)',
    proofSource: 'llvm-waitcnt-register-uses',
    counterexample: 'writes LDS no later access reads (which LDS it writes and which an access reads is M0 and address data, and the alias scopes LLVM narrows its wait by are not in the assembly)',
    counterexampleSource: 'llvm-waitcnt-register-uses',
  };
}

/**
 * A line with the LDS pseudo-register added where an instruction touches LDS memory: an LDS DMA
 * writes it; DS instructions (but the lane shuffles, which touch no LDS), LDS-direct loads and
 * FLAT accesses (which may reach LDS) read it. LLVM waits for the DMA's slot before any
 * instruction with an LDS or FLAT memory operand, stores included (a DS store after a DMA is then
 * ordered as a reader), and before no DMA ("No need to wait before load from VMEM to LDS").
 */
function withLdsMemory(line: ReadLine): ReadLine {
  const touches = line.parts.some(({ operation }) => operation?.kind === 'lds-dma' || operation?.kind === 'lds' || operation?.kind === 'ldsdir' || operation?.kind === 'flat-load' || operation?.kind === 'flat-store');
  if (!touches) return line;
  return {
    line: line.line,
    parts: line.parts.map((part) => {
      const kind = part.operation?.kind;
      if (kind === 'lds-dma') return { ...part, destinations: [...part.destinations, LDS_MEMORY] };
      const reads = kind === 'ldsdir' || kind === 'flat-load' || kind === 'flat-store' || (kind === 'lds' && !/^ds_(swizzle|permute|bpermute|nop)/.test(part.part.mnemonic));
      return reads ? { ...part, sources: [...part.sources, LDS_MEMORY] } : part;
    }),
  };
}

/**
 * By register, the VMEM result types written to it, for the registers more than one type writes
 * (`vmemResultType`): the only ones where results may land out of issue order before gfx12. And
 * the lines whose such results the counterexample side may write at once: a load that is the only
 * one of its type to write them (no pending same-type result can be overtaken) and that some
 * other type writes to at an earlier line (so that a later result landing first can show), not a
 * FLAT load (its result has two sides), and only where no FLAT load writes such a register (its
 * result is not moved, and LLVM gives it no type). A load in a loop is ruled out later.
 */
function vmemTypesWriting(read: readonly ReadLine[]): { typesWriting: Map<string, Set<VmemResultType>>; early: Set<number> } {
  const writers = new Map<string, { readonly type: VmemResultType; readonly line: number; readonly flat: boolean }[]>();
  read.forEach(({ parts }, line) => {
    for (const { operation, destinations } of parts) {
      const type = operation?.kind ? vmemResultType(operation.kind) : null;
      if (type === null) continue;
      for (const name of destinations) {
        const list = writers.get(name) ?? [];
        list.push({ type, line, flat: operation!.kind === 'flat-load' });
        writers.set(name, list);
      }
    }
  });
  const typesWriting = new Map<string, Set<VmemResultType>>();
  for (const [name, list] of writers) {
    const types = new Set(list.map((writer) => writer.type));
    if (types.size > 1) typesWriting.set(name, types);
  }
  const early = new Set<number>();
  if (typesWriting.size === 0 || [...typesWriting.keys()].some((name) => writers.get(name)!.some((writer) => writer.flat))) return { typesWriting, early };
  const candidates = new Set([...typesWriting.keys()].flatMap((name) => writers.get(name)!.map((writer) => writer.line)));
  for (const line of candidates) {
    const mine = [...typesWriting.keys()].filter((name) => writers.get(name)!.some((writer) => writer.line === line));
    const type = writers.get(mine[0]!)!.find((writer) => writer.line === line)!.type;
    const alone = mine.every((name) => writers.get(name)!.every((writer) => writer.line === line || writer.type !== type));
    const overtakes = mine.some((name) => writers.get(name)!.some((writer) => writer.line < line && writer.type !== type));
    if (alone && overtakes) early.add(line);
  }
  return { typesWriting, early };
}

/** Whether a placement is a VMEM queue (the gfx12 same-type ordering exception applies to them). */
function isVmem(placement: AmdgpuPlacement): boolean {
  return ['vmem-read', 'vmem-sampler', 'vmem-bvh', 'flat-vmem', 'vmem'].includes(placement.queue);
}

/** An instruction of no known family: its first operand written, everything read. */
function rolesOfUnknown(part: AmdgpuPart): { destinations: string[]; sources: string[] } {
  const registers = part.operands.map((token) => {
    try {
      return operandRegisters(token.text);
    } catch {
      // A malformed register in an unknown instruction: it is blocked from any proof anyway.
      return [];
    }
  });
  return { destinations: registers[0] ?? [], sources: [...new Set(registers.flat())] };
}

/** Registers in a stable, readable order: by file, then index. */
function registerOrder(a: string, b: string): number {
  const key = (name: string) => {
    const match = /^([a-z_]+?)(\d+)(.*)$/.exec(name);
    return match ? [match[1]!, Number(match[2]), match[3]!] as const : [name, -1, ''] as const;
  };
  const [fa, ia, sa] = key(a);
  const [fb, ib, sb] = key(b);
  return fa.localeCompare(fb) || ia - ib || sa.localeCompare(sb);
}
