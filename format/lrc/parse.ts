/**
 * The text notation of LRC machine programs (`.machine lrc`):
 *
 * ```
 * # comment ('#' or '//' to end of line), blank lines ignored
 * .machine lrc                      # required: selects this machine (once, anywhere)
 * .threads 2                        # thread contexts, 1..64 (default 1)
 * .launch 4                         # threads to run in all, 1..1024 (default: = .threads); an idle context takes the next thread
 * .unit alu fixed 3: add, mul, mov  # fixed latency 1..64: result written 3 cycles after the grant
 * .unit mem request: ldg, isam, ldl, rcp  # unpredictable latency, counted on a counter class
 * .unit flow flow: nop, br          # flow control: reads sources at the grant, writes nothing
 * .counter sy 6: ldg, isam          # counter class 'sy' (flag '(sy)'), 6-bit counter: bits 1..16, default 6 ('.counter sy: ...')
 * .counter ss in-order: ldl, rcp    # returns of 'ss' come back in request order: '.counter NAME [BITS] [in-order]: OPCODES'
 * .preload sy: r0, r1               # threads start with r0, r1 still arriving on sy; INIT_LRC_VAL = 2 (the count)
 * .preload sy 3: r0, r1             # explicit INIT_LRC_VAL 0..2^bits-1 (3 here: a mistake the checker reports as a deadlock)
 * .init-pc 1                        # INIT_PC: 0-based index of the instruction every thread starts at (default 0)
 *
 * (sy)add r2 <- r0, r1              # dependency flags before the opcode, ir3 style; several allowed: (sy)(ss)mul ...
 * ldg r3 <- r2                      # destinations '<-' sources, as in the .hp notation
 * isam.base0 r4, r5 <- r3, 4        # modifiers after '.'; immediates (a digit or '-digit' first) as sources, ignored
 * nop                               # no operands: no arrow
 * stg <- r1, r2                     # no destination
 * ```
 *
 * Without any `.counter` directive every request opcode is counted by one default class `lrc`
 * (6 bits, any order), whose flag is `(lrc)`. With `.counter` directives every request opcode
 * must be counted by exactly one of them. `.machine`, `.threads`, `.launch` and `.init-pc` may be
 * given once; `.preload` once per class. ir3's other flags ((rptN), (nopN), (jp), (ul), (ei), (r))
 * are not modelled and rejected. Semantic rules: `validate.ts`.
 */
import { DEFAULT_COUNTER_BITS, DEFAULT_COUNTER_NAME, type CounterClass, type LrcInstruction, type LrcProgram, type Preload, type Unit } from '../../spec/lrc/program.js';
import type { Operand } from '../../spec/operand.js';
import { InputError, type InputProblem, type SourcePosition } from '../error.js';
import { stripComment, tokenize, type Token } from '../hp/tokens.js';
import { commaList, expectEnd, expectInteger, LineError, operandsAroundArrow, REGISTER } from '../lineSyntax.js';
import { MAX_CONTEXTS, MAX_COUNTER_BITS, MAX_LATENCY, MAX_THREADS, MIN_COUNTER_BITS, nameList, validateLrcProgram, type LrcDeclarations, type LrcProblemSite } from './validate.js';

/** An LRC program together with where each instruction came from. */
export interface ParsedLrcProgram {
  readonly program: LrcProgram;
  readonly file: string;
  /** Source line (1-based) of each instruction. */
  readonly lines: readonly number[];
}

/** A directive's value and where it was written. */
interface Located<T> {
  readonly value: T;
  readonly at: SourcePosition;
}

/** Positions of a `.unit` or `.counter` directive's parts (`size`: latency or width). */
interface DeclarationPositions {
  readonly name: SourcePosition;
  readonly size: SourcePosition;
  readonly opcodes: readonly SourcePosition[];
}

/** A `.preload` as written; its class name is resolved once every `.counter` is known. */
interface WrittenPreload {
  readonly counter: Located<string>;
  readonly initialValue: Located<number> | null;
  readonly registers: readonly Located<string>[];
}

