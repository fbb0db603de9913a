import type { CampaignOptions, CampaignOptionValue, ShardedCommand } from '../reports/merge/shardReport.js';
import { type CliIo, UsageError } from './io.js';
import { parseShard, shardFiles, sortedPaths, type Shard } from './shard.js';

/** What `--shard` needs to know of a command that takes many files (check, prove). */
export interface FileShardingRules {
  readonly name: Exclude<ShardedCommand, 'fuzz'>;
  /** Options that work on exactly one file, which a shard cannot promise (`--replay`, `--minimize`). */
  readonly singleFileOptions: readonly string[];
  /** Options that only choose how or where output goes: shards may differ in them. */
  readonly outputOptions: readonly string[];
  /** Whether these files, with these options, may use random schedules: then every shard must be given the same `--seed`. */
  readonly usesSeed: (files: readonly string[], values: Readonly<Record<string, unknown>>) => boolean;
}

/** The option `--shard I/N` of check and prove (`parseArgs` form). */
export const SHARD_OPTION = { shard: { type: 'string' } } as const;

/** One shard of a file command's campaign: its files, and the fields of its report that say which campaign it belongs to. */
export interface FileShard {
  readonly shard: Shard;
  /** This shard's files (see `shardFiles`), sorted. */
  readonly files: readonly string[];
  /** Every file of the campaign, as given. */
  readonly inputs: readonly string[];
  readonly header: {
    readonly tool: string;
    readonly command: FileShardingRules['name'];
    readonly shard: Shard;
    readonly options: CampaignOptions;
    readonly inputs: readonly string[];
    readonly files: readonly string[];
    readonly coverage: { readonly files: number };
  };
}

/**
 * The shard a file command runs with `--shard I/N`, or null without it. It refuses what a shard
 * cannot do (no file, a one-file option, random schedules without `--seed`) and says on standard
 * error which files it took.
 */
export function fileShardOf(rules: FileShardingRules, values: Readonly<Record<string, unknown>>, positionals: readonly string[], io: CliIo): FileShard | null {
  if (values.shard === undefined) return null;
  const shard = parseShard(String(values.shard));
  if (positionals.length === 0) throw new UsageError(`${rules.name} needs at least one program file: --shard splits the files given`);
  for (const option of rules.singleFileOptions) {
    if (values[option] !== undefined) throw new UsageError(`--${option} works on one file; it does not go with --shard`);
  }
  if (values.seed === undefined && rules.usesSeed(positionals, values)) {
    throw new UsageError('--shard needs --seed N here (random schedules may run): every shard must use the same seed');
  }
  const files = shardFiles(positionals, shard);
  io.stderr(`${rules.name}: shard ${shard.index}/${shard.count}: ${files.length} of ${positionals.length} file(s)\n`);
  return {
    shard, files, inputs: positionals,
    header: {
      tool: `hazardproof ${rules.name}`, command: rules.name, shard, options: campaignOptions(values, rules.outputOptions),
      inputs: sortedPaths(positionals), files, coverage: { files: files.length },
    },
  };
}

/**
 * A shard that got no file (more shards than files): its empty report for `hazardproof merge`
 * with `json`, else a line saying so. Exit code 0.
 */
export function emptyShardRun(run: FileShard, json: boolean, io: CliIo): number {
  const { shard } = run;
  io.stdout(json ? `${JSON.stringify({ ...run.header, exitCode: 0, results: [] }, null, 2)}\n`
    : `shard ${shard.index}/${shard.count}: no file (${run.inputs.length} file(s) over ${shard.count} shards): nothing to check\n`);
  return 0;
}

/**
 * Prints the `--json` objects of a file command: one object for one file, an array for several;
 * for a shard, its report for `hazardproof merge`, `{ tool, command, shard, options, inputs,
 * files, coverage, exitCode, results }`, where `results` is the list of those objects.
 */
export function printJsonResults(io: CliIo, objects: readonly unknown[], run: FileShard | null, exitCode: number): void {
  const printed = run !== null ? { ...run.header, exitCode, results: objects } : objects.length === 1 ? objects[0] : objects;
  io.stdout(`${JSON.stringify(printed, null, 2)}\n`);
}

/** The options that decide the results, as given (the shards of one campaign must agree on them), by name. */
function campaignOptions(values: Readonly<Record<string, unknown>>, outputOptions: readonly string[]): CampaignOptions {
  const ignored = new Set(['shard', 'help', 'json', 'format', ...outputOptions]);
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => !ignored.has(name) && value !== undefined).sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => [name, value as CampaignOptionValue]));
}
