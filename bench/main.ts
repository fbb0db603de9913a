import { exploreExhaustive } from '../spec/explore/exhaustive.js';
import { runLatencySchedule, runSeed } from '../spec/explore/latencySchedule.js';
import { formatTable } from '../reports/table.js';
import { benchmarkProgram } from './programs.js';

/** One measured row. */
interface Row {
  readonly case: string;
  readonly instructions: number;
  readonly specSchedulesPerSecond: number;
  readonly specInstructionsPerSecond: number;
  readonly specStatesPerSecond: number | null;
}

/** Runs `work` repeatedly for at least `seconds` and returns runs per second. */
function rate(seconds: number, work: (index: number) => void): number {
  const started = performance.now();
  let runs = 0;
  while (performance.now() - started < seconds * 1000 || runs < 2) work(runs++);
  return runs / ((performance.now() - started) / 1000);
}

const json = process.argv.includes('--json');
const seed = 1;
const rows: Row[] = [];
for (const size of [32, 256, 2048]) {
  const program = benchmarkProgram(size);
  if (!json) process.stderr.write(`measuring ${size} instructions...\n`);
  const schedules = rate(1, (index) => runLatencySchedule(program, runSeed(seed, index), 8));
  let states: number | null = null;
  if (size <= 256) {
    let count = 0;
    const perRun = rate(1, () => { count = exploreExhaustive(program, { maxStates: 1_000_000 }).states; });
    states = perRun * count;
  }
  rows.push({ case: `benchmark-${size}`, instructions: size, specSchedulesPerSecond: schedules, specInstructionsPerSecond: schedules * size, specStatesPerSecond: states });
}

if (json) {
  process.stdout.write(`${JSON.stringify({ seed, impl: null, rows }, null, 2)}\n`);
} else {
  const round = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log(formatTable(
    ['case', 'instructions', 'spec schedules/s', 'spec instructions/s', 'spec exhaustive states/s', 'impl', 'impl/spec'],
    rows.map((r) => [r.case, String(r.instructions), round(r.specSchedulesPerSecond), round(r.specInstructionsPerSecond),
      r.specStatesPerSecond === null ? '-' : round(r.specStatesPerSecond), 'not built yet', '-']),
    [1, 2, 3, 4],
  ));
  console.log(`\nseed ${seed}; random schedules with delays 1..8 cycles; each figure measured for at least 1 s in this run.`);
  console.log('The optimized simulator (impl/) is not built yet, so there is no impl/spec ratio to show.');
}
