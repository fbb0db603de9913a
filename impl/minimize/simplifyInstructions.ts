import type { Control, Instruction, Pipe, Program } from '../../spec/scoreboard/program.js';

/** Whether a candidate program still shows the failure being minimized. */
export type StillFails = (program: Program) => boolean;

/**
 * The second shrinking pass: with the instruction list fixed, make every argument as simple as
 * it can be while the failure stays: drop waits, clear read/write scoreboards, renumber
 * scoreboards towards 0, stalls towards 1, DEPBAR immediates towards 0, drop operands, and
 * pipes towards depth/latency 1. Greedy, to a fixed point; each accepted change is kept. When
 * `stopped` says so (a time budget) it returns what it has.
 */
export function simplifyInstructions(program: Program, stillFails: StillFails, stopped: () => boolean = () => false): { program: Program; evaluations: number } {
  let current = program;
  let evaluations = 0;
  const attempt = (candidate: Program): boolean => {
    evaluations++;
    if (!stillFails(candidate)) return false;
    current = candidate;
    return true;
  };
  for (let changed = true; changed && !stopped();) {
    changed = false;
    for (let index = 0; index < current.instructions.length && !stopped(); index++) {
      for (const simpler of simplerInstructions(current.instructions[index]!)) {
        if (attempt(withInstruction(current, index, simpler))) {
          changed = true;
          break;
        }
      }
    }
    for (let index = 0; index < current.pipes.length; index++) {
      for (const simpler of simplerPipes(current.pipes[index]!)) {
        if (attempt({ ...current, pipes: current.pipes.map((pipe, i) => (i === index ? simpler : pipe)) })) {
          changed = true;
          break;
        }
      }
    }
    if (current.warps > 1 && attempt({ ...current, warps: 1 })) changed = true;
  }
  return { program: current, evaluations };
}

function withInstruction(program: Program, index: number, instruction: Instruction): Program {
  return { ...program, instructions: program.instructions.map((old, i) => (i === index ? instruction : old)) };
}

/** Candidates one step simpler than an instruction, simplest first. */
function simplerInstructions(instruction: Instruction): Instruction[] {
  const withControl = (control: Partial<Control>): Instruction => ({ ...instruction, control: { ...instruction.control, ...control } });
  const { wait, readScoreboard, writeScoreboard, stall, yield: yieldFlag } = instruction.control;
  const candidates: Instruction[] = [];
  for (const scoreboard of wait) candidates.push(withControl({ wait: wait.filter((w) => w !== scoreboard) }));
  for (const scoreboard of wait) {
    const lower = scoreboard - 1;
    if (lower >= 0 && !wait.includes(lower)) candidates.push(withControl({ wait: wait.map((w) => (w === scoreboard ? lower : w)).sort((a, b) => a - b) }));
  }
  if (readScoreboard !== null) candidates.push(withControl({ readScoreboard: null }), ...(readScoreboard > 0 ? [withControl({ readScoreboard: readScoreboard - 1 })] : []));
  if (writeScoreboard !== null) candidates.push(withControl({ writeScoreboard: null }), ...(writeScoreboard > 0 ? [withControl({ writeScoreboard: writeScoreboard - 1 })] : []));
  if (stall > 1) candidates.push(withControl({ stall: 1 }), withControl({ stall: stall - 1 }));
  if (stall === 0) candidates.push(withControl({ stall: 1 }));
  if (yieldFlag) candidates.push(withControl({ yield: false }));
  if (instruction.kind === 'depbar') {
    if (instruction.limit > 0) candidates.push({ ...instruction, limit: 0 }, { ...instruction, limit: instruction.limit - 1 });
    if (instruction.scoreboard > 0) candidates.push({ ...instruction, scoreboard: instruction.scoreboard - 1 });
  }
  if (instruction.kind === 'op') {
    instruction.sources.forEach((_, i) => candidates.push({ ...instruction, sources: instruction.sources.filter((__, j) => j !== i) }));
    instruction.destinations.forEach((_, i) => candidates.push({ ...instruction, destinations: instruction.destinations.filter((__, j) => j !== i) }));
  }
  return candidates;
}

function simplerPipes(pipe: Pipe): Pipe[] {
  if (pipe.kind === 'queue') return pipe.depth > 1 ? [{ ...pipe, depth: 1 }, { ...pipe, depth: pipe.depth - 1 }] : [];
  return pipe.latency > 1 ? [{ ...pipe, latency: 1 }, { ...pipe, latency: pipe.latency - 1 }] : [];
}
