import type { StreamScenario, Task } from '../../spec/streamout/scenario.js';

/** A primitive range an SO unit has written to one buffer for its current task (inclusive ends). */
export interface WrittenPiece {
  readonly buffer: number;
  readonly first: number;
  readonly last: number;
}

/** A data-write trace line, its fields known to be present and well formed. */
export interface DataWrite {
  readonly unit: number;
  readonly buffer: number;
  readonly offset: number;
  readonly bytes: number;
  readonly primitives: readonly [number, number];
}

/**
 * What a placement check knows about the task an SO unit is writing: its batch ID, the task,
 * the offsets SSYNC granted it (`grant`), the offsets the API's driver order gives it
 * (`placement`; the same as the grant when SSYNC is right), whether its write step is done, and
 * what it has written of it so far.
 */
export interface WritingTask {
  readonly unit: number;
  readonly batchId: number;
  readonly task: Task;
  readonly grant: readonly number[];
  readonly placement: readonly number[];
  readonly written: boolean;
  readonly pieces: readonly WrittenPiece[];
}

/**
 * How many of a task's primitives are written when its data starts at `offsets`: they fit in
 * turn, so once one ends past a bound buffer none after it fits either (the written ones are a
 * prefix of the task). Mirrors `fits` in the API's layout.
 */
export function fittingPrimitives(scenario: StreamScenario, task: Task, offsets: readonly number[]): number {
  // Offsets only grow, so the primitives that fit are a prefix: count them per buffer by division.
  let count = task.primitiveCount;
  for (let b = 0; b < 4; b++) {
    const size = scenario.bufferSizes[b]!;
    if (size === 0) continue;
    const perPrimitive = task.bytesPerPrimitive[b]!;
    const room = size - offsets[b]!;
    if (room < 0) return 0;
    if (perPrimitive > 0) count = Math.min(count, Math.floor(room / perPrimitive));
  }
  return count;
}

/** The buffers a task's data goes to: bound (size above 0) and written (bytes per primitive above 0). */
export function buffersWritten(scenario: StreamScenario, task: Task): number[] {
  return [0, 1, 2, 3].filter((b) => scenario.bufferSizes[b]! > 0 && task.bytesPerPrimitive[b]! > 0);
}

/** True when a task written at `placement` writes nothing at all: its write step sends no data. */
export function writesNothing(scenario: StreamScenario, task: Task, placement: readonly number[]): boolean {
  return buffersWritten(scenario, task).length === 0 || fittingPrimitives(scenario, task, placement) === 0;
}

/** `batch 5 task 1`: a task as the messages name it (by batch ID). */
export function taskName(batchId: number, task: Task): string {
  return `batch ${batchId} task ${task.task}`;
}

/** `[3, 5]`, or `none` for an empty range. */
function range(first: number, last: number): string {
  return last < first ? 'none' : `[${first}, ${last}]`;
}

/**
 * What is wrong with a data write against the API order, or null when it is right. In order:
 * the buffer (bound, written by the task), the primitives (the task's own), a write after an
 * overflow, a task already written, the range SSYNC granted, the exact offset the driver order
 * puts the first primitive at, the byte count, and overlap with what the unit already wrote.
 * The text completes "<the write>, but ...".
 */
