/** What a fuzz target's one-line summary is made of: its kind, its runs, and what was found. */
export type FuzzSummaryFacts =
  | { readonly kind: 'program'; readonly runs: number; readonly hazards: number; readonly maxLatency: number }
  | { readonly kind: 'law'; readonly runs: number; readonly violated: boolean; readonly statement: string };

/**
 * The summary of one fuzz target, worded from its counts alone: a campaign run in one job and
 * the same campaign merged from its shards (`hazardproof merge`) say the same thing.
 */
export function fuzzTargetSummary(facts: FuzzSummaryFacts): string {
  if (facts.kind === 'law') {
    return facts.violated ? `VIOLATED: ${facts.statement}` : `held for ${facts.runs} generated inputs (${facts.statement}); not a proof`;
  }
  return facts.hazards === 0
    ? `no hazard in ${facts.runs} random schedules (delays 1..${facts.maxLatency}); this is not a proof`
    : `${facts.hazards} distinct hazard(s) in ${facts.runs} random schedules (delays 1..${facts.maxLatency})`;
}