/** An instruction as written; its flags are resolved once every `.counter` is known. */
interface WrittenInstruction {
  readonly line: number;
  readonly opcode: Located<string>;
  readonly flags: readonly Located<string>[];
  readonly destinations: readonly Located<Operand>[];
  readonly sources: readonly Operand[];
}

/** What the parser has collected so far, line by line. */
interface ParserState {
  machine: Located<string> | null;
  contexts: Located<number> | null;
  threads: Located<number> | null;
  initialPc: Located<number> | null;
  /** A `.counter` line was seen, even a malformed one: no default class then. */
  counterDirectives: boolean;
  /** A `.machine` line was seen, even a malformed one: its problem says what is wrong. */
  machineDirective: boolean;
  readonly units: Unit[];
  readonly unitPositions: DeclarationPositions[];
  readonly counters: CounterClass[];
  readonly counterPositions: DeclarationPositions[];
  readonly preloads: WrittenPreload[];
  readonly instructions: WrittenInstruction[];
  /** Declarations with a line the parser could not read: problems that rely on them may be echoes. */
  readonly broken: Set<LrcDeclarations>;
}

const IR3_FLAG = /^(rpt[0-9]+|nop[0-9]+|jp|ul|ei|r)$/;
const DIRECTIVES = '.machine, .threads, .launch, .unit, .counter, .preload, .init-pc';
const SCOREBOARD_DIRECTIVES = ['.scoreboards', '.pipe', '.warps', '.interlock'];
const SINGLE_NUMBERS = {
  '.threads': { key: 'contexts', what: `the number of thread contexts (1..${MAX_CONTEXTS})` },
  '.launch': { key: 'threads', what: `the number of threads to launch (1..${MAX_THREADS})` },
  '.init-pc': { key: 'initialPc', what: 'the 0-based index of the instruction threads start at' },
} as const;

/**
 * Parses the LRC machine notation above. Throws `InputError` listing every problem as
 * `file:line:col: message`; never returns a half-parsed program.
 */
export function parseLrcProgram(text: string, file = '<input>'): ParsedLrcProgram {
  const problems: InputProblem[] = [];
  const state: ParserState = {
    machine: null, contexts: null, threads: null, initialPc: null, counterDirectives: false, machineDirective: false,
    units: [], unitPositions: [], counters: [], counterPositions: [], preloads: [], instructions: [], broken: new Set(),
  };
  text.split(/\r?\n/).forEach((raw, lineIndex) => {
    const line = lineIndex + 1;
    let tokens = tokenize(stripComment(raw));
    if (tokens.length === 0) return;
    const directive = tokens[0]!.text.startsWith('.');
    if (directive) tokens = joinHyphens(tokens);
    const declares: LrcDeclarations | null = !directive ? 'instructions'
      : tokens[0]!.text === '.unit' ? 'units' : tokens[0]!.text === '.counter' ? 'counters' : null;
    if (declares === 'counters') state.counterDirectives = true;
    if (tokens[0]!.text === '.machine') state.machineDirective = true;
    try {
      if (directive) parseDirective(tokens, line, state);
      else parseInstruction(tokens, line, state);
    } catch (error) {
      if (!(error instanceof LineError)) throw error;
      problems.push({ file, line, column: error.column, message: error.message });
      if (declares !== null) state.broken.add(declares);
    }
  });
  if (!state.machineDirective) {
    problems.push({ file, line: 1, column: 1, message: `expected a '.machine lrc' directive: without it the file is read as a scoreboard (.hp) program` });
  }
  const at = (position: SourcePosition, message: string) => problems.push({ file, ...position, message });
  const { counters, counterPositions } = counterClasses(state);
  const preloads = resolvePreloads(state, counters, at);
  const instructions = resolveFlags(state, counters, at);
  const program: LrcProgram = {
    contexts: state.contexts?.value ?? 1,
    threads: state.threads?.value ?? state.contexts?.value ?? 1,
    units: state.units,
    counters,
    preloads: preloads.map((preload) => preload.preload),
    initialPc: state.initialPc?.value ?? 0,
    instructions: instructions.map((instruction) => instruction.instruction),
  };
  const origin = state.machine?.at ?? { line: 1, column: 1 };
  const positions: SitePositions = { state, counterPositions, preloads, instructions, origin };
  for (const { site, message, reliesOn } of validateLrcProgram(program)) {
    if (reliesOn !== undefined && state.broken.has(reliesOn)) continue;
    if (site.at === 'threads' && state.threads === null) continue; // the `.threads` problem says it already
    at(sitePosition(site, positions), message);
  }
  if (problems.length > 0) throw new InputError(problems);
  return { program, file, lines: state.instructions.map((instruction) => instruction.line) };
}

