/**
 * A machine-neutral workload for the mechanism comparison (`compile.ts`, `run.ts`): what a
 * straight-line program of one thread computes, without any of the control information a
 * mechanism adds (dependency flags, scoreboards, wait masks, DEPBARs, stall counts) and without
 * latencies (every mechanism runs the ALU at latency 1 and takes the variable latencies from the
 * same schedules).
 */
import { Random } from '../../explore/random.js';
import { lrcDestinations, lrcSources, unitIndexOf } from '../../spec/lrc/operands.js';
import type { LrcProgram } from '../../spec/lrc/program.js';
import { baseOpcode } from '../../spec/operand.js';
import { destinationRegisters, pipeIndexOf, sourceRegisters } from '../../spec/scoreboard/operands.js';
import type { Program } from '../../spec/scoreboard/program.js';

/**
 * What an instruction does, as far as the mechanisms care:
 * - `alu`: fixed latency (1 cycle); sources read at issue.
 * - `load`: global memory; `texture`: the texture unit (ir3 counts both on `sy`).
 * - `sfu`: special functions; `shared`: local/shared memory (ir3 counts both on `ss`).
 * The four variable-latency kinds read their sources some cycles after issue and write their
 * destinations some cycles after that (a store is a `load` or `shared` without destinations).
 */
export type WorkKind = 'alu' | 'load' | 'texture' | 'sfu' | 'shared';

/** Every kind, ALU first. */
export const WORK_KINDS: readonly WorkKind[] = ['alu', 'load', 'texture', 'sfu', 'shared'];

/** One instruction: its kind and the registers it writes and reads (each once, in order). */
export interface WorkInstruction {
  readonly kind: WorkKind;
  readonly destinations: readonly string[];
  readonly sources: readonly string[];
}

/** A straight-line instruction list, executed by one thread (one warp). */
export type Workload = readonly WorkInstruction[];

/**
 * The variable-latency kind of a request opcode, guessed from its name (case-insensitive, on the
 * base opcode without modifiers), for programs that name their own opcodes:
 * - contains `sam`, `isam` or `tex`, or is an NVIDIA texture opcode (`TLD`, `TLD4`, `TXD`, `TXQ`,
 *   `TMML`): `texture`;
 * - contains `rcp`, `rsq`, `sin`, `cos`, `log`, `exp`, `sqrt`, or is `MUFU`: `sfu`;
 * - is or contains `ldl`, `lds`, `ldlw`, `stl`, `sts` (ir3 local memory, NVIDIA shared memory;
 *   also `ldsm`, `atoms`): `shared`;
 * - anything else (`ldg`, `stg`, `ldib`, `LDG`, `ATOM`, ...): `load` (global memory).
 * The heuristic only decides which class (ir3) or pipe (scoreboard machine) a request goes to;
 * a wrong guess changes the comparison's numbers, never its safety (every mechanism is annotated
 * by its own pass and checked).
 */
export function requestKindOf(opcode: string): Exclude<WorkKind, 'alu'> {
  const name = baseOpcode(opcode).toLowerCase();
  if (['sam', 'tex'].some((part) => name.includes(part)) || ['tld', 'tld4', 'txd', 'txq', 'tmml'].includes(name)) return 'texture';
  if (['rcp', 'rsq', 'sin', 'cos', 'log', 'exp', 'sqrt'].some((part) => name.includes(part)) || name === 'mufu') return 'sfu';
  if (['ldl', 'lds', 'stl', 'sts', 'atoms'].some((part) => name.includes(part))) return 'shared';
  return 'load';
}

/**
 * The workload of an LRC program: the instructions one thread executes (from INIT_PC on), each
 * by its unit's kind: `fixed` -> `alu`; `flow` -> `alu` without destinations (it reads its
 * sources at the grant and writes nothing); `request` -> `requestKindOf(opcode)`. Dependency
 * flags, counter classes, preloads (their registers become plain inputs), thread counts and the
 * ALU latency are dropped: each mechanism decides those for itself.
 */
export function workloadFromLrc(program: LrcProgram): Workload {
  return program.instructions.slice(program.initialPc).map((instruction): WorkInstruction => {
    const unit = program.units[unitIndexOf(program, instruction)];
    const sources = lrcSources(instruction);
    if (unit === undefined) throw new Error(`opcode ${instruction.opcode} is executed by no unit`);
    if (unit.kind === 'fixed') return { kind: 'alu', destinations: lrcDestinations(instruction), sources };
    if (unit.kind === 'flow') return { kind: 'alu', destinations: [], sources };
    return { kind: requestKindOf(instruction.opcode), destinations: lrcDestinations(instruction), sources };
  });
}

