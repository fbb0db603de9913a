import {
  DEFAULT_CONTROL, DEFAULT_SCOREBOARDS, MAX_SCOREBOARDS,
  type Control, type Instruction, type Operand, type Pipe, type Program,
} from '../../spec/scoreboard/program.js';
import { baseOpcode } from '../../spec/operand.js';
import { parseControl, type ControlColumns } from './control.js';
import { InputError, type InputProblem, type SourcePosition } from '../error.js';
import { stripComment, tokenize, type Token } from './tokens.js';
import { commaList, expectEnd, expectInteger, LineError, operandsAroundArrow, REGISTER } from '../lineSyntax.js';
import { MAX_FIXED_LATENCY, MAX_QUEUE_DEPTH, MAX_WARPS, validateProgram, type ProblemSite } from './validate.js';

/** A program together with where each instruction came from. */
export interface ParsedProgram {
  readonly program: Program;
  readonly file: string;
  /** Source line (1-based) of each instruction. */
  readonly lines: readonly number[];
}

/** Columns of an instruction's parts, kept to point semantic problems at the right place. */
interface InstructionPositions {
  readonly line: number;
  readonly opcode: number;
  readonly control: ControlColumns | null;
  readonly depbarScoreboard: number;
  readonly depbarLimit: number;
}

/** Positions of a pipe directive's parts. */
interface PipePositions {
  readonly name: SourcePosition;
  readonly size: SourcePosition;
  readonly opcodes: readonly SourcePosition[];
}

/** What the parser has collected so far, line by line. */
interface ParserState {
  scoreboards: { value: number; at: SourcePosition } | null;
  warps: { value: number; at: SourcePosition } | null;
  interlock: boolean;
  readonly pipes: Pipe[];
  readonly pipePositions: PipePositions[];
  readonly instructions: Instruction[];
  readonly positions: InstructionPositions[];
}

const DIRECTIVES = '.machine, .scoreboards, .pipe, .warps, .interlock';

/**
 * Parses the `.hp` text format (see docs/program-format.md). Throws `InputError` listing every
 * problem as `file:line:col: message`; never returns a half-parsed program.
 */
export function parseProgram(text: string, file = '<input>'): ParsedProgram {
  const problems: InputProblem[] = [];
  const state: ParserState = {
    scoreboards: null, warps: null, interlock: false, pipes: [], pipePositions: [], instructions: [], positions: [],
  };
  text.split(/\r?\n/).forEach((raw, lineIndex) => {
    const line = lineIndex + 1;
    const tokens = tokenize(stripComment(raw));
    if (tokens.length === 0) return;
    try {
      if (tokens[0]!.text.startsWith('.')) parseDirective(tokens, line, state);
      else parseInstruction(tokens, line, state);
    } catch (error) {
      if (!(error instanceof LineError)) throw error;
      problems.push({ file, line, column: error.column, message: error.message });
    }
  });
  const program: Program = {
    scoreboards: state.scoreboards?.value ?? DEFAULT_SCOREBOARDS,
    pipes: state.pipes,
    warps: state.warps?.value ?? 1,
    interlock: state.interlock,
    instructions: state.instructions,
  };
  for (const { site, message } of validateProgram(program)) {
    problems.push({ file, ...sitePosition(site, state), message });
  }
  if (problems.length > 0) throw new InputError(problems);
  return { program, file, lines: state.positions.map((position) => position.line) };
}

/** Where in the text a semantic problem found by `validateProgram` sits. */
function sitePosition(site: ProblemSite, state: ParserState): SourcePosition {
  switch (site.at) {
    case 'scoreboards': return state.scoreboards?.at ?? { line: 1, column: 1 };
    case 'warps': return state.warps?.at ?? { line: 1, column: 1 };
    case 'pipe': {
      const pipe = state.pipePositions[site.pipe]!;
      if (site.field === 'opcodes') return pipe.opcodes[site.item ?? 0] ?? pipe.name;
      return pipe[site.field];
    }
    case 'instruction': {
      const at = state.positions[site.instruction]!;
      const column = (() => {
        switch (site.field) {
          case 'wait': return at.control?.wait[site.item ?? 0];
          case 'readScoreboard': return at.control?.readScoreboard;
          case 'writeScoreboard': return at.control?.writeScoreboard;
          case 'stall': return at.control?.stall;
          case 'depbarScoreboard': return at.depbarScoreboard;
          case 'depbarLimit': return at.depbarLimit;
          default: return at.opcode;
        }
      })();
      return { line: at.line, column: column ?? at.opcode };
    }
  }
}