/** The declared classes, or without any `.counter` directive the default class counting every request opcode. */
function counterClasses(state: ParserState): { counters: CounterClass[]; counterPositions: DeclarationPositions[] } {
  if (state.counterDirectives) return { counters: state.counters, counterPositions: state.counterPositions };
  const opcodes: string[] = [];
  const opcodePositions: SourcePosition[] = [];
  state.units.forEach((unit, index) => {
    if (unit.kind !== 'request') return;
    unit.opcodes.forEach((opcode, item) => {
      if (opcodes.includes(opcode)) return;
      opcodes.push(opcode);
      opcodePositions.push(state.unitPositions[index]!.opcodes[item]!);
    });
  });
  const origin = state.machine?.at ?? { line: 1, column: 1 };
  return {
    counters: [{ name: DEFAULT_COUNTER_NAME, bits: DEFAULT_COUNTER_BITS, inOrder: false, opcodes }],
    counterPositions: [{ name: origin, size: origin, opcodes: opcodePositions }],
  };
}

/** A preload with its class resolved, and where its parts were written. */
interface ResolvedPreload {
  readonly preload: Preload;
  readonly written: WrittenPreload;
}

function resolvePreloads(state: ParserState, counters: readonly CounterClass[], at: (position: SourcePosition, message: string) => void): ResolvedPreload[] {
  const resolved: ResolvedPreload[] = [];
  for (const written of state.preloads) {
    const counter = counters.findIndex((candidate) => candidate.name === written.counter.value);
    if (counter < 0) {
      if (!state.broken.has('counters')) {
        at(written.counter.at, `unknown counter class '${written.counter.value}' in .preload: the classes of this program are ${classList(state, counters)}`);
      }
      continue;
    }
    const registers = written.registers.map((register) => register.value);
    resolved.push({ preload: { counter, initialValue: written.initialValue?.value ?? registers.length, registers }, written });
  }
  return resolved;
}

/** An instruction with its flags resolved to class indices, and the column of each. */
interface ResolvedInstruction {
  readonly instruction: LrcInstruction;
  readonly written: WrittenInstruction;
  /** Position of the flag of each `waitFor` entry. */
  readonly flagPositions: readonly SourcePosition[];
}

function resolveFlags(state: ParserState, counters: readonly CounterClass[], at: (position: SourcePosition, message: string) => void): ResolvedInstruction[] {
  const flags = counters.map((counter) => `(${counter.name})`).join(', ');
  const known = counters.length === 0 ? 'this program declares no counter class'
    : counters.length === 1 ? `the dependency flag of this program is ${flags}` : `the dependency flags of this program are ${flags}`;
  const defaulted = state.counterDirectives ? '' : ' (the default class: the program has no .counter directive)';
  return state.instructions.map((written) => {
    const columns = new Map<number, SourcePosition>();
    for (const flag of written.flags) {
      const counter = counters.findIndex((candidate) => candidate.name === flag.value);
      if (counter >= 0 && columns.has(counter)) {
        at(flag.at, `flag (${flag.value}) is given twice`);
      } else if (counter >= 0) {
        columns.set(counter, flag.at);
      } else if (!state.broken.has('counters')) {
        const what = IR3_FLAG.test(flag.value) ? `ir3 flag (${flag.value}) is not modelled by this machine` : `unknown flag (${flag.value})`;
        at(flag.at, `${what}: ${known}${defaulted}`);
      }
    }
    const waitFor = [...columns.keys()].sort((a, b) => a - b);
    const instruction: LrcInstruction = {
      opcode: written.opcode.value,
      destinations: written.destinations.map((operand) => operand.value),
      sources: written.sources,
      waitFor,
    };
    return { instruction, written, flagPositions: waitFor.map((counter) => columns.get(counter)!) };
  });
}

