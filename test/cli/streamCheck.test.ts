import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { traceScenario, writeTraceFile } from '../../bench/streamoutTraceBench.js';
import { loadScenario } from '../../format/streamout/load.js';
import type { TraceLine } from '../../format/streamout/trace.js';
import { TraceRecorder } from '../../format/streamout/traceRecorder.js';
import { simulateStream } from '../../impl/streamout/simulator.js';
import { cli } from './run.js';

const root = join(import.meta.dirname, '..', '..');
process.chdir(root);
const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-streamcheck-'));
/** Nine work packets, three of them inside stream output: many "packet done" steps to leave out. */
const scenarioFile = 'examples/streamout/patent-packets.json';
const { scenario } = loadScenario(scenarioFile);
const steps = simulateStream(scenario, 7, true).trace!;
const recorder = new TraceRecorder(scenario);
const recorded = steps.flatMap((line) => recorder.record(line));

/** Writes trace lines (and any raw text lines) to a scratch file; returns its path. */
function traceFile(name: string, lines: readonly (TraceLine | string)[]): string {
  const file = join(scratch, name);
  writeFileSync(file, `${lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n`);
  return file;
}

describe('hazardproof streamout check: recorded traces', () => {
  it('passes a trace with no "packet done" steps (each wd line names its message) and data-write lines', async () => {
    const wd = (lines: readonly TraceLine[]) => lines.filter((line) => line.step === 'wd').length;
    expect(wd(recorded)).toBeLessThan(wd(steps));
    expect(recorded.some((line) => line.step === 'write' && line.buffer !== undefined)).toBe(true);
    const file = traceFile('recorded.jsonl', recorded);
    const { code, stdout } = await cli('streamout', 'check', file, '--scenario', scenarioFile);
    expect(stdout).toBe(`${file}: passes: ${recorded.length} steps, each allowed with the contents the protocol gives; the protocol completes with the buffers in driver order\n`);
    expect(code).toBe(0);
  });

  it('reports an unexpected line as what it is, with the file line and the state there', async () => {
    const at = recorded.findIndex((line) => line.step === 'dispatch');
    const stray: TraceLine = { step: 'first', unit: 2, batch: 7, task: 0, last: true };
    const file = traceFile('stray.jsonl', [...recorded.slice(0, at), stray, ...recorded.slice(at)]);
    const { code, stdout } = await cli('streamout', 'check', file, '--scenario', scenarioFile);
    expect(stdout).toMatch(new RegExp(`^${file}:${at + 1}: first 2 is not allowed here \\(allowed: [^)]*\\): a first request from SO unit 2 for batch 7 task 0 \\(last task\\), but SO unit 2 has no task queued\\n  state there: SSYNC `));
    expect(code).toBe(1);
  });

  it('reports a data write at the wrong offset, naming the offset the API order gives', async () => {
    const at = recorded.findIndex((line) => line.step === 'write' && typeof line.bytes === 'number' && line.bytes > 4);
    const line = recorded[at]!;
    // Primitives from the task's second on, written where its first belongs.
    const moved: TraceLine & { primitives: readonly [number, number] } = { ...line, bytes: (line.bytes as number) - 4, primitives: [line.primitives![0] + 1, line.primitives![1]] };
    const file = traceFile('moved.jsonl', [...recorded.slice(0, at), moved, ...recorded.slice(at + 1)]);
    const { code, stdout } = await cli('streamout', 'check', file, '--scenario', scenarioFile);
    expect(stdout).toContain(`${file}:${at + 1}: write ${line.unit}: a write by SO unit ${line.unit} of primitives [${moved.primitives[0]}, ${moved.primitives[1]}]`);
    expect(stdout).toContain(`but the API order puts primitive ${moved.primitives[0]} at byte ${line.offset! + 4} of buffer 0 (batch `);
    expect(code).toBe(1);
    const cut = traceFile('cut.jsonl', [...recorded.slice(0, at), moved]);
    const end = await cli('streamout', 'check', cut, '--scenario', scenarioFile, '--json');
    expect(JSON.parse(end.stdout)).toMatchObject({ verdict: 'fails', failure: { line: at + 1, atEnd: false } });
  });

  it('names file, line and column of a malformed line, exit 2, without a stack trace', async () => {
    const typo = traceFile('typo.jsonl', [recorded[0]!, '{"step": "write", "unit": 0, "bufer": 0}']);
    const unknown = await cli('streamout', 'check', typo, '--scenario', scenarioFile);
    expect(unknown.stderr).toBe(`${typo}:2:30: a write line has no field "bufer" (its fields: unit, buffer, offset, bytes, primitives)\n`);
    expect(unknown.code).toBe(2);
    const deep = traceFile('deep.jsonl', [`{"step": "wd", "offsets": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`]);
    const nested = await cli('streamout', 'check', deep, '--scenario', scenarioFile);
    expect(nested.stderr).toMatch(/deep\.jsonl:1:\d+: JSON nested too deeply: expected at most \d+ levels/);
    expect(nested.code).toBe(2);
    const noScenario = await cli('streamout', 'check', traceFile('bare.jsonl', recorded.slice(0, 2)));
    expect(noScenario.stderr).toContain('bare.jsonl:1:1: no scenario before the first step: give --scenario FILE or start the trace with {"scenario": {...}}');
    const late = await cli('streamout', 'check', traceFile('late.jsonl', [recorded[0]!, JSON.stringify({ scenario: JSON.parse('{}') })]), '--scenario', scenarioFile);
    expect(late.stderr).toContain('late.jsonl:2:1: the scenario line must come before the first step');
    expect([noScenario.code, late.code]).toEqual([2, 2]);
  });

  it('streams a trace of 100,000 lines (scenario line first), and stops with verdict unknown when the time budget is spent', async () => {
    const file = join(scratch, 'long.jsonl');
    const lines = writeTraceFile(file, traceScenario(100_000), 3);
    expect(lines).toBeGreaterThan(95_000);
    const { code, stdout } = await cli('streamout', 'check', file);
    expect(stdout).toBe(`${file}: passes: ${lines} steps, each allowed with the contents the protocol gives; the protocol completes with the buffers in driver order\n`);
    expect(code).toBe(0);
    // A budget of 0 ms is spent at the deadline's first look at the clock, after 256 lines.
    const timeout = await cli('streamout', 'check', file, '--timeout', '0');
    expect(timeout.stdout).toBe(`${file}: unknown: time budget of 0 ms reached (--timeout) at line 257; the 256 steps up to there are allowed\n`);
    expect(timeout.code).toBe(3);
  });
});

describe('hazardproof streamout run --trace-out: the trace it writes', () => {
  it('passes streamout check for a scenario with stated task vertex counts (the header leaves tasksPerBatch out)', async () => {
    const out = join(scratch, 'amplify.jsonl');
    expect((await cli('streamout', 'run', 'examples/streamout/geometry-amplify.json', '--runs', '1', '--seed', '1', '--trace-out', out)).code).toBe(0);
    const { code, stdout } = await cli('streamout', 'check', out);
    expect(stdout).toContain('passes');
    expect(code).toBe(0);
  });
});
