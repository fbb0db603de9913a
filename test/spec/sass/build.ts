/**
 * Hand-built `SassProgram`s for tests of the reference machine and the analysis, in the style of
 * `properties/arbitraries/sassProgram.ts`: an ordered or unordered memory queue (0), fixed-latency
 * ALU ops, DEPBARs, branches. Guards are added to the sources (read at issue), as lowering does.
 */
import type { Control } from '../../../spec/scoreboard/program.js';
import type { ReadAfterWriteMatrices, SassFlow, SassInstruction, SassProgram, SassUnit } from '../../../spec/sass/program.js';

/** A control record: no scoreboards, stall 1, unless given. */
export function control(fields: Partial<Control> = {}): Control {
  return { wait: [], readScoreboard: null, writeScoreboard: null, yield: false, stall: 1, ...fields };
}

/** What an instruction may set beyond its kind. */
export interface InstructionOptions extends Partial<Control> {
  /** Guard predicate, e.g. `P0`. */
  readonly guard?: string;
  readonly latencyClass?: string | null;
}

function instruction(opcode: string, unit: SassUnit, destinations: readonly string[], sources: readonly string[], options: InstructionOptions, extra: Partial<SassInstruction> = {}): SassInstruction {
  const { guard, latencyClass = null, ...fields } = options;
  const guardSource = guard === undefined || sources.includes(guard) ? [] : [guard];
  const text = `${guard === undefined ? '' : `@${guard} `}${opcode} ${destinations.join(', ')}${destinations.length > 0 && sources.length > 0 ? ', ' : ''}${sources.join(', ')}`.trim();
  return {
    opcode, guard: guard === undefined ? null : { predicate: guard, negated: false }, destinations, sources: [...sources, ...guardSource],
    readAtIssue: unit.kind === 'variable' && guard !== undefined ? [guard] : [], unit, flow: { kind: 'next' }, depbar: null, drains: [],
    latencyClass, control: control(fields), line: 0, column: 1, text, ...extra,
  };
}

/** `LD dst <- sources` through memory queue 0 (class `mem`). */
export function load(destination: string, sources: readonly string[], options: InstructionOptions = {}): SassInstruction {
  return instruction('LD', { kind: 'variable', queue: 0 }, [destination], sources, { latencyClass: 'mem', ...options });
}

/** `ALU dst <- sources`, fixed `latency` (default 4, class `alu`). */
export function alu(destination: string | null, sources: readonly string[], options: InstructionOptions & { readonly latency?: number } = {}): SassInstruction {
  const { latency = 4, ...rest } = options;
  return instruction('ALU', { kind: 'fixed', latency }, destination === null ? [] : [destination], sources, { latencyClass: 'alu', ...rest });
}

/** `DEPBAR.LE SBn, limit`. */
export function depbar(scoreboard: number, limit: number, options: InstructionOptions = {}): SassInstruction {
  return instruction('DEPBAR.LE', { kind: 'none' }, [], [], options, { depbar: { scoreboard, limit }, text: `DEPBAR.LE SB${scoreboard}, ${limit}` });
}

/** `BRA target` (guarded when `options.guard`). */
export function branch(target: number, options: InstructionOptions = {}): SassInstruction {
  const flow: SassFlow = { kind: 'branch', target };
  return instruction('BRA', { kind: 'none' }, [], [], options, { flow, text: `BRA L${target}` });
}

/** `EXIT`. */
export function exit(options: InstructionOptions = {}): SassInstruction {
  return instruction('EXIT', { kind: 'none' }, [], [], options, { flow: { kind: 'exit' } });
}

/** What a program may set beyond its instructions. */
export interface ProgramOptions {
  /** Whether memory queue 0 completes in order (default true). */
  readonly ordered?: boolean;
  /** Default 2. */
  readonly visibilityDelay?: number;
  /** Default `visibilityDelay`. */
  readonly depbarVisibilityDelay?: number;
  readonly readAfterWrite?: ReadAfterWriteMatrices | null;
}

/** A program of these instructions, numbered lines 1, 2, ... */
export function program(instructions: readonly SassInstruction[], options: ProgramOptions = {}): SassProgram {
  const visibilityDelay = options.visibilityDelay ?? 2;
  return {
    name: 'test', architecture: 'test', scoreboards: 6, visibilityDelay,
    depbarVisibilityDelay: options.depbarVisibilityDelay ?? visibilityDelay,
    readAfterWrite: options.readAfterWrite ?? null,
    queues: [{ name: 'mem', ordered: options.ordered ?? true }],
    instructions: instructions.map((instruction, index) => ({ ...instruction, line: index + 1 })),
  };
}
