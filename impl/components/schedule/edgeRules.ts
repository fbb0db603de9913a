/**
 * Edge-latency rules the scheduler can be given: the proved ones (seed 004's flow and anti
 * rules, and the corrected output rule, all judged sound by `impl/edgeLatency/judge.ts`), and the
 * full-latency ones of the in-order baseline (the seed's "initial edge latency = hardware
 * latency", no distance reduction). An edge latency e means: the successor's first execution
 * issues e cycles after the predecessor's last execution (1 = back to back).
 */
import { correctedOutputLatency } from '../../edgeLatency/judge.js';
import { edgeLatency } from '../../edgeLatency/rules.js';

/** How a dependence on a fixed-latency producer becomes an edge latency. */
export interface EdgeRules {
  /** Shown in reports. */
  readonly name: string;
  /** Flow (read after write): the producer's latency for this reader, and the instruction distance. */
  flow(latency: number, distance: number): number;
  /** Anti (write after read). */
  anti(): number;
  /** Output (write after write): both write latencies (1 for a variable-latency successor) and the mask distance of the destinations. */
  output(predecessorLatency: number, successorLatency: number, distance: number): number;
}

/**
 * The proved rules: flow max(1, L - instruction distance) (seed Eq. 8, sound and tight), anti 1
 * (Eq. 6, sound), output max(1, L1 - L2 + 1 - mask distance) (the seed's 1 is unsound when the
 * successor is faster; `correctedOutputLatency` is the proved replacement).
 */
export const PROVED_EDGE_RULES: EdgeRules = {
  name: 'US 8,098,251 edge latencies (flow Eq. 8, anti Eq. 6, corrected output rule)',
  flow: (latency, distance) => edgeLatency('flow', latency, distance),
  anti: () => edgeLatency('anti', 1, 0),
  output: (predecessorLatency, successorLatency, distance) => correctedOutputLatency(predecessorLatency, successorLatency, distance),
};

/**
 * The in-order baseline's rules: every dependent successor waits the producer's full latency
 * (distance ignored: edge L), false dependences are 1 as in the seed, and output dependences use
 * the corrected rule without the distance reduction.
 */
export const FULL_LATENCY_EDGE_RULES: EdgeRules = {
  name: 'full hardware latency (no instruction-distance reduction)',
  flow: (latency) => edgeLatency('flow', latency, 0),
  anti: () => edgeLatency('anti', 1, 0),
  output: (predecessorLatency, successorLatency) => correctedOutputLatency(predecessorLatency, successorLatency, 0),
};
