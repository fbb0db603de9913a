import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { streamCheckCommand } from '../cli/streamCheck.js';
import { formatTable } from '../reports/table.js';
import { TraceRecorder } from '../format/streamout/traceRecorder.js';
import { simulateStream } from '../impl/streamout/simulator.js';
import type { StreamScenario } from '../spec/streamout/scenario.js';

/** One trace checked by `streamout check` in a process of its own. */
export interface TraceBenchRow {
  readonly lines: number;
  readonly batches: number;
  readonly verdict: string;
  readonly seconds: number;
  readonly linesPerSecond: number;
  /** User CPU time of the whole checking process (Node start-up and loading included), seconds: less sensitive than `seconds` to other load. */
  readonly cpuSeconds: number;
  /** Peak resident memory of the checking process (the whole Node process, MB). */
  readonly peakRssMb: number;
}

/** Recorded lines per batch of `traceScenario`: wd, ssyncWd, retire, and per task dispatch, first, second, 2 ssyncUnit, response, 2 writes. */
const LINES_PER_BATCH = 3 + 2 * 8;

/** Batches of `traceScenario(lines)`. */
function batchesFor(lines: number): number {
  return Math.max(1, Math.round(lines / LINES_PER_BATCH));
}

/**
 * A scenario whose recorded trace has about `lines` lines: 4 SO units, the hardware's 13-bit
 * batch IDs (so they wrap), one stream-output operation of 1-vertex primitives in batches of 32
 * split into 2 tasks, writing 2 buffers; buffer 0 overflows in the last 2% of the batches.
 */
export function traceScenario(lines: number): StreamScenario {
  const batches = batchesFor(lines);
  const primitives = batches * 32;
  return {
    soUnits: 4, bufferSizes: [Math.floor(primitives * 0.98) * 4, primitives * 8, 0, 0], batchIdBits: 13,
    packets: [{ type: 'enable' }, { type: 'work', primitives, verticesPerPrimitive: 1, stride: [4, 8, 0, 0], tasksPerBatch: 2 }, { type: 'disable' }],
  };
}

/**
 * Writes the recorded trace of one random timing (the optimized simulation's steps, turned into
 * observable lines by `TraceRecorder`) to `file`, scenario line first; returns the lines written.
 */
export function writeTraceFile(file: string, scenario: StreamScenario, seed: number): number {
  const steps = simulateStream(scenario, seed, true).trace!;
  const recorder = new TraceRecorder(scenario);
  const fd = openSync(file, 'w');
  let lines = 0;
  try {
    writeSync(fd, `${JSON.stringify({ scenario: { format: 'hazardproof-streamout/1', ...scenario } })}\n`);
    let chunk: string[] = [];
    for (const step of steps) {
      for (const line of recorder.record(step)) chunk.push(JSON.stringify(line));
      if (chunk.length >= 10_000) {
        lines += chunk.length;
        writeSync(fd, `${chunk.join('\n')}\n`);
        chunk = [];
      }
    }
    lines += chunk.length;
    if (chunk.length > 0) writeSync(fd, `${chunk.join('\n')}\n`);
  } finally {
    closeSync(fd);
  }
  return lines;
}

/**
 * Generates traces of about 250,000 and 1,000,000 lines (or `sizes`) and checks each with
 * `streamout check` in a fresh Node process, reporting time and peak memory: with a streaming
 * checker, memory stays flat as the trace grows.
 */
export function streamTraceBenchRows(sizes: readonly number[] = [250_000, 1_000_000], seed = 1): TraceBenchRow[] {
  const folder = mkdtempSync(join(tmpdir(), 'hazardproof-trace-'));
  try {
    return sizes.map((size) => {
      const scenario = traceScenario(size);
      const file = join(folder, `trace-${size}.jsonl`);
      const lines = writeTraceFile(file, scenario, seed);
      const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), CHILD_FLAG, file], { encoding: 'utf8' });
      if (child.status !== 0 || !child.stdout) throw new Error(`the trace check process failed: ${child.stderr}`);
      const report = JSON.parse(child.stdout) as { code: number; seconds: number; cpuSeconds: number; maxRssKb: number };
      rmSync(file);
      return {
        lines, batches: batchesFor(size),
        verdict: report.code === 0 ? 'passes' : `exit ${report.code}`,
        seconds: report.seconds, linesPerSecond: lines / report.seconds, cpuSeconds: report.cpuSeconds, peakRssMb: report.maxRssKb / 1024,
      };
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The rows as a table for the bench report. */
export function formatTraceBench(rows: readonly TraceBenchRow[]): string {
  const header = ['streamout check (streaming)', 'batches', 'verdict', 's', 'lines/s', 'CPU s', 'lines/CPU s', 'peak RSS MB'];
  const body = rows.map((r) => [`${r.lines.toLocaleString('en-US')} lines`, r.batches.toLocaleString('en-US'), r.verdict, r.seconds.toFixed(2),
    Math.round(r.linesPerSecond).toLocaleString('en-US'), r.cpuSeconds.toFixed(2), Math.round(r.lines / r.cpuSeconds).toLocaleString('en-US'), r.peakRssMb.toFixed(0)]);
  return formatTable(header, body, [1, 2, 3, 4, 5, 6, 7]);
}

/** The argument that makes this module check one trace and print its measures (the bench's child process). */
const CHILD_FLAG = '--check-trace-child';

if (process.argv[2] === CHILD_FLAG && process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  let output = '';
  const code = streamCheckCommand([process.argv[3]!], { stdout: (text) => { output += text; }, stderr: () => {}, progress: false });
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) process.stderr.write(output);
  const usage = process.resourceUsage();
  process.stdout.write(JSON.stringify({ code, seconds, cpuSeconds: usage.userCPUTime / 1e6, maxRssKb: usage.maxRSS }));
}
