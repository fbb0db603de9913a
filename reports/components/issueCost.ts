import type { IssueStatistics } from '../../impl/components/schedule/cycles.js';

/** What a program costs in issue cycles, as `annotate` prints it: `6 NOPs, 13 cycles`. */
export function issueCost(statistics: IssueStatistics): string {
  return `${statistics.nops} NOPs, ${statistics.cycles} cycles`;
}

/** Which schedule the scheduler kept, in words. */
export function scheduleMethodText(method: 'list' | 'in-order'): string {
  return method === 'list' ? 'list scheduler' : 'program order was shorter than the list schedule';
}
