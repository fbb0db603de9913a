import { fileBudget, UsageError, type CliIo } from './io.js';
import type { LoadedProgram } from './programs.js';
import { lrcProofExitCode, proveLrc } from '../api/proveLoaded.js';
import { renderFlagProof } from '../reports/lrc/flagProof.js';
import { lrcFlagProofJson } from '../reports/lrc/flagProofJson.js';
import { lrcProveSarifLog } from '../reports/sarif/lrcProveSarifLog.js';
import type { ReportFormat } from './reportFormat.js';

/**
 * `prove` on LRC programs: the flags sufficient and each one necessary, by exhaustive search.
 * Exit code 1 when a schedule has a finding, 3 when a search ran out of states or of time
 * (`timeoutMs`, per file), else 0.
 */
export function lrcProveCommand(loaded: readonly LoadedProgram[], maxStates: number, format: ReportFormat, io: CliIo, timeoutMs: number | null = null, args: readonly string[] = []): number {
  const programs = loaded.map((program) => {
    if (program.machine !== 'lrc') throw new UsageError(`prove takes programs of one machine at a time: ${program.parsed.file} is a scoreboard program`);
    return program.parsed;
  });
  const results = programs.map((parsed) => proveLrc(parsed, fileBudget(timeoutMs), maxStates));
  if (format === 'sarif') {
    io.stdout(`${JSON.stringify(lrcProveSarifLog(results.map(({ parsed, proof, elapsedMs }) => lrcFlagProofJson(parsed, proof, elapsedMs)), args), null, 2)}\n`);
  } else if (format === 'json') {
    const objects = results.map(({ parsed, proof, elapsedMs }) => lrcFlagProofJson(parsed, proof, elapsedMs));
    io.stdout(`${JSON.stringify(objects.length === 1 ? objects[0] : objects, null, 2)}\n`);
  } else {
    io.stdout(`${results.map(({ parsed, proof, elapsedMs }) => renderFlagProof(parsed, proof, elapsedMs)).join('\n\n')}\n`);
  }
  const codes = results.map(lrcProofExitCode);
  return codes.includes(1) ? 1 : codes.includes(3) ? 3 : 0;
}