export function placementMistake(scenario: StreamScenario, writing: WritingTask, line: DataWrite): string | null {
  const { task, batchId, unit } = writing;
  const name = taskName(batchId, task);
  const b = line.buffer;
  const [first, last] = line.primitives;
  const perPrimitive = task.bytesPerPrimitive[b]!;
  if (scenario.bufferSizes[b] === 0) return `buffer ${b} is not bound (its size is 0)`;
  if (perPrimitive === 0) return `${name} writes nothing to buffer ${b} (0 bytes per primitive)`;
  const taskLast = task.firstPrimitive + task.primitiveCount - 1;
  if (first < task.firstPrimitive || last > taskLast) {
    return `primitives ${range(first, last)} are not all ${name}'s: SO unit ${unit}'s task streams primitives ${range(task.firstPrimitive, taskLast)}`;
  }
  const fitting = fittingPrimitives(scenario, task, writing.placement);
  const firstOverflowing = task.firstPrimitive + fitting;
  if (last >= firstOverflowing) {
    return `this is a write after an overflow: primitive ${firstOverflowing} is the first of ${name} that does not fit (${overflowText(scenario, task, writing.placement, fitting)}), so nothing from it on is written; the task writes primitives ${range(task.firstPrimitive, firstOverflowing - 1)}`;
  }
  if (writing.written) return `SO unit ${unit} has already written all of ${name}'s data`;
  const needed = task.primitiveCount * perPrimitive;
  const granted = writing.grant[b]!;
  if (line.offset < granted || line.offset + line.bytes > granted + needed) {
    return `bytes [${line.offset}, ${line.offset + line.bytes}) are outside the range SSYNC granted SO unit ${unit} in buffer ${b} for ${name}: [${granted}, ${granted + needed})`;
  }
  const expectedOffset = writing.placement[b]! + (first - task.firstPrimitive) * perPrimitive;
  if (line.offset !== expectedOffset) {
    return `the API order puts primitive ${first} at byte ${expectedOffset} of buffer ${b} (${name} starts at byte ${writing.placement[b]!}), not at byte ${line.offset}`;
  }
  const count = last - first + 1;
  if (line.bytes !== count * perPrimitive) {
    return `primitives ${range(first, last)} take ${count} × ${perPrimitive} = ${count * perPrimitive} bytes in buffer ${b}, not ${line.bytes}`;
  }
  const overlap = writing.pieces.find((piece) => piece.buffer === b && piece.first <= last && first <= piece.last);
  if (overlap) {
    const from = Math.max(first, overlap.first);
    const to = Math.min(last, overlap.last);
    const at = writing.placement[b]! + (from - task.firstPrimitive) * perPrimitive;
    return `SO unit ${unit} already wrote primitives ${range(from, to)} of ${name} to buffer ${b} (bytes [${at}, ${at + (to - from + 1) * perPrimitive})): the write overlaps it`;
  }
  return null;
}

/** Why the primitive after the `fitting` ones does not fit: the first bound buffer it would end past. */
function overflowText(scenario: StreamScenario, task: Task, placement: readonly number[], fitting: number): string {
  for (let b = 0; b < 4; b++) {
    const size = scenario.bufferSizes[b]!;
    const end = placement[b]! + (fitting + 1) * task.bytesPerPrimitive[b]!;
    if (size > 0 && end > size) return `it would end at byte ${end} of buffer ${b}, past its size ${size}`;
  }
  return 'it does not fit';
}

/**
 * The data a task still lacks, or null when every primitive that fits is written to every buffer
 * it writes: per buffer, the first missing primitive range and its bytes, e.g. `buffer 0 lacks
 * primitives [3, 5] (bytes [72, 120))`. `pieces` never overlap (each was checked).
 */
export function missingData(scenario: StreamScenario, task: Task, placement: readonly number[], pieces: readonly WrittenPiece[]): string | null {
  const fitting = fittingPrimitives(scenario, task, placement);
  if (fitting === 0) return null;
  const lacks: string[] = [];
  for (const b of buffersWritten(scenario, task)) {
    const mine = pieces.filter((piece) => piece.buffer === b).sort((x, y) => x.first - y.first);
    let next = task.firstPrimitive;
    let gap: [number, number] | null = null;
    for (const piece of mine) {
      if (piece.first > next) { gap = [next, piece.first - 1]; break; }
      next = piece.last + 1;
    }
    const end = task.firstPrimitive + fitting - 1;
    gap ??= next <= end ? [next, end] : null;
    if (gap === null) continue;
    const perPrimitive = task.bytesPerPrimitive[b]!;
    const from = placement[b]! + (gap[0] - task.firstPrimitive) * perPrimitive;
    lacks.push(`buffer ${b} lacks primitives ${range(gap[0], gap[1])} (bytes [${from}, ${from + (gap[1] - gap[0] + 1) * perPrimitive}))`);
  }
  return lacks.length === 0 ? null : lacks.join('; ');
}

/**
 * Whether the pieces complete the task's write: in every buffer it writes, as many primitives as
 * fit. Pieces never overlap and never go past the fitting ones, so counting is enough.
 */
export function writeComplete(scenario: StreamScenario, task: Task, placement: readonly number[], pieces: readonly WrittenPiece[]): boolean {
  const fitting = fittingPrimitives(scenario, task, placement);
  return buffersWritten(scenario, task).every((b) => pieces.reduce((sum, piece) => sum + (piece.buffer === b ? piece.last - piece.first + 1 : 0), 0) === fitting);
}
