/**
 * From an imported kernel to the model the machine and the analysis run: every instruction's
 * effects from the architecture's table, labels and addresses resolved to instruction indices,
 * Maxwell's `SYNC`/`BRK`/`CONT` sent to their region's end, and everything the model had to
 * assume written down as a located note.
 */
import type { ArchitectureTable } from '../../spec/sass/architecture.js';
import type { CounterexampleProgram } from '../../spec/sass/architectures/counterexample.js';
import { countsOnWarpgroupScoreboard, depbarListOf, WARPGROUP_SCOREBOARD } from '../../spec/sass/controlFlow.js';
import { instructionEffects, type FlowEffect, type InstructionEffects } from '../../spec/sass/effects.js';
import { isConditional, mayFallThrough, type SassFlow, type SassInstruction, type SassProgram, type SassQueue, type SassUnit } from '../../spec/sass/program.js';
import type { SassKernel, SassLine } from './listing.js';
import { regionClosedByPath } from './regionStack.js';
import { reachedFromEntry, unreachedEntries } from './unreachedCode.js';

/**
 * Something the model could not take from the listing as written:
 * - `unknown-opcode`: not in the table; modelled conservatively, so no proof can rest on it;
 * - `unsupported`: a construct the model cannot follow (an indirect branch); no proof either;
 * - `assumption`: modelled under a stated assumption (a call through a register); proofs hold under it;
 * - `unchecked`: a hazard of a kind the model does not check may be here (an AMD wait-state rule
 *   it does not time); no proof, but a hazard shown elsewhere stands, the instruction being modelled;
 * - `foreign-code`: the function may not be code for the facts it is checked with (a function
 *   compiled for another processor than the file names); no verdict but `unknown`.
 */