/** The class names for a message, saying when they are the default. */
function classList(state: ParserState, counters: readonly CounterClass[]): string {
  const names = nameList(counters.map((counter) => counter.name));
  return state.counterDirectives ? names : `${names} (the default class: the program has no .counter directive)`;
}

/** Everything needed to point a semantic problem at the text. */
interface SitePositions {
  readonly state: ParserState;
  readonly counterPositions: readonly DeclarationPositions[];
  readonly preloads: readonly ResolvedPreload[];
  readonly instructions: readonly ResolvedInstruction[];
  /** Where problems with no better place go: the `.machine` line, or the start of the file. */
  readonly origin: SourcePosition;
}

/** Where in the text a semantic problem found by `validateLrcProgram` sits. */
function sitePosition(site: LrcProblemSite, positions: SitePositions): SourcePosition {
  const { state, origin } = positions;
  switch (site.at) {
    case 'contexts': return state.contexts?.at ?? origin;
    case 'threads': return state.threads?.at ?? state.contexts?.at ?? origin;
    case 'initialPc': return state.initialPc?.at ?? origin;
    case 'unit':
    case 'counter': {
      const declaration = site.at === 'unit' ? state.unitPositions[site.unit] : positions.counterPositions[site.counter];
      if (declaration === undefined) return origin;
      if (site.field === 'opcodes') return declaration.opcodes[site.item ?? 0] ?? declaration.name;
      return site.field === 'name' ? declaration.name : declaration.size;
    }
    case 'preload': {
      const written = positions.preloads[site.preload]?.written;
      if (written === undefined) return origin;
      if (site.field === 'registers') return written.registers[site.item ?? 0]?.at ?? written.counter.at;
      return site.field === 'initialValue' ? written.initialValue?.at ?? written.counter.at : written.counter.at;
    }
    case 'instruction': {
      const resolved = positions.instructions[site.instruction];
      if (resolved === undefined) return origin;
      const { written } = resolved;
      if (site.field === 'flags') return resolved.flagPositions[site.item ?? 0] ?? written.opcode.at;
      if (site.field === 'destinations') return written.destinations[site.item ?? 0]?.at ?? written.opcode.at;
      return written.opcode.at;
    }
  }
}

/** `.init`, `-`, `pc` -> `.init-pc`: the shared tokenizer splits at hyphens, directive words keep them. */
function joinHyphens(tokens: readonly Token[]): Token[] {
  const joined: Token[] = [];
  for (const token of tokens) {
    const last = joined[joined.length - 1];
    const adjacent = last !== undefined && last.column + last.text.length === token.column;
    if (adjacent && last.kind !== 'punct' && token.kind !== 'punct' && (token.text === '-' || last.text.endsWith('-'))) {
      joined[joined.length - 1] = { text: last.text + token.text, column: last.column, kind: 'word' };
    } else {
      joined.push(token);
    }
  }
  return joined;
}

function parseDirective(tokens: readonly Token[], line: number, state: ParserState): void {
  const [directive, ...rest] = tokens as [Token, ...Token[]];
  const end = directive.column + directive.text.length;
  switch (directive.text) {
    case '.machine': {
      if (state.machine !== null) throw new LineError(directive.column, `.machine is given twice (first on line ${state.machine.at.line})`);
      const name = rest[0];
      if (name?.text !== 'lrc') {
        throw new LineError(name?.column ?? end, `expected 'lrc' after .machine (this file is read as an LRC machine program)${name ? `, got '${name.text}'` : ''}`);
      }
      expectEnd(rest, 1);
      state.machine = { value: name.text, at: { line, column: directive.column } };
      return;
    }
    case '.threads':
    case '.launch':
    case '.init-pc': {
      const { key, what } = SINGLE_NUMBERS[directive.text];
      const first = state[key];
      if (first !== null) throw new LineError(directive.column, `${directive.text} is given twice (first on line ${first.at.line})`);
      const value = expectInteger(rest[0], end, `expected ${what} after ${directive.text}`);
      expectEnd(rest, 1);
      state[key] = { value, at: { line, column: rest[0]!.column } };
      return;
    }
    case '.unit': return parseUnit(rest, end, line, state);
    case '.counter': return parseCounter(rest, end, line, state);
    case '.preload': return parsePreload(rest, end, line, state);
    default: {
      const hint = SCOREBOARD_DIRECTIVES.includes(directive.text) ? ` (${directive.text} belongs to the scoreboard machine; this file is .machine lrc)` : '';
      throw new LineError(directive.column, `unknown directive '${directive.text}': expected one of ${DIRECTIVES}${hint}`);
    }
  }
}

