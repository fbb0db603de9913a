import { baseOpcode } from '../../spec/operand.js';
import { MAX_SCOREBOARDS, type Program } from '../../spec/scoreboard/program.js';

/** Largest `DEPBAR.LE` immediate (the counter width's maximum). */
export const MAX_DEPBAR_LIMIT = 63;
/** Largest stall count a control field can hold. */
export const MAX_STALL = 15;

/** Where in a program a semantic problem sits; each input syntax maps this to a file position. */
export type ProblemSite =
  | { readonly at: 'scoreboards' }
  | { readonly at: 'warps' }
  | { readonly at: 'pipe'; readonly pipe: number; readonly field: 'name' | 'size' | 'opcodes'; readonly item?: number }
  | { readonly at: 'instruction'; readonly instruction: number; readonly field: InstructionField; readonly item?: number };

/** Parts of an instruction a problem can point at. */
export type InstructionField = 'opcode' | 'wait' | 'readScoreboard' | 'writeScoreboard' | 'stall' | 'depbarScoreboard' | 'depbarLimit' | 'operands';

/** A semantic problem: the program is well-formed text but not a valid program. */
export interface SemanticProblem {
  readonly site: ProblemSite;
  readonly message: string;
}

/**
 * The rules a program must satisfy beyond syntax, shared by the text and JSON forms so both
 * reject the same programs with the same words.
 */
export function validateProgram(program: Program): SemanticProblem[] {
  const problems: SemanticProblem[] = [];
  const count = program.scoreboards;
  if (!Number.isInteger(count) || count < 1 || count > MAX_SCOREBOARDS) {
    problems.push({ site: { at: 'scoreboards' }, message: `expected a scoreboard count from 1 to ${MAX_SCOREBOARDS}, got ${count}` });
  }
  if (!Number.isInteger(program.warps) || program.warps < 1) {
    problems.push({ site: { at: 'warps' }, message: `expected a warp count of at least 1, got ${program.warps}` });
  }
  const owner = new Map<string, string>();
  program.pipes.forEach((pipe, index) => {
    if (program.pipes.findIndex((other) => other.name === pipe.name) !== index) {
      problems.push({ site: { at: 'pipe', pipe: index, field: 'name' }, message: `pipe '${pipe.name}' is declared twice` });
    }
    const size = pipe.kind === 'queue' ? pipe.depth : pipe.latency;
    if (!Number.isInteger(size) || size < 1) {
      const what = pipe.kind === 'queue' ? 'queue depth' : 'latency';
      problems.push({ site: { at: 'pipe', pipe: index, field: 'size' }, message: `expected a ${what} of at least 1, got ${size}` });
    }
    if (pipe.opcodes.length === 0) {
      problems.push({ site: { at: 'pipe', pipe: index, field: 'opcodes' }, message: `pipe '${pipe.name}' lists no opcodes` });
    }
    pipe.opcodes.forEach((opcode, item) => {
      const site: ProblemSite = { at: 'pipe', pipe: index, field: 'opcodes', item };
      if (opcode === 'DEPBAR' || opcode === 'NOP') {
        problems.push({ site, message: `${opcode} occupies no pipe and cannot be listed in one` });
      } else if (owner.has(opcode)) {
        problems.push({ site, message: `opcode ${opcode} is already executed by pipe '${owner.get(opcode)}'` });
      } else {
        owner.set(opcode, pipe.name);
      }
    });
  });
  program.instructions.forEach((instruction, index) => {
    const at = (field: InstructionField, item?: number): ProblemSite =>
      item === undefined ? { at: 'instruction', instruction: index, field } : { at: 'instruction', instruction: index, field, item };
    const checkScoreboard = (value: number, site: ProblemSite, role: string) => {
      if (value >= count) {
        problems.push({ site, message: `${role} SB${value} does not exist: the program declares ${count} scoreboards (SB0..SB${count - 1})` });
      }
    };
    const { control } = instruction;
    control.wait.forEach((scoreboard, item) => checkScoreboard(scoreboard, at('wait', item), 'wait on'));
    if (control.readScoreboard !== null) checkScoreboard(control.readScoreboard, at('readScoreboard'), 'read scoreboard');
    if (control.writeScoreboard !== null) checkScoreboard(control.writeScoreboard, at('writeScoreboard'), 'write scoreboard');
    if (control.stall < 0 || control.stall > MAX_STALL) {
      problems.push({ site: at('stall'), message: `expected a stall from 0 to ${MAX_STALL}, got ${control.stall}` });
    }
    if (instruction.kind === 'depbar') {
      checkScoreboard(instruction.scoreboard, at('depbarScoreboard'), 'DEPBAR on');
      if (instruction.limit < 0 || instruction.limit > MAX_DEPBAR_LIMIT) {
        problems.push({ site: at('depbarLimit'), message: `expected a DEPBAR immediate from 0 to ${MAX_DEPBAR_LIMIT}, got ${instruction.limit}` });
      }
    }
    if (instruction.kind === 'op') {
      instruction.destinations.forEach((operand, item) => {
        if (operand.kind === 'immediate') {
          problems.push({ site: at('operands', item), message: `expected a register as destination, got the immediate '${operand.text}'` });
        }
      });
      const base = baseOpcode(instruction.opcode);
      if (!owner.has(base)) {
        const declared = program.pipes.map((pipe) => pipe.name).join(', ') || 'none';
        problems.push({ site: at('opcode'), message: `unknown opcode ${base}: no .pipe executes it (declared pipes: ${declared})` });
      }
    }
  });
  return problems;
}
