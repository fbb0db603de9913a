import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SarifLog } from '../../../reports/sarif/sarifTypes.js';
import { cli } from '../../cli/run.js';
import { expectValidSarif, relatedLines, resultLine, sarifOf, verdictsOf } from './sarifSchema.js';

process.chdir(join(import.meta.dirname, '..', '..', '..'));
const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-sarif-fuzz-'));

/** The fields of a program finding in `fuzz --report-json` these tests compare. */
interface FuzzFindingJson {
  readonly kind: string;
  readonly description: string;
  readonly schedule: string;
  readonly scheduleSeed: number;
  readonly replay: string;
  readonly producerLine: number;
  readonly consumerLine: number;
}

describe('fuzz --format sarif and --sarif FILE', () => {
  it('a hazard found by random schedules: a result at the consumer\'s line with the schedule, its seed and the replay command; --sarif writes the same log', async () => {
    const sarifFile = join(scratch, 'fuzz.sarif');
    const jsonFile = join(scratch, 'fuzz.json');
    const args = ['fuzz', 'examples/three-textures-unsafe.hp', 'examples/three-textures.hp', '--runs', '300', '--seed', '3'];
    const { code, run, log } = await sarifOf(...args, '--format', 'sarif', '--sarif', sarifFile, '--report-json', jsonFile);
    expect(code).toBe(1);
    expect((await cli(...args)).code).toBe(1);
    expect(JSON.parse(readFileSync(sarifFile, 'utf8'))).toEqual(log);

    const report = JSON.parse(readFileSync(jsonFile, 'utf8')) as { targets: { verdict: string; summary: string; findings: FuzzFindingJson[] }[] };
    const finding = report.targets[0]!.findings[0]!;
    expect(run.tool.driver.rules.map((rule) => rule.id)).toEqual(['RAW', 'WAR', 'WAW', 'scoreboard-overflow', 'law-violation', 'robustness-failure']);
    expect(run.results.map((result) => result.ruleId)).toEqual([finding.kind]);
    const [result] = run.results;
    expect(resultLine(result!)).toEqual({ uri: 'examples/three-textures-unsafe.hp', line: finding.consumerLine });
    expect(relatedLines(result!)).toEqual([finding.producerLine]);
    expect(result!.message.text).toContain(finding.description);
    expect(result!.message.text).toContain(`schedule (random schedule seed ${finding.scheduleSeed}): ${finding.schedule}`);
    expect(result!.message.text).toContain(`replay: ${finding.replay}`);
    // The same as check's fingerprint of this hazard: no seed in it.
    expect(result!.partialFingerprints['hazardproof/v1']).toBe(`RAW:0:R1:${finding.producerLine}:${finding.consumerLine}`);
    expect(verdictsOf(run).map((verdict) => [verdict.verdict, verdict.reason])).toEqual(report.targets.map((target) => [target.verdict, target.summary]));
  });

  it('--sarif FILE alone keeps the text report on stdout', async () => {
    const sarifFile = join(scratch, 'text.sarif');
    const { code, stdout } = await cli('fuzz', 'examples/three-textures.hp', '--runs', '100', '--seed', '1', '--sarif', sarifFile);
    expect(code).toBe(0);
    expect(stdout).toContain('examples/three-textures.hp: no-hazard-found: no hazard in 100 random schedules');
    const log = JSON.parse(readFileSync(sarifFile, 'utf8')) as SarifLog;
    expectValidSarif(log);
    expect(log.runs[0]!.results).toEqual([]);
    expect(verdictsOf(log.runs[0]!)[0]).toMatchObject({ verdict: 'no-hazard-found', reason: expect.stringContaining('this is not a proof') });
  });

  it('a program whose --timeout runs out with nothing found: an unknown-verdict notification, exit 3', async () => {
    const lines = readFileSync('examples/three-textures.hp', 'utf8').split('\n');
    const body = lines.filter((line) => /^\s*\[/.test(line));
    const program = join(scratch, 'long-fuzz.hp');
    writeFileSync(program, [...lines.filter((line) => !/^\s*\[/.test(line)), ...Array.from({ length: 300 }, () => body).flat()].join('\n'));
    const { code, run } = await sarifOf('fuzz', program, '--runs', '1000000', '--timeout', '1', '--seed', '1', '--format', 'sarif');
    expect(code).toBe(3);
    expect(run.results).toEqual([]);
    const [notification] = run.invocations[0]!.toolExecutionNotifications;
    expect(notification).toMatchObject({ level: 'warning', descriptor: { id: 'unknown-verdict' } });
    expect(notification!.message.text).toMatch(/long-fuzz\.hp: unknown: time budget of 1 ms reached \(--timeout\) after \d+ runs, nothing found/);
    expect(run.invocations[0]!.executionSuccessful).toBe(false);
  });

  it('a wrong --format is a usage error naming the accepted values', async () => {
    const { code, stderr } = await cli('fuzz', 'examples/three-textures.hp', '--format', 'junit');
    expect(code).toBe(2);
    expect(stderr).toContain("--format expects text, json, sarif, got 'junit'");
  });
});
