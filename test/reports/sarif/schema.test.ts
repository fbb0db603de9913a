import { describe, expect, it } from 'vitest';
import { buildSarifLog, SARIF_SCHEMA_URI } from '../../../reports/sarif/buildLog.js';
import { fuzzSarifLog } from '../../../reports/sarif/fuzzSarifLog.js';
import { sarifArtifactLocation } from '../../../reports/sarif/location.js';
import { expectValidSarif, sarifSchemaErrors } from './sarifSchema.js';

/** A small valid log with one located result, to break in one place at a time. */
function sampleLog(): Record<string, unknown> {
  return JSON.parse(JSON.stringify(buildSarifLog({ command: 'check', arguments: ['x.hp'], rules: ['RAW'] }, {
    findings: [{ ruleId: 'RAW', file: 'x.hp', line: 3, related: [{ line: 1, message: '(#0): the write the read needed' }], message: 'RAW on R1', fingerprint: 'RAW:0:R1:1:3' }],
    verdicts: [{ file: 'x.hp', unit: null, verdict: 'hazard', reason: 'one hazard' }],
    notices: [],
  }))) as Record<string, unknown>;
}

describe('the SARIF 2.1.0 schema check the tests rely on', () => {
  it('accepts a log buildSarifLog writes', () => {
    const log = sampleLog();
    expectValidSarif(log);
    expect(log['$schema']).toBe(SARIF_SCHEMA_URI);
  });

  it('rejects broken logs, so the validator is really applied (required fields, enums, types, formats)', () => {
    const withoutVersion = sampleLog();
    delete withoutVersion['version'];
    expect(sarifSchemaErrors(withoutVersion).join('\n')).toContain("must have required property 'version'");

    const badLevel = sampleLog() as { runs: { results: { level: string }[] }[] };
    badLevel.runs[0]!.results[0]!.level = 'fatal';
    expect(sarifSchemaErrors(badLevel).join('\n')).toMatch(/\/runs\/0\/results\/0\/level: must be equal to one of the allowed values/);

    const lineZero = sampleLog() as { runs: { results: { locations: { physicalLocation: { region: { startLine: number } } }[] }[] }[] };
    lineZero.runs[0]!.results[0]!.locations[0]!.physicalLocation.region.startLine = 0;
    expect(sarifSchemaErrors(lineZero).join('\n')).toMatch(/startLine: must be >= 1/);

    const unknownField = { ...sampleLog(), extra: true };
    expect(sarifSchemaErrors(unknownField).join('\n')).toContain('must NOT have additional properties');

    // Formats are checked, not ignored: a URI cannot hold a space, and $schema must be absolute.
    const spacedUri = sampleLog() as { runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    spacedUri.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri = 'my kernel.cuasm';
    expect(sarifSchemaErrors(spacedUri).join('\n')).toContain('must match format "uri-reference"');
    expect(sarifSchemaErrors({ ...sampleLog(), $schema: 'sarif-2.1.0.json' }).join('\n')).toContain('must match format "uri"');
  });

  it('writes file names as URIs: relative under %SRCROOT%, percent-encoded; outside the current directory as file: URIs', () => {
    expect(sarifArtifactLocation('examples/a b#1.hp', '/work')).toEqual({ uri: 'examples/a%20b%231.hp', uriBaseId: '%SRCROOT%' });
    expect(sarifArtifactLocation('/elsewhere/k.sass', '/work')).toEqual({ uri: 'file:///elsewhere/k.sass' });
    expect(sarifArtifactLocation('../up.hp', '/work/main')).toEqual({ uri: 'file:///work/up.hp' });
  });

  it('a fuzz report with a law violation and a robustness failure: results without a source location, still valid', () => {
    const log = fuzzSarifLog({
      seed: 5,
      targets: [{
        name: 'small/refinement', kind: 'law', verdict: 'violated', summary: 'VIOLATED: every simulator trace is accepted by the spec', runs: 100, timedOut: false,
        findings: [{ law: 'refinement', generator: 'small', message: 'step 3 differs', counterexample: '.pipe alu fixed 1: FMUL\nFMUL R0 <- R1\n', fastCheckSeed: 7, path: '0:1', replay: 'hazardproof fuzz --generate small --law refinement --seed 5 --runs 100' }],
      }],
      robustness: { runs: 12, failure: { path: '3', message: 'check crashed\nstack', counterexample: { input: 'x' } }, replay: 'hazardproof fuzz --robustness --seed 5 --path 3 --timeout 250' },
    }, { arguments: ['--generate', 'small', '--robustness'], targetTimeoutMs: null });
    expectValidSarif(log);
    const results = log.runs[0]!.results;
    expect(results.map((result) => result.ruleId)).toEqual(['law-violation', 'robustness-failure']);
    expect(results.every((result) => result.locations === undefined)).toBe(true);
    expect(results[0]!.message.text).toContain('replay: hazardproof fuzz --generate small --law refinement --seed 5 --runs 100');
    expect(results[0]!.partialFingerprints['hazardproof/v1']).toBe('law-violation:refinement:small');
  });
});
