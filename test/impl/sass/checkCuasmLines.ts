import { listingKernelsOfText } from '../../../format/sass/loadKernels.js';
import { checkSassProgram, DEFAULT_SASS_CHECK, type SassCheckResult } from '../../../impl/sass/check.js';

/**
 * Checks one kernel written as CuAssembler instruction lines under `arch`, through the loader
 * `check` uses (so on both sides of the table); `withCounterexample: false` checks the proof side
 * alone, as the model was before the counterexample side.
 */
export function checkCuasmLines(arch: string, lines: readonly string[], withCounterexample = true): SassCheckResult {
  const text = ['\t.section\t.text.k,"ax",@progbits', ...lines].join('\n');
  const [kernel] = listingKernelsOfText(text, 'k.cuasm', { from: 'cuasm', architecture: arch, kernels: [] });
  return checkSassProgram(kernel!.program, kernel!.notes, { ...DEFAULT_SASS_CHECK, counterexample: withCounterexample ? kernel!.counterexample ?? null : null });
}
