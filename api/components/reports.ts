import { componentCheckJson, type ComponentCheckReport } from '../../reports/components/checkReport.js';
import type { JobContext } from '../worker/jobContext.js';
import { checkComponentUnits } from './checkUnits.js';
import type { LoadedComponentProgram } from './program.js';
import type { ComponentProgress } from './progress.js';

/**
 * The reports of a program's units, which share the context's stop predicate (one budget per
 * file, as `--timeout`): what `checkComponentsSync` returns on the calling thread and the worker
 * job `checkComponents` computes on a worker thread.
 */
export function componentReports(program: LoadedComponentProgram, maxStates: number, context: JobContext<ComponentProgress>): ComponentCheckReport[] {
  return checkComponentUnits(program.units, { maxStates, shouldStopFor: () => context.shouldStop, onProgress: context.onProgress }).map(componentCheckJson);
}
