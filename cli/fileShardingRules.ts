import { isListingFile } from '../format/sass/load.js';
import { isComponentFile } from './componentCheck.js';
import type { FileShardingRules } from './fileSharding.js';
import { isIr3File } from '../api/components/notation.js';

/**
 * `check` as `--shard` sees it: random schedules (and so `--seed`) matter for .hp and .json
 * programs unless `--mode exhaustive`; listings, .comp programs and ir3 shaders are decided
 * without them. `--replay` and `--minimize` take one file.
 */
export const CHECK_SHARDING: FileShardingRules = {
  name: 'check',
  singleFileOptions: ['replay', 'minimize'],
  outputOptions: ['timelines', 'html'],
  usesSeed: (files, values) => values.from === undefined && values.mode !== 'exhaustive'
    && files.some((file) => !isListingFile(file) && !isComponentFile(file) && !isIr3File(file)),
};

/** `prove` as `--shard` sees it: its state-space fallback for large programs may run random schedules, so `--seed` always matters. */
export const PROVE_SHARDING: FileShardingRules = {
  name: 'prove',
  singleFileOptions: [],
  outputOptions: ['smt2', 'html'],
  usesSeed: () => true,
};
