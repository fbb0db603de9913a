/**
 * The part of the SARIF 2.1.0 object model hazardproof writes (OASIS Static Analysis Results
 * Interchange Format, https://docs.oasis-open.org/sarif/sarif/v2.1.0/). Field names and meanings
 * are the standard's; only the properties hazardproof fills are declared.
 */

/** A JSON value, for property bags. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** SARIF's `propertyBag`: free-form data attached to any object. */
export type SarifPropertyBag = { readonly [key: string]: JsonValue };

/** How serious a result or notification is. */
export type SarifLevel = 'none' | 'note' | 'warning' | 'error';

/** A message: plain text (SARIF also allows markdown, which hazardproof does not write). */
export interface SarifMessage {
  readonly text: string;
}

/** Where a file is: a URI, relative to a named base (`%SRCROOT%`) or absolute. */
export interface SarifArtifactLocation {
  readonly uri: string;
  readonly uriBaseId?: string;
}

/** Lines (and columns) of a file, 1-based. */
export interface SarifRegion {
  readonly startLine: number;
  readonly startColumn?: number;
}

/** A file and optionally a region of it. */
export interface SarifPhysicalLocation {
  readonly artifactLocation: SarifArtifactLocation;
  readonly region?: SarifRegion;
}

/** A location with an optional id (for links from messages) and a message saying what is there. */
export interface SarifLocation {
  readonly id?: number;
  readonly physicalLocation: SarifPhysicalLocation;
  readonly message?: SarifMessage;
}

/** A rule or notification kind (`reportingDescriptor`). */
export interface SarifReportingDescriptor {
  readonly id: string;
  readonly name?: string;
  readonly shortDescription: SarifMessage;
  readonly fullDescription: SarifMessage;
  readonly help: SarifMessage;
  readonly defaultConfiguration: { readonly level: SarifLevel };
  readonly properties?: SarifPropertyBag;
}

/** A reference to a rule or notification kind by id and position in its array. */
export interface SarifDescriptorReference {
  readonly id: string;
  readonly index: number;
}

/** One finding. */
export interface SarifResult {
  readonly ruleId: string;
  readonly ruleIndex: number;
  readonly level: SarifLevel;
  readonly message: SarifMessage;
  /** Absent for findings about hazardproof itself, which have no place in the analysed code. */
  readonly locations?: readonly SarifLocation[];
  readonly relatedLocations?: readonly SarifLocation[];
  /** Stable identity of the finding across runs, for code scanning to follow it. */
  readonly partialFingerprints: { readonly [key: string]: string };
  readonly properties?: SarifPropertyBag;
}

/** Something about the run itself (not a finding): a verdict that could not be reached, a model assumption. */
export interface SarifNotification {
  readonly level: SarifLevel;
  readonly message: SarifMessage;
  readonly descriptor: SarifDescriptorReference;
  readonly locations?: readonly SarifLocation[];
}

/** How the tool was run. */
export interface SarifInvocation {
  readonly executionSuccessful: boolean;
  readonly commandLine?: string;
  readonly arguments?: readonly string[];
  readonly toolExecutionNotifications: readonly SarifNotification[];
}

/** The analysis tool: its name, version, rules and notification kinds. */
export interface SarifToolComponent {
  readonly name: string;
  readonly version: string;
  readonly semanticVersion?: string;
  readonly informationUri?: string;
  readonly rules: readonly SarifReportingDescriptor[];
  readonly notifications: readonly SarifReportingDescriptor[];
}

/** One run of one tool. */
export interface SarifRun {
  readonly tool: { readonly driver: SarifToolComponent };
  readonly invocations: readonly SarifInvocation[];
  readonly originalUriBaseIds?: { readonly [name: string]: { readonly uri: string } };
  readonly columnKind: 'utf16CodeUnits' | 'unicodeCodePoints';
  readonly results: readonly SarifResult[];
  readonly properties?: SarifPropertyBag;
}

/** A SARIF log file. */
export interface SarifLog {
  readonly $schema: string;
  readonly version: '2.1.0';
  readonly runs: readonly SarifRun[];
}
