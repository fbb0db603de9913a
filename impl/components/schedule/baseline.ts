/**
 * The baseline a schedule is measured against: in-order NOP padding with full hardware latency.
 * Same order as the input (its NOPs dropped), every dependent successor waits its producer's
 * whole latency (the seed's initial edge latency, no instruction-distance reduction), false
 * dependences 1, output dependences the corrected rule without distance; variable-latency
 * producers are waited for, at 0 cycles, as in the schedule.
 */
import type { ComponentProgram } from '../../../spec/components/program.js';
import { FULL_LATENCY_EDGE_RULES } from './edgeRules.js';
import { scheduleComponentProgram, type ScheduleOptions, type ScheduleResult } from './schedule.js';

/** The in-order, full-latency program (same hints and wait policy as the schedule it is compared with). */
export function baselineComponentProgram(program: ComponentProgram, options: Omit<ScheduleOptions, 'rules' | 'method'> = {}): ScheduleResult {
  return scheduleComponentProgram(program, { ...options, rules: FULL_LATENCY_EDGE_RULES, method: 'in-order' });
}
