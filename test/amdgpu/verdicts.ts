/** How AMD tests read verdicts: each function of an assembly text checked as `check` checks it. */
import { amdgpuKernelsOfText } from '../../format/amdgpu/loadKernels.js';
import { checkSassProgram, DEFAULT_SASS_CHECK } from '../../impl/sass/check.js';

/** Verdict and the first hazard's kind and register (`hazard RAW scc`), per function, by name. */
export function amdgpuVerdicts(text: string, file = 'k.s'): Record<string, string> {
  const result: Record<string, string> = {};
  for (const { program, notes, counterexample } of amdgpuKernelsOfText(text, file, { from: null, architecture: null, kernels: [] })) {
    const checked = checkSassProgram(program, notes, { ...DEFAULT_SASS_CHECK, counterexample: counterexample ?? null });
    const first = checked.hazards[0]?.hazard;
    result[program.name] = first === undefined ? checked.verdict : `${checked.verdict} ${first.kind}${first.kind === 'overflow' ? '' : ` ${first.register}`}`;
  }
  return result;
}
