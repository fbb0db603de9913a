import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ErrorObject } from 'ajv';
import { expect } from 'vitest';
import type { SarifLog, SarifResult, SarifRun } from '../../../reports/sarif/sarifTypes.js';
import { cli } from '../../cli/run.js';

/**
 * The official OASIS SARIF 2.1.0 JSON schema (draft-07), as the devDependency `schemastore`
 * ships it: tests read it from node_modules, the repository holds no copy.
 */
const SCHEMA_FILE = createRequire(import.meta.url).resolve('schemastore/schemas/json/sarif-2.1.0.json');

/** Absolute or relative URIs (RFC 3986): no spaces, quotes or other characters a URI cannot hold. */
const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;

// unicodeRegExp: false, because the schema's `language` pattern has a stray ']' that JavaScript
// accepts only without the u flag (ajv adds it by default), as JSON Schema's ECMA 262 regexes do.
const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
// ajv-formats is not installed: the three formats the schema uses, checked here rather than ignored.
ajv.addFormat('uri', (value: string) => URI_CHARACTERS.test(value) && /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value) && URL.canParse(value));
ajv.addFormat('uri-reference', (value: string) => URI_CHARACTERS.test(value) && URL.canParse(value, 'file:///base/'));
ajv.addFormat('date-time', (value: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i.test(value) && !Number.isNaN(Date.parse(value)));
const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as object);

/** The schema's complaints about a log, one line each (`/runs/0/results/0/level: must be equal to one of the allowed values`); empty when it is valid. */
export function sarifSchemaErrors(log: unknown): string[] {
  if (validate(log)) return [];
  return (validate.errors ?? []).map((error: ErrorObject) => `${error.instancePath || '/'}: ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`);
}

/** Asserts a log is valid SARIF 2.1.0; on failure the test prints every error ajv found. */
export function expectValidSarif(log: unknown): void {
  expect(sarifSchemaErrors(log), 'SARIF 2.1.0 schema errors').toEqual([]);
}

/** Runs the CLI and parses its stdout as a SARIF log, which must be valid. */
export async function sarifOf(...argv: string[]): Promise<{ code: number; log: SarifLog; run: SarifRun; stderr: string }> {
  const { code, stdout, stderr } = await cli(...argv);
  let log: SarifLog;
  try {
    log = JSON.parse(stdout) as SarifLog;
  } catch {
    throw new Error(`not JSON (exit ${code}): ${stdout.slice(0, 500)}\n${stderr}`);
  }
  expectValidSarif(log);
  expect(log.runs).toHaveLength(1);
  return { code, log, run: log.runs[0]!, stderr };
}

/** A result's location: its file URI and start line. */
export function resultLine(result: SarifResult): { uri: string | undefined; line: number | undefined } {
  const location = result.locations?.[0]?.physicalLocation;
  return { uri: location?.artifactLocation.uri, line: location?.region?.startLine };
}

/** The start lines of a result's related locations. */
export function relatedLines(result: SarifResult): (number | undefined)[] {
  return (result.relatedLocations ?? []).map((location) => location.physicalLocation.region?.startLine);
}

/** The verdict records a log keeps in its run's properties. */
export function verdictsOf(run: SarifRun): { file: string | null; unit: string | null; verdict: string; reason: string }[] {
  return (run.properties?.['verdicts'] ?? []) as unknown as { file: string | null; unit: string | null; verdict: string; reason: string }[];
}
