import type { SarifFinding, SarifNotice, SarifReportContent } from './buildLog.js';
import { registerHazardFinding, type RegisterHazardJson } from './registerHazardFinding.js';
import { scoreboardOverflowFinding } from './scoreboardOverflowFinding.js';
import { unknownVerdictNotice } from './unknownVerdictNotice.js';

/** A hazard of a listing's kernel as `kernelCheckJson` writes it: an overflow has `instruction` and its line as `producerLine`. */
type ListingHazardJson =
  | (RegisterHazardJson & { readonly replay: string })
  | {
      readonly kind: 'overflow'; readonly warp: number; readonly scoreboard: number; readonly instruction: number; readonly value: number;
      readonly producerLine: number | null; readonly description: string; readonly schedule: string; readonly replay: string;
    };

/** The fields of `kernelCheckJson` (reports/sass/checkText.ts) this converter reads. */
interface KernelCheckJson {
  readonly file: string;
  readonly kernel: string;
  readonly architecture: string;
  readonly verdict: string;
  readonly reason: string;
  readonly hazards: readonly ListingHazardJson[];
  readonly unconfirmed: readonly { readonly producerLine: number; readonly consumerLine: number; readonly description: string }[];
  readonly notes: readonly { readonly kind: string; readonly line: number; readonly column: number; readonly message: string }[];
  /** How many unconfirmed hazards and notes there are, and how many the lists leave out (absent from reports of older versions, which listed all). */
  readonly unconfirmedSummary?: ListedCount;
  readonly notesSummary?: ListedCount;
  readonly analysisSteps: number;
}

/** The fields of a `ListSummary` (reports/sass/checkText.ts) this converter reads. */
interface ListedCount {
  readonly total: number;
  readonly omitted: number;
  readonly byKind: Readonly<Record<string, number>>;
}

/** A notice counting what a kernel's report leaves out of a list, or none. */
function notListed(report: KernelCheckJson, unit: string, count: ListedCount | undefined, what: string): SarifNotice[] {
  if (count === undefined || count.omitted === 0) return [];
  const kinds = Object.entries(count.byKind).map(([kind, number]) => `${kind} ${number}`).join(', ');
  return [{ kind: 'findings-not-listed', file: report.file, line: null, message: `${unit}: ${count.omitted} more ${what} not listed (${count.total} in all: ${kinds}); --all-findings lists every one` }];
}

/**
 * The SARIF content of one kernel's `check --json` object (`kernelCheckJson`): a result per hazard
 * shown on the reference machine when the verdict is `hazard` (fingerprinted with the kernel's
 * name), the verdict, and as notifications: an unknown verdict, a hazard shown only through an
 * instruction outside the model (the kernel is then unknown), each hazard the analysis could not
 * rule out (at its later instruction), and each note on what the model assumed (at its line and
 * column), as many as the report lists, with a count of those it leaves out.
 */
export function listingCheckSarif(json: Readonly<Record<string, unknown>>): SarifReportContent {
  const report = json as unknown as KernelCheckJson;
  const unit = `kernel ${report.kernel}`;
  const shown = report.hazards.map((hazard): SarifFinding => (hazard.kind === 'overflow'
    ? scoreboardOverflowFinding(report.file, unit, { ...hazard, instructionLine: hazard.producerLine })
    : registerHazardFinding(report.file, unit, hazard)));
  // Hazards of an unknown kernel run through an instruction outside the model: what the guess allows, not findings.
  const findings = report.verdict === 'hazard' ? shown : [];
  const notices: SarifNotice[] = [
    ...(report.verdict === 'unknown' ? [unknownVerdictNotice(report.file, unit, report.reason)] : []),
    ...(report.verdict === 'hazard' ? [] : shown.map((hazard): SarifNotice => ({ kind: 'hazard-outside-model', file: report.file, line: hazard.line, message: `${unit}: ${hazard.message}` }))),
    ...report.unconfirmed.map((suspicion): SarifNotice => ({ kind: 'unconfirmed-hazard', file: report.file, line: suspicion.consumerLine, message: `${unit}: unconfirmed: ${suspicion.description}` })),
    ...notListed(report, unit, report.unconfirmedSummary, 'unconfirmed hazard(s)'),
    ...report.notes.map((note): SarifNotice => ({ kind: 'model-note', file: report.file, line: note.line, column: note.column, message: `${unit}: ${note.kind}: ${note.message}` })),
    ...notListed(report, unit, report.notesSummary, 'note(s)'),
  ];
  return {
    findings,
    verdicts: [{ file: report.file, unit, verdict: report.verdict, reason: report.reason, properties: { architecture: report.architecture, hazards: findings.length, unconfirmed: report.unconfirmedSummary?.total ?? report.unconfirmed.length, analysisSteps: report.analysisSteps } }],
    notices,
  };
}
