/**
 * `hazardproof fuzz --robustness`: the robustness campaign (`properties/robustness/`) as a fuzz
 * target. Mutated example files of every kind go through every command that reads them, in this
 * process; the law is that every input gets an answer. It prints the figures (inputs run,
 * outcomes by exit code, the slowest run), the seed, and on a failure the shrunk case with the
 * command that replays it.
 */
import { describeFigures, runRobustnessCampaign, type RobustnessResult } from '../properties/robustness/campaign.js';
import { LONG_SCALE } from '../properties/robustness/mutations.js';
import type { CliIo } from './io.js';

/** The budget each command of the campaign gets when `--timeout` is not given, in milliseconds. */
export const DEFAULT_ROBUSTNESS_TIMEOUT_MS = 250;

/** What `fuzz --robustness` was asked for. */
export interface RobustnessRequest {
  readonly seed: number;
  readonly path: string | null;
  /** Cases to run; null with a time limit means "until the time is up". */
  readonly runs: number | null;
  readonly timeLimitMs: number | null;
  readonly timeoutMs: number;
}

/** The campaign's outcome as `fuzz` reports it: text lines, whether it failed, and JSON for `--report-json`. */
export interface RobustnessReport {
  readonly lines: readonly string[];
  readonly failed: boolean;
  readonly json: Record<string, unknown>;
}

/** Runs the robustness campaign and describes it. */
export async function fuzzRobustness(request: RobustnessRequest, io: CliIo): Promise<RobustnessReport> {
  // Imported here, not at the top: cli/main.ts imports this command, and the campaign drives cli/main.ts.
  const { run } = await import('./main.js');
  let lastProgress = 0;
  const result = await runRobustnessCampaign({
    run, seed: request.seed, ...(request.path === null ? {} : { path: request.path }),
    numRuns: request.runs ?? Number.MAX_SAFE_INTEGER, timeLimitMs: request.timeLimitMs, timeoutMs: request.timeoutMs, scale: LONG_SCALE,
    onProgress: (figures) => {
      const now = Date.now();
      if (now - lastProgress < 5000) return;
      lastProgress = now;
      io.stderr(`fuzz --robustness: ${figures.runs} inputs run\n`);
    },
  });
  return describe(result, request);
}

function describe(result: RobustnessResult, request: RobustnessRequest): RobustnessReport {
  const lines = [...describeFigures(result)];
  const replay = `hazardproof fuzz --robustness --seed ${result.seed}${result.failure ? ` --path ${result.failure.path}` : ''} --timeout ${request.timeoutMs}`;
  if (result.failure) {
    lines.push(
      `robustness: FAILED: an input got no proper answer (fast-check seed ${result.seed}, path "${result.failure.path}"; shrunk case ${JSON.stringify(result.failure.counterexample)})`,
      ...result.failure.message.split('\n').map((line) => `  ${line}`),
      `replay: ${replay}`,
      `    or: HAZARDPROOF_SEED=${result.seed} HAZARDPROOF_PATH="${result.failure.path}" npx vitest run properties/robustness.property.test.ts`,
    );
  } else {
    lines.push(`robustness: every input answered (exit 0, 1 or 3, or 2 with a located error); not a proof. Same campaign: ${replay}${request.runs === null ? '' : ` --runs ${request.runs}`}`);
  }
  const json = {
    seed: result.seed, runs: result.figures.runs, outcomes: result.figures.outcomes, skipped: result.figures.skipped, slowest: result.figures.slowest,
    elapsedMs: Math.round(result.elapsedMs), failure: result.failure, replay,
  };
  return { lines, failed: result.failure !== null, json };
}
