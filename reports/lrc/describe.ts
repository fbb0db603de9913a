import type { ParsedLrcProgram } from '../../format/lrc/parse.js';
import { printLrcInstruction } from '../../format/lrc/print.js';
import type { Path } from '../../explore/run.js';
import type { LrcAction } from '../../spec/lrc/action.js';
import type { LrcEvent } from '../../spec/lrc/event.js';
import type { LrcFinding } from '../../spec/lrc/finding.js';
import { describeRegisterHazard } from '../registerHazardText.js';
import { PRELOAD_WRITER, type LrcState } from '../../spec/lrc/state.js';

/** A replayed LRC execution, as reports read it. */
export type LrcTrace = Path<LrcState, LrcAction, LrcEvent, LrcFinding>;

/** `#3 (sy)add r2 <- r0, r1 (line 12)`, or `the preload of r1` for preload data. */
export function lrcInstructionLabel(parsed: ParsedLrcProgram, index: number, register?: string): string {
  if (index === PRELOAD_WRITER) return `the preload of ${register ?? 'its register'}`;
  return `#${index} ${printLrcInstruction(parsed.program.instructions[index]!, parsed.program)} (line ${parsed.lines[index]})`;
}

/** The events of a trace by `type:thread:instruction`, in order, found in one pass and kept with the trace. */
const eventsOf = new WeakMap<LrcTrace, Map<string, LrcEvent[]>>();

/** Cycle at which a thread's instruction did something in a trace, or null if it had not (yet). */
export function lrcEventCycle(trace: LrcTrace, type: 'grant' | 'read' | 'write', thread: number, instruction: number, register?: string): number | null {
  // Indexed once per trace: reports ask for every finding of a long schedule, and a scan each time was quadratic.
  let index = eventsOf.get(trace);
  if (index === undefined) {
    index = new Map();
    for (const step of trace.steps) {
      for (const event of step.events) {
        if (!('thread' in event) || !('instruction' in event)) continue;
        const key = `${event.type}:${event.thread}:${event.instruction}`;
        const list = index.get(key);
        if (list) list.push(event);
        else index.set(key, [event]);
      }
    }
    eventsOf.set(trace, index);
  }
  for (const event of index.get(`${type}:${thread}:${instruction}`) ?? []) {
    if (type === 'write' && register !== undefined && !(event as { registers: readonly string[] }).registers.includes(register)) continue;
    return event.cycle;
  }
  return null;
}

/** One sentence saying what went wrong, naming the instructions, the thread and the cycles. */
export function describeLrcFinding(parsed: ParsedLrcProgram, finding: LrcFinding, trace: LrcTrace): string {
  const { program } = parsed;
  const counterName = (index: number) => program.counters[index]!.name;
  if (finding.kind === 'overflow') {
    const counter = counterName(finding.counter);
    const what = finding.instruction === PRELOAD_WRITER ? 'preload data returning' : `${lrcInstructionLabel(parsed, finding.instruction)}`;
    if (finding.value < 0) {
      return `counter ${counter} below zero in thread ${finding.thread}: ${what} at cycle ${finding.cycle} takes it to ${finding.value}: ` +
        `more data returned than requests plus INIT_LRC_VAL (${program.preloads.find((p) => p.counter === finding.counter)?.initialValue ?? 0})`;
    }
    return `counter overflow in thread ${finding.thread}: ${what} at cycle ${finding.cycle} takes ${counter} to ${finding.value}, ` +
      `more than its ${program.counters[finding.counter]!.bits} bits hold`;
  }
  if (finding.kind === 'deadlock') {
    const held = finding.blocked.map((b) => {
      const where = b.status === 'EMIT' ? 'in EMIT (its results cannot be moved out)' : `in DEP at ${lrcInstructionLabel(parsed, b.instruction)}`;
      return `thread ${b.thread} (context ${b.context}) is held ${where}: counter ${counterName(b.counter)} is ${b.value}`;
    });
    const preload = program.preloads.find((p) => finding.blocked.some((b) => b.counter === p.counter) && p.initialValue > p.registers.length);
    const why = preload
      ? `; INIT_LRC_VAL of ${counterName(preload.counter)} is ${preload.initialValue} but only ${preload.registers.length} preload register(s) return`
      : '';
    return `deadlock at cycle ${finding.cycle}: ${held.join('; ')}, and nothing is in flight that could lower it${why}`;
  }
  return describeRegisterHazard(finding, {
    label: (index) => lrcInstructionLabel(parsed, index, finding.register),
    writtenAt: (index) => lrcEventCycle(trace, 'write', finding.warp, index, finding.register),
    where: program.threads > 1 ? ` in thread ${finding.warp}` : '', landed: 'returned', end: 'emitted',
  });
}
