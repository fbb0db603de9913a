import { runStream } from '../../impl/streamout/explore.js';
import type { StreamContext } from '../../spec/streamout/step.js';

/**
 * Runs the protocol under an explicit interleaving: at step k the k-th choice picks among the
 * enabled actions (modulo their number; 0 once the choices run out). fast-check shrinks the
 * choices towards zeros and fewer entries, so a shrunk counterexample is a short, canonical
 * ordering of events that still breaks a property.
 */
export function runInterleaving(context: StreamContext, choices: readonly number[]): ReturnType<typeof runStream> {
  return runStream(context, (enabled, k) => enabled[(choices[k] ?? 0) % enabled.length]!);
}