export interface LoweringNote {
  readonly kind: 'unknown-opcode' | 'unsupported' | 'assumption' | 'unchecked' | 'foreign-code';
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** A kernel ready to check, with what the model had to assume. */
export interface LoweredKernel {
  readonly program: SassProgram;
  readonly notes: readonly LoweringNote[];
  /**
   * The same kernel under the counterexample side of its table (`counterexampleKernel.ts`): what
   * a schedule must run on to be evidence of a hazard. Absent or null when both sides agree.
   */
  readonly counterexample?: CounterexampleProgram | null;
}

/**
 * Lowers one kernel of a listing with the given architecture table. `architecture` is what the
 * program reports (the listing's own `sm_52`, whose table is Maxwell's `sm_50`); the table's
 * name when not given.
 */
export function lowerKernel(kernel: SassKernel, table: ArchitectureTable, architecture: string = table.name): LoweredKernel {
  const notes: LoweringNote[] = [];
  const note = (kind: LoweringNote['kind'], line: SassLine, message: string) => notes.push({ kind, line: line.line, column: line.column, message });
  const effects = kernel.instructions.map((line) => {
    const effect = instructionEffects(line, table);
    if (effect.unknown !== null) note('unknown-opcode', line, `${effect.unknown}; modelled as variable latency with unordered completion, its first operand written and the rest read`);
    return effect;
  });
  const queues: SassQueue[] = [];
  const queueIndex = (name: string): number => {
    const found = queues.findIndex((queue) => queue.name === name);
    if (found >= 0) return found;
    const facts = table.queues[name];
    queues.push({
      name, ordered: facts?.ordered ?? false,
      ...(facts?.readOrder !== undefined && !facts.ordered ? { readsInOrder: true } : {}),
      ...(facts?.readGroup !== undefined ? { readGroup: facts.readGroup } : {}),
      ...(facts?.serial !== undefined && facts.ordered ? { serial: true } : {}),
    });
    return queues.length - 1;
  };
  // A call through a register (or to another kernel's function) is opaque: assumed to touch every register.
  const everyRegister = [...new Set(effects.flatMap((effect) => [...effect.destinations, ...effect.sources]))].filter((name) => /^(R|UR|P|UP)\d+$/.test(name)).sort();
  // Maxwell and Pascal (before sm_70) encode 64-bit instructions behind a control word per 32 bytes.
  const targets = targetResolver(kernel, parseInt(table.name.slice(3), 10) < 70);
  const resolvedFlows = closedByPath(kernel, effects, kernel.instructions.map((_, index) => resolveFlow(kernel, effects, index, targets)), targets);
  const instructions = kernel.instructions.map((line, index): SassInstruction => {
    const effect = effects[index]!;
    const resolved = resolvedFlows[index]!;
    let unit: SassUnit = effect.unit.kind === 'variable' ? { kind: 'variable', queue: queueIndex(effect.unit.queue), ...(effect.unit.readDelay === undefined ? {} : { readDelay: effect.unit.readDelay }) }
      : effect.unit.kind === 'fixed' && Object.keys(effect.destinationLatencies).length > 0 ? { ...effect.unit, destinationLatency: effect.destinationLatencies }
      : effect.unit;
    let { destinations, sources } = effect;
    let flow: SassFlow;
    let opaqueCall: string | undefined;
    if (resolved.kind === 'opaque-call') {
      opaqueCall = `the callee of line ${line.line} is not seen (${resolved.why}): how soon after the call it reads a fixed-latency result is no fact`;
      note('assumption', line, `${resolved.why}: the callee is assumed to read and write any register of the kernel and to return with nothing in flight`);
      unit = { kind: 'fixed', latency: 1 };
      sources = [...new Set([...sources, ...everyRegister])];
      destinations = everyRegister;
      flow = { kind: 'next' };
    } else if (resolved.kind === 'unsupported') {
      note('unsupported', line, `${resolved.why}; ${followed(resolved.flow, line)}`);
      flow = resolved.flow;
    } else {
      flow = resolved as SassFlow;
    }
    // `BRA.ANY`: the warp branches where any thread's guard holds, so this thread's guard is only read (it stays among the sources).
    const guard = effect.flow.kind === 'branch' && effect.flow.anyThread === true ? null : line.guard;
    return {
      opcode: line.opcode, guard, destinations, sources, readAtIssue: effect.readAtIssue, unit, flow, depbar: effect.depbar, drains: effect.drains.map(queueIndex), latencyClass: effect.latencyClass,
      // `DEPBAR {1}` waits as a wait mask on those scoreboards does (`depbarListOf`).
      control: onWarpgroupScoreboard(waitingAlsoOn(line.control, depbarListOf(line)), line), line: line.line, column: line.column, text: line.text,
      // An opaque call's registers are not the instruction's own: nothing of it lands early.
      ...(effect.earlyDestinations !== undefined && unit.kind === 'variable' ? { earlyDestinations: effect.earlyDestinations } : {}),
      ...(opaqueCall === undefined ? {} : { opaqueCall }),
    };
  });
  // A return reached with no call in the kernel goes back to code outside it (a device function
  // listed on its own): where it goes is unknown, and what it leaves in flight meets no caller here.
  const indirectCalls = kernel.instructions.flatMap((_, index) => (resolvedFlows[index]!.kind === 'opaque-call' && (resolvedFlows[index] as { why: string }).why === INDIRECT_CALL ? [index] : []));
  // Indirect calls are still opaque here (their callees are wired in below), so the returns reached
  // from the entry are the function's own: they too go back to the caller outside the listing.
  if (!instructions.some((instruction) => instruction.flow.kind === 'call')) {
    const returns = reachedFromEntry(instructions).filter((index) => instructions[index]!.flow.kind === 'return').sort((a, b) => a - b);
    for (const index of returns) returnToOutsideCaller(kernel.instructions[index]!, instructions, index, everyRegister, note);
  }
  if (indirectCalls.length > 0) calleesOfIndirectCalls(kernel, instructions, indirectCalls, note);
  return {
    // A wgmma naming `gsb0` counts on a seventh scoreboard, the warpgroup's.
    program: { name: kernel.name, architecture, queues, scoreboards: instructions.some((instruction) => instruction.control.writeScoreboard === WARPGROUP_SCOREBOARD || instruction.depbar?.scoreboard === WARPGROUP_SCOREBOARD) ? WARPGROUP_SCOREBOARD + 1 : 6, visibilityDelay: table.visibilityDelay, depbarVisibilityDelay: table.depbarVisibilityDelay ?? table.visibilityDelay, readAfterWrite: table.readAfterWrite ?? null, instructions },
    notes,
  };
}

/**
 * A call through a register may go to any code of the kernel that no other path reaches (a table
 * of device functions, the division subroutine ptxas places after `EXIT`). Each such place becomes
 * a callee of the call: the call may also branch to a dispatcher appended after the kernel's
 * instructions (original indices stay), which branches to every entry of unreached code. That
 * code is then checked with exactly what is in flight at the call; its returns end the path, the
 * call's own instruction keeping the caller's side under the stated assumption. Every unreached
 * instruction is an entry or follows one that falls through, so none is left unchecked.
 */
function calleesOfIndirectCalls(kernel: SassKernel, instructions: SassInstruction[], calls: readonly number[], note: (kind: LoweringNote['kind'], line: SassLine, message: string) => void): void {
  const entries = unreachedEntries(instructions);
  const first = instructions[calls[0]!]!;
  if (entries.length > 0) {
    const dispatcher = instructions.length;
    for (const call of calls) instructions[call] = { ...instructions[call]!, flow: { kind: 'branch', target: dispatcher, conditional: true } };
    entries.forEach((entry, k) => {
      const last = k === entries.length - 1;
      instructions.push({
        opcode: 'CALL', guard: null, destinations: [], sources: [], readAtIssue: [], unit: { kind: 'none' }, drains: [], depbar: null, latencyClass: null,
        flow: last ? { kind: 'branch', target: entry } : { kind: 'branch', target: entry, conditional: true },
        control: { wait: [], readScoreboard: null, writeScoreboard: null, yield: false, stall: 1 },
        line: first.line, column: first.column, text: `(the call through a register may go to line ${instructions[entry]!.line})`,
      });
    });
    note('assumption', kernel.instructions[calls[0]!]!, `the call through a register may go to line${entries.length > 1 ? 's' : ''} ${entries.map((entry) => instructions[entry]!.line).join(', ')} (code no other path reaches): that code is checked as its callee, entered with what is in flight at the call, taking the caller's fixed-latency results as landed when the callee starts`);
  }
}

/**
 * A return with no call in the kernel goes back to a caller outside the listing (a device
 * function listed on its own, as `ptxas -c` leaves LLVM's `.func`s). The function is checked under
 * the calling convention the opaque call checks from the caller's side: it is entered with nothing
 * in flight, and after the return its caller may read and overwrite any register at once. So the
 * return goes on to an instruction that stands for the caller (appended after the kernel's, one per
 * return): it reads and writes every register the kernel names, issued after the return's own stall,
 * with no wait. A result or operand read still in flight there is no finding (the caller is not
 * seen, it may wait), but it leaves the function `unknown`, never proved.
 *
 * The convention is inferred from ptxas' output: over LLVM 19's NVPTX tests assembled by ptxas
 * 11.8 for sm_80 with `-c` (1,174 returns and 195 calls), every scoreboard a function set was
 * waited for by its RET or CALL, and its fixed-latency results were given the stall counts before.
 */
function returnToOutsideCaller(line: SassLine, instructions: SassInstruction[], index: number, everyRegister: readonly string[], note: (kind: LoweringNote['kind'], line: SassLine, message: string) => void): void {
  const ret = instructions[index]!;
  const caller = instructions.length;
  instructions[index] = { ...ret, flow: { kind: 'branch', target: caller, ...(isConditional(ret.flow) ? { conditional: true as const } : {}) } };
  instructions.push({
    opcode: 'RET', guard: null, destinations: everyRegister, sources: everyRegister, readAtIssue: [], unit: { kind: 'fixed', latency: 1 }, drains: [], depbar: null, latencyClass: null,
    flow: { kind: 'exit' },
    control: { wait: [], readScoreboard: null, writeScoreboard: null, yield: false, stall: 1 },
    line: ret.line, column: ret.column, text: `(the caller, after the return at line ${ret.line}: reads and overwrites any register at once)`,
    outsideListing: `the function returns at line ${ret.line} with it in flight, and its caller is outside the listing (ptxas' convention, inferred from its output, leaves nothing in flight at a return)`,
  });
  note('assumption', line, 'a return to a caller outside the listing: the function is checked as entered with nothing in flight and as returning to a caller that may read and overwrite any register right after the return\'s stall (the calling convention ptxas keeps at every CALL and RET)');
}

/** How a call whose target is in a register is named in its note. */
const INDIRECT_CALL = 'call through a register';

/**
 * A resolved flow, a call the model cannot see into, or a transfer it cannot follow: `flow` is
 * what the model follows instead (an exit, conditional when the transfer was, so only its
 * fall-through is followed; or the fall-through alone where the instruction itself does fall
 * through and only a later transfer is unknown).
 */
type ResolvedFlow =
  | SassFlow
  | { readonly kind: 'opaque-call'; readonly why: string }
  /** `noRegion`: a `SYNC`, `BRK` or `CONT` no region before it in the listing encloses (`closedByPath` may still resolve it). */
  | { readonly kind: 'unsupported'; readonly why: string; readonly flow: SassFlow; readonly noRegion?: true };

/**
 * `flows` with each `SYNC`, `BRK` or `CONT` that no region before it in the listing encloses sent
 * to the end of the region every path to it has open (`regionClosedByPath`), where they agree.
 */
function closedByPath(kernel: SassKernel, effects: readonly InstructionEffects[], flows: ResolvedFlow[], targets: TargetResolver): ResolvedFlow[] {
  const open = flows.flatMap((flow, index) => (flow.kind === 'unsupported' && flow.noRegion === true ? [index] : []));
  if (open.length === 0) return flows;
  const count = kernel.instructions.length;
  const successors = (index: number): number[] => {
    const flow = flows[index]!;
    const resolved: SassFlow = flow.kind === 'opaque-call' ? { kind: 'next' } : flow.kind === 'unsupported' ? flow.flow : flow;
    // A call comes back to the next instruction; calls are not entered (their targets are roots).
    const falls = resolved.kind === 'call' || mayFallThrough({ guard: kernel.instructions[index]!.guard, flow: resolved });
    const jumps = resolved.kind === 'branch' ? [resolved.target] : [];
    return [...jumps, ...(falls && index + 1 < count ? [index + 1] : [])];
  };
  const calls = flows.flatMap((flow) => (flow.kind === 'call' ? [flow.target] : []));
  const end = (opener: number): number | null => {
    const flow = effects[opener]!.flow;
    return flow.kind === 'open' ? targets(flow.target) : null;
  };
  const closing = regionClosedByPath(kernel, effects, successors, end, [0, ...calls]);
  const result = [...flows];
  for (const index of open) {
    const opener = closing(index);
    const target = opener === undefined ? null : end(opener);
    const flow = effects[index]!.flow;
    if (target === null || flow.kind !== 'sync') continue;
    result[index] = withCondition(target === count ? { kind: 'exit' } : { kind: 'branch', target }, flow.conditional);
  }
  return result;
}

/** What the model follows after a transfer it cannot, for the note. */
function followed(flow: SassFlow, line: SassLine): string {
  if (flow.kind === 'next') return 'the paths after it are followed as if it were not there, but the proof is incomplete';
  return flow.kind === 'exit' && (flow.conditional === true || line.guard !== null) ? 'only its fall-through is followed' : 'the paths after it are not followed';
}

/** Where control goes after instruction `index`, with targets as instruction indices. */
function resolveFlow(kernel: SassKernel, effects: readonly InstructionEffects[], index: number, targetIndex: TargetResolver): ResolvedFlow {
  const flow: FlowEffect = effects[index]!.flow;
  const count = kernel.instructions.length;
  // A transfer the model cannot follow: no path from it but its fall-through, if it has one.
  const unsupported = (why: string, conditional = false, noRegion = false): ResolvedFlow => ({ kind: 'unsupported', why, flow: conditional ? { kind: 'exit', conditional: true } : { kind: 'exit' }, ...(noRegion ? { noRegion: true as const } : {}) });
  switch (flow.kind) {
    case 'next':
      return { kind: 'next' };
    case 'unknown':
      return unsupported(flow.why);
    case 'open': {
      if (flow.opener !== 'PRET') return { kind: 'next' };
      // PRET `(.L_x_0) right before the indirect call that returns to .L_x_0 (ptxas' call through a
      // function pointer on Pascal): the call's own return. Anywhere else, a later RET may go there.
      if (pretOfIndirectCall(effects, index, targetIndex)) return { kind: 'next' };
      return { kind: 'unsupported', why: `PRET makes a later RET return to ${flow.target}, which the model does not follow`, flow: { kind: 'next' } };
    }
    case 'return':
    case 'exit':
      return withCondition({ kind: flow.kind }, flow.conditional);
    case 'branch': {
      // JMX R4 right after `PRET 0x60` naming the instruction after it: a call through R4 (nvdisasm notes it `INDIRECT_CALL`).
      if (flow.target === null && index > 0 && pretOfIndirectCall(effects, index - 1, targetIndex)) return { kind: 'opaque-call', why: INDIRECT_CALL };
      const target = flow.target === null ? null : targetIndex(flow.target);
      if (target === null) return unsupported(flow.target === null ? 'indirect branch (targets unknown)' : `branch target ${flow.target} ${targetIndex.missing(flow.target)}`, flow.conditional);
      // A label after the last instruction: the branch leaves the kernel.
      return withCondition(target === count ? { kind: 'exit' } : { kind: 'branch', target }, flow.conditional);
    }
    case 'call': {
      if (flow.outside !== undefined) return { kind: 'opaque-call', why: `call outside the listing: ${flow.outside}` };
      const target = flow.target === null ? null : targetIndex(flow.target);
      if (target === null || target === count) return { kind: 'opaque-call', why: flow.target === null ? INDIRECT_CALL : `call to ${flow.target}, outside this kernel` };
      return withCondition({ kind: 'call', target }, flow.conditional);
    }
    case 'sync': {
      // The innermost region opened before this instruction by the matching opener, still open
      // here; an opener whose end is no instruction leaves the jump unknown (never an outer region).
      for (let at = index - 1; at >= 0; at--) {
        const opener = effects[at]!.flow;
        if (opener.kind !== 'open' || opener.opener !== flow.opener) continue;
        const end = targetIndex(opener.target);
        if (end === null) return unsupported(`the ${flow.opener} at line ${kernel.instructions[at]!.line} ends at ${opener.target}, ${targetIndex.missing(opener.target)}`, flow.conditional);
        if (end > index) return withCondition(end === count ? { kind: 'exit' } : { kind: 'branch', target: end }, flow.conditional);
      }
      return unsupported(`no enclosing ${flow.opener} region before this instruction`, flow.conditional, true);
    }
    case 'endCollective': {
      // Back to the innermost WARPSYNC.COLLECTIVE whose target is past this instruction, or on.
      for (let at = index - 1; at >= 0; at--) {
        const opener = effects[at]!.flow;
        if (!/^WARPSYNC\..*\bCOLLECTIVE\b/.test(kernel.instructions[at]!.opcode) || opener.kind !== 'branch' || opener.target === null) continue;
        const end = targetIndex(opener.target);
        if (end !== null && end > index) return { kind: 'branch', target: at, conditional: true };
      }
      return unsupported('no WARPSYNC.COLLECTIVE before this ENDCOLLECTIVE names a target past it');
    }
  }
}

/**
 * Whether instruction `index` is a `PRET` pushing the address right after the next instruction,
 * and that next instruction a transfer through a register (`BRX`, `JMX`) or a call: the pair is
 * one call through a register that returns there. ptxas writes `PRET 0x60` then `JMX R4` for a
 * call through a function pointer on Maxwell and Pascal (callchain.ll, ptxas 12.5 -O0 for sm_50);
 * cuobjdump prints the jump bare, nvdisasm as `JMX R4 (*"INDIRECT_CALL"*)`.
 */
function pretOfIndirectCall(effects: readonly InstructionEffects[], index: number, targetIndex: TargetResolver): boolean {
  const pret = effects[index]?.flow;
  if (pret?.kind !== 'open' || pret.opener !== 'PRET' || targetIndex(pret.target) !== index + 2) return false;
  const next = effects[index + 1]?.flow;
  return next?.kind === 'call' || (next?.kind === 'branch' && next.target === null);
}

/** `flow`, conditional when `conditional` says so. */
function withCondition(flow: SassFlow, conditional: true | undefined): SassFlow {
  return conditional === true && flow.kind !== 'next' ? { ...flow, conditional } : flow;
}

/**
 * A label, or an absolute byte address (`0x130`), as an instruction index (the instruction count
 * for a label at the end); null when not in the kernel. `missing` says why a target resolves to
 * null, for the note.
 */
type TargetResolver = ((target: string) => number | null) & { readonly missing: (target: string) => string };

/** The kernel's `TargetResolver`, with the addresses indexed once (a kernel may have thousands of branches). */
function targetResolver(kernel: SassKernel, maxwellGroups: boolean): TargetResolver {
  const byAddress = new Map<number, number>();
  kernel.instructions.forEach((line, index) => {
    if (line.address !== null && !byAddress.has(line.address)) byAddress.set(line.address, index);
  });
  // Maxwell/Pascal put a control word at every 32-byte boundary and instructions 8, 16 and 24
  // bytes into the group. A transfer to the word names the group, which runs from its first
  // instruction: ptxas 11.8's sm_52 and sm_61 kernels end with a branch to themselves that
  // cuobjdump prints as `/*00e8*/ BRA 0xe0` (encoded offset -0x10 from the next address 0xf0), the
  // loop ptxas writes after every kernel's last EXIT. A word with no instruction after it in the
  // kernel stays unresolved.
  const groupStart = (address: number): number | undefined => (address % 32 === 0 && !byAddress.has(address) ? byAddress.get(address + 8) : undefined);
  const resolve = (target: string): number | null => {
    const label = Object.hasOwn(kernel.labels, target) ? kernel.labels[target] : undefined;
    if (label !== undefined) return label;
    if (!/^0x[0-9a-f]+$/i.test(target)) return null;
    const address = parseInt(target.slice(2), 16);
    return byAddress.get(address) ?? (maxwellGroups ? groupStart(address) : undefined) ?? null;
  };
  const missing = (target: string): string => (/^0x[0-9a-f]+$/i.test(target) ? 'is no instruction address of this kernel' : 'is not in this kernel');
  return Object.assign(resolve, { missing });
}

/** `control` with the scoreboards of `more` added to its wait mask (the same object when there are none). */
function waitingAlsoOn(control: SassLine['control'], more: readonly number[]): SassLine['control'] {
  if (more.every((scoreboard) => control.wait.includes(scoreboard))) return control;
  return { ...control, wait: [...new Set([...control.wait, ...more])].sort((a, b) => a - b) };
}

/**
 * `control` of a wgmma naming the warpgroup scoreboard (`HGMMA ..., gsb0`): counted on it as its
 * write scoreboard (its control word sets none), so that `WARPGROUP.DEPBAR.LE gsb0, k` retires it.
 */
function onWarpgroupScoreboard(control: SassLine['control'], line: SassLine): SassLine['control'] {
  return countsOnWarpgroupScoreboard(line) && control.writeScoreboard === null ? { ...control, writeScoreboard: WARPGROUP_SCOREBOARD } : control;
}
