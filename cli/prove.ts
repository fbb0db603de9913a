import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { defaultSeed } from '../format/defaultSeed.js';
import { parseArgs } from 'node:util';
import { DEFAULT_CHECK_OPTIONS } from '../impl/check.js';
import type { DepbarProof } from '../solver/proveDepbar.js';
import { releaseZ3 } from '../solver/z3.js';
import { fileBudget, integerOption, timeoutOption, UsageError, type CliIo } from './io.js';
import { proveScoreboard, scoreboardProofExitCode } from '../api/proveLoaded.js';

import { DEFAULT_QUERY_TIMEOUT_MS } from '../api/prove.js';
import { loadAnyPrograms } from './programs.js';
import { lrcProveCommand } from './lrcProve.js';
import type { ParsedProgram } from '../format/hp/parse.js';
import { proveFileJson } from '../reports/proveReport.js';
import { renderProveText } from '../reports/proveText.js';
import { proveSarifLog } from '../reports/sarif/proveSarifLog.js';
import { reportFormatOption } from './reportFormat.js';
import { emptyShardRun, fileShardOf, printJsonResults, SHARD_OPTION } from './fileSharding.js';
import { PROVE_SHARDING } from './fileShardingRules.js';

/** Help text of `hazardproof prove`. */
export const PROVE_USAGE = `usage: hazardproof prove FILE... [--json] [--smt2 DIR] [--timeout MS] [--query-timeout MS]

For every DEPBAR.LE SBn, k: proves with Z3 that k is safe for every dependency it protects under
every order of the events counted on SBn that the machine allows, and that k + 1 is not (tight).
Verdicts: sound-tight, sound (not tight: the largest safe value is given), unsound (with the
order that breaks it), unknown (the solver's reason). Then the whole program's verdict, with the
verdict names of 'check': proved with Z3 over every latency schedule and warp interleaving for
programs of up to 64 instruction instances (a counterexample is replayed on the reference model
and shown as a timeline); larger programs get the state-space search of 'check'.

options:
  --smt2 DIR            write every proof obligation as an SMT-LIB 2 file into DIR
  --timeout MS          wall-clock budget per file: what is not decided when it runs out is
                        unknown (exit 3) with the reason
  --query-timeout MS    solver timeout of each query (default ${DEFAULT_QUERY_TIMEOUT_MS})
  --max-states N        state budget of the whole-program search (default ${DEFAULT_CHECK_OPTIONS.maxStates})
  --seed N              seed of the random schedules that search falls back to when a program's
                        states do not fit in --max-states (default: a fresh one)
  --json                one JSON object per file (an array for several)
  --shard I/N           prove only shard I of N (1-based) of the files: sorted by path and dealt
                        round-robin, so N CI jobs split them (needs --seed); with --json, the
                        report 'hazardproof merge' combines into one result
  --format text|json|sarif  report format on stdout (default text; json is --json; sarif: one
                        SARIF 2.1.0 log: unsound and loose DEPBARs, unsafe programs, unnecessary
                        LRC flags as results, unknown verdicts as notifications)

For a .machine lrc program: proves by exhaustive search that its dependency flags are
sufficient (no schedule has a hazard, overflow or deadlock) and that each flag is necessary
(without it some schedule has a finding, shown as a timeline).

exit codes: 0 everything sound and the program safe or no hazard found, 1 an unsound DEPBAR or a
hazard, 2 usage or input error, 3 unknown`;

/** The options `hazardproof prove` takes (`parseArgs` form); its help lists each. */
export const PROVE_OPTIONS = {
  json: { type: 'boolean' }, smt2: { type: 'string' }, timeout: { type: 'string' }, 'query-timeout': { type: 'string' }, 'max-states': { type: 'string' },
  seed: { type: 'string' },
  format: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  ...SHARD_OPTION,
} as const;

/** `hazardproof prove`: returns the exit code. */
export async function proveCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: PROVE_OPTIONS });
  if (values.help) {
    io.stdout(`${PROVE_USAGE}\n`);
    return 0;
  }
  const sharding = fileShardOf(PROVE_SHARDING, values, positionals, io);
  if (positionals.length === 0) throw new UsageError('prove needs at least one program file');
  const timeoutMs = timeoutOption(values.timeout);
  const format = reportFormatOption(values.format, values.json);
  const queryTimeoutMs = integerOption('query-timeout', values['query-timeout'], DEFAULT_QUERY_TIMEOUT_MS, 1);
  const maxStates = integerOption('max-states', values['max-states'], DEFAULT_CHECK_OPTIONS.maxStates, 1);
  const seed = integerOption('seed', values.seed, defaultSeed(), 0, 2 ** 32 - 1);
  // Every file is read, also by a shard: each shard refuses what the unsharded run refuses (a mistake anywhere, mixed machines).
  const every = loadAnyPrograms(positionals, io);
  if (every === null) return 2;
  const lrc = every.find((program) => program.machine === 'lrc');
  const scoreboard = every.find((program) => program.machine === 'scoreboard');
  if (lrc && scoreboard) throw new UsageError(`prove takes programs of one machine at a time: ${lrc.parsed.file} is an LRC program, ${scoreboard.parsed.file} a scoreboard program`);
  if (sharding !== null && sharding.files.length === 0) return emptyShardRun(sharding, format === 'json', io);
  const byFile = new Map(positionals.map((file, index) => [file, every[index]!]));
  const loaded = (sharding?.files ?? positionals).map((file) => byFile.get(file)!);
  if (lrc) return lrcProveCommand(loaded, { maxStates, format, timeoutMs, args, shard: sharding }, io);
  const parsed = loaded.map((program) => program.parsed as ParsedProgram);
  try {
    const reports = [];
    const codes: number[] = [];
    for (const program of parsed) {
      const proved = await proveScoreboard(program, fileBudget(timeoutMs), { queryTimeoutMs, seed, maxStates });
      if (values.smt2) writeObligations(values.smt2, program.file, proved.depbars, proved.whole.smt2);
      codes.push(scoreboardProofExitCode(proved));
      reports.push(proved);
    }
    const exitCode = codes.includes(1) ? 1 : codes.includes(3) ? 3 : 0;
    if (format === 'sarif') {
      io.stdout(`${JSON.stringify(proveSarifLog(reports.map(proveFileJson), args), null, 2)}\n`);
    } else if (format === 'json') {
      printJsonResults(io, reports.map(proveFileJson), sharding, exitCode);
    } else {
      io.stdout(`${reports.map(renderProveText).join('\n\n')}\n`);
    }
    return exitCode;
  } finally {
    await releaseZ3();
  }
}

function writeObligations(folder: string, file: string, depbars: readonly DepbarProof[], whole: string | null): void {
  mkdirSync(folder, { recursive: true });
  const stem = basename(file).replace(/\.[^.]*$/, '');
  if (whole !== null) writeFileSync(join(folder, `${stem}.program.smt2`), whole);
  for (const proof of depbars) {
    for (const obligation of proof.obligations) writeFileSync(join(folder, `${stem}.${obligation.name}.smt2`), obligation.smt2);
  }
}
