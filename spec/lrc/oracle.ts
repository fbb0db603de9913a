import { classifyRead } from '../oracle/classify.js';
import type { SequentialSemantics } from '../oracle/sequential.js';
import type { LrcEvent } from './event.js';
import type { LrcFinding } from './finding.js';
import type { LrcState } from './state.js';
import { PRELOAD_WRITER } from './state.js';

/**
 * True when a writer's value has landed in a context's registers by now: a preload whose data is
 * no longer pending, or an instruction that has been granted and has nothing left in flight.
 */
export function hasLanded(state: LrcState, context: number, writer: number, register: string): boolean {
  if (writer === PRELOAD_WRITER) return !state.requests.some((r) => r.context === context && r.register === register);
  if (state.contexts[context]!.pc <= writer) return false;
  const pending = (r: { context: number; instruction: number }) => r.context === context && r.instruction === writer;
  return !state.requests.some(pending) && !state.results.some(pending);
}

/**
 * What one step revealed: reads that saw another value than the thread's sequential execution,
 * counters past their width or below zero, and, when a thread emits, registers whose final value
 * is not its last writer's (WAW). `state` is the state after the step.
 */
export function lrcEventFindings(semantics: SequentialSemantics, state: LrcState, events: readonly LrcEvent[]): LrcFinding[] {
  const findings: LrcFinding[] = [];
  for (const event of events) {
    if (event.type === 'overflow') {
      const { thread, context, counter, instruction, value, cycle } = event;
      findings.push({ kind: 'overflow', thread, context, counter, instruction, value, cycle });
    } else if (event.type === 'read') {
      const { thread, context, instruction: reader, cycle } = event;
      for (const { register, writer: seen } of event.seen) {
        const expected = semantics.expectedReads[reader]!.get(register) ?? null;
        const hazard = classifyRead({ warp: thread, register, reader, seen, expected, cycle }, (writer) => hasLanded(state, context, writer, register));
        if (hazard) findings.push(hazard);
      }
    } else if (event.type === 'emit') {
      for (const [register, last] of semantics.finalWriters) {
        const landed = event.registers[register];
        if (landed !== undefined && landed !== last) {
          findings.push({ kind: 'WAW', warp: event.thread, register, producer: landed, consumer: last, observer: null, cycle: event.cycle });
        }
      }
    }
  }
  return findings;
}
