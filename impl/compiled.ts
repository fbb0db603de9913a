import { destinationRegisters, effectiveStall, pipeIndexOf, sourceRegisters } from '../spec/scoreboard/operands.js';
import { RegisterNumbering } from './registerNumbering.js';
import { sequentialSemantics } from '../spec/oracle/sequential.js';
import type { Program } from '../spec/scoreboard/program.js';

/**
 * A program flattened into typed arrays for the simulator: registers numbered, wait masks as
 * bitsets, operand lists as offset ranges, the sequential semantics precomputed per source slot.
 */
export interface CompiledProgram {
  readonly program: Program;
  readonly size: number;
  readonly warps: number;
  readonly scoreboards: number;
  readonly registerNames: readonly string[];
  /** Pipe index of each instruction, -1 for DEPBAR and NOP. */
  readonly pipeOf: Int16Array;
  /** 1 for a decoupled pipe, 0 for a fixed one. */
  readonly pipeDecoupled: Uint8Array;
  /** Queue depth (decoupled) or latency (fixed) of each pipe. */
  readonly pipeSize: Int32Array;
  readonly waitMask: Uint16Array;
  /** -1 when the field is empty. */
  readonly readScoreboard: Int8Array;
  readonly writeScoreboard: Int8Array;
  /** Stall with 0 counted as 1. */
  readonly stall: Uint8Array;
  /** DEPBAR scoreboard, -1 for other instructions. */
  readonly depbarScoreboard: Int8Array;
  readonly depbarLimit: Int16Array;
  /** Sources of instruction i are `sources[sourceStart[i] .. sourceStart[i + 1])`. */
  readonly sourceStart: Int32Array;
  readonly sources: Int32Array;
  /** For each source slot, the writer sequential execution says the read must see (-1: initial value). */
  readonly expectedWriter: Int32Array;
  readonly destinationStart: Int32Array;
  readonly destinations: Int32Array;
  /** Registers the program writes, in the order the sequential semantics lists them, and their last writers. */
  readonly finalRegisters: Int32Array;
  readonly finalWriter: Int32Array;
}

/** Compiles a program for `simulate`; done once per program, reused for every schedule. */
export function compileProgram(program: Program): CompiledProgram {
  const size = program.instructions.length;
  const numbering = new RegisterNumbering();
  const id = (name: string): number => numbering.id(name);
  const names = numbering.names;
  const semantics = sequentialSemantics(program);
  const sourceStart = new Int32Array(size + 1);
  const destinationStart = new Int32Array(size + 1);
  const sources: number[] = [];
  const expected: number[] = [];
  const destinations: number[] = [];
  const compiled = {
    pipeOf: new Int16Array(size), waitMask: new Uint16Array(size), readScoreboard: new Int8Array(size),
    writeScoreboard: new Int8Array(size), stall: new Uint8Array(size), depbarScoreboard: new Int8Array(size), depbarLimit: new Int16Array(size),
  };
  program.instructions.forEach((instruction, index) => {
    const { control } = instruction;
    compiled.pipeOf[index] = pipeIndexOf(program, instruction);
    compiled.waitMask[index] = control.wait.reduce((mask, scoreboard) => mask | (1 << scoreboard), 0);
    compiled.readScoreboard[index] = control.readScoreboard ?? -1;
    compiled.writeScoreboard[index] = control.writeScoreboard ?? -1;
    compiled.stall[index] = effectiveStall(control);
    compiled.depbarScoreboard[index] = instruction.kind === 'depbar' ? instruction.scoreboard : -1;
    compiled.depbarLimit[index] = instruction.kind === 'depbar' ? instruction.limit : 0;
    sourceStart[index] = sources.length;
    for (const register of sourceRegisters(instruction)) {
      sources.push(id(register));
      expected.push(semantics.expectedReads[index]!.get(register) ?? -1);
    }
    destinationStart[index] = destinations.length;
    for (const register of destinationRegisters(instruction)) destinations.push(id(register));
  });
  sourceStart[size] = sources.length;
  destinationStart[size] = destinations.length;
  const finalRegisters = Int32Array.from(semantics.finalWriters.keys(), id);
  const finalWriter = Int32Array.from(semantics.finalWriters.values());
  return {
    program, size, warps: program.warps, scoreboards: program.scoreboards, registerNames: names, ...compiled,
    pipeDecoupled: Uint8Array.from(program.pipes, (pipe) => (pipe.kind === 'queue' ? 1 : 0)),
    pipeSize: Int32Array.from(program.pipes, (pipe) => (pipe.kind === 'queue' ? pipe.depth : pipe.latency)),
    sourceStart, sources: Int32Array.from(sources), expectedWriter: Int32Array.from(expected),
    destinationStart, destinations: Int32Array.from(destinations), finalRegisters, finalWriter,
  };
}
