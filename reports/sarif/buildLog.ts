import { sarifLocation, SOURCE_ROOT, sourceRootUri } from './location.js';
import { SARIF_NOTIFICATION_IDS, sarifNotificationDescriptor, sarifNotificationLevel, type SarifNotificationId } from './notifications.js';
import { sarifRule, sarifRuleLevel, type SarifRuleId } from './rules.js';
import type { JsonValue, SarifLevel, SarifLog, SarifNotification, SarifPropertyBag, SarifResult } from './sarifTypes.js';
import { hazardproofToolInfo } from './tool.js';

/** The `$schema` of every log: the OASIS SARIF 2.1.0 schema (with errata 01). */
export const SARIF_SCHEMA_URI = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/** The key of hazardproof's own entry in `partialFingerprints`; the version suffix changes only if the fingerprint's recipe does. */
export const FINGERPRINT_KEY = 'hazardproof/v1';

/** The other instruction of a finding (a producer, another held thread), by line; left out when its line is unknown. */
export interface RelatedLine {
  readonly line: number | null;
  /** What the instruction there is to the finding, e.g. `#1: the write the read needed`. */
  readonly message: string;
}

/** One finding of a command, in the terms of its JSON report, before it becomes a SARIF result. */
export interface SarifFinding {
  readonly ruleId: SarifRuleId;
  /** The rule's default level unless given. */
  readonly level?: SarifLevel;
  /** The file as named on the command line; null for findings about hazardproof itself (law violations). */
  readonly file: string | null;
  /** The 1-based source line of the instruction the finding is at (the consumer, the barrier), or null. */
  readonly line: number | null;
  readonly related: readonly RelatedLine[];
  /** The full message: the description, the schedule, the replay command. */
  readonly message: string;
  /** A stable identity (kind, register, lines, unit): never a seed, so the same mistake matches across runs. */
  readonly fingerprint: string;
  readonly properties?: SarifPropertyBag;
}

/** A verdict that is not a finding by itself: kept in the run's properties so a SARIF log loses nothing the JSON says. */
export interface SarifVerdictRecord {
  readonly file: string | null;
  /** The kernel, shader, DEPBAR or target within the file the verdict is about, or null for the whole file. */
  readonly unit: string | null;
  readonly verdict: string;
  readonly reason: string;
  readonly properties?: SarifPropertyBag;
}

/** Something the run says about itself: a verdict it could not reach, a model note. */
export interface SarifNotice {
  readonly kind: SarifNotificationId;
  readonly message: string;
  readonly file: string | null;
  readonly line: number | null;
  readonly column?: number;
}

/** Everything one command reports, in SARIF's terms. */
export interface SarifReportContent {
  readonly findings: readonly SarifFinding[];
  readonly verdicts: readonly SarifVerdictRecord[];
  readonly notices: readonly SarifNotice[];
}

/** Which command ran, with its arguments (after `hazardproof`), and the rules it can report. */
export interface SarifInvocationInfo {
  readonly command: 'check' | 'prove' | 'fuzz';
  readonly arguments: readonly string[];
  readonly rules: readonly SarifRuleId[];
}

/**
 * The SARIF log of one command: one run, its rules, a result per finding (located at its
 * instruction's line, the other instruction as a related location, a stable fingerprint), every
 * notice as a tool execution notification, and every verdict in the run's properties. The run
 * is successful unless a verdict was unknown (an `unknown-verdict` notice) or a notice is an error.
 */
export function buildSarifLog(invocation: SarifInvocationInfo, content: SarifReportContent): SarifLog {
  const tool = hazardproofToolInfo();
  const ruleIds = [...new Set([...invocation.rules, ...content.findings.map((finding) => finding.ruleId)])];
  const results = content.findings.map((finding): SarifResult => {
    const others = finding.file === null ? [] : finding.related.filter((other): other is RelatedLine & { line: number } => other.line !== null);
    const related = others.map((other, index) => sarifLocation(finding.file!, other.line, { id: index + 1, message: other.message }));
    // Code scanning shows a related location only where the message links to it: `[text](id)`.
    const links = others.map((other, index) => `[line ${other.line}](${index + 1}) ${other.message}`);
    return {
      ruleId: finding.ruleId,
      ruleIndex: ruleIds.indexOf(finding.ruleId),
      level: finding.level ?? sarifRuleLevel(finding.ruleId),
      message: { text: links.length === 0 ? finding.message : `${finding.message}\nsee ${links.join('; ')}` },
      ...(finding.file === null ? {} : { locations: [sarifLocation(finding.file, finding.line)] }),
      ...(related.length > 0 ? { relatedLocations: related } : {}),
      partialFingerprints: { [FINGERPRINT_KEY]: finding.fingerprint },
      ...(finding.properties ? { properties: finding.properties } : {}),
    };
  });
  const notifications = content.notices.map((notice): SarifNotification => ({
    level: sarifNotificationLevel(notice.kind),
    message: { text: notice.message },
    descriptor: { id: notice.kind, index: SARIF_NOTIFICATION_IDS.indexOf(notice.kind) },
    ...(notice.file === null ? {} : { locations: [sarifLocation(notice.file, notice.line, notice.column === undefined ? {} : { column: notice.column })] }),
  }));
  const successful = !notifications.some((notification, index) => content.notices[index]!.kind === 'unknown-verdict' || notification.level === 'error');
  const args = ['hazardproof', invocation.command, ...invocation.arguments];
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [{
      tool: {
        driver: {
          name: tool.name, version: tool.version, semanticVersion: tool.version,
          ...(tool.informationUri === null ? {} : { informationUri: tool.informationUri }),
          rules: ruleIds.map(sarifRule),
          notifications: SARIF_NOTIFICATION_IDS.map(sarifNotificationDescriptor),
        },
      },
      invocations: [{ executionSuccessful: successful, commandLine: args.map(shellWord).join(' '), arguments: args.slice(1), toolExecutionNotifications: notifications }],
      originalUriBaseIds: { [SOURCE_ROOT]: { uri: sourceRootUri() } },
      columnKind: 'utf16CodeUnits',
      results,
      properties: { command: invocation.command, verdicts: content.verdicts.map(verdictJson) },
    }],
  };
}

function verdictJson(record: SarifVerdictRecord): JsonValue {
  return { file: record.file, unit: record.unit, verdict: record.verdict, reason: record.reason, ...(record.properties ?? {}) };
}

/** An argument as a POSIX shell word: bare when it is safe, else single-quoted. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
