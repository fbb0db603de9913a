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
/**
 * Most instruction instances: instructions x threads (launched, or contexts when more). The
 * simulator keeps per context and per thread a slot for every instruction, so this bounds its
 * memory (a few hundred megabytes at most); no search covers such a program in reasonable time.
 */
export const MAX_LRC_INSTRUCTION_INSTANCES = 1_000_000;

/** Most units (`.unit`): the seed's machine has three (ALU, load controller, flow control). */
export const MAX_UNITS = 32;
/**
 * Most counter classes (`.counter`): ir3 has two (`sy`, `ss`), the seed one. The simulator keeps
 * an instruction's flags as bits of one 32-bit mask.
 */
export const MAX_COUNTER_CLASSES = 16;

/**
 * Most preloaded registers over all classes (`.preload`): a thread's inputs. Every preload still
 * arriving is an action in every context of the first state, so this bounds how many successors
 * the search meets before its state budget is asked (64 contexts x 256); ir3's register file has
 * 256 components in all (r0.x..r63.w).
 */
export const MAX_PRELOAD_REGISTERS = 256;

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
  const copies = Math.max(program.contexts, program.threads);
  if (!contexts && !threads && count * copies > MAX_LRC_INSTRUCTION_INSTANCES) {
    const first = Math.floor(MAX_LRC_INSTRUCTION_INSTANCES / copies);
    problems.push({
      site: { at: 'instruction', instruction: first, field: 'opcode' },
      message: `too many instructions: ${count} instructions x ${copies} threads = ${count * copies} instances; at most ${MAX_LRC_INSTRUCTION_INSTANCES} are supported (this is instruction ${first + 1}, the first past the limit)`,
    });
  }
  const pc = program.initialPc;
  if (count === 0 && pc !== 0) {
    problems.push({ site: { at: 'initialPc' }, message: `expected INIT_PC 0: the program has no instructions, got ${pc}`, reliesOn: 'instructions' });
  } else if (count > 0) {
    const message = outOfRange(`an INIT_PC (instruction index) of this ${count}-instruction program`, 0, count - 1, pc);
    if (message) problems.push({ site: { at: 'initialPc' }, message, reliesOn: 'instructions' });
  }
  return problems;
}

/** Where each opcode is first listed by a unit: the unit that executes it (later listings are mistakes). */
function firstListings(units: readonly Unit[]): Map<string, { readonly unit: number; readonly item: number }> {
  const first = new Map<string, { unit: number; item: number }>();
  units.forEach((unit, index) => unit.opcodes.forEach((opcode, item) => {
    if (!first.has(opcode)) first.set(opcode, { unit: index, item });
  }));
  return first;
}

