import type { ComponentUnit } from '../../reports/components/checkReport.js';

/**
 * A file of the component machine ready to check (what `loadComponentProgram` and
 * `parseComponentProgram` return): a `.comp` program, one unit, or an ir3 listing, one unit per
 * shader asked for. Plain data, so it crosses to a worker thread as it is.
 */
export interface LoadedComponentProgram {
  readonly machine: 'components';
  readonly file: string;
  readonly units: readonly ComponentUnit[];
}