/**
 * The workload of a scoreboard-machine program: one warp's instructions without its DEPBARs and
 * NOPs (control the mechanisms add themselves), each by its pipe: a `fixed` pipe -> `alu`, a
 * decoupled (`queue`) pipe -> `requestKindOf(opcode)` (`TEX*` -> texture, `MUFU` -> sfu,
 * `LDS`/`STS` -> shared, anything else -> load). Control fields, pipe latencies, queue depths,
 * the interlock flag and the warp count are dropped.
 */
export function workloadFromScoreboard(program: Program): Workload {
  const workload: WorkInstruction[] = [];
  for (const instruction of program.instructions) {
    if (instruction.kind !== 'op') continue;
    const pipe = program.pipes[pipeIndexOf(program, instruction)];
    if (pipe === undefined) throw new Error(`opcode ${instruction.opcode} is executed by no pipe`);
    const kind = pipe.kind === 'fixed' ? 'alu' : requestKindOf(instruction.opcode);
    workload.push({ kind, destinations: destinationRegisters(instruction), sources: sourceRegisters(instruction) });
  }
  return workload;
}

/** Producer distances `randomWorkload` draws from: mostly near (the consumer waits), some far (the latency is hidden). */
const DISTANCES = [1, 1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 12];
/** Registers that hold inputs when the thread starts. */
const INPUTS = ['r0', 'r1', 'r2', 'r3'];
/** Registers results go to, reused round robin (so later results overwrite earlier ones: WAW and WAR at a distance). */
const TEMPORARIES = Array.from({ length: 12 }, (_, index) => `r${index + 4}`);

/**
 * A random workload of `size` instructions from `seed` (the same seed gives the same workload on
 * every machine): about 40% ALU, 20% global loads (a tenth of them stores), 15% texture, 15% SFU,
 * 10% shared memory (a fifth of them stores). Each source is, with probability 0.7, the result of
 * an instruction 1..12 places earlier (near distances likelier), otherwise an input register or
 * a random earlier result; results go round robin to 12 temporaries. About one instruction in
 * eight instead overwrites a register that a variable-latency instruction 1..4 places earlier
 * reads (the WAR on an address register that asynchronous source reads make dangerous).
 */
export function randomWorkload(seed: number, size: number): Workload {
  const random = new Random(seed);
  const workload: WorkInstruction[] = [];
  let nextTemporary = 0;
  const pickKind = (): WorkKind => {
    const x = random.next();
    return x < 0.4 ? 'alu' : x < 0.6 ? 'load' : x < 0.75 ? 'texture' : x < 0.9 ? 'sfu' : 'shared';
  };
  const pickSource = (index: number): string => {
    if (random.next() < 0.7) {
      const producer = workload[index - random.pick(DISTANCES)];
      const result = producer?.destinations[0];
      if (result !== undefined) return result;
    }
    if (random.next() < 0.5 || index === 0) return random.pick(INPUTS);
    const earlier = workload[random.integer(0, index - 1)]!;
    return earlier.destinations[0] ?? random.pick(INPUTS);
  };
  for (let index = 0; index < size; index++) {
    const kind = pickKind();
    const sourceCount = kind === 'alu' ? random.integer(1, 2) : kind === 'texture' ? random.integer(1, 2) : 1;
    const sources: string[] = [];
    for (let k = 0; k < sourceCount; k++) {
      const source = pickSource(index);
      if (!sources.includes(source)) sources.push(source);
    }
    const store = (kind === 'load' && random.next() < 0.1) || (kind === 'shared' && random.next() < 0.2);
    let destinations: string[] = [];
    if (!store) {
      const recentRequests = workload.slice(Math.max(0, index - 4)).filter((instruction) => instruction.kind !== 'alu' && instruction.sources.length > 0);
      if (recentRequests.length > 0 && random.next() < 0.125) {
        destinations = [random.pick(random.pick(recentRequests).sources)];
      } else {
        destinations = [TEMPORARIES[nextTemporary]!];
        nextTemporary = (nextTemporary + 1) % TEMPORARIES.length;
      }
    } else if (sources.length < 2) {
      // A store's data: one more source.
      const data = pickSource(index);
      if (!sources.includes(data)) sources.push(data);
    }
    workload.push({ kind, destinations, sources });
  }
  return workload;
}
