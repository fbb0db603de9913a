import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { renderLayout } from '../reports/streamLayout.js';
import { describeStreamSteps } from '../reports/streamSteps.js';
import { exploreStream, runStreamTiming } from '../spec/streamout/explore.js';
import { expectedLayout } from '../spec/streamout/layout.js';
import { promelaModel } from '../format/promela/streamout.js';
import { loadScenario, type StreamVerdict } from '../format/streamout/load.js';
import { streamActionText, streamContext, type StreamAction } from '../spec/streamout/step.js';
import { simulateStream } from '../impl/streamout/simulator.js';
import { type CliIo, integerOption, progressLine, readInput, UsageError, writeFileAtomic } from './io.js';
import { streamCheckCommand } from './streamCheck.js';

/** Help text of `hazardproof streamout`. */
export const STREAMOUT_USAGE = `usage: hazardproof streamout run SCENARIO... [--exhaustive] [--runs N] [--seed N] [--max-states N] [--expect] [--json] [--trace-out FILE]
       hazardproof streamout check TRACE [--scenario SCENARIO]
       hazardproof streamout promela SCENARIO

run: plays the distributed stream-output protocol (seed 002: work distribution, SSYNC, SO units)
on a scenario (JSON, schema/streamout-scenario.schema.json) and checks, for every timing explored,
that the buffers hold the enabled batches' data in driver order (tasks in task order, no overlap,
no gap), that the API's overflow counters are right, that batch IDs are unique in flight and
retired once, that the message table holds at most one message per SO unit, and that the run
completes (no deadlock). Prints the buffer layout and a verdict: proved (--exhaustive covered
every interleaving), no-violation-found (random timings: not a proof), violation (with the steps
that lead to it), unknown (state budget reached). --trace-out writes the optimized simulation's
message trace (timing --seed) as JSON lines for 'check'.

check: validates a recorded message trace (JSON lines, see README) against the protocol and
reports the first message the protocol does not allow, with the state at that point.

promela: prints a Promela model of the protocol for a one-operation scenario (enable, work...,
disable), for SPIN: spin -a model.pml && gcc -DSAFETY -o pan pan.c && ./pan

exit codes: 0 proved or no violation found (or, with --expect, the scenario's expected verdict),
1 violation (or not as expected), 2 usage or input error, 3 unknown`;

/** `hazardproof streamout`: returns the exit code. */
export function streamoutCommand(args: string[], io: CliIo): number {
  const [sub, ...rest] = args;
  if (sub === 'run') return runCommand(rest, io);
  if (sub === 'check') return streamCheckCommand(rest, io);
  if (sub === 'promela') return promelaCommand(rest, io);
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
    io.stdout(`${STREAMOUT_USAGE}\n`);
    return 0;
  }
  throw new UsageError(`unknown streamout command '${sub}': expected run or check`);
}

/** `streamout promela SCENARIO`: prints the Promela model of a one-operation scenario, for SPIN. */
function promelaCommand(args: string[], io: CliIo): number {
  if (args.length !== 1) throw new UsageError('streamout promela needs exactly one scenario file');
  const loaded = readInput(io, () => loadScenario(args[0]!));
  if (loaded === null) return 2;
  try {
    io.stdout(promelaModel(loaded.scenario));
  } catch (error) {
    throw new UsageError(`${loaded.file}: ${(error as Error).message}`);
  }
  return 0;
}

/** The outcome of running one scenario. */
interface StreamRun {
  readonly verdict: StreamVerdict;
  readonly reason: string;
  readonly problems: readonly string[];
  readonly steps: readonly StreamAction[];
}

function runCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({
    args, allowPositionals: true,
    options: { exhaustive: { type: 'boolean' }, runs: { type: 'string' }, seed: { type: 'string' }, 'max-states': { type: 'string' }, expect: { type: 'boolean' }, json: { type: 'boolean' }, 'trace-out': { type: 'string' } },
  });
  if (positionals.length === 0) throw new UsageError('streamout run needs at least one scenario file');
  if (positionals.length > 1 && (values['trace-out'] || values.json)) throw new UsageError('--trace-out and --json take one scenario file');
  const codes = positionals.map((file) => runScenario(file, values, io));
  if (values.expect && positionals.length > 1) io.stdout(`\n${codes.filter((c) => c === 0).length}/${codes.length} scenarios got their expected verdict\n`);
  return codes.includes(2) ? 2 : codes.includes(1) ? 1 : codes.includes(3) ? 3 : 0;
}

type RunOptions = { exhaustive?: boolean; runs?: string; seed?: string; 'max-states'?: string; expect?: boolean; json?: boolean; 'trace-out'?: string };

