import { isListingFile } from '../format/sass/load.js';
import { CHECK_OPTIONS, checkCommand } from './check.js';
import { isComponentFile } from './componentCheck.js';
import type { ShardableFileCommand } from './fileSharding.js';
import { isIr3File } from './ir3Check.js';
import { PROVE_OPTIONS, proveCommand } from './prove.js';

/**
 * `check` as `--shard` sees it: random schedules (and so `--seed`) matter for .hp and .json
 * programs unless `--mode exhaustive`; listings, .comp programs and ir3 shaders are decided
 * without them. `--replay` and `--minimize` take one file.
 */
export const SHARDABLE_CHECK: ShardableFileCommand = {
  name: 'check',
  run: checkCommand,
  options: CHECK_OPTIONS,
  singleFileOptions: ['replay', 'minimize'],
  outputOptions: ['timelines', 'html'],
  usesSeed: (files, values) => values.from === undefined && values.mode !== 'exhaustive'
    && files.some((file) => !isListingFile(file) && !isComponentFile(file) && !isIr3File(file)),
};

/** `prove` as `--shard` sees it: its state-space fallback for large programs may run random schedules, so `--seed` always matters. */
export const SHARDABLE_PROVE: ShardableFileCommand = {
  name: 'prove',
  run: proveCommand,
  options: PROVE_OPTIONS,
  singleFileOptions: [],
  outputOptions: ['smt2', 'html'],
  usesSeed: () => true,
};
