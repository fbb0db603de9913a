/**
 * The rules an LRC machine program must satisfy beyond syntax. They judge the program model
 * (`spec/lrc/program.ts`), not text, so any future syntax (a JSON form) rejects the same programs
 * with the same words; each syntax maps a `LrcProblemSite` back to a place in its input.
 */
import { baseOpcode } from '../../spec/operand.js';
import type { LrcProgram, Unit } from '../../spec/lrc/program.js';

/** Most thread contexts (`.threads`). */
export const MAX_CONTEXTS = 64;
/** Most threads launched in all (`.launch`). */
export const MAX_THREADS = 1024;
/** Longest fixed latency of a unit, in cycles. */
export const MAX_LATENCY = 64;
/** Narrowest load reference counter, in bits. */
export const MIN_COUNTER_BITS = 1;
/** Widest load reference counter, in bits. */
export const MAX_COUNTER_BITS = 16;

/** Names of units, counter classes and opcodes; counter names are also written as flags `(sy)`. */
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Where in a program a semantic problem sits. `item` indexes the list the field names. */
export type LrcProblemSite =
  | { readonly at: 'contexts' | 'threads' | 'initialPc' }
  | { readonly at: 'unit'; readonly unit: number; readonly field: 'name' | 'latency' | 'opcodes'; readonly item?: number }
  | { readonly at: 'counter'; readonly counter: number; readonly field: 'name' | 'bits' | 'opcodes'; readonly item?: number }
  | { readonly at: 'preload'; readonly preload: number; readonly field: 'counter' | 'initialValue' | 'registers'; readonly item?: number }
  | { readonly at: 'instruction'; readonly instruction: number; readonly field: 'opcode' | 'flags' | 'destinations'; readonly item?: number };

/** The declarations a judgement depends on (see `LrcSemanticProblem.reliesOn`). */
export type LrcDeclarations = 'units' | 'counters' | 'instructions';

/** A semantic problem: well-formed input that is not a valid program. */
export interface LrcSemanticProblem {
  readonly site: LrcProblemSite;
  readonly message: string;
  /**
   * Set when the problem may only be the echo of a declaration the syntax could not read (an
   * opcode is "unknown" because its `.unit` line was malformed): a parser that dropped such a
   * line reports the syntax error and leaves this problem out.
   */
  readonly reliesOn?: LrcDeclarations;
}

/** Every semantic problem of a program, in no particular order. */
export function validateLrcProgram(program: LrcProgram): LrcSemanticProblem[] {
  return [
    ...validateSizes(program),
    ...validateUnits(program.units),
    ...validateCounters(program),
    ...validatePreloads(program),
    ...validateInstructions(program),
  ];
}

/** `"a, b"`, or `none` for an empty list. */
export function nameList(names: readonly string[]): string {
  return names.length === 0 ? 'none' : names.join(', ');
}

function outOfRange(what: string, min: number, max: number, value: number): string | null {
  return Number.isInteger(value) && value >= min && value <= max ? null : `expected ${what} from ${min} to ${max}, got ${value}`;
}

function validateSizes(program: LrcProgram): LrcSemanticProblem[] {
  const problems: LrcSemanticProblem[] = [];
  const contexts = outOfRange('a thread context count', 1, MAX_CONTEXTS, program.contexts);
  if (contexts) problems.push({ site: { at: 'contexts' }, message: contexts });
  const threads = outOfRange('a launched thread count', 1, MAX_THREADS, program.threads);
  if (threads) problems.push({ site: { at: 'threads' }, message: threads });
  const count = program.instructions.length;
  const pc = program.initialPc;
  if (count === 0 && pc !== 0) {
    problems.push({ site: { at: 'initialPc' }, message: `expected INIT_PC 0: the program has no instructions, got ${pc}`, reliesOn: 'instructions' });
  } else if (count > 0) {
    const message = outOfRange(`an INIT_PC (instruction index) of this ${count}-instruction program`, 0, count - 1, pc);
    if (message) problems.push({ site: { at: 'initialPc' }, message, reliesOn: 'instructions' });
  }
  return problems;
}

