/**
 * One run of the soundness campaign as the commands print it (`npm run soundness`, and first in
 * `npm run soak`): progress every few seconds, the table per notation and architecture, every law
 * failure with its file, line and mutation, the time and how to replay it.
 */
import { soundnessCampaign, soundnessTable, type SoundnessReport } from '../../impl/soundness/campaign.js';

/** What to run and how to say it. */
export interface SoundnessRun {
  readonly files: readonly string[];
  /** At most this many mutants per file (Infinity: all). */
  readonly perFile: number;
  readonly seed: number;
  /** A time budget in milliseconds, or Infinity. */
  readonly budgetMs: number;
  /** The command line that repeats this run. */
  readonly replay: string;
  readonly log: (line: string) => void;
}

/** Runs the campaign, printing as it goes; returns its report. */
export function runSoundness(run: SoundnessRun): SoundnessReport {
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(0);
  run.log(`soundness: ${run.files.length} file(s), ${run.perFile === Infinity ? 'every' : `at most ${run.perFile} per file of the`} certain-hazard mutant(s), seed ${run.seed}`);
  let shown = 0;
  const report = soundnessCampaign(run.files, {
    perFile: run.perFile, seed: run.seed,
    shouldStop: () => (Date.now() - started > run.budgetMs ? `the ${run.budgetMs / 1000} s budget ran out` : null),
    onProgress: (done, total) => {
      if (Date.now() - shown < 5000 && done < total) return;
      shown = Date.now();
      run.log(`soundness: ${done}/${total} files, ${seconds()} s`);
    },
  });
  for (const line of soundnessTable(report)) run.log(line);
  run.log(`soundness: ${seconds()} s, seed ${run.seed} (same run: ${run.replay})`);
  return report;
}
