/** Maxwell: sm_50 (GM107/GM108), sm_52 (GM20x), sm_53 (Tegra X1). */
import { MAXWELL_FP64_COMPARE, maxwellPascalTable } from './maxwellPascal.js';

export const SM50 = maxwellPascalTable('sm_50', ['sm_52', 'sm_53'], MAXWELL_FP64_COMPARE);
