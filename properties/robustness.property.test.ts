import { describe, expect, it } from 'vitest';
import { run } from '../cli/main.js';
import type { CliIo } from '../cli/io.js';
import { describeFigures, runRobustnessCampaign, type RobustnessOptions } from './robustness/campaign.js';
import { QUICK_SCALE } from './robustness/mutations.js';
import type { SeedInput } from './robustness/seeds.js';

/** The budget every command gets here: small, so a case that would run long ends with `unknown` at once. */
const TIMEOUT_MS = 250;
/** Cases per `npm test`: a few seconds of a campaign `npm run fuzz` runs for minutes. */
const RUNS = 200;

/** A tiny seed set and a fake CLI for the tests that show the law can fail. */
const SEEDS: readonly SeedInput[] = [
  { kind: 'hp', fileName: 'tiny.hp', text: '.pipe alu fixed 4: FMUL\nFMUL R1 <- R2, R3\nFMUL R4 <- R1, R1\n' },
  { kind: 'lrc', fileName: 'tiny-lrc.hp', text: '.machine lrc\n.unit alu fixed 3: add\nadd r1 <- r0, r0\n' },
];

/** A stand-in for `run`: reads the input (the argument after the command), then answers as `answer` says. */
function fakeCli(answer: (text: string, io: CliIo, clock: { now: number }) => number, clock = { now: 0 }): Pick<RobustnessOptions, 'run' | 'now'> {
  return {
    now: () => clock.now,
    run: async (argv, io) => {
      const { readFileSync } = await import('node:fs');
      const input = argv.find((arg) => SEEDS.some((seed) => arg.endsWith(seed.fileName)))!;
      return answer(readFileSync(input, 'utf8'), io, clock);
    },
  };
}

const replayEnvironment = (): Pick<RobustnessOptions, 'seed' | 'path'> => {
  const seed = process.env['HAZARDPROOF_SEED'];
  const path = process.env['HAZARDPROOF_PATH'];
  return { ...(seed === undefined ? {} : { seed: Number(seed) }), ...(path === undefined ? {} : { path }) };
};

describe('robustness: every input answered', () => {
  it('mutated inputs of every kind, through every command that reads them, get an answer: exit 0, 1 or 3, or 2 with file:line:col; never a crash or a hang', async () => {
    const result = await runRobustnessCampaign({ run, numRuns: RUNS, timeLimitMs: null, timeoutMs: TIMEOUT_MS, scale: QUICK_SCALE, ...replayEnvironment() });
    console.log(describeFigures(result).join('\n'));
    if (result.failure) {
      throw new Error([
        `robustness law broken (fast-check seed ${result.seed}, path "${result.failure.path}"; case ${JSON.stringify(result.failure.counterexample)})`,
        `replay: HAZARDPROOF_SEED=${result.seed} HAZARDPROOF_PATH="${result.failure.path}" npx vitest run properties/robustness.property.test.ts -t "every kind"`,
        `    or: hazardproof fuzz --robustness --seed ${result.seed} --path ${result.failure.path} --timeout ${TIMEOUT_MS}`,
        result.failure.message,
      ].join('\n'));
    }
    expect(result.figures.runs + result.figures.skipped).toBe(RUNS);
  }, 300_000);

  it('catches a planted crash (exit 4 with a stack trace) and shrinks it, with the seed and path that replay it', async () => {
    const crashing = fakeCli((text, io) => {
      if (!/FMUL R4/.test(text)) return 0;
      io.stderr('hazardproof: internal error (please report it with the command you ran): RangeError: planted\n    at plant (file:///x.js:1:1)\n');
      return 4;
    });
    const result = await runRobustnessCampaign({ ...crashing, seeds: SEEDS, numRuns: 200, timeLimitMs: null, timeoutMs: TIMEOUT_MS, scale: QUICK_SCALE });
    expect(result.failure).not.toBeNull();
    expect(result.failure!.message).toMatch(/^internal error \(exit 4\)\ncommand: hazardproof /);
    expect(result.failure!.path).toMatch(/^\d+(:\d+)*$/);
    // Replaying the seed and path finds the same (shrunk) case first.
    const again = await runRobustnessCampaign({ ...crashing, seeds: SEEDS, numRuns: 200, timeLimitMs: null, timeoutMs: TIMEOUT_MS, scale: QUICK_SCALE, seed: result.seed, path: result.failure!.path });
    expect(again.failure?.counterexample).toEqual(result.failure!.counterexample);
  });

  it('catches a planted hang: a run past ten times the budget fails the law (the clock is the test\'s, not the wall)', async () => {
    const clock = { now: 0 };
    const hanging = fakeCli((text, _io, time) => {
      time.now += text.includes('R3') ? 60_000 : 10;
      return 3;
    }, clock);
    const result = await runRobustnessCampaign({ ...hanging, seeds: SEEDS, numRuns: 100, timeLimitMs: null, timeoutMs: TIMEOUT_MS, scale: QUICK_SCALE });
    expect(result.failure?.message).toMatch(/^took 60000 ms, past the hang bound of 50\d\d ms \(--timeout 250/);
  });

  it('catches an input error without a place (exit 2 and no file:line:col)', async () => {
    const vague = fakeCli((_text, io) => {
      io.stderr('something is wrong somewhere\n');
      return 2;
    });
    const result = await runRobustnessCampaign({ ...vague, seeds: SEEDS, numRuns: 20, timeLimitMs: null, timeoutMs: TIMEOUT_MS, scale: QUICK_SCALE });
    expect(result.failure?.message).toMatch(/^exit 2 without a located error/);
  });

  it('catches an output file written by a run that then reports an input error (half-written results)', async () => {
    const { writeFileSync } = await import('node:fs');
    const careless: RobustnessOptions['run'] = async (argv, io) => {
      const flag = argv.findIndex((arg) => arg === '--minimize' || arg === '-o');
      if (flag >= 0) writeFileSync(argv[flag + 1]!, 'half');
      io.stderr(`${argv.find((arg) => SEEDS.some((seed) => arg.endsWith(seed.fileName)))}:1:1: planted mistake\n`);
      return 2;
    };
    const result = await runRobustnessCampaign({ run: careless, seeds: SEEDS, numRuns: 200, timeLimitMs: null, timeoutMs: TIMEOUT_MS, scale: QUICK_SCALE });
    expect(result.failure?.message).toMatch(/^input error \(exit 2\), yet wrote /);
  });

  it('a CLI that always answers properly passes, and the figures count every outcome', async () => {
    const proper = fakeCli((text) => (text.includes('R1') ? 1 : 0));
    const result = await runRobustnessCampaign({ ...proper, seeds: SEEDS, numRuns: 30, timeLimitMs: null, timeoutMs: TIMEOUT_MS, scale: QUICK_SCALE });
    expect(result.failure).toBeNull();
    expect(result.figures.runs).toBe(30);
    expect(result.figures.outcomes['exit 0'] + result.figures.outcomes['exit 1']).toBe(30);
    expect(describeFigures(result)[0]).toMatch(/^robustness: 30 inputs run in \d+\.\d s \(seed \d+\): exit 0: \d+, exit 1: \d+/);
  });
});
