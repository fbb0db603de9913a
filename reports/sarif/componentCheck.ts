import { formatComponentSchedule } from '../../format/components/schedule.js';
import type { ComponentAction } from '../../spec/components/machine.js';
import type { SarifFinding, SarifReportContent } from './buildLog.js';
import { findingMessage } from './findingMessage.js';
import { unknownVerdictNotice } from './unknownVerdictNotice.js';
import { findingFingerprint } from './fingerprint.js';

/** One side of a component hazard as `componentCheckJson` writes it. */
interface ComponentInstructionJson {
  readonly instruction: number;
  readonly execution: number;
  readonly line: number | null;
  readonly text: string | null;
}

/** The fields of `componentCheckJson` (reports/components/checkReport.ts) this converter reads. */
interface ComponentCheckJson {
  readonly file: string;
  readonly shader: number | null;
  readonly verdict: string;
  readonly reason: string;
  readonly statesExplored: number;
  readonly hazards: readonly {
    readonly finding: { readonly kind: 'RAW' | 'WAR' | 'WAW'; readonly component: string };
    readonly producer: ComponentInstructionJson;
    readonly consumer: ComponentInstructionJson;
    readonly description: string;
    readonly schedule: readonly ComponentAction[];
    readonly replay: string;
  }[];
}

/**
 * The SARIF content of one `.comp` program's or ir3 shader's `check --json` object
 * (`componentCheckJson`): a result per per-component hazard at the consumer's line (the producer
 * related), its schedule as action codes, the verdict, and a notification when it is unknown.
 */
export function componentCheckSarif(json: Readonly<Record<string, unknown>>): SarifReportContent {
  const report = json as unknown as ComponentCheckJson;
  const unit = report.shader === null ? null : `shader ${report.shader}`;
  const findings = report.hazards.map((hazard): SarifFinding => {
    const { kind, component } = hazard.finding;
    const { producer, consumer } = hazard;
    const schedule = formatComponentSchedule(hazard.schedule);
    return {
      ruleId: kind, file: report.file, line: consumer.line,
      related: [{ line: producer.line, message: `(${producer.text ?? `#${producer.instruction}`}, execution ${producer.execution}): the ${kind === 'WAR' ? 'read' : 'write'} that had to come first` }],
      message: findingMessage(hazard.description, schedule, hazard.replay),
      fingerprint: findingFingerprint(unit, kind, component, `${producer.line ?? ''}.${producer.execution}`, `${consumer.line ?? ''}.${consumer.execution}`),
      properties: { kind, component, producerLine: producer.line, consumerLine: consumer.line, schedule, replay: hazard.replay },
    };
  });
  return {
    findings,
    verdicts: [{ file: report.file, unit, verdict: report.verdict, reason: report.reason, properties: { machine: 'components', statesExplored: report.statesExplored, hazards: findings.length } }],
    notices: report.verdict === 'unknown' ? [unknownVerdictNotice(report.file, unit, report.reason)] : [],
  };
}
