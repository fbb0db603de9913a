import { fileBudget, type CliIo } from './io.js';
import type { LoadedProgram } from './programs.js';
import { lrcProofExitCode, proveLrc } from '../api/proveLoaded.js';
import { renderFlagProof } from '../reports/lrc/flagProof.js';
import { lrcFlagProofJson } from '../reports/lrc/flagProofJson.js';
import { lrcProveSarifLog } from '../reports/sarif/lrcProveSarifLog.js';
import type { ReportFormat } from './reportFormat.js';
import { printJsonResults, type FileShard } from './fileSharding.js';

/**
 * `prove` on LRC programs (`loaded` holds nothing else): the flags sufficient and each one necessary, by exhaustive search.
 * Exit code 1 when a schedule has a finding, 3 when a search ran out of states or of time
 * (`timeoutMs`, per file), else 0.
 */
export function lrcProveCommand(loaded: readonly LoadedProgram[], request: LrcProveRequest, io: CliIo): number {
  const { maxStates, format, args } = request;
  // prove has refused mixed machines already.
  const programs = loaded.flatMap((program) => (program.machine === 'lrc' ? [program.parsed] : []));
  const results = programs.map((parsed) => proveLrc(parsed, fileBudget(request.timeoutMs), maxStates));
  const codes = results.map(lrcProofExitCode);
  const exitCode = codes.includes(1) ? 1 : codes.includes(3) ? 3 : 0;
  if (format === 'sarif') {
    io.stdout(`${JSON.stringify(lrcProveSarifLog(results.map(({ parsed, proof, elapsedMs }) => lrcFlagProofJson(parsed, proof, elapsedMs)), args), null, 2)}\n`);
  } else if (format === 'json') {
    printJsonResults(io, results.map(({ parsed, proof, elapsedMs }) => lrcFlagProofJson(parsed, proof, elapsedMs)), request.shard, exitCode);
  } else {
    io.stdout(`${results.map(({ parsed, proof, elapsedMs }) => renderFlagProof(parsed, proof, elapsedMs)).join('\n\n')}\n`);
  }
  return exitCode;
}

/** How `prove` runs on LRC programs. */
export interface LrcProveRequest {
  readonly maxStates: number;
  readonly format: ReportFormat;
  /** `--timeout MS`: each file's budget, or null. */
  readonly timeoutMs: number | null;
  /** The command's arguments, recorded in the SARIF log's invocation. */
  readonly args: readonly string[];
  /** `--shard I/N`, or null. */
  readonly shard: FileShard | null;
}
