import { baseOpcode } from '../../spec/operand.js';
import { MAX_SCOREBOARDS, type Program } from '../../spec/scoreboard/program.js';

/** Largest `DEPBAR.LE` immediate (the counter width's maximum). */
export const MAX_DEPBAR_LIMIT = 63;
/** Largest stall count a control field can hold. */
export const MAX_STALL = 15;
/**
 * Most warps (`.warps`): an NVIDIA SM holds at most 64 resident warps (sm_70 and later; 48-64
 * before). Each warp is its own register file and counters in every machine state.
 */
export const MAX_WARPS = 64;
/** Most pipes (`.pipe`): an SM has about a dozen functional-unit queues; the simulator keeps one buffer per pipe. */
export const MAX_PIPES = 32;
/**
 * Deepest queue (`.pipe NAME queue DEPTH`). The patents' queues hold 16; a queue deeper than the
 * instructions that can be in flight never fills, so a larger depth would mean nothing more.
 */
export const MAX_QUEUE_DEPTH = 1024;
/**
 * Longest fixed latency (`.pipe NAME fixed LATENCY`), in cycles. NVIDIA's fixed-latency units
 * answer within about 30 cycles; the reference model counts a result down cycle by cycle, so
 * every extra cycle is a machine state on the way.
 */
export const MAX_FIXED_LATENCY = 64;
/**
 * Most instruction instances (instructions x warps). The simulator keeps several words per
 * instance and one buffer per pipe sized for all of them; a million instances is a few hundred
 * megabytes at most and far past what any search can cover in reasonable time anyway.
 */
export const MAX_INSTRUCTION_INSTANCES = 1_000_000;

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
  const warpsValid = Number.isInteger(program.warps) && program.warps >= 1 && program.warps <= MAX_WARPS;
  if (!warpsValid) {
    problems.push({ site: { at: 'warps' }, message: `expected a warp count from 1 to ${MAX_WARPS}, got ${program.warps}` });
  }
  const owner = new Map<string, string>();
  const names = new Set<string>();
  program.pipes.forEach((pipe, index) => {
    if (index === MAX_PIPES) {
      problems.push({ site: { at: 'pipe', pipe: index, field: 'name' }, message: `too many pipes: at most ${MAX_PIPES} may be declared, this is pipe ${index + 1}` });
    }
    if (names.has(pipe.name)) {
      problems.push({ site: { at: 'pipe', pipe: index, field: 'name' }, message: `pipe '${pipe.name}' is declared twice` });
    }
    names.add(pipe.name);
    const size = pipe.kind === 'queue' ? pipe.depth : pipe.latency;
    const max = pipe.kind === 'queue' ? MAX_QUEUE_DEPTH : MAX_FIXED_LATENCY;
    if (!Number.isInteger(size) || size < 1 || size > max) {
      const what = pipe.kind === 'queue' ? 'queue depth' : 'latency in cycles';
      problems.push({ site: { at: 'pipe', pipe: index, field: 'size' }, message: `expected a ${what} from 1 to ${max}, got ${size}` });
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
  if (warpsValid && program.instructions.length * program.warps > MAX_INSTRUCTION_INSTANCES) {
    const first = Math.floor(MAX_INSTRUCTION_INSTANCES / program.warps);
    problems.push({
      site: { at: 'instruction', instruction: first, field: 'opcode' },
      message: `too many instructions: ${program.instructions.length} instructions x ${program.warps} warp(s) = ${program.instructions.length * program.warps} instances; ` +
        `at most ${MAX_INSTRUCTION_INSTANCES} are supported (this is instruction ${first + 1}, the first past the limit)`,
    });
  }
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
