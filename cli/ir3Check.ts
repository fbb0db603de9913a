/** ir3 listings on the command line: `check`, `annotate` and `--shard` tell them by their extension, as the library does. */
export { isIr3File } from '../api/components/notation.js';
