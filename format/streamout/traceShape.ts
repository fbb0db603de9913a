import type { StreamScenario } from '../../spec/streamout/scenario.js';
import type { TraceLine } from './trace.js';

/** The steps a trace line may name, in the order the README lists them. */
export const TRACE_STEPS = ['wd', 'dispatch', 'finish', 'ssyncWd', 'ssyncUnit', 'first', 'second', 'response', 'write', 'retire'] as const;

/** The fields a data-write line carries besides `step` and `unit`. */
const DATA_WRITE_FIELDS = ['buffer', 'offset', 'bytes', 'primitives'] as const;

/** Fields each step's line may carry (besides `step`); `wd` and `write` have two forms each. */
const FIELDS: Record<TraceLine['step'], readonly string[]> = {
  wd: ['message', 'id', 'offsets'],
  dispatch: ['unit'],
  finish: ['id'],
  ssyncWd: [],
  ssyncUnit: ['unit'],
  first: ['unit', 'batch', 'task', 'last'],
  second: ['unit', 'bytes'],
  response: ['unit', 'offsets'],
  write: ['unit', ...DATA_WRITE_FIELDS],
  retire: ['id'],
};
const FIELD_SETS = new Map(Object.entries(FIELDS).map(([step, fields]) => [step, new Set(fields)]));

/** A mistake in the form of a trace line: the field it is about (for its column) and what was expected. */
export interface TraceShapeProblem {
  readonly field: string | null;
  readonly message: string;
}

/** True for a `write` line that carries data (buffer, offset, bytes, primitives), not the bare whole-task step. */
export function isDataWrite(line: TraceLine): line is TraceLine & { readonly unit: number; readonly buffer: number; readonly offset: number; readonly bytes: number; readonly primitives: readonly [number, number] } {
  return line.step === 'write' && line.buffer !== undefined;
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isFour = (value: unknown): boolean => Array.isArray(value) && value.length === 4 && value.every(isCount);
const isBoolean = (value: unknown): boolean => typeof value === 'boolean';
const isBuffer = (value: unknown): boolean => isCount(value) && value < 4;
const isRange = (value: unknown): boolean => Array.isArray(value) && value.length === 2 && value.every(isCount) && (value[0] as number) <= (value[1] as number);

/** A value as JSON for a message, cut to 60 characters (a malformed line may carry a huge value). */
function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Null when `line[field]` passes `ok`, else the problem: the field missing, or its value not `what`. */
function need(line: Record<string, unknown>, step: string, field: string, ok: (value: unknown) => boolean, what: string): TraceShapeProblem | null {
  const value = line[field];
  if (ok(value)) return null;
  return { field: value === undefined ? 'step' : field, message: `a ${step} line needs '${field}': ${what}${value === undefined ? '' : `, got ${preview(value)}`}` };
}

/**
 * What is wrong with the form of a trace line, or null when it is a well-formed line of this
 * scenario: a known step, only that step's fields, each present where required and of the right
 * kind (SO units below the scenario's count, buffers 0-3, whole numbers, 4 offsets or byte counts).
 * It says nothing about whether the protocol allows the step: the checkers judge that. (Called on
 * every line of million-line traces, so it allocates nothing for a good line.)
 */
export function traceLineProblem(value: unknown, scenario: StreamScenario): TraceShapeProblem | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { field: null, message: 'expected a trace line like {"step": "first", "unit": 0, "batch": 3, "task": 0, "last": true}' };
  }
  const line = value as Record<string, unknown>;
  const step = line['step'];
  const allowed = typeof step === 'string' ? FIELD_SETS.get(step) : undefined;
  if (allowed === undefined) {
    return { field: 'step', message: `${preview(step)} is not a protocol step: expected "step" to be one of ${TRACE_STEPS.join(', ')}` };
  }
  for (const key in line) {
    if (key !== 'step' && !allowed.has(key)) return { field: key, message: `a ${step} line has no field ${preview(key)} (its fields: ${[...allowed].join(', ') || 'none'})` };
  }
  if (allowed.has('unit')) {
    const unit = line['unit'];
    if (!isCount(unit) || unit >= scenario.soUnits) return need(line, step as string, 'unit', () => false, `an SO unit number from 0 to ${scenario.soUnits - 1}`);
  }
  switch (step) {
    case 'wd': return wdProblem(line);
    case 'finish': case 'retire': return need(line, step, 'id', isCount, 'a batch ID (a whole number)');
    case 'first':
      return need(line, step, 'batch', isCount, 'a batch ID (a whole number)') ?? need(line, step, 'task', isCount, 'a task number (a whole number)') ??
        need(line, step, 'last', isBoolean, 'the last-task bit (true or false)');
    case 'second': return need(line, step, 'bytes', isFour, 'the bytes needed in each of the 4 buffers, like [48, 0, 0, 0]');
    case 'response': return need(line, step, 'offsets', isFour, 'the offsets SSYNC grants in each of the 4 buffers, like [96, 0, 0, 0]');
    case 'write':
      if (line['buffer'] === undefined && line['offset'] === undefined && line['bytes'] === undefined && line['primitives'] === undefined) return null; // the bare whole-task write
      return need(line, step, 'buffer', isBuffer, 'a buffer number from 0 to 3') ?? need(line, step, 'offset', isCount, 'the byte offset the data starts at (a whole number)') ??
        need(line, step, 'bytes', isCount, 'the number of bytes written (a whole number)') ??
        need(line, step, 'primitives', isRange, 'the first and last primitive written, like [12, 15] (first <= last)');
    default: return null;
  }
}

/** A `wd` line: bare, or with the message the work distribution unit sends and its contents. */
function wdProblem(line: Record<string, unknown>): TraceShapeProblem | null {
  const message = line['message'];
  if (message === undefined) {
    const extra = ['id', 'offsets'].find((field) => line[field] !== undefined);
    return extra ? { field: extra, message: `a wd line carries '${extra}' only with its message, like {"step": "wd", "message": "token", "id": 3}` } : null;
  }
  if (message !== 'token' && message !== 'enable' && message !== 'disable' && message !== 'offsets') {
    return { field: 'message', message: `a wd line's 'message' is one of token, enable, disable, offsets, got ${preview(message)}` };
  }
  if (message === 'token' && !isCount(line['id'])) return { field: line['id'] === undefined ? 'message' : 'id', message: 'a wd token line needs \'id\': the batch ID the token carries (a whole number)' };
  if (message !== 'token' && line['id'] !== undefined) return { field: 'id', message: `a wd ${message} line has no 'id' (only a token carries a batch ID)` };
  if (message === 'offsets' && !isFour(line['offsets'])) return { field: line['offsets'] === undefined ? 'message' : 'offsets', message: 'a wd offsets line needs \'offsets\': the 4 buffer offsets of the bundle, like [0, 0, 0, 0]' };
  if (message !== 'offsets' && line['offsets'] !== undefined) return { field: 'offsets', message: `a wd ${message} line has no 'offsets' (only an offset bundle carries them)` };
  return null;
}