function validateUnits(units: readonly Unit[]): LrcSemanticProblem[] {
  const problems: LrcSemanticProblem[] = [];
  const owner = new Map<string, string>();
  const names = new Set<string>();
  units.forEach((unit, index) => {
    if (index === MAX_UNITS) {
      problems.push({ site: { at: 'unit', unit: index, field: 'name' }, message: `too many units: at most ${MAX_UNITS} may be declared, this is unit ${index + 1}` });
    }
    if (!IDENTIFIER.test(unit.name)) {
      problems.push({ site: { at: 'unit', unit: index, field: 'name' }, message: `expected a unit name of letters, digits and _, got '${unit.name}'` });
    } else if (names.has(unit.name)) {
      problems.push({ site: { at: 'unit', unit: index, field: 'name' }, message: `unit '${unit.name}' is declared twice` });
    }
    names.add(unit.name);
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
  const listed = firstListings(units);
  const names = new Set<string>();
  counters.forEach((counter, index) => {
    const at = (field: 'name' | 'bits' | 'opcodes', item?: number): LrcProblemSite =>
      item === undefined ? { at: 'counter', counter: index, field } : { at: 'counter', counter: index, field, item };
    if (index === MAX_COUNTER_CLASSES) {
      problems.push({ site: at('name'), message: `too many counter classes: at most ${MAX_COUNTER_CLASSES} may be declared, this is class ${index + 1}` });
    }
    if (!IDENTIFIER.test(counter.name)) {
      problems.push({ site: at('name'), message: `expected a counter class name of letters, digits and _ (it is written as the flag '(name)'), got '${counter.name}'` });
    } else if (names.has(counter.name)) {
      problems.push({ site: at('name'), message: `counter class '${counter.name}' is declared twice` });
    }
    names.add(counter.name);
    const bits = outOfRange('a counter width in bits', MIN_COUNTER_BITS, MAX_COUNTER_BITS, counter.bits);
    if (bits) problems.push({ site: at('bits'), message: bits });
    counter.opcodes.forEach((opcode, item) => {
      const listing = listed.get(opcode);
      const unit = listing === undefined ? undefined : units[listing.unit]!;
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
      const first = listed.get(opcode);
      if (countedBy.has(opcode) || first?.unit !== index || first.item !== item) return;
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
  const preloadedOn = new Map<string, number>();
  const classesPreloaded = new Set<number>();
  let preloaded = 0;
  program.preloads.forEach((preload, index) => {
    if (preloaded <= MAX_PRELOAD_REGISTERS && preloaded + preload.registers.length > MAX_PRELOAD_REGISTERS) {
      const item = MAX_PRELOAD_REGISTERS - preloaded;
      problems.push({ site: { at: 'preload', preload: index, field: 'registers', item }, message: `too many preloaded registers: at most ${MAX_PRELOAD_REGISTERS} over all .preload lines (this is the ${MAX_PRELOAD_REGISTERS + 1}th)` });
    }
    preloaded += preload.registers.length;
    const counter = program.counters[preload.counter];
    if (counter === undefined) {
      problems.push({ site: { at: 'preload', preload: index, field: 'counter' }, message: `preload of counter class #${preload.counter}, which does not exist (the program has ${program.counters.length})` });
      return;
    }
    if (classesPreloaded.has(preload.counter)) {
      problems.push({ site: { at: 'preload', preload: index, field: 'counter' }, message: `counter class '${counter.name}' is preloaded twice: one .preload per class` });
    }
    const max = 2 ** counter.bits - 1;
    const value = outOfRange(`an INIT_LRC_VAL for the ${counter.bits}-bit class '${counter.name}'`, 0, max, preload.initialValue);
    if (value && Number.isInteger(counter.bits)) problems.push({ site: { at: 'preload', preload: index, field: 'initialValue' }, message: value });
    classesPreloaded.add(preload.counter);
    const listed = new Set<string>();
    preload.registers.forEach((register, item) => {
      if (listed.has(register)) {
        problems.push({ site: { at: 'preload', preload: index, field: 'registers', item }, message: `register ${register} is listed twice in this preload` });
      }
      listed.add(register);
      // A preload return is named by its register (seed 001 returns data to a register), so one register arrives once.
      const earlier = preloadedOn.get(register) ?? -1;
      if (earlier >= 0 && earlier < index) {
        const name = program.counters[program.preloads[earlier]!.counter]?.name ?? `#${program.preloads[earlier]!.counter}`;
        problems.push({ site: { at: 'preload', preload: index, field: 'registers', item }, message: `register ${register} is already preloaded on class '${name}': a register's data arrives once` });
      }
    });
    for (const register of preload.registers) if (!preloadedOn.has(register)) preloadedOn.set(register, index);
  });
  return problems;
}

function validateInstructions(program: LrcProgram): LrcSemanticProblem[] {
  const problems: LrcSemanticProblem[] = [];
  const declaredUnits = nameList(program.units.map((unit) => unit.name));
  const listed = firstListings(program.units);
  program.instructions.forEach((instruction, index) => {
    const at = (field: 'opcode' | 'flags' | 'destinations', item?: number): LrcProblemSite =>
      item === undefined ? { at: 'instruction', instruction: index, field } : { at: 'instruction', instruction: index, field, item };
    const base = baseOpcode(instruction.opcode);
    const listing = listed.get(base);
    const unit = listing === undefined ? undefined : program.units[listing.unit]!;
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
