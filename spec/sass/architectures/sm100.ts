/**
 * Datacenter Blackwell: sm_100 (B100/B200), sm_101 and sm_103, the architectures Mesa NAK's
 * `is_blackwell_a` covers (sm 100..109). The B100 figures exactly as NVIDIA gives them in NAK's
 * sm100 CSV files: no ptxas listing for these chips is at hand, and NAK's padding is for the RTX
 * chips. HMMA is scoreboarded as NAK does it on every Blackwell; DMMA (FP64 tensor cores) is
 * scoreboarded too.
 */
import { variable } from './build.js';
import { blackwellTable } from './blackwell.js';

export const SM100 = blackwellTable({
  name: 'sm_100',
  aliases: ['sm_100a', 'sm_101', 'sm_101a', 'sm_103', 'sm_103a'],
  source: 'nak-sm100',
  padding: { hmma: 0, other: 0 },
  hmma: { kind: 'variable' },
  extra: {
    DMMA: variable('misc', 'nak-sm100', { operands: 'matrix', latencyClass: 'dmma' }),
  },
});
