import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkStreamTrace, checkStreamTraceSync, InputError, loadScenario, parseScenario, runStreamout,
  type StreamoutRunProgress, type StreamoutRunReport, type StreamTraceProgress, type StreamTraceReport,
} from '../../api/index.js';
import { randomTimingsOutcome } from '../../api/streamout/randomRun.js';
import { streamoutOutcome } from '../../api/streamout/runHere.js';
import { streamoutRunReport } from '../../api/streamout/runReport.js';
import { traceScenario, writeTraceFile } from '../../bench/streamoutTraceBench.js';
import { ignoresTaskNumber } from '../../properties/streamout/brokenSsync.js';
import { streamContext } from '../../spec/streamout/step.js';
import { cli } from '../cli/run.js';

const root = join(import.meta.dirname, '..', '..');
process.chdir(root);
const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-api-streamout-'));

/** A scenario from its JSON fields (the format line added), named `name`. */
const scenarioOf = (fields: object, name = 'scenario.json') => parseScenario(JSON.stringify({ format: 'hazardproof-streamout/1', ...fields }), name);

/** One stream-output operation of 20,000 single-task batches on 4 SO units: each random timing takes about a second. */
const bigScenario = scenarioOf({
  soUnits: 4, bufferSizes: [2147483647, 0, 0, 0], batchIdBits: 13,
  packets: [{ type: 'enable' }, { type: 'work', primitives: 20_000 * 32, verticesPerPrimitive: 1, stride: [4, 0, 0, 0] }, { type: 'disable' }],
}, 'big.json');

/** Three batches of three tasks on three SO units: the exhaustive search runs for minutes (more than 2,000,000 states). */
const wideScenario = (() => {
  const work = { type: 'work', primitives: 3, verticesPerPrimitive: 1, stride: [4, 0, 0, 0], tasksPerBatch: 3 };
  return scenarioOf({ soUnits: 3, bufferSizes: [1024, 0, 0, 0], batchIdBits: 2, packets: [{ type: 'enable' }, work, work, work, { type: 'disable' }] }, 'wide.json');
})();

/** The SSYNC bug of the CLI's tests, on a scenario where only some timings show it. */
const plantedScenario = scenarioOf({
  soUnits: 2, bufferSizes: [4096, 0, 0, 0], batchIdBits: 13,
  packets: [{ type: 'enable' }, { type: 'work', primitives: 12, verticesPerPrimitive: 3, stride: [4, 0, 0, 0], tasksPerBatch: 2 }, { type: 'disable' }],
}, 'planted.json');

/** A report with its timings (elapsed times, rates, seconds in the reason) blanked, to compare two runs. */
function withoutTimes(report: StreamoutRunReport): StreamoutRunReport {
  const coverage = report.coverage.mode === 'exhaustive' ? { ...report.coverage, elapsedMs: 0, statesPerSecond: 0 } : { ...report.coverage, elapsedMs: 0 };
  return { ...report, reason: report.reason.replace(/\d+\.\d+ s/g, 'T s').replace(/\d+ states\/s/, 'N states/s'), coverage };
}

/** The CLI's `--json` report of `hazardproof streamout ARGS...`. */
async function cliJson<T>(...args: string[]): Promise<T> {
  const { stdout, stderr } = await cli('streamout', ...args, '--json');
  expect(stderr).toBe('');
  return JSON.parse(stdout) as T;
}

