/**
 * From an imported kernel to the model the machine and the analysis run: every instruction's
 * effects from the architecture's table, labels and addresses resolved to instruction indices,
 * Maxwell's `SYNC`/`BRK`/`CONT` sent to their region's end, and everything the model had to
 * assume written down as a located note.
 */
import type { ArchitectureTable } from '../../spec/sass/architecture.js';
import type { CounterexampleProgram } from '../../spec/sass/architectures/counterexample.js';
import { instructionEffects, type FlowEffect, type InstructionEffects } from '../../spec/sass/effects.js';
import type { SassFlow, SassInstruction, SassProgram, SassQueue, SassUnit } from '../../spec/sass/program.js';
import type { SassKernel, SassLine } from './listing.js';
import { unreachedStretches } from './unreachedCode.js';

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
    queues.push({ name, ordered: facts?.ordered ?? false, ...(facts?.readOrder !== undefined && !facts.ordered ? { readsInOrder: true } : {}) });
    return queues.length - 1;
  };
  // A call through a register (or to another kernel's function) is opaque: assumed to touch every register.
  const everyRegister = [...new Set(effects.flatMap((effect) => [...effect.destinations, ...effect.sources]))].filter((name) => /^(R|UR|P|UP)\d+$/.test(name)).sort();
  const targets = targetResolver(kernel);
  const instructions = kernel.instructions.map((line, index): SassInstruction => {
    const effect = effects[index]!;
    const resolved = resolveFlow(kernel, effects, index, targets);
    let unit: SassUnit = effect.unit.kind === 'variable' ? { kind: 'variable', queue: queueIndex(effect.unit.queue) }
      : effect.unit.kind === 'fixed' && Object.keys(effect.destinationLatencies).length > 0 ? { ...effect.unit, destinationLatency: effect.destinationLatencies }
      : effect.unit;
    let { destinations, sources } = effect;
    let flow: SassFlow;
    if (resolved.kind === 'opaque-call') {
      note('assumption', line, `${resolved.why}: the callee is assumed to read and write any register of the kernel and to return with nothing in flight`);
      unit = { kind: 'fixed', latency: 1 };
      sources = [...new Set([...sources, ...everyRegister])];
      destinations = everyRegister;
      flow = { kind: 'next' };
    } else if (resolved.kind === 'unsupported') {
      note('unsupported', line, `${resolved.why}; the paths after it are not followed`);
      flow = { kind: 'exit' };
    } else {
      flow = resolved as SassFlow;
    }
    return {
      opcode: line.opcode, guard: line.guard, destinations, sources, readAtIssue: effect.readAtIssue, unit, flow, depbar: effect.depbar, drains: effect.drains.map(queueIndex), latencyClass: effect.latencyClass,
      control: line.control, line: line.line, column: line.column, text: line.text,
    };
  });
  // Code only a call through a register may reach is code no proof of this kernel covers.
  const indirectCall = notes.find((n) => n.kind === 'assumption' && n.message.startsWith(INDIRECT_CALL));
  if (indirectCall !== undefined) {
    for (const { first, last } of unreachedStretches(instructions)) {
      const from = instructions[first]!;
      note('unsupported', kernel.instructions[first]!, `lines ${from.line} to ${instructions[last]!.line} are on no path the model follows, and the call through a register at line ${indirectCall.line} may go there: they are not checked`);
    }
  }
  return {
    program: { name: kernel.name, architecture, queues, scoreboards: 6, visibilityDelay: table.visibilityDelay, depbarVisibilityDelay: table.depbarVisibilityDelay ?? table.visibilityDelay, readAfterWrite: table.readAfterWrite ?? null, instructions },
    notes,
  };
}

/** How a call whose target is in a register is named in its note. */
const INDIRECT_CALL = 'call through a register';

type ResolvedFlow = SassFlow | { readonly kind: 'opaque-call' | 'unsupported'; readonly why: string };

/** Where control goes after instruction `index`, with targets as instruction indices. */
function resolveFlow(kernel: SassKernel, effects: readonly InstructionEffects[], index: number, targetIndex: TargetResolver): ResolvedFlow {
  const flow: FlowEffect = effects[index]!.flow;
  switch (flow.kind) {
    case 'next':
    case 'open':
      return { kind: 'next' };
    case 'return':
    case 'exit':
      return { kind: flow.kind };
    case 'branch': {
      const target = flow.target === null ? null : targetIndex(flow.target);
      if (target === null) return { kind: 'unsupported', why: flow.target === null ? 'indirect branch (targets unknown)' : `branch target ${flow.target} is not in this kernel` };
      // A label after the last instruction: the branch leaves the kernel.
      return target === kernel.instructions.length ? { kind: 'exit' } : { kind: 'branch', target };
    }
    case 'call': {
      const target = flow.target === null ? null : targetIndex(flow.target);
      if (target === null || target === kernel.instructions.length) return { kind: 'opaque-call', why: flow.target === null ? INDIRECT_CALL : `call to ${flow.target}, outside this kernel` };
      return { kind: 'call', target };
    }
    case 'sync': {
      // The innermost region opened before this instruction by the matching opener, still open here.
      for (let at = index - 1; at >= 0; at--) {
        const opener = effects[at]!.flow;
        if (opener.kind !== 'open' || opener.opener !== flow.opener) continue;
        const end = targetIndex(opener.target);
        if (end !== null && end > index) return { kind: 'branch', target: end };
      }
      return { kind: 'unsupported', why: `no enclosing ${flow.opener} region before this instruction` };
    }
  }
}

/** A label, or an absolute byte address (`0x130`), as an instruction index (the instruction count for a label at the end); null when not in the kernel. */
type TargetResolver = (target: string) => number | null;

/** The kernel's `TargetResolver`, with the addresses indexed once (a kernel may have thousands of branches). */
function targetResolver(kernel: SassKernel): TargetResolver {
  const byAddress = new Map<number, number>();
  kernel.instructions.forEach((line, index) => {
    if (line.address !== null && !byAddress.has(line.address)) byAddress.set(line.address, index);
  });
  return (target) => {
    const label = Object.hasOwn(kernel.labels, target) ? kernel.labels[target] : undefined;
    if (label !== undefined) return label;
    if (/^0x[0-9a-f]+$/i.test(target)) return byAddress.get(parseInt(target.slice(2), 16)) ?? null;
    return null;
  };
}