/** `.unit NAME fixed LATENCY: OPCODES` | `.unit NAME request: OPCODES` | `.unit NAME flow: OPCODES` */
function parseUnit(rest: readonly Token[], end: number, line: number, state: ParserState): void {
  const name = rest[0];
  if (name?.kind !== 'word') throw new LineError(name?.column ?? end, `expected a unit name after .unit${got(name)}`);
  const kind = rest[1];
  if (kind?.text !== 'fixed' && kind?.text !== 'request' && kind?.text !== 'flow') {
    throw new LineError(kind?.column ?? after(name), `expected 'fixed LATENCY', 'request' or 'flow' after the unit name${got(kind)}`);
  }
  let next = 2;
  let latency = 0;
  if (kind.text === 'fixed') {
    latency = expectInteger(rest[2], after(kind), `expected the latency in cycles (1..${MAX_LATENCY}) after 'fixed'`);
    next = 3;
  }
  const colon = rest[next];
  if (colon?.text !== ':') throw new LineError(colon?.column ?? after(rest[next - 1]!), `expected ':' and the opcodes this unit executes${got(colon)}`);
  const opcodes = commaList(rest.slice(next + 1), colon.column + 1, 'an opcode', 'opcodes');
  for (const opcode of opcodes) {
    if (opcode.kind !== 'word' || opcode.text.includes('.')) throw new LineError(opcode.column, `expected an opcode without modifiers, got '${opcode.text}'`);
  }
  const names = opcodes.map((opcode) => opcode.text);
  state.units.push(kind.text === 'fixed'
    ? { kind: 'fixed', name: name.text, latency, opcodes: names }
    : { kind: kind.text, name: name.text, opcodes: names });
  state.unitPositions.push({
    name: { line, column: name.column },
    size: { line, column: rest[2]!.column },
    opcodes: opcodes.map((opcode) => ({ line, column: opcode.column })),
  });
}

/** `.counter NAME [BITS] [in-order]: OPCODES` (the opcode list may be empty). */
function parseCounter(rest: readonly Token[], end: number, line: number, state: ParserState): void {
  const name = rest[0];
  if (name?.kind !== 'word') throw new LineError(name?.column ?? end, `expected a counter class name after .counter${got(name)}`);
  let next = 1;
  let bits: Located<number> | null = null;
  if (rest[next]?.kind === 'number') {
    bits = { value: expectInteger(rest[next], 0, `expected the counter width in bits (${MIN_COUNTER_BITS}..${MAX_COUNTER_BITS})`), at: { line, column: rest[next]!.column } };
    next++;
  }
  const inOrder = rest[next]?.text === 'in-order';
  if (inOrder) next++;
  const colon = rest[next];
  if (colon?.text !== ':') {
    const options = [bits === null && !inOrder ? 'the width in bits' : null, inOrder ? null : "'in-order'", "':' and the opcodes this class counts"];
    const expected = options.filter((option) => option !== null).join(', ').replace(/, ([^,]*)$/, ' or $1');
    throw new LineError(colon?.column ?? after(rest[next - 1]!), `expected ${expected}${got(colon)}`);
  }
  const opcodes = commaList(rest.slice(next + 1), colon.column + 1, 'an opcode', 'opcodes', true);
  for (const opcode of opcodes) {
    if (opcode.kind !== 'word' || opcode.text.includes('.')) throw new LineError(opcode.column, `expected an opcode without modifiers, got '${opcode.text}'`);
  }
  const at = { line, column: name.column };
  state.counters.push({ name: name.text, bits: bits?.value ?? DEFAULT_COUNTER_BITS, inOrder, opcodes: opcodes.map((opcode) => opcode.text) });
  state.counterPositions.push({ name: at, size: bits?.at ?? at, opcodes: opcodes.map((opcode) => ({ line, column: opcode.column })) });
}