function validateUnits(units: readonly Unit[]): LrcSemanticProblem[] {
  const problems: LrcSemanticProblem[] = [];
  const owner = new Map<string, string>();
  units.forEach((unit, index) => {
    if (!IDENTIFIER.test(unit.name)) {
      problems.push({ site: { at: 'unit', unit: index, field: 'name' }, message: `expected a unit name of letters, digits and _, got '${unit.name}'` });
    } else if (units.findIndex((other) => other.name === unit.name) !== index) {
      problems.push({ site: { at: 'unit', unit: index, field: 'name' }, message: `unit '${unit.name}' is declared twice` });
    }
    if (unit.kind === 'fixed') {
      const message = outOfRange('a latency in cycles', 1, MAX_LATENCY, unit.latency);
      if (message) problems.push({ site: { at: 'unit', unit: index, field: 'latency' }, message });
    }
    if (unit.opcodes.length === 0) {
      problems.push({ site: { at: 'unit', unit: index, field: 'opcodes' }, message: `unit '${unit.name}' lists no opcodes` });
    }
    unit.opcodes.forEach((opcode, item) => {
      const site: LrcProblemSite = { at: 'unit', unit: index, field: 'opcodes', item };
      if (!IDENTIFIER.test(opcode)) {
        problems.push({ site, message: `expected an opcode without modifiers, got '${opcode}'` });
      } else if (owner.has(opcode)) {
        problems.push({ site, message: `opcode ${opcode} is already executed by unit '${owner.get(opcode)}'` });
      } else {
        owner.set(opcode, unit.name);
      }
    });
  });
  return problems;
}

function validateCounters(program: LrcProgram): LrcSemanticProblem[] {
  const problems: LrcSemanticProblem[] = [];
  const { counters, units } = program;
  const countedBy = new Map<string, string>();
  counters.forEach((counter, index) => {
    const at = (field: 'name' | 'bits' | 'opcodes', item?: number): LrcProblemSite =>
      item === undefined ? { at: 'counter', counter: index, field } : { at: 'counter', counter: index, field, item };
    if (!IDENTIFIER.test(counter.name)) {
      problems.push({ site: at('name'), message: `expected a counter class name of letters, digits and _ (it is written as the flag '(name)'), got '${counter.name}'` });
    } else if (counters.findIndex((other) => other.name === counter.name) !== index) {
      problems.push({ site: at('name'), message: `counter class '${counter.name}' is declared twice` });
    }
    const bits = outOfRange('a counter width in bits', MIN_COUNTER_BITS, MAX_COUNTER_BITS, counter.bits);
    if (bits) problems.push({ site: at('bits'), message: bits });
    counter.opcodes.forEach((opcode, item) => {
      const unit = units.find((candidate) => candidate.opcodes.includes(opcode));
      if (unit === undefined) {
        problems.push({ site: at('opcodes', item), message: `opcode ${opcode} in counter class '${counter.name}' is executed by no unit (declared units: ${nameList(units.map((u) => u.name))})`, reliesOn: 'units' });
      } else if (unit.kind !== 'request') {
        problems.push({ site: at('opcodes', item), message: `opcode ${opcode} in counter class '${counter.name}' is not a request opcode: unit '${unit.name}' is a ${unit.kind} unit, only request units are counted`, reliesOn: 'units' });
      } else if (countedBy.has(opcode)) {
        problems.push({ site: at('opcodes', item), message: `opcode ${opcode} is already counted by class '${countedBy.get(opcode)}'` });
      } else {
        countedBy.set(opcode, counter.name);
      }
    });
  });
  const declared = nameList(counters.map((counter) => counter.name));
  units.forEach((unit, index) => {
    if (unit.kind !== 'request') return;
    unit.opcodes.forEach((opcode, item) => {
      const owner = units.findIndex((candidate) => candidate.opcodes.includes(opcode));
      if (countedBy.has(opcode) || owner !== index || unit.opcodes.indexOf(opcode) !== item) return;
      problems.push({
        site: { at: 'unit', unit: index, field: 'opcodes', item },
        message: `request opcode ${opcode} is counted by no .counter (declared: ${declared})`,
        reliesOn: 'counters',
      });
    });
  });
  return problems;
}

