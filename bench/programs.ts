import { parseProgram } from '../format/hp/parse.js';
import type { Program } from '../spec/scoreboard/program.js';

/**
 * A deterministic benchmark program of `size` instructions shaped like compiler output: groups of
 * texture loads on one scoreboard consumed behind DEPBARs, global loads with read scoreboards,
 * fixed-latency ALU work with stalls, and a waiting store. It is hazard-free.
 */
export function benchmarkProgram(size: number): Program {
  const group = [
    '[B------:R-:W0:-:S01] TEX R0 <- R40, R41',
    '[B------:R-:W0:-:S01] TEX R1 <- R42, R43',
    '[B------:R1:W2:-:S01] LDG R2 <- R44',
    '[B------:R-:W-:-:S01] DEPBAR.LE SB0, 1',
    '[B------:R-:W-:-:S04] FMUL R3 <- R0, R0',
    '[B0-----:R-:W-:-:S04] FMUL R4 <- R1, R3',
    '[B--2---:R-:W-:-:S04] MOV R5 <- R2',
    '[B-1----:R-:W-:-:S01] MOV R44 <- R4',
  ];
  const lines = ['.pipe tex queue 16: TEX', '.pipe lsu queue 8: LDG, STG', '.pipe alu fixed 4: FMUL, MOV', ''];
  for (let index = 0; index < size; index++) lines.push(group[index % group.length]!);
  return parseProgram(lines.join('\n'), `benchmark-${size}.hp`).program;
}

/**
 * `benchmarkProgram(size)` with one wait removed in the middle: the FMUL that reads the second
 * texture result no longer waits on SB0, so it can read R1 before the TEX writes it (RAW on R1).
 */
export function missingWaitProgram(size: number): Program {
  const program = benchmarkProgram(size);
  const victim = program.instructions.findIndex((instruction, index) => index >= size / 2 && instruction.control.wait.includes(0));
  return {
    ...program,
    instructions: program.instructions.map((instruction, index) =>
      index === victim ? { ...instruction, control: { ...instruction.control, wait: [] } } : instruction),
  };
}
