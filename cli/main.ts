import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../format/packageRoot.js';
import { seedFromEnvironment } from '../format/defaultSeed.js';
import { COMMANDS } from './commandTable.js';
import { UsageError, type CliIo } from './io.js';

const USAGE = `usage: hazardproof <command> [options]

commands:
  annotate FILE   compute scoreboards, wait masks, stalls and DEPBARs; or schedule ir3 / .comp programs (list scheduler of US 8,098,251)
  check FILE...   explore the schedules of programs and report hazards (RAW, WAR, WAW)
  compare FILE... stall cycles of LRC (1 and 2 classes), scoreboards + DEPBAR and interlocks on programs
  facts --arch sm_XX|gfxNNNN  what verdicts on NVIDIA listings and AMD code rest on: each fact's proof and counterexample side, with sources
  fuzz FILE...    hunt for hazards with many random schedules (or --generate: check the laws)
  mutate LISTING... mutation self-test: remove one protection at a time from real listings (AMD: drop or loosen a wait, shorten an s_nop)
  prove FILE...   prove DEPBAR immediates sound and tight with Z3, and the program hazard-free
  prove-rules     judge the edge-latency rules of US 8,098,251 (component masks) against per-component timing
  streamout run|check|promela   the distributed stream-output protocol: run scenarios, check traces
  print FILE      print a program in canonical .hp form, or as JSON (--json)
  merge REPORT... merge the JSON reports of a campaign's shards (--shard I/N) into one result
  help [COMMAND]  show help

Run 'hazardproof help COMMAND' (or 'hazardproof COMMAND --help') for a command's options,
'hazardproof --version' for the version.`;

/** Runs the CLI with arguments (without `node` and the script) and returns the exit code. */
export async function run(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      const topic = command === 'help' && rest[0] !== undefined ? COMMANDS[rest[0]] : undefined;
      if (command === 'help' && rest[0] !== undefined && topic === undefined) throw new UsageError(`no help on '${rest[0]}': not a command`);
      io.stdout(`${topic?.usage ?? USAGE}\n`);
      return 0;
    }
    if (command === '--version' || command === '-v') {
      const manifest = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string };
      io.stdout(`${manifest.version}\n`);
      return 0;
    }
    const entry = COMMANDS[command];
    if (!entry) throw new UsageError(`unknown command '${command}'`);
    // A mistyped HAZARDPROOF_SEED is a usage error here, before any command draws its default seed.
    try {
      seedFromEnvironment();
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    return await entry.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      io.stderr(`hazardproof: ${(error as Error).message}\nRun 'hazardproof help${command && COMMANDS[command] ? ` ${command}` : ''}' for usage.\n`);
      return 2;
    }
    io.stderr(`hazardproof: internal error (please report it with the command you ran): ${(error as Error).stack ?? String(error)}\n`);
    return 4;
  }
}

/** node:util parseArgs throws TypeErrors with these codes for unknown or malformed options. */
function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? '';
  return code.startsWith('ERR_PARSE_ARGS');
}
