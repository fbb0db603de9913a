/** Maxwell: sm_50 (GM107/GM108), sm_52 (GM20x), sm_53 (Tegra X1). */
import { maxwellPascalTable } from './maxwellPascal.js';

export const SM50 = maxwellPascalTable('sm_50', ['sm_52', 'sm_53']);
