import type { ParseArgsConfig } from 'node:util';
import { ANNOTATE_OPTIONS, ANNOTATE_USAGE, annotateCommand } from './annotate.js';
import { CHECK_OPTIONS, CHECK_USAGE, checkCommand } from './check.js';
import { COMPARE_OPTIONS, COMPARE_USAGE, compareCommand } from './compare.js';
import { FACTS_OPTIONS, FACTS_USAGE, factsCommand } from './facts.js';
import { FUZZ_OPTIONS, FUZZ_USAGE, fuzzCommand } from './fuzz.js';
import type { CliIo } from './io.js';
import { MERGE_OPTIONS, MERGE_USAGE, mergeCommand } from './merge.js';
import { MUTATE_OPTIONS, MUTATE_USAGE, mutateCommand } from './mutate.js';
import { PRINT_OPTIONS, PRINT_USAGE, printCommand } from './print.js';
import { PROVE_OPTIONS, PROVE_USAGE, proveCommand } from './prove.js';
import { PROVE_RULES_OPTIONS, PROVE_RULES_USAGE, proveRulesCommand } from './proveRules.js';
import { STREAMOUT_CHECK_OPTIONS } from './streamCheck.js';
import { STREAMOUT_RUN_OPTIONS, STREAMOUT_USAGE, streamoutCommand } from './streamout.js';

/** The `parseArgs` options of a command (or of one of its subcommands). */
export type CommandOptions = NonNullable<ParseArgsConfig['options']>;

/** One command of the CLI: what runs it, its help text, and every option it accepts (which its help must mention). */
export interface CliCommand {
  readonly run: (args: string[], io: CliIo) => number | Promise<number>;
  readonly usage: string;
  /** The option sets the command parses: one, or one per subcommand. */
  readonly options: readonly CommandOptions[];
  /** Subcommands (`streamout run`), each answering `--help` with the command's usage. */
  readonly subcommands?: readonly string[];
}

/** Every command of `hazardproof`, by name, in the order the overview lists them. */
export const COMMANDS: Readonly<Record<string, CliCommand>> = {
  annotate: { run: annotateCommand, usage: ANNOTATE_USAGE, options: [ANNOTATE_OPTIONS] },
  check: { run: checkCommand, usage: CHECK_USAGE, options: [CHECK_OPTIONS] },
  compare: { run: compareCommand, usage: COMPARE_USAGE, options: [COMPARE_OPTIONS] },
  facts: { run: factsCommand, usage: FACTS_USAGE, options: [FACTS_OPTIONS] },
  fuzz: { run: fuzzCommand, usage: FUZZ_USAGE, options: [FUZZ_OPTIONS] },
  mutate: { run: mutateCommand, usage: MUTATE_USAGE, options: [MUTATE_OPTIONS] },
  prove: { run: proveCommand, usage: PROVE_USAGE, options: [PROVE_OPTIONS] },
  'prove-rules': { run: proveRulesCommand, usage: PROVE_RULES_USAGE, options: [PROVE_RULES_OPTIONS] },
  streamout: { run: streamoutCommand, usage: STREAMOUT_USAGE, options: [STREAMOUT_RUN_OPTIONS, STREAMOUT_CHECK_OPTIONS], subcommands: ['run', 'check', 'promela'] },
  print: { run: printCommand, usage: PRINT_USAGE, options: [PRINT_OPTIONS] },
  merge: { run: mergeCommand, usage: MERGE_USAGE, options: [MERGE_OPTIONS] },
};