/** `.preload NAME [COUNT]: REGISTERS` (no registers only with an explicit count). */
function parsePreload(rest: readonly Token[], end: number, line: number, state: ParserState): void {
  const name = rest[0];
  if (name?.kind !== 'word') throw new LineError(name?.column ?? end, `expected a counter class name after .preload${got(name)}`);
  let next = 1;
  let initialValue: Located<number> | null = null;
  if (rest[next]?.kind === 'number') {
    initialValue = { value: expectInteger(rest[next], 0, 'expected the initial counter value INIT_LRC_VAL'), at: { line, column: rest[next]!.column } };
    next++;
  }
  const colon = rest[next];
  if (colon?.text !== ':') {
    const expected = initialValue === null ? "the initial counter value or ':' and the registers still arriving" : "':' and the registers still arriving";
    throw new LineError(colon?.column ?? after(rest[next - 1]!), `expected ${expected}${got(colon)}`);
  }
  const list = rest.slice(next + 1);
  if (list.length === 0 && initialValue === null) {
    throw new LineError(colon.column + 1, `expected a register after ':' (to preload no register, give the count: '.preload ${name.text} 0:')`);
  }
  const registers = commaList(list, colon.column + 1, 'a register', 'registers', true).map((token) => {
    if (token.kind !== 'word' || !REGISTER.test(token.text) || token.text === 'RZ' || token.text === 'PT') {
      throw new LineError(token.column, `expected a register (r0, r3.x, P1), got '${token.text}'`);
    }
    return { value: token.text, at: { line, column: token.column } };
  });
  state.preloads.push({ counter: { value: name.text, at: { line, column: name.column } }, initialValue, registers });
}

/** `(FLAG)... OPCODE [DESTINATIONS] [<- SOURCES]` */
function parseInstruction(tokens: readonly Token[], line: number, state: ParserState): void {
  const flags: Located<string>[] = [];
  let index = 0;
  while (tokens[index]?.text === '(') {
    const open = tokens[index]!;
    const name = tokens[index + 1];
    if (name?.kind !== 'word') throw new LineError(name?.column ?? after(open), `expected a flag name after '('${got(name)}`);
    const close = tokens[index + 2];
    if (close?.text !== ')') throw new LineError(close?.column ?? after(name), `expected ')' after the flag name${got(close)}`);
    flags.push({ value: name.text, at: { line, column: open.column } });
    index += 3;
  }
  const opcode = tokens[index];
  if (opcode?.kind !== 'word' || opcode.text.startsWith('.')) {
    const column = opcode?.column ?? after(tokens[index - 1]!);
    if (opcode === undefined) throw new LineError(column, 'expected an opcode after the flags');
    const hint = opcode.kind === 'control' ? ' (control fields belong to the scoreboard machine; this file is .machine lrc)' : '';
    throw new LineError(column, `expected an opcode, got '${opcode.text}'${hint}`);
  }
  const { destinations, sources } = parseOperands(tokens.slice(index + 1), after(opcode), line);
  state.instructions.push({ line, opcode: { value: opcode.text, at: { line, column: opcode.column } }, flags, destinations, sources });
}

function parseOperands(tokens: readonly Token[], end: number, line: number): { destinations: Located<Operand>[]; sources: Operand[] } {
  const flag = tokens.find((token) => token.text === '(');
  if (flag) throw new LineError(flag.column, `expected an operand, got '(': dependency flags go before the opcode, like (sy)add`);
  const { destinations, sources } = operandsAroundArrow(tokens, end, 'op', 'r0, r3.x, P1');
  return { destinations: destinations.map(({ token, operand }) => ({ value: operand, at: { line, column: token.column } })), sources };
}

/** The column just after a token: where a missing next token belongs. */
function after(token: Token): number {
  return token.column + token.text.length;
}

/** `, got 'x'` for a token that is there but wrong; nothing for a missing one. */
function got(token: Token | undefined): string {
  return token ? `, got '${token.text}'` : '';
}
