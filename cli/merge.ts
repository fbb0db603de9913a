import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { mergeShardReports, type MergedReport } from '../reports/merge/mergeShardReports.js';
import { MergeError } from '../reports/merge/mergeError.js';
import { mergedJunit } from '../reports/merge/mergedJunit.js';
import { mergedText } from '../reports/merge/mergedText.js';
import { mergedSarif } from '../reports/merge/mergedSarif.js';
import { readShardReport, type ShardReport } from '../reports/merge/shardReport.js';
import { type CliIo, UsageError, writeFileAtomic } from './io.js';
import { reportFormatOption } from './reportFormat.js';

/** The options `hazardproof merge` takes (`parseArgs` form; its help lists each). */
export const MERGE_OPTIONS = {
  'report-json': { type: 'string' }, junit: { type: 'string' }, sarif: { type: 'string' }, format: { type: 'string' }, json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Help text of `hazardproof merge`. */
export const MERGE_USAGE = `usage: hazardproof merge REPORT.json... [--report-json FILE] [--junit FILE] [--sarif FILE] [--format text|json|sarif]

Merges the JSON reports of the shards of one campaign into the result of the unsharded run. The
shards are the N runs of one command with '--shard 1/N' ... '--shard N/N' and otherwise the same
options: 'fuzz ... --shard I/N --report-json FILE', or 'check ... --shard I/N --json' and
'prove ... --shard I/N --json' (stdout). It checks that the reports are one campaign: the same command,
options and inputs, and every shard exactly once (else it says which shard is missing or given
twice, or which option differs, and exits 2). Then it unions the findings (a hazard found by
several shards once, with the lowest run that shows it; a law's violation of the lowest batch),
adds up the coverage exactly (files; runs and their index ranges per fuzz target) and states the
verdict and exit code of the unsharded run.

options:
  --report-json FILE   write the merged JSON report (the command's own shape, with "merged")
  --junit FILE         write JUnit XML: one test case per fuzz target, or per file (kernel) of check and prove
  --sarif FILE         write a SARIF 2.1.0 log of the merged findings (GitHub code scanning)
  --format text|json|sarif   what to print on stdout (default text: one line per target or file)
  --json               the same as --format json

exit codes: those of the unsharded run (0 nothing found, 1 a hazard or a law violation, 3 unknown),
2 usage error, unreadable reports, or reports that are not the shards of one campaign`;

/** `hazardproof merge`: returns the exit code. */
export function mergeCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: MERGE_OPTIONS });
  if (values.help) {
    io.stdout(`${MERGE_USAGE}\n`);
    return 0;
  }
  const format = reportFormatOption(values.format, values.json);
  if (positionals.length === 0) throw new UsageError('merge needs the JSON report of every shard');
  let merged: MergedReport;
  try {
    merged = mergeShardReports(positionals.map(readReport));
  } catch (error) {
    if (!(error instanceof MergeError)) throw error;
    io.stderr(`hazardproof merge: ${error.message}\n`);
    return 2;
  }
  const json = `${JSON.stringify(merged.json, null, 2)}\n`;
  if (values['report-json'] !== undefined) writeFileAtomic(values['report-json'], json);
  if (values.junit !== undefined) writeFileAtomic(values.junit, mergedJunit(merged.json));
  const sarif = values.sarif !== undefined || format === 'sarif' ? `${JSON.stringify(mergedSarif(merged.json), null, 2)}\n` : '';
  if (values.sarif !== undefined) writeFileAtomic(values.sarif, sarif);
  io.stdout(format === 'json' ? json : format === 'sarif' ? sarif : `${mergedText(merged.json)}\n`);
  return merged.exitCode;
}

/** Reads one shard's report; an unreadable file is a MergeError naming it. */
function readReport(path: string): ShardReport {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new MergeError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return readShardReport(path, text);
}