describe('runStreamout', () => {
  it('gives the report `streamout run --json` prints, random timings and exhaustive', async () => {
    const file = 'examples/streamout/overflow.json';
    const report = await runStreamout(loadScenario(file), { seed: 1, runs: 30 });
    expect(report.verdict).toBe('no-violation-found');
    expect(report.coverage).toMatchObject({ mode: 'random', runs: 30, timingsRun: 30, seed: 1, jobs: 1, timedOut: false });
    expect(report.expected).toEqual({ verdict: 'no-violation-found', primitivesNeeded: 40, primitivesWritten: 16, met: true });
    expect(withoutTimes(report)).toEqual(withoutTimes(await cliJson<StreamoutRunReport>('run', file, '--seed', '1', '--runs', '30')));
    const exhaustive = 'examples/streamout/geometry-amplify.json';
    expect(withoutTimes(await runStreamout(loadScenario(exhaustive), { exhaustive: true })))
      .toEqual(withoutTimes(await cliJson<StreamoutRunReport>('run', exhaustive, '--exhaustive')));
  });

  it('proves small-exhaustive.json, reporting the distinct states reached as it goes', async () => {
    const progress: StreamoutRunProgress[] = [];
    const report = await runStreamout(loadScenario('examples/streamout/small-exhaustive.json'), { exhaustive: true, onProgress: (p) => progress.push(p) });
    expect(report.verdict).toBe('proved');
    expect(report.reason).toMatch(/^explored every interleaving of every step/);
    expect(report.coverage).toMatchObject({ mode: 'exhaustive', complete: true });
    expect(report.expected).toEqual({ verdict: 'proved', met: true });
    expect(progress[0]).toEqual({ phase: 'exhaustive', distinctStates: 1 });
  });

  it('reports random timings done as they finish, and the scenario\'s timing seed by default', async () => {
    const progress: StreamoutRunProgress[] = [];
    const loaded = loadScenario('examples/streamout/geometry-split.json');
    const report = await runStreamout(loaded, { runs: 5, jobs: 2, onProgress: (p) => progress.push(p) });
    expect(report.coverage).toMatchObject({ mode: 'random', seed: loaded.timingSeed ?? expect.any(Number), jobs: 2, timingsRun: 5 });
    expect(progress.map((p) => (p.phase === 'random' ? p.done : -1))).toEqual([1, 2, 3, 4, 5]);
    expect(progress.every((p) => p.phase === 'random' && p.total === 5)).toBe(true);
  });

  it('ends a long random run at the signal, on this thread\'s timing and on timing threads, with unknown and the signal\'s reason', async () => {
    for (const jobs of [1, 2]) {
      const started = performance.now();
      const report = await runStreamout(bigScenario, { seed: 1, runs: 200, jobs, signal: AbortSignal.timeout(300) });
      expect(report.verdict).toBe('unknown');
      expect(report.reason).toMatch(/^aborted by the caller's AbortSignal \(The operation was aborted due to timeout\) after \d+ of 200 random timings \(seed 1\), none with a violation; this is not a proof$/);
      expect(report.coverage).toMatchObject({ mode: 'random', timedOut: true, jobs });
      // 200 timings take minutes; the report also carries the layout of 640,000 primitives.
      expect(performance.now() - started).toBeLessThan(15_000);
    }
  });

  it('ends a long exhaustive search at the signal (its own reason word for word), and at timeoutMs with the CLI\'s words', async () => {
    const controller = new AbortController();
    const aborted = await runStreamout(wideScenario, { exhaustive: true, signal: controller.signal, onProgress: (p) => { if (p.phase === 'exhaustive' && p.distinctStates > 20_000) controller.abort('CI step cancelled'); } });
    expect(aborted.verdict).toBe('unknown');
    expect(aborted.reason).toMatch(/^aborted by the caller's AbortSignal \(CI step cancelled\) without a violation: \d+ distinct states/);
    expect(aborted.coverage).toMatchObject({ mode: 'exhaustive', complete: false, stoppedBy: 'aborted by the caller\'s AbortSignal (CI step cancelled)' });
    const timedOut = await runStreamout(wideScenario, { exhaustive: true, timeoutMs: 200 });
    expect(timedOut.reason).toMatch(/^time budget of 200 ms reached \(--timeout\) without a violation: \d+ distinct states/);
  });

  it('refuses option values out of range with a RangeError naming the option', async () => {
    const loaded = loadScenario('examples/streamout/overflow.json');
    await expect(runStreamout(loaded, { runs: 0 })).rejects.toThrow(new RangeError('runs must be a whole number from 1 to 9007199254740991, got 0'));
    await expect(runStreamout(loaded, { jobs: 257 })).rejects.toThrow(/^jobs must be a whole number from 1 to 256, got 257$/);
    await expect(runStreamout(loaded, { seed: 1.5 })).rejects.toThrow(RangeError);
    await expect(runStreamout(loaded, { maxStates: -1 })).rejects.toThrow(/^maxStates /);
    await expect(runStreamout(loaded, { timeoutMs: Number.NaN })).rejects.toThrow(/^timeoutMs /);
  });
});

describe('the run core (on this thread): violations', () => {
  it('random timings: the lowest failing timing, confirmed by the spec, with its steps, the same on timing threads', async () => {
    const context = streamContext(plantedScenario.scenario, ignoresTaskNumber);
    const request = { file: 'planted.json', context, seed: 101, runs: 40, timeoutMs: null, deadline: null, plantedBug: 'ignoresTaskNumber' } as const;
    const [one, two] = [await randomTimingsOutcome({ ...request, jobs: 1 }), await randomTimingsOutcome({ ...request, jobs: 2 })];
    const report = streamoutRunReport(plantedScenario, one);
    expect(report.verdict).toBe('violation');
    expect(report.reason).toMatch(/^found by the optimized simulation in random timing \d+ of 40 \(seed \d+\) and confirmed by the spec/);
    expect(report.steps.length).toBeGreaterThan(0);
    expect(report.steps.length).toBe(report.stepsInWords.length);
    expect(report.steps[0]).toBe('wd');
    expect(report.stepsInWords[0]).toBe('1. work distribution forwards the enable bundle (packet 0)');
    expect(report.problems[0]).toMatch(/^deadlock/);
    expect(two.reason.replace(/\d+\.\d+ s/g, '')).toBe(one.reason.replace(/\d+\.\d+ s/g, ''));
  });

  it('exhaustive: a path to the first problem, as the report\'s steps', async () => {
    const settings = { exhaustive: true, seed: 0, runs: 1, jobs: 1, maxStates: 100_000, timeoutMs: null };
    const report = streamoutRunReport(plantedScenario, await streamoutOutcome(plantedScenario, settings, {}, streamContext(plantedScenario.scenario, ignoresTaskNumber)));
    expect(report.verdict).toBe('violation');
    expect(report.reason).toMatch(/^found by exhaustive exploration \(.*, (\d+) steps\)/);
    expect(report.steps).toHaveLength(Number(/, (\d+) steps\)/.exec(report.reason)![1]));
    expect(report.problems.length).toBeGreaterThan(0);
  });

  it('a stop hook ends the search between timings with its reason', async () => {
    let asked = 0;
    const outcome = await randomTimingsOutcome(
      { file: 'overflow.json', context: streamContext(loadScenario('examples/streamout/overflow.json').scenario), seed: 1, runs: 1000, jobs: 1, timeoutMs: null, deadline: null },
      { shouldStop: () => (++asked > 3 ? 'enough' : null) },
    );
    expect(outcome.verdict).toBe('unknown');
    expect(outcome.reason).toBe('enough after 3 of 1000 random timings (seed 1), none with a violation; this is not a proof');
  });
});

describe('checkStreamTrace', () => {
  const trace = join(scratch, 'trace.jsonl');
  const recordTrace = async () => {
    expect((await cli('streamout', 'run', 'examples/streamout/geometry-split.json', '--runs', '1', '--seed', '4', '--trace-out', trace)).code).toBe(0);
    return readFileSync(trace, 'utf8').trimEnd().split('\n');
  };

  it('passes a trace `streamout run --trace-out` wrote, giving the report `streamout check --json` prints, from a file, its text or its lines', async () => {
    const lines = await recordTrace();
    const report = await checkStreamTrace(trace);
    expect(report).toEqual({ file: trace, verdict: 'passes', lines: lines.length - 1, failure: null, complete: true, problems: [] });
    expect(report).toEqual(await cliJson<StreamTraceReport>('check', trace));
    const text = readFileSync(trace, 'utf8');
    expect(await checkStreamTrace({ text, file: trace })).toEqual(report);
    expect(await checkStreamTrace({ lines: lines.values(), file: trace })).toEqual(report);
    expect(checkStreamTraceSync({ lines: (function* () { yield* lines; })() })).toEqual({ ...report, file: '<trace>' });
    expect(checkStreamTraceSync(trace, { scenario: loadScenario('examples/streamout/geometry-split.json') })).toEqual(report);
  });

  it('fails a trace with two responses\' offsets swapped at the first of them, with its file line, as the CLI does', async () => {
    const lines = await recordTrace();
    const responses = lines.flatMap((line, index) => (line.includes('"step":"response"') ? [index] : []));
    const [a, b] = [responses[1]!, responses[2]!];
    const [first, second] = [JSON.parse(lines[a]!) as { offsets: number[] }, JSON.parse(lines[b]!) as { offsets: number[] }];
    lines[a] = JSON.stringify({ ...first, offsets: second.offsets });
    lines[b] = JSON.stringify({ ...second, offsets: first.offsets });
    const edited = join(scratch, 'edited.jsonl');
    writeFileSync(edited, `\n${lines.join('\n')}\n`);
    const report = await checkStreamTrace(edited);
    expect(report.verdict).toBe('fails');
    // A blank first line: file lines, not trace lines, are reported.
    expect(report.failure).toMatchObject({ line: a + 2, atEnd: false, message: expect.stringContaining(`offsets is ${JSON.stringify(second.offsets)}, but the protocol gives ${JSON.stringify(first.offsets)}`) });
    expect(report).toEqual(await cliJson<StreamTraceReport>('check', edited));
    const early = await checkStreamTrace({ lines: lines.slice(0, 10) });
    expect(early).toMatchObject({ verdict: 'fails', failure: null, complete: false, lines: 9 });
  });

  it('stops a long check at the signal (unknown, with the reason and the last line read) and reports progress every 250,000 lines', async () => {
    const file = join(scratch, 'long.jsonl');
    const lines = writeTraceFile(file, traceScenario(260_000), 3);
    const progress: StreamTraceProgress[] = [];
    const full = await checkStreamTrace(file, { onProgress: (p) => progress.push(p) });
    expect(full).toMatchObject({ verdict: 'passes', lines });
    expect(progress.map((p) => p.lines)).toEqual([250_000]);
    const stopped = await checkStreamTrace(file, { signal: AbortSignal.timeout(50) });
    expect(stopped.verdict).toBe('unknown');
    if (stopped.verdict !== 'unknown') return;
    expect(stopped.reason).toBe('aborted by the caller\'s AbortSignal (The operation was aborted due to timeout)');
    expect(stopped.lastLine).toBe(stopped.lines + 1);
    expect(stopped.lines).toBeLessThan(lines);
    const budget = checkStreamTraceSync(file, { timeoutMs: 1 });
    expect(budget).toMatchObject({ verdict: 'unknown', reason: 'time budget of 1 ms reached (--timeout)' });
    expect(budget.lines).toBeLessThan(lines);
  });

  it('raises input mistakes as InputErrors naming file, line and column, across the worker thread too', async () => {
    const problemsOf = async (pending: Promise<unknown>) => {
      const error = await pending.then(() => null, (thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(InputError);
      return (error as InputError).problems.map(({ file, line, column }) => `${file}:${line}:${column}`);
    };
    const scenario = loadScenario('examples/streamout/patent-packets.json');
    const typo = { text: '\n{"step": "write", "unit": 0, "bufer": 0}\n', file: 'typo.jsonl' };
    expect(await problemsOf(checkStreamTrace(typo, { scenario }))).toEqual(['typo.jsonl:2:30']);
    expect(await problemsOf(checkStreamTrace({ lines: ['{"step": "wd"}'] }))).toEqual(['<trace>:1:1']);
    expect(await problemsOf(checkStreamTrace(join(scratch, 'missing.jsonl')))).toEqual([`${join(scratch, 'missing.jsonl')}:1:1`]);
    const badScenarioLine = { text: '{"scenario": {"format": "hazardproof-streamout/1", "soUnits": 0, "bufferSizes": [64, 0, 0, 0], "packets": []}}\n', file: 'bad.jsonl' };
    expect(await problemsOf(checkStreamTrace(badScenarioLine))).toEqual(['bad.jsonl:1:14']);
    expect(() => parseScenario('{\n  "format": "hazardproof-streamout/1",\n  "soUnits": "two"\n}', 'bad.json')).toThrow(/^bad\.json:3:\d+: /);
    await expect(checkStreamTrace(trace, { timeoutMs: -1 })).rejects.toThrow(new RangeError('timeoutMs must be a positive number of milliseconds, got -1'));
  });
});
