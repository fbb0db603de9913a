import type { Program } from 'hazardproof';

/**
 * A toy scoreboard pass with a planted bug, the kind this suite exists to catch: it counts every
 * write on SB0 and makes readers and re-writers of a pending register wait for it (RAW, WAW), but
 * it forgets that overwriting a register an earlier instruction still has to read is a hazard too
 * (WAR): it never counts reads.
 */
export function toyScoreboardPass(program: Program): Program {
  const written = new Set<string>();
  const registers = (operands: readonly { kind: string; name?: string }[]) => operands.flatMap((operand) => (operand.kind === 'register' && operand.name ? [operand.name] : []));
  return {
    ...program,
    instructions: program.instructions.map((instruction) => {
      if (instruction.kind !== 'op') return instruction;
      const wait = [...registers(instruction.sources), ...registers(instruction.destinations)].some((register) => written.has(register)) ? [0] : [];
      for (const register of registers(instruction.destinations)) written.add(register);
      return { ...instruction, control: { ...instruction.control, wait, writeScoreboard: 0, readScoreboard: null } };
    }),
  };
}
