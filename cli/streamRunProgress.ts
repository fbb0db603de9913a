import type { StreamoutRunProgress } from '../api/streamout/runProgress.js';
import { progressLine, type CliIo } from './io.js';

/**
 * The progress line of `streamout run` on one scenario: each phase (exhaustive search, random
 * timings, spec replay) draws its own line, cleared when the next phase starts and by `done`.
 */
export function streamRunProgress(io: CliIo, file: string, seed: number, jobs: number): { onProgress: (progress: StreamoutRunProgress) => void; done: () => void } {
  let phase: StreamoutRunProgress['phase'] | null = null;
  let line: ReturnType<typeof progressLine> | null = null;
  return {
    onProgress(progress) {
      if (progress.phase !== phase) {
        line?.done();
        phase = progress.phase;
        line = progressLine(io);
      }
      line!.update(progress.phase === 'exhaustive' ? `${file}: ${progress.distinctStates} distinct states`
        : progress.phase === 'random' ? `${file}: ${progress.done}/${progress.total} random timings (seed ${seed}, ${jobs} job${jobs === 1 ? '' : 's'})`
          : `${file}: spec replay of timing ${progress.timing}, step ${progress.step}/${progress.steps}`);
    },
    done() {
      line?.done();
    },
  };
}
