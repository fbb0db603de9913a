import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../cli/run.js';
import { relatedLines, resultLine, sarifOf, verdictsOf } from './sarifSchema.js';

process.chdir(join(import.meta.dirname, '..', '..', '..'));
const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-sarif-check-'));

function file(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

/** A hazard of any machine's `check --json` object, with the fields these tests compare. */
interface HazardJson {
  readonly kind: string;
  readonly register?: string;
  readonly description: string;
  readonly schedule: string;
  readonly replay?: string;
  readonly producerLine?: number;
  readonly consumerLine?: number;
  readonly instructionLine?: number;
  readonly blocked?: readonly { readonly line: number }[];
  /** Component machine: each side with its line. */
  readonly producer?: number | { readonly line: number };
  readonly consumer?: number | { readonly line: number };
}

/** The fields of a `check --json` object these tests compare. */
interface CheckJson {
  readonly file: string;
  readonly kernel?: string;
  readonly verdict: string;
  readonly reason: string;
  readonly hazards: readonly HazardJson[];
}

/** `check --json` on the same arguments, as an array of objects. */
async function jsonOf(...argv: string[]): Promise<{ code: number; reports: CheckJson[] }> {
  const { code, stdout } = await cli(...argv, '--json');
  const parsed = JSON.parse(stdout) as CheckJson | CheckJson[];
  return { code, reports: Array.isArray(parsed) ? parsed : [parsed] };
}

/** The line of one side of a component hazard. */
function sideLine(side: HazardJson['producer']): number | undefined {
  return typeof side === 'object' ? side.line : undefined;
}

describe('check --format sarif', () => {
  it('a scoreboard program with a RAW: one result at the consumer\'s line, the producer related, the schedule and replay command in the message', async () => {
    const args = ['check', 'examples/three-textures-unsafe.hp', '--seed', '1'];
    const { code, run, log } = await sarifOf(...args, '--format', 'sarif');
    const json = await jsonOf(...args);
    expect(code).toBe(json.code);
    expect(code).toBe(1);
    expect(log.version).toBe('2.1.0');
    expect(run.tool.driver.name).toBe('hazardproof');
    expect(run.tool.driver.version).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
    expect(run.tool.driver.rules.map((rule) => rule.id)).toEqual(['RAW', 'WAR', 'WAW', 'scoreboard-overflow', 'counter-overflow', 'deadlock']);
    const hazard = json.reports[0]!.hazards[0]!;
    expect(run.results).toHaveLength(1);
    const [result] = run.results;
    expect(result!.ruleId).toBe('RAW');
    expect(run.tool.driver.rules[result!.ruleIndex]!.id).toBe('RAW');
    expect(result!.level).toBe('error');
    expect(resultLine(result!)).toEqual({ uri: 'examples/three-textures-unsafe.hp', line: hazard.consumerLine });
    expect(result!.locations![0]!.physicalLocation.artifactLocation.uriBaseId).toBe('%SRCROOT%');
    expect(relatedLines(result!)).toEqual([hazard.producerLine]);
    expect(result!.message.text).toContain(hazard.description);
    expect(result!.message.text).toContain(`schedule: ${hazard.schedule}`);
    expect(result!.message.text).toContain(`replay: ${hazard.replay}`);
    expect(result!.message.text).toContain(`[line ${hazard.producerLine}](1)`);
    expect(result!.partialFingerprints['hazardproof/v1']).toBe(`RAW:0:R1:${hazard.producerLine}:${hazard.consumerLine}`);
    expect(run.invocations[0]!.executionSuccessful).toBe(true);
    expect(run.invocations[0]!.arguments).toEqual(['check', ...args.slice(1), '--format', 'sarif']);
    expect(run.originalUriBaseIds!['%SRCROOT%']!.uri).toMatch(/^file:\/\/\/.*\/$/);
  });

  it('fingerprints do not depend on the seed; WAR and WAW get their own rules', async () => {
    const first = await sarifOf('check', 'examples/war-missing-wait.hp', 'examples/waw-across-pipes.hp', '--mode', 'random', '--runs', '300', '--seed', '1', '--format', 'sarif');
    const second = await sarifOf('check', 'examples/war-missing-wait.hp', 'examples/waw-across-pipes.hp', '--mode', 'random', '--runs', '300', '--seed', '2', '--format', 'sarif');
    const rules = first.run.results.map((result) => result.ruleId);
    expect(rules).toContain('WAR');
    expect(rules).toContain('WAW');
    const fingerprints = (run: typeof first.run) => run.results.map((result) => result.partialFingerprints['hazardproof/v1']).sort();
    expect(fingerprints(second.run)).toEqual(fingerprints(first.run));
  });

  it('a safe program: no result, its verdict and reason in the run\'s properties exactly as --json says them (proved, or no hazard found in N schedules)', async () => {
    for (const mode of ['exhaustive', 'random']) {
      const args = ['check', 'examples/three-textures.hp', '--mode', mode, '--runs', '50', '--seed', '4'];
      const { code, run } = await sarifOf(...args, '--format', 'sarif');
      const json = await jsonOf(...args);
      expect(code).toBe(0);
      expect(run.results).toEqual([]);
      const [verdict] = verdictsOf(run);
      expect(verdict).toMatchObject({ file: 'examples/three-textures.hp', verdict: json.reports[0]!.verdict, reason: json.reports[0]!.reason });
      expect(verdict!.verdict).toBe(mode === 'exhaustive' ? 'proved-safe' : 'no-hazard-found');
      expect(run.invocations[0]!.executionSuccessful).toBe(true);
      expect(run.invocations[0]!.toolExecutionNotifications).toEqual([]);
    }
  });

  it('unknown is a warning notification with the reason, not a result, and the run is not successful; exit code 3 as without --format', async () => {
    const args = ['check', 'examples/three-textures.hp', '--mode', 'exhaustive', '--max-states', '5'];
    const { code, run } = await sarifOf(...args, '--format', 'sarif');
    const json = await jsonOf(...args);
    expect(code).toBe(3);
    expect(json.code).toBe(3);
    expect(run.results).toEqual([]);
    const [notification] = run.invocations[0]!.toolExecutionNotifications;
    expect(notification).toMatchObject({ level: 'warning', descriptor: { id: 'unknown-verdict' } });
    expect(notification!.message.text).toBe(`examples/three-textures.hp: unknown: ${json.reports[0]!.reason}`);
    expect(run.invocations[0]!.executionSuccessful).toBe(false);
    expect(verdictsOf(run)[0]!.verdict).toBe('unknown');
  });

  it('NVIDIA listings: a result per hazard at the consumer\'s listing line, fingerprinted with the kernel, with the replay command', async () => {
    const args = ['check', 'examples/sass/missing-wait.sm_75.cuasm', 'examples/sass/war.sm_75.cuasm', 'examples/sass/safe.sm_75.cuasm'];
    const { code, run } = await sarifOf(...args, '--format', 'sarif');
    const json = await jsonOf(...args);
    expect(code).toBe(1);
    const hazards = json.reports.flatMap((report) => report.hazards.map((hazard) => ({ ...hazard, file: report.file, kernel: report.kernel })));
    expect(run.results.map((result) => result.ruleId)).toEqual(hazards.map((hazard) => hazard.kind));
    expect(run.results.map((result) => result.ruleId)).toEqual(['RAW', 'WAR', 'WAR']);
    run.results.forEach((result, index) => {
      const hazard = hazards[index]!;
      expect(resultLine(result)).toEqual({ uri: hazard.file, line: hazard.consumerLine });
      expect(relatedLines(result)).toEqual([hazard.producerLine]);
      expect(result.message.text).toContain(`schedule: ${hazard.schedule}`);
      expect(result.message.text).toContain(`replay: hazardproof check ${hazard.file} --kernel ${hazard.kernel} --replay '`);
      expect(result.partialFingerprints['hazardproof/v1']).toMatch(new RegExp(`^kernel ${hazard.kernel}:${hazard.kind}:0:${hazard.register}:`));
    });
    expect(verdictsOf(run).map((verdict) => verdict.verdict)).toEqual(['hazard', 'hazard', 'proved-safe']);
  });

  it('a listing outside the model: unknown as a notification, and the note at its line and column', async () => {
    const listing = file('foobar.sm_75.cuasm', readFileSync('examples/sass/safe.sm_75.cuasm', 'utf8').replace('FADD R5, R5', 'FOOBAR R5, R5'));
    const { code, run } = await sarifOf('check', listing, '--format', 'sarif');
    expect(code).toBe(3);
    expect(run.results).toEqual([]);
    const notifications = run.invocations[0]!.toolExecutionNotifications;
    // The schedule through FOOBAR shows what the conservative guess allows: a note, not a finding.
    expect(notifications.map((notification) => notification.descriptor.id)).toEqual(['unknown-verdict', 'hazard-outside-model', 'model-note']);
    expect(notifications[0]!.message.text).toMatch(/: kernel _Z6squarePfS_f: unknown: .*outside the model/);
    expect(notifications[1]!).toMatchObject({ level: 'note', locations: [{ physicalLocation: { region: { startLine: 19 } } }] });
    const note = notifications[2]!.locations![0]!.physicalLocation;
    expect(note.artifactLocation.uri).toMatch(/^file:\/\/\/.*foobar\.sm_75\.cuasm$/);
    expect(note.region).toMatchObject({ startLine: 18, startColumn: expect.any(Number) });
    expect(run.invocations[0]!.executionSuccessful).toBe(false);
  });

  it('LRC programs: register hazards, counter overflow and deadlock each under their rule, at the JSON\'s lines', async () => {
    const args = ['check', 'examples/lrc/missing-bit.hp', 'examples/lrc/counter-overflow.hp', 'examples/lrc/init-lrc-deadlock.hp', 'examples/lrc/two-classes.hp'];
    const { code, run } = await sarifOf(...args, '--format', 'sarif');
    const json = await jsonOf(...args);
    expect(code).toBe(1);
    expect(run.results.map((result) => result.ruleId)).toEqual(['RAW', 'counter-overflow', 'deadlock']);
    const [raw, overflow, deadlock] = run.results;
    const [missingBit, counterOverflow, initDeadlock, twoClasses] = json.reports;
    expect(resultLine(raw!).line).toBe(missingBit!.hazards[0]!.consumerLine);
    expect(relatedLines(raw!)).toEqual([missingBit!.hazards[0]!.producerLine]);
    expect(resultLine(overflow!).line).toBe(counterOverflow!.hazards[0]!.instructionLine);
    expect(resultLine(deadlock!).line).toBe(initDeadlock!.hazards[0]!.blocked![0]!.line);
    expect(deadlock!.message.text).toContain(`schedule: ${initDeadlock!.hazards[0]!.schedule}`);
    expect(verdictsOf(run)[3]).toMatchObject({ verdict: twoClasses!.verdict, reason: twoClasses!.reason });
  });

  it('.comp programs and ir3 shaders: per-component hazards at the consumer\'s line, the schedule as action codes', async () => {
    const args = ['check', 'examples/components/elu-no-sync.comp', 'examples/components/elu-sync.comp'];
    const { code, run } = await sarifOf(...args, '--format', 'sarif');
    const json = await jsonOf(...args);
    expect(code).toBe(1);
    const hazard = json.reports[0]!.hazards[0]!;
    expect(run.results.map((result) => result.ruleId)).toEqual(['RAW']);
    expect(resultLine(run.results[0]!)).toEqual({ uri: 'examples/components/elu-no-sync.comp', line: sideLine(hazard.consumer) });
    expect(relatedLines(run.results[0]!)).toEqual([sideLine(hazard.producer)]);
    expect(run.results[0]!.message.text).toContain(`replay: ${hazard.replay}`);
    expect(run.results[0]!.message.text).toMatch(/\nschedule: c\*2\n/);
    expect(verdictsOf(run).map((verdict) => verdict.verdict)).toEqual(['hazard', 'proved-safe']);

    const shader = file('short.asm', ['mov.u32u32 r0.x, 0x1', 'nop', 'nop', 'add.u r1.x, r0.x, 1', 'end', ''].join('\n'));
    const ir3 = await sarifOf('check', shader, '--format', 'sarif');
    expect(ir3.code).toBe(1);
    expect(ir3.run.results.map((result) => [result.ruleId, resultLine(result).line, relatedLines(result)[0]])).toEqual([['RAW', 4, 1]]);
    expect(ir3.run.results[0]!.partialFingerprints['hazardproof/v1']).toMatch(/^shader 0:RAW:r0\.x:/);
  });

  it('--format json is --json; a wrong --format is a usage error naming the accepted values; sarif with --replay is refused', async () => {
    const viaFormat = await cli('check', 'examples/three-textures-unsafe.hp', '--seed', '1', '--format', 'json');
    const viaJson = await cli('check', 'examples/three-textures-unsafe.hp', '--seed', '1', '--json');
    const withoutTime = (text: string) => ({ ...JSON.parse(text), elapsedMs: 0 });
    expect(withoutTime(viaFormat.stdout)).toEqual(withoutTime(viaJson.stdout));
    expect(viaFormat.code).toBe(viaJson.code);

    const wrong = await cli('check', 'examples/three-textures.hp', '--format', 'xml');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("--format expects text, json, sarif, got 'xml'");
    const both = await cli('check', 'examples/three-textures.hp', '--json', '--format', 'sarif');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--json is --format json; it cannot go with --format sarif');
    const replay = await cli('check', 'examples/three-textures.hp', '--format', 'sarif', '--replay', 'W R i0');
    expect(replay.code).toBe(2);
    expect(replay.stdout).toBe('');
    // An input error is located on stderr, exit 2, and no log at all (not an empty one).
    const missing = await cli('check', 'examples/three-textures.hp', 'nope.hp', '--format', 'sarif');
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain('nope.hp');
  });

  it('--expect keeps its exit code and prints nothing but the log', async () => {
    const { code, run } = await sarifOf('check', '--expect', 'examples/three-textures-unsafe.hp', 'examples/three-textures.hp', '--format', 'sarif');
    expect(code).toBe(0);
    expect(run.results).toHaveLength(1);
  });
});