function runScenario(file: string, values: RunOptions, io: CliIo): number {
  const loaded = readInput(io, () => loadScenario(file));
  if (loaded === null) return 2;
  const seed = integerOption('seed', values.seed, loaded.timingSeed ?? randomInt(0, 2 ** 31), 0, 2 ** 32 - 1);
  const runs = integerOption('runs', values.runs, 200, 1);
  const maxStates = integerOption('max-states', values['max-states'], 2_000_000, 1);
  const context = streamContext(loaded.scenario);
  const progress = progressLine(io);
  let outcome: StreamRun;
  let coverage: Record<string, unknown>;
  // With --expect, a scenario that expects 'proved' is explored exhaustively: that is what it claims.
  if (values.exhaustive || (values.expect && loaded.expect?.verdict === 'proved')) {
    const result = exploreStream(context, maxStates, (states) => progress.update(`${loaded.file}: ${states} distinct states`));
    progress.done();
    const perSecond = Math.round(result.states / Math.max(result.elapsedMs / 1000, 1e-3));
    coverage = { mode: 'exhaustive', complete: result.complete, states: result.states, distinctStates: result.distinctStates, finalStates: result.finalStates, statesPerSecond: perSecond, elapsedMs: Math.round(result.elapsedMs) };
    const covered = `${result.distinctStates} distinct states (${result.states} visited, ${result.finalStates} final) in ${(result.elapsedMs / 1000).toFixed(2)} s, ${perSecond} states/s`;
    outcome = result.counterexample
      ? { verdict: 'violation', reason: `found by exhaustive exploration (shortest path, ${result.counterexample.actions.length} steps); ${covered}`, problems: result.counterexample.problems, steps: result.counterexample.actions }
      : result.complete
        ? { verdict: 'proved', reason: `explored every interleaving of every step: ${covered}`, problems: [], steps: [] }
        : { verdict: 'unknown', reason: `stopped at the ${maxStates}-state budget without a violation: ${covered}`, problems: [], steps: [] };
  } else {
    coverage = { mode: 'random', runs, seed };
    outcome = { verdict: 'no-violation-found', reason: `no violation in ${runs} random timings (seeds ${seed}..${seed + runs - 1}); this is not a proof`, problems: [], steps: [] };
    for (let run = 0; run < runs; run++) {
      const result = runStreamTiming(context, seed + run);
      if (result.problems.length > 0) {
        outcome = { verdict: 'violation', reason: `found in random timing ${run + 1} of ${runs} (seed ${seed + run}; replay: hazardproof streamout run ${loaded.file} --seed ${seed + run} --runs 1)`, problems: result.problems, steps: result.actions };
        break;
      }
    }
  }
  if (values['trace-out']) {
    // A trace of the optimized simulation under the first timing seed, for 'streamout check'.
    const run = simulateStream(loaded.scenario, seed, true);
    const { soUnits, bufferSizes, batchIdBits, packets } = loaded.scenario;
    const header = JSON.stringify({ scenario: { format: 'hazardproof-streamout/1', soUnits, bufferSizes, batchIdBits, packets } });
    writeFileAtomic(values['trace-out'], `${[header, ...run.trace!.map((line) => JSON.stringify(line))].join('\n')}\n`);
  }
  const layout = expectedLayout(loaded.scenario);
  const expected = loaded.expect;
  const met = expected === null ? null : expected.verdict === outcome.verdict &&
    (expected.primitivesWritten === undefined || expected.primitivesWritten === layout.primitivesWritten) &&
    (expected.primitivesNeeded === undefined || expected.primitivesNeeded === layout.primitivesNeeded);
  if (values.json) {
    io.stdout(`${JSON.stringify({
      file: loaded.file, verdict: outcome.verdict, reason: outcome.reason, problems: outcome.problems,
      steps: outcome.steps.map(streamActionText), stepsInWords: describeStreamSteps(context, outcome.steps).map((s) => s.trim()),
      layout, coverage, expected: expected && { ...expected, met },
    }, null, 2)}\n`);
  } else {
    const lines = [`${loaded.file}: ${outcome.verdict}`, `  ${outcome.reason}`, ...renderLayout(loaded.scenario, layout).map((l) => `  ${l}`)];
    if (outcome.problems.length > 0) lines.push('  problems:', ...outcome.problems.map((p) => `    ${p}`), '  steps:', ...describeStreamSteps(context, outcome.steps).map((s) => `   ${s}`));
    if (values.expect) lines.push(`  expected: ${expected ? `${expected.verdict}: ${met ? 'as expected' : 'MISMATCH'}` : 'the scenario states no expectation'}`);
    io.stdout(`${lines.join('\n')}\n`);
  }
  if (values.expect) return met ? 0 : 1;
  return outcome.verdict === 'violation' ? 1 : outcome.verdict === 'unknown' ? 3 : 0;
}