function validatePreloads(program: LrcProgram): LrcSemanticProblem[] {
  const problems: LrcSemanticProblem[] = [];
  program.preloads.forEach((preload, index) => {
    const counter = program.counters[preload.counter];
    if (counter === undefined) {
      problems.push({ site: { at: 'preload', preload: index, field: 'counter' }, message: `preload of counter class #${preload.counter}, which does not exist (the program has ${program.counters.length})` });
      return;
    }
    if (program.preloads.findIndex((other) => other.counter === preload.counter) !== index) {
      problems.push({ site: { at: 'preload', preload: index, field: 'counter' }, message: `counter class '${counter.name}' is preloaded twice: one .preload per class` });
    }
    const max = 2 ** counter.bits - 1;
    const value = outOfRange(`an INIT_LRC_VAL for the ${counter.bits}-bit class '${counter.name}'`, 0, max, preload.initialValue);
    if (value && Number.isInteger(counter.bits)) problems.push({ site: { at: 'preload', preload: index, field: 'initialValue' }, message: value });
    preload.registers.forEach((register, item) => {
      if (preload.registers.indexOf(register) !== item) {
        problems.push({ site: { at: 'preload', preload: index, field: 'registers', item }, message: `register ${register} is listed twice in this preload` });
      }
      // A preload return is named by its register (seed 001 returns data to a register), so one register arrives once.
      const earlier = program.preloads.findIndex((other, o) => o < index && other.registers.includes(register));
      if (earlier >= 0) {
        const name = program.counters[program.preloads[earlier]!.counter]?.name ?? `#${program.preloads[earlier]!.counter}`;
        problems.push({ site: { at: 'preload', preload: index, field: 'registers', item }, message: `register ${register} is already preloaded on class '${name}': a register's data arrives once` });
      }
    });
  });
  return problems;
}

function validateInstructions(program: LrcProgram): LrcSemanticProblem[] {
  const problems: LrcSemanticProblem[] = [];
  const declaredUnits = nameList(program.units.map((unit) => unit.name));
  program.instructions.forEach((instruction, index) => {
    const at = (field: 'opcode' | 'flags' | 'destinations', item?: number): LrcProblemSite =>
      item === undefined ? { at: 'instruction', instruction: index, field } : { at: 'instruction', instruction: index, field, item };
    const base = baseOpcode(instruction.opcode);
    const unit = program.units.find((candidate) => candidate.opcodes.includes(base));
    if (unit === undefined) {
      problems.push({ site: at('opcode'), message: `unknown opcode ${base}: no .unit executes it (declared units: ${declaredUnits})`, reliesOn: 'units' });
    } else if (unit.kind === 'flow' && instruction.destinations.length > 0) {
      problems.push({ site: at('destinations', 0), message: `${base} runs on the flow unit '${unit.name}', which writes nothing: expected no destinations` });
    }
    instruction.waitFor.forEach((counter, item) => {
      if (!Number.isInteger(counter) || counter < 0 || counter >= program.counters.length) {
        problems.push({ site: at('flags', item), message: `dependency flag on counter class #${counter}, which does not exist (the program has ${program.counters.length})` });
      } else if (item > 0 && counter <= instruction.waitFor[item - 1]!) {
        problems.push({ site: at('flags', item), message: `dependency flags must be ascending class indices without repeats, got ${instruction.waitFor.join(', ')}` });
      }
    });
    instruction.destinations.forEach((operand, item) => {
      if (operand.kind === 'immediate') {
        problems.push({ site: at('destinations', item), message: `expected a register as destination, got the immediate '${operand.text}'` });
      }
    });
  });
  return problems;
}
