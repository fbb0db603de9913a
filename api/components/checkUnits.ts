import type { StopPredicate } from '../../explore/search.js';
import type { Expectation } from '../../format/hp/expectation.js';
import { checkComponentProgram } from '../../impl/components/check.js';
import type { ComponentUnit, ComponentUnitCheck } from '../../reports/components/checkReport.js';
import type { ComponentProgress } from './progress.js';

/** How `checkComponentUnits` runs: its state budget, when each file's units stop, progress, and expectations. */
export interface UnitCheckRun {
  /** State budget of each unit's exhaustive search. */
  readonly maxStates: number;
  /**
   * The stop predicate of a file's units, asked as each unit starts. Units of one file share one
   * budget (`--timeout` is per file), so the caller hands out the same one per file.
   */
  readonly shouldStopFor: (file: string) => StopPredicate;
  readonly onProgress?: ((progress: ComponentProgress) => void) | null;
  /** The `# expect:` of a file's units (`--expect`); without it, none. */
  readonly expectationFor?: (file: string) => Expectation | null;
}

/**
 * Explores every schedule of each unit, one after another. The one check loop of the component
 * machine: the CLI's `check`, `checkComponentsSync` and the worker job of `checkComponents` all run it.
 */
export function checkComponentUnits(units: readonly ComponentUnit[], run: UnitCheckRun): ComponentUnitCheck[] {
  const { onProgress } = run;
  return units.map((unit, done): ComponentUnitCheck => {
    const progress = onProgress ? (states: number) => onProgress({ file: unit.file, shader: unit.shader, done, total: units.length, states }) : undefined;
    progress?.(0);
    const result = checkComponentProgram(unit.program, unit.blocked, run.maxStates, run.shouldStopFor(unit.file), progress);
    return { unit, result, expectation: run.expectationFor?.(unit.file) ?? null };
  });
}
