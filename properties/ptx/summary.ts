import { targetName } from './target.js';
import type { PtxasCampaignResult, ReasonGroup, TargetTally } from './campaign.js';

/** Where the campaign's texts were written, for the summary to name. */
export interface KeptFiles {
  readonly folder: string;
  /** Per group key: the example's PTX and listing files. */
  readonly groups: ReadonlyMap<string, { readonly ptx: string; readonly listing: string | null }>;
  /** The shrunk finding's files and the commands that remake and check them, or null. */
  readonly minimal: null | { readonly ptx: string; readonly listing: string | null; readonly assemble: string; readonly check: string };
}

/** How the campaign was asked for, for the replay lines. */
export interface SummaryContext {
  readonly seed: number;
  readonly size: number;
  readonly mutants: number;
  /** The command that runs the same campaign again. */
  readonly replay: string;
  /** The command that replays the shrunk finding alone, on its target (`--path P`), or null. */
  readonly failureReplay: string | null;
}

const COLUMNS: readonly [string, number][] = [
  ['target', 18], ['kernels', 7], ['assembled', 9], ['proved-safe', 11], ['hazard', 6], ['unknown', 7], ['refused', 7],
  ['mutants', 7], ['caught', 6], ['mut-unknown', 11], ['mut-proved-safe', 15], ['time', 8],
];

/** One row of the table. */
function row(name: string, tally: Omit<TargetTally, 'target'>): string {
  const cells = [name, tally.kernels, tally.assembled, tally.provedSafe, tally.hazard, tally.unknown, tally.refused, tally.mutants, tally.caught, tally.mutantsUnknown, tally.mutantsProvedSafe, `${(tally.ms / 1000).toFixed(1)} s`];
  return cells.map((cell, k) => (k === 0 ? String(cell).padEnd(COLUMNS[k]![1]) : String(cell).padStart(COLUMNS[k]![1]))).join(' ');
}

/** The listing's lines `numbers` as `line 83: DMUL R6, R8, R18 ;` (control comments left out). */
export function listingLines(listing: string, numbers: readonly number[]): string[] {
  const lines = listing.split('\n');
  return [...new Set(numbers)].sort((a, b) => a - b).map((n) => `line ${n}: ${(lines[n - 1] ?? '').replace(/\/\*[^*]*\*\//g, '').replace(/[{}]/g, '').trim()}`);
}

/** The targets a group was seen on: the first three, and how many more. */
function seenOn(group: ReasonGroup): string {
  const names = [...group.targets];
  return `${names.slice(0, 3).join(', ')}${names.length > 3 ? ` (+${names.length - 3} more)` : ''}`;
}

/** The summary of a campaign: the per-target table, the law, the grouped findings, the shrunk failure with its commands. */
export function ptxasCampaignSummary(result: PtxasCampaignResult, context: SummaryContext, kept: KeptFiles): string[] {
  const lines = [
    `fuzz --ptxas: ${result.kernels} kernel(s) on ${result.tallies.length} target(s) in ${(result.elapsedMs / 1000).toFixed(1)} s (seed ${context.seed}, size ${context.size}, ${context.mutants} mutant(s) per output)`,
    COLUMNS.map(([name, width], k) => (k === 0 ? name.padEnd(width) : name.padStart(width))).join(' '),
  ];
  for (const tally of result.tallies) lines.push(row(targetName(tally.target), tally));
  const total = result.tallies.reduce((sum, t) => ({
    kernels: sum.kernels + t.kernels, assembled: sum.assembled + t.assembled, provedSafe: sum.provedSafe + t.provedSafe, hazard: sum.hazard + t.hazard, unknown: sum.unknown + t.unknown,
    refused: sum.refused + t.refused, mutants: sum.mutants + t.mutants, caught: sum.caught + t.caught, mutantsUnknown: sum.mutantsUnknown + t.mutantsUnknown,
    mutantsProvedSafe: sum.mutantsProvedSafe + t.mutantsProvedSafe, ms: sum.ms + t.ms,
  }), { kernels: 0, assembled: 0, provedSafe: 0, hazard: 0, unknown: 0, refused: 0, mutants: 0, caught: 0, mutantsUnknown: 0, mutantsProvedSafe: 0, ms: 0 });
  lines.push(row('all', total));
  lines.push(total.mutantsProvedSafe === 0
    ? 'law holds: no certain-hazard mutant of ptxas output was proved safe'
    : `LAW FAILS: ${total.mutantsProvedSafe} certain-hazard mutant(s) of ptxas output proved safe (a false proof: the worst bug)`);
  if (result.groups.length > 0) {
    lines.push('findings by cause (digits as N; every one on ptxas output is a model error to investigate, or rarely a ptxas bug):');
    result.groups.forEach((group) => {
      const files = kept.groups.get(group.key);
      lines.push(`  [${group.kind}] ${group.count}x: ${group.key}`);
      lines.push(`      seen on ${seenOn(group)}`);
      lines.push(`      e.g. ${targetName(group.example.target)}, function ${group.example.function} (path ${group.example.path}): ${group.example.detail}`);
      if (group.example.listing !== null && group.example.lines.length > 0) lines.push(...listingLines(group.example.listing, group.example.lines).map((line) => `        ${line}`));
      if (files !== undefined) lines.push(`      kept: ${files.ptx}${files.listing === null ? '' : `, ${files.listing}`}`);
    });
  }
  const { failure } = result;
  if (failure !== null) {
    const what = failure.kind === 'mutant proved safe' ? 'SOUNDNESS FAILURE: a certain-hazard mutant of ptxas output was proved safe'
      : failure.kind === 'hazard' ? 'FALSE ALARM: ptxas output checked hazard (a model error, or a ptxas bug)' : 'UNKNOWN on ptxas output (--shrink-unknown)';
    lines.push(
      `${what}, shrunk ${failure.shrinks} time(s) from path ${failure.foundPath} to path ${failure.path}${failure.reproduced ? '' : ' (the shrunk case did not fail again: shown as found)'}:`,
      `  cause: ${failure.key}`,
      `  ${targetName(failure.target)}, function ${failure.example.function}: ${failure.example.detail}`,
    );
    if (failure.example.listing !== null && failure.example.lines.length > 0) {
      lines.push('  SASS lines involved:', ...listingLines(failure.example.listing, failure.example.lines).map((line) => `    ${line}`));
    }
    lines.push(`  minimal PTX${kept.minimal === null ? '' : ` (${kept.minimal.ptx})`}:`, ...failure.example.ptx.trimEnd().split('\n').map((line) => `    ${line}`));
    if (kept.minimal !== null) {
      lines.push(`  assemble: ${kept.minimal.assemble}`, `  check:    ${kept.minimal.check}`);
    }
    lines.push(`  replay:   ${context.failureReplay ?? `${context.replay} --path ${failure.path}`}`);
  } else if (result.groups.every((group) => group.kind === 'refused' || group.kind === 'mutant unknown')) {
    lines.push('every assembled kernel was proved safe');
  }
  if (result.stoppedBy !== null) lines.push(`stopped: ${result.stoppedBy} (the table covers what was checked; same campaign: ${context.replay})`);
  lines.push(`kept in ${kept.folder}`);
  return lines;
}
