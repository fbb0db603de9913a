import { checkSettings } from './checkOptions.js';
import { combinedVerdict } from './combinedVerdict.js';
import { checkComponents } from './components/check.js';
import type { InputCheckOptions, InputProgress } from './inputCheckOptions.js';
import type { InputCheckReport } from './inputCheckReport.js';
import { checkListing } from './listing/check.js';
import type { LoadedInput } from './loadedInput.js';
import { runStreamout } from './streamout/run.js';
import { runOnWorker } from './worker/runOnWorker.js';

/**
 * `check` on a `load` result: runs the input's own machine, on a worker thread, through that
 * kind's function (`check` of a program, `checkListing`, `checkComponents`, `runStreamout`), so
 * every option, budget and verdict is the one that function gives, and tags the report with the
 * input's `kind`.
 */
export async function checkInput(input: LoadedInput, options: InputCheckOptions = {}): Promise<InputCheckReport> {
  const { onProgress, ...settings } = options;
  // Each kind's progress, tagged with the kind, to the caller's one callback (the kind's function says which progress it sends).
  const tag = <P extends object>(kind: InputProgress['kind']) => onProgress === undefined ? {} : { onProgress: (progress: P) => onProgress({ ...progress, kind } as unknown as InputProgress) };
  const stop = { ...(options.signal === undefined ? {} : { signal: options.signal }), ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }) };
  switch (input.kind) {
    case 'scoreboard':
    case 'lrc': {
      const program = input.machine === 'lrc' ? { machine: input.machine, parsed: input.parsed } : { machine: input.machine, parsed: input.parsed };
      const report = await runOnWorker('check', { program, settings: checkSettings(settings) }, { ...stop, ...tag(input.kind) });
      return report.machine === 'lrc' ? { ...report, kind: 'lrc' } : { ...report, kind: 'scoreboard' };
    }
    case 'listing': {
      const kernels = await checkListing(input, { ...stop, ...tag('listing') });
      return { kind: 'listing', file: input.file, verdict: combinedVerdict(kernels.map((kernel) => kernel.verdict)), kernels };
    }
    case 'components':
    case 'ir3': {
      const units = await checkComponents(input, { ...stop, ...(options.maxStates === undefined ? {} : { maxStates: options.maxStates }), ...tag(input.kind) });
      return { kind: input.kind, file: input.file, verdict: combinedVerdict(units.map((unit) => unit.verdict)), units };
    }
    case 'streamout': {
      const report = await runStreamout(input, { ...settings, ...tag('streamout') });
      return { ...report, kind: 'streamout' };
    }
  }
}
