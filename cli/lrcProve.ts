import { fileBudget, UsageError, type CliIo } from './io.js';
import type { LoadedProgram } from './programs.js';
import { proveLrcFlags } from '../impl/lrc/proveFlags.js';
import { renderFlagProof } from '../reports/lrc/flagProof.js';
import { formatCodes } from '../explore/scheduleText.js';
import { lrcActionCode } from '../spec/lrc/action.js';

/**
 * `prove` on LRC programs: the flags sufficient and each one necessary, by exhaustive search.
 * Exit code 1 when a schedule has a finding, 3 when a search ran out of states or of time
 * (`timeoutMs`, per file), else 0.
 */
export function lrcProveCommand(loaded: readonly LoadedProgram[], maxStates: number, json: boolean, io: CliIo, timeoutMs: number | null = null): number {
  const programs = loaded.map((program) => {
    if (program.machine !== 'lrc') throw new UsageError(`prove takes programs of one machine at a time: ${program.parsed.file} is a scoreboard program`);
    return program.parsed;
  });
  const results = programs.map((parsed) => {
    const started = performance.now();
    const proof = proveLrcFlags(parsed.program, maxStates, fileBudget(timeoutMs).shouldStop);
    return { parsed, proof, elapsedMs: performance.now() - started };
  });
  if (json) {
    const objects = results.map(({ parsed, proof, elapsedMs }) => ({
      file: parsed.file,
      program: { verdict: proof.program.verdict, states: proof.program.states, findings: proof.program.witnesses.map((w) => ({ kind: w.finding.kind, schedule: formatCodes(w.path.map(lrcActionCode)) })) },
      flags: proof.flags.map((flag) => ({
        instruction: flag.instruction, line: parsed.lines[flag.instruction], counter: parsed.program.counters[flag.counter]!.name, verdict: flag.verdict, states: flag.states,
        withoutIt: flag.witness === null ? null : { kind: flag.witness.finding.kind, schedule: formatCodes(flag.witness.path.map(lrcActionCode)) },
      })),
      elapsedMs: Math.round(elapsedMs),
    }));
    io.stdout(`${JSON.stringify(objects.length === 1 ? objects[0] : objects, null, 2)}\n`);
  } else {
    io.stdout(`${results.map(({ parsed, proof, elapsedMs }) => renderFlagProof(parsed, proof, elapsedMs)).join('\n\n')}\n`);
  }
  const verdicts = results.flatMap(({ proof }) => [proof.program.verdict, ...proof.flags.map((flag) => flag.verdict)]);
  if (verdicts.includes('hazard')) return 1;
  return verdicts.includes('unknown') ? 3 : 0;
}
