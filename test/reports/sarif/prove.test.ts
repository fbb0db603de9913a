import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LrcFlagProofJson } from '../../../reports/lrc/flagProofJson.js';
import type { ProveFileJson } from '../../../reports/proveReport.js';
import { cli } from '../../cli/run.js';
import { relatedLines, resultLine, sarifOf, verdictsOf } from './sarifSchema.js';

process.chdir(join(import.meta.dirname, '..', '..', '..'));
const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-sarif-prove-'));

function file(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

describe('prove --format sarif', () => {
  it('an unsound DEPBAR: an error at the barrier\'s line with the breaking order, the broken dependency related; the program\'s counterexample with its schedule', async () => {
    const { code, run } = await sarifOf('prove', 'examples/three-textures-unsafe.hp', '--format', 'sarif');
    const json = await cli('prove', 'examples/three-textures-unsafe.hp', '--json');
    const report = JSON.parse(json.stdout) as ProveFileJson;
    expect(code).toBe(1);
    expect(json.code).toBe(1);
    expect(run.tool.driver.rules.map((rule) => rule.id)).toEqual(['unsound-immediate', 'loose-immediate', 'unsafe-program']);
    expect(run.results.map((result) => result.ruleId)).toEqual(['unsound-immediate', 'unsafe-program']);
    const [unsound, unsafe] = run.results;

    const depbar = report.depbars.find((d) => d.verdict === 'unsound')!;
    expect(resultLine(unsound!).line).toBe(depbar.line);
    expect(unsound!.level).toBe('error');
    const broken = depbar.breakingOrder!.dependency;
    expect(relatedLines(unsound!)).toEqual([broken.producerLine, broken.consumerLine]);
    expect(unsound!.message.text).toContain(`DEPBAR.LE SB0, 2 (line ${depbar.line}) is unsound: ${depbar.reason}`);
    expect(unsound!.message.text).toMatch(/order that breaks it: 1\. read of #0 \(line 8\); 2\. write of #0 \(line 8\); DEPBAR\.LE SB0, 2 passes with 2 outstanding; 3\. read of #1/);
    expect(unsound!.partialFingerprints['hazardproof/v1']).toBe(`unsound-immediate:SB0:${depbar.line}`);

    const counterexample = report.program.counterexample!;
    expect(unsafe!.level).toBe('error');
    expect(resultLine(unsafe!).line).toBe('consumerLine' in counterexample ? counterexample.consumerLine : null);
    expect(unsafe!.message.text).toContain(counterexample.description);
    expect(unsafe!.message.text).toContain(`schedule: ${counterexample.schedule}`);
    expect(unsafe!.message.text).toContain(`replay: hazardproof check examples/three-textures-unsafe.hp --replay "${counterexample.schedule}"`);

    const verdicts = verdictsOf(run);
    expect(verdicts.map((verdict) => verdict.verdict)).toEqual([...report.depbars.map((d) => d.verdict), report.program.verdict]);
    expect(verdicts.at(-1)).toMatchObject({ unit: 'program', verdict: 'hazard', reason: report.program.reason });
  });

  it('the printed counterexample schedule replays the hazard with check --replay', async () => {
    const report = JSON.parse((await cli('prove', 'examples/three-textures-unsafe.hp', '--json')).stdout) as ProveFileJson;
    const replayed = await cli('check', 'examples/three-textures-unsafe.hp', '--replay', report.program.counterexample!.schedule!);
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toContain(report.program.counterexample!.description);
  });

  it('a safe program: no results, every DEPBAR sound-tight and the program proved-safe in the properties; exit 0', async () => {
    const { code, run } = await sarifOf('prove', 'examples/three-textures.hp', '--format', 'sarif');
    expect(code).toBe(0);
    expect(run.results).toEqual([]);
    expect(verdictsOf(run).map((verdict) => `${verdict.unit}: ${verdict.verdict}`)).toEqual([
      'DEPBAR.LE SB0, 2 (line 12): sound-tight', 'DEPBAR.LE SB0, 1 (line 14): sound-tight', 'DEPBAR.LE SB0, 0 (line 16): sound-tight', 'program: proved-safe',
    ]);
    expect(run.invocations[0]!.executionSuccessful).toBe(true);
  });

  it('a sound but loose DEPBAR is a note with the largest safe immediate', async () => {
    // Waiting for two textures at the first barrier also makes the second one (SB0, 1) protect nothing new.
    const loose = file('loose.hp', readFileSync('examples/three-textures.hp', 'utf8').replace('DEPBAR.LE SB0, 2', 'DEPBAR.LE SB0, 1'));
    const { code, run } = await sarifOf('prove', loose, '--format', 'sarif');
    expect(code).toBe(0);
    expect(run.results.map((result) => [result.ruleId, result.level, resultLine(result).line])).toEqual([['loose-immediate', 'note', 12], ['loose-immediate', 'note', 14]]);
    expect(run.results[0]!.message.text).toContain('DEPBAR.LE SB0, 1 (line 12) is sound but not tight');
    expect(run.results[0]!.message.text).toContain('the largest safe immediate is 2');
    expect(run.invocations[0]!.executionSuccessful).toBe(true);
  });

  it('what the budget leaves undecided is an unknown-verdict notification per DEPBAR or program, never a result; exit 3', async () => {
    const { code, run } = await sarifOf('prove', 'examples/three-textures.hp', '--timeout', '1', '--format', 'sarif');
    expect(code).toBe(3);
    expect(run.results).toEqual([]);
    const unknown = verdictsOf(run).filter((verdict) => verdict.verdict === 'unknown');
    expect(unknown.length).toBeGreaterThan(0);
    const notifications = run.invocations[0]!.toolExecutionNotifications;
    expect(notifications.map((notification) => notification.message.text)).toEqual(unknown.map((verdict) => `${verdict.file}: ${verdict.unit}: unknown: ${verdict.reason}`));
    expect(notifications.every((notification) => notification.level === 'warning' && notification.descriptor.id === 'unknown-verdict')).toBe(true);
    expect(run.invocations[0]!.executionSuccessful).toBe(false);
  });

  it('LRC programs: flags not sufficient is unsafe-program at the finding\'s line; an unnecessary flag is a note at its instruction', async () => {
    const { code, run } = await sarifOf('prove', 'examples/lrc/missing-bit.hp', '--format', 'sarif');
    const report = JSON.parse((await cli('prove', 'examples/lrc/missing-bit.hp', '--json')).stdout) as LrcFlagProofJson;
    expect(code).toBe(1);
    expect(run.tool.driver.rules.map((rule) => rule.id)).toEqual(['unsafe-program', 'unnecessary-flag']);
    const finding = report.program.findings[0]!;
    expect(run.results.map((result) => result.ruleId)).toEqual(['unsafe-program']);
    expect(resultLine(run.results[0]!).line).toBe('consumerLine' in finding ? finding.consumerLine : null);
    expect(run.results[0]!.message.text).toContain(`schedule: ${finding.schedule}`);
    expect(run.results[0]!.message.text).toContain(`replay: ${finding.replay}`);

    const extra = file('extra-flag.hp', readFileSync('examples/lrc/two-classes.hp', 'utf8').replace('(sy)add r4', '(ss)(sy)add r4'));
    const proved = await sarifOf('prove', extra, '--format', 'sarif');
    expect(proved.code).toBe(0);
    expect(proved.run.results.map((result) => [result.ruleId, result.level, resultLine(result).line])).toEqual([['unnecessary-flag', 'note', 15]]);
    expect(proved.run.results[0]!.message.text).toBe('flag (ss) of #3 (line 15) is unnecessary: without it all 56 reachable states are still free of findings');
    expect(verdictsOf(proved.run).map((verdict) => verdict.verdict)).toEqual(['proved-safe', 'necessary', 'necessary', 'unnecessary']);
  });

  it('--format json is --json; a wrong --format is a usage error', async () => {
    const viaFormat = JSON.parse((await cli('prove', 'examples/three-textures.hp', '--format', 'json')).stdout) as ProveFileJson;
    expect(viaFormat.depbars.map((d) => d.verdict)).toEqual(['sound-tight', 'sound-tight', 'sound-tight']);
    const wrong = await cli('prove', 'examples/three-textures.hp', '--format', 'html');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("--format expects text, json, sarif, got 'html'");
  });
});
