import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { CampaignOptions, CampaignOptionValue, ShardedCommand } from '../reports/merge/shardReport.js';
import { type CliIo, UsageError } from './io.js';
import { parseShard, shardFiles, sortedPaths, type Shard } from './shard.js';

/** What `--shard` needs to know of a command that takes many files (check, prove). */
export interface ShardableFileCommand {
  readonly name: Exclude<ShardedCommand, 'fuzz'>;
  /** The command itself, which knows nothing of shards. */
  readonly run: (args: string[], io: CliIo) => number | Promise<number>;
  /** The command's own `parseArgs` options. */
  readonly options: NonNullable<ParseArgsConfig['options']>;
  /** Options that work on exactly one file, which a shard cannot promise (`--replay`, `--minimize`). */
  readonly singleFileOptions: readonly string[];
  /** Options that only choose how or where output goes: shards may differ in them. */
  readonly outputOptions: readonly string[];
  /** Whether these files, with these options, may use random schedules: then every shard must be given the same `--seed`. */
  readonly usesSeed: (files: readonly string[], values: Readonly<Record<string, unknown>>) => boolean;
}

/** The option `--shard I/N` adds to a command (`parseArgs` form). */
export const SHARD_OPTION = { shard: { type: 'string' } } as const;

/**
 * A command with `--shard I/N`: it runs on the shard's files only (see `shardFiles`), and with
 * `--json` (or `--format json`) prints one object for `hazardproof merge`: `{ tool, command,
 * shard, options, inputs, files, coverage, exitCode, results }`, where `results` is the list of
 * objects the command's `--json` prints, `inputs` every file of the campaign (sorted), `files`
 * this shard's, and `options` the options that decide the results. Without `--shard` the command
 * runs exactly as before. A shard without files prints an empty report and exits 0.
 */
export function withFileSharding(command: ShardableFileCommand): (args: string[], io: CliIo) => Promise<number> {
  return async (args, io) => {
    if (!args.some((arg) => arg === '--shard' || arg.startsWith('--shard='))) return command.run(args, io);
    const commandLine = parseArgs({ args, allowPositionals: true, tokens: true, options: { ...command.options, ...SHARD_OPTION } });
    const { positionals, tokens } = commandLine;
    const values: Readonly<Record<string, unknown>> = commandLine.values;
    if (values.help === true) return command.run(['--help'], io);
    const shard = parseShard(String(values.shard));
    if (positionals.length === 0) throw new UsageError(`${command.name} needs at least one program file: --shard splits the files given`);
    for (const option of command.singleFileOptions) {
      if (values[option] !== undefined) throw new UsageError(`--${option} works on one file; it does not go with --shard`);
    }
    if (values.seed === undefined && command.usesSeed(positionals, values)) {
      throw new UsageError('--shard needs --seed N here (random schedules may run): every shard must use the same seed');
    }
    const files = shardFiles(positionals, shard);
    const json = values.json === true || values.format === 'json';
    io.stderr(`${command.name}: shard ${shard.index}/${shard.count}: ${files.length} of ${positionals.length} file(s)\n`);
    const header = {
      tool: `hazardproof ${command.name}`, command: command.name, shard, options: campaignOptions(values, command.outputOptions),
      inputs: sortedPaths(positionals), files, coverage: { files: files.length },
    };
    if (files.length === 0) {
      io.stdout(json ? `${JSON.stringify({ ...header, exitCode: 0, results: [] }, null, 2)}\n` : `${emptyShardText(shard, positionals.length)}\n`);
      return 0;
    }
    const inner = [...optionArgs(args, tokens), ...(files.some((file) => file.startsWith('-')) ? ['--'] : []), ...files];
    if (!json) return command.run(inner, io);
    let printed = '';
    const exitCode = await command.run(inner, { ...io, stdout: (text) => { printed += text; } });
    if (exitCode === 2) {
      // A usage or input error: no result to wrap.
      io.stdout(printed);
      return exitCode;
    }
    const parsed: unknown = JSON.parse(printed);
    io.stdout(`${JSON.stringify({ ...header, exitCode, results: Array.isArray(parsed) ? parsed : [parsed] }, null, 2)}\n`);
    return exitCode;
  };
}

/** The option words of the command line, without `--shard` and without the files. */
function optionArgs(args: readonly string[], tokens: NonNullable<ReturnType<typeof parseArgs>['tokens']>): string[] {
  const kept = new Set<number>();
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name === 'shard') continue;
    kept.add(token.index);
    if (token.value !== undefined && !token.inlineValue) kept.add(token.index + 1);
  }
  return [...kept].sort((a, b) => a - b).map((index) => args[index]!);
}

/** The options that decide the results, as given (the shards of one campaign must agree on them), by name. */
function campaignOptions(values: Readonly<Record<string, unknown>>, outputOptions: readonly string[]): CampaignOptions {
  const ignored = new Set(['shard', 'help', 'json', 'format', ...outputOptions]);
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => !ignored.has(name) && value !== undefined).sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => [name, value as CampaignOptionValue]));
}

function emptyShardText(shard: Shard, total: number): string {
  return `shard ${shard.index}/${shard.count}: no file (${total} file(s) over ${shard.count} shards): nothing to check`;
}
