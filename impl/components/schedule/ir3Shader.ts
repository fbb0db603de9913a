/**
 * One ir3 shader through the scheduler: lowered to the component machine, its NOPs (`nop`
 * instructions and `(nopN)`) dropped, scheduled with the proved edge latencies, written back in
 * ir3 syntax with ir3's idle-cycle encoding, and the printed text read back, lowered and checked
 * by exhaustive exploration: the verdict is on what is printed. The listing as written and the
 * in-order full-latency baseline are costed the same way (issue cycles up to and including `end`;
 * waits count 0 cycles). Shaders with control flow or lowering notes are not scheduled.
 */
import { lowerIr3Shader } from '../../../format/ir3/lower.js';
import type { Ir3Shader } from '../../../format/ir3/listing.js';
import { parseIr3 } from '../../../format/ir3/parse.js';
import { printIr3Instruction, printIr3Nop, printIr3ShaderAsWritten } from '../../../format/ir3/print.js';
import type { ComponentProgram } from '../../../spec/components/program.js';
import { checkComponentProgram, type ComponentCheckResult } from '../check.js';
import { baselineComponentProgram } from './baseline.js';
import { issueStatistics, type IssueStatistics } from './cycles.js';
import { encodeIdle } from './idle.js';
import { ir3IdleEncoding, ir3ScheduleHints } from './ir3.js';
import { scheduleComponentProgram } from './schedule.js';
import type { StopPredicate } from '../../budget.js';

/** A scheduled shader: the three costs, the printed lines and the check of them. */
export interface Ir3Scheduled {
  readonly scheduled: true;
  /** The listing as written (up to and including `end`). */
  readonly listing: IssueStatistics;
  /** In-order issue, full hardware latency, ir3 encoding. */
  readonly baseline: IssueStatistics;
  /** The scheduler's output, as printed. */
  readonly schedule: IssueStatistics;
  /** `list`, or `in-order` when program order with the proved edges was shorter. */
  readonly method: 'list' | 'in-order';
  /** The shader in assembly syntax, one instruction a line (NOP lines after `end` kept as written). */
  readonly lines: readonly string[];
  /** Exhaustive check of the printed lines, read back and lowered. */
  readonly check: ComponentCheckResult;
  /** Milliseconds to schedule and encode (the baseline and the check not included). */
  readonly ms: number;
}

/** A shader left as it was, and why. */
export interface Ir3NotScheduled {
  readonly scheduled: false;
  readonly reason: string;
  /** The shader as written, in assembly syntax. */
  readonly lines: readonly string[];
}

/** Options: whether to use `(nopN)` (as the listing does), and a time budget for the check of the schedule. */
export interface Ir3ScheduleOptions {
  readonly nopFlags: boolean;
  readonly shouldStop?: StopPredicate;
}

/** The straight-line body of a lowered shader (up to and including `end`), or why there is none. */
function body(shader: Ir3Shader, program: ComponentProgram): { program: ComponentProgram; length: number } | string {
  const count = shader.instructions.length;
  const end = shader.instructions.findIndex((instruction) => instruction.opcode.split('.')[0] === 'end');
  const length = end < 0 ? count : end + 1;
  const after = shader.instructions.slice(length).find((instruction) => instruction.opcode.split('.')[0] !== 'nop');
  if (after !== undefined) return `line ${after.line}: ${after.text} comes after end`;
  const instructions = program.instructions.slice(0, length).map((instruction) =>
    (instruction.branch?.target === count ? { ...instruction, branch: { ...instruction.branch, target: length } } : instruction));
  return { program: { ...program, instructions }, length };
}

/** Schedules one shader (see the file comment). */
export function scheduleIr3Shader(shader: Ir3Shader, options: Ir3ScheduleOptions): Ir3Scheduled | Ir3NotScheduled {
  const unchanged = (reason: string): Ir3NotScheduled => ({ scheduled: false, reason, lines: printIr3ShaderAsWritten(shader) });
  const lowered = lowerIr3Shader(shader);
  if (lowered.notes.length > 0) return unchanged(`line ${lowered.notes[0]!.line}: ${lowered.notes[0]!.message}`);
  const straight = body(shader, lowered.program);
  if (typeof straight === 'string') return unchanged(straight);
  const hints = ir3ScheduleHints(shader);
  const encoding = ir3IdleEncoding(options.nopFlags);
  const started = performance.now();
  const scheduled = scheduleComponentProgram(straight.program, { hints, keepWaits: true });
  if (!scheduled.ok) return unchanged(scheduled.reason);
  const encoded = encodeIdle(scheduled.program, encoding);
  const ms = performance.now() - started;
  const baseline = baselineComponentProgram(straight.program, { hints, keepWaits: true });
  if (!baseline.ok) return unchanged(baseline.reason);
  const lines = encoded.program.instructions.map((instruction, at) => {
    const origin = encoded.origin[at];
    if (origin === null || origin === undefined) return printIr3Nop(instruction.repeat + 1, instruction.waits);
    return printIr3Instruction(shader.instructions[scheduled.order[origin]!]!, instruction);
  });
  lines.push(...printIr3ShaderAsWritten({ ...shader, instructions: shader.instructions.slice(straight.length), labels: {} }));
  return {
    scheduled: true,
    listing: issueStatistics(straight.program),
    baseline: issueStatistics(encodeIdle(baseline.program, encoding).program),
    schedule: issueStatistics(encoded.program),
    method: scheduled.method,
    lines,
    check: checkPrinted(lines, options.shouldStop),
    ms,
  };
}

/** Reads the printed lines back as assembly, lowers and checks them. */
function checkPrinted(lines: readonly string[], shouldStop?: StopPredicate): ComponentCheckResult {
  const [shader] = parseIr3(`${lines.join('\n')}\n`, 'scheduled').shaders;
  const lowered = lowerIr3Shader(shader!);
  const blocked = lowered.notes.length === 0 ? null : `line ${lowered.notes[0]!.line}: ${lowered.notes[0]!.message}`;
  return checkComponentProgram(lowered.program, blocked, undefined, shouldStop);
}