function parseDirective(tokens: Token[], line: number, state: ParserState): void {
  const [directive, ...rest] = tokens as [Token, ...Token[]];
  const end = directive.column + directive.text.length;
  switch (directive.text) {
    case '.scoreboards':
    case '.warps': {
      const key = directive.text === '.scoreboards' ? 'scoreboards' : 'warps';
      if (state[key] !== null) throw new LineError(directive.column, `${directive.text} is given twice (first on line ${state[key]!.at.line})`);
      const number = expectInteger(rest[0], end, `expected the ${key === 'scoreboards' ? `number of scoreboards (1..${MAX_SCOREBOARDS})` : `number of warps (1..${MAX_WARPS})`} after ${directive.text}`);
      expectEnd(rest, 1);
      state[key] = { value: number, at: { line, column: rest[0]!.column } };
      return;
    }
    case '.machine': {
      // Selects the machine; files of other machines never reach this parser (format/machine.ts).
      if (rest[0]?.text !== 'scoreboard') throw new LineError(rest[0]?.column ?? end, `expected 'scoreboard' after .machine in a scoreboard program`);
      expectEnd(rest, 1);
      return;
    }
    case '.interlock': {
      if (rest[0]?.text !== 'registers') throw new LineError(rest[0]?.column ?? end, `expected 'registers' after .interlock`);
      expectEnd(rest, 1);
      state.interlock = true;
      return;
    }
    case '.pipe': {
      const name = rest[0];
      if (name?.kind !== 'word' || !REGISTER.test(name.text)) throw new LineError(name?.column ?? end, `expected a pipe name after .pipe`);
      const kind = rest[1];
      if (kind?.text !== 'queue' && kind?.text !== 'fixed') {
        throw new LineError(kind?.column ?? name.column + name.text.length, `expected 'queue DEPTH' or 'fixed LATENCY' after the pipe name`);
      }
      const what = kind.text === 'queue' ? `queue depth (1..${MAX_QUEUE_DEPTH})` : `latency in cycles (1..${MAX_FIXED_LATENCY})`;
      const size = expectInteger(rest[2], kind.column + kind.text.length, `expected the ${what} after '${kind.text}'`);
      const colon = rest[3];
      if (colon?.text !== ':') throw new LineError(colon?.column ?? rest[2]!.column + rest[2]!.text.length, `expected ':' and the opcodes this pipe executes`);
      const opcodes = commaList(rest.slice(4), colon.column + 1, 'an opcode');
      for (const opcode of opcodes) {
        if (opcode.kind !== 'word' || opcode.text.includes('.')) throw new LineError(opcode.column, `expected an opcode without modifiers, got '${opcode.text}'`);
      }
      const names = opcodes.map((opcode) => opcode.text);
      state.pipes.push(kind.text === 'queue'
        ? { kind: 'queue', name: name.text, depth: size, opcodes: names }
        : { kind: 'fixed', name: name.text, latency: size, opcodes: names });
      state.pipePositions.push({
        name: { line, column: name.column },
        size: { line, column: rest[2]!.column },
        opcodes: opcodes.map((opcode) => ({ line, column: opcode.column })),
      });
      return;
    }
    default:
      throw new LineError(directive.column, `unknown directive '${directive.text}': expected one of ${DIRECTIVES}`);
  }
}

function parseInstruction(tokens: Token[], line: number, state: ParserState): void {
  let index = 0;
  let control: Control = DEFAULT_CONTROL;
  let columns: ControlColumns | null = null;
  if (tokens[0]!.kind === 'control') {
    const parsed = parseControl(tokens[0]!.text, tokens[0]!.column);
    if (!parsed.ok) throw new LineError(parsed.column, parsed.message);
    ({ control, columns } = parsed);
    index = 1;
  }
  const opcode = tokens[index];
  if (opcode?.kind !== 'word' || opcode.text.startsWith('.')) {
    const after = tokens[0]!.column + tokens[0]!.text.length;
    throw new LineError(opcode?.column ?? after, `expected an opcode${opcode ? `, got '${opcode.text}'` : ''}`);
  }
  const rest = tokens.slice(index + 1);
  const end = opcode.column + opcode.text.length;
  const base = baseOpcode(opcode.text);
  let positions: InstructionPositions = { line, opcode: opcode.column, control: columns, depbarScoreboard: opcode.column, depbarLimit: opcode.column };
  let instruction: Instruction;
  if (base === 'DEPBAR') {
    if (opcode.text !== 'DEPBAR.LE') throw new LineError(opcode.column, `expected DEPBAR.LE SBn, k (only the .LE form is modelled), got '${opcode.text}'`);
    const [scoreboard, comma, limit] = rest;
    // Two digits at most: any scoreboard that exists (SB0..SB15) fits, and a longer number cannot become an unexact double.
    const match = scoreboard && /^SB(\d{1,2})$/.exec(scoreboard.text);
    if (!match) throw new LineError(scoreboard?.column ?? end, `expected a scoreboard SBn (SB0..SB15) after DEPBAR.LE`);
    if (comma?.text !== ',') throw new LineError(comma?.column ?? scoreboard.column + scoreboard.text.length, `expected ',' and the immediate after ${scoreboard.text}`);
    const k = expectInteger(limit, comma.column + 1, 'expected the immediate k (decimal or 0x-hex) after the comma');
    expectEnd(rest, 3);
    instruction = { kind: 'depbar', scoreboard: Number(match[1]), limit: k, control };
    positions = { ...positions, depbarScoreboard: scoreboard.column, depbarLimit: limit!.column };
  } else if (opcode.text === 'NOP') {
    expectEnd(rest, 0);
    instruction = { kind: 'nop', control };
  } else {
    const { destinations, sources } = parseOperands(rest, end);
    instruction = { kind: 'op', opcode: opcode.text, destinations, sources, control };
  }
  state.instructions.push(instruction);
  state.positions.push(positions);
}

function parseOperands(tokens: Token[], end: number): { destinations: Operand[]; sources: Operand[] } {
  const { destinations, sources } = operandsAroundArrow(tokens, end, 'OP', 'R0, r3.x, P1');
  return { destinations: destinations.map((d) => d.operand), sources };
}
