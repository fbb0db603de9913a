import type { TraceLine } from '../../format/streamout/trace.js';
import type { StreamScenario } from '../../spec/streamout/scenario.js';
import type { BufferRange, StreamChartStep, StreamLane, StreamTask } from './streamChart.js';

/** A line of a recorded trace as `streamout check` read it: its line number in the file, its text and the step it records (null for the scenario line). */
export interface RecordedTraceLine {
  readonly line: number;
  readonly text: string;
  readonly record: TraceLine | null;
}

/**
 * The lines of a recorded stream-output trace in chart form: x is the file line, who takes each
 * step, the step in words, each SO unit's task (from its first request), the ranges granted (a
 * response's offsets with the bytes its second request needed) and written (data-write lines; a
 * bare write writes what was granted). Each step links to `${anchorPrefix}<line>`.
 */
export function traceChartSteps(scenario: StreamScenario, lines: readonly RecordedTraceLine[], anchorPrefix: string): StreamChartStep[] {
  const current = new Map<number, { task: StreamTask | null; bytes: readonly number[] | null; offsets: readonly number[] | null; granted: BufferRange[] }>();
  const unitState = (unit: number) => {
    if (!current.has(unit)) current.set(unit, { task: null, bytes: null, offsets: null, granted: [] });
    return current.get(unit)!;
  };
  return lines.flatMap(({ line, record }): StreamChartStep[] => {
    if (record === null) return [];
    const unit = record.unit;
    const onUnit = unit !== undefined && record.step !== 'ssyncUnit';
    const lane: StreamLane = record.step === 'ssyncWd' || record.step === 'ssyncUnit' ? 'ssync' : onUnit ? unit : 'wd';
    const ranges: BufferRange[] = [];
    let task: StreamTask | null = null;
    if (onUnit && record.step !== 'dispatch') {
      if (record.step === 'first') current.set(unit, { task: { key: `line${line}`, label: `b${record.batch}.t${record.task}` }, bytes: null, offsets: null, granted: [] });
      const now = unitState(unit);
      task = now.task;
      if (record.step === 'second' && Array.isArray(record.bytes)) now.bytes = record.bytes;
      if (record.step === 'response' && record.offsets !== undefined) {
        now.offsets = record.offsets;
        // Before the second request the bytes are unknown: the offsets alone are drawn (as empty ranges).
        if (now.bytes === null) {
          record.offsets.forEach((start, buffer) => {
            if ((scenario.bufferSizes[buffer] ?? 0) > 0) ranges.push({ buffer, unit, kind: 'granted', start, bytes: 0, step: line, task });
          });
        }
      }
      if ((record.step === 'second' || record.step === 'response') && now.bytes !== null && now.offsets !== null && now.granted.length === 0) {
        now.bytes.forEach((bytes, buffer) => {
          if (bytes > 0 && (scenario.bufferSizes[buffer] ?? 0) > 0) now.granted.push({ buffer, unit, kind: 'granted', start: now.offsets![buffer]!, bytes, step: line, task });
        });
        ranges.push(...now.granted);
      }
      if (record.step === 'write') {
        if (record.buffer !== undefined && typeof record.bytes === 'number' && record.offset !== undefined) {
          ranges.push({ buffer: record.buffer, unit, kind: 'written', start: record.offset, bytes: record.bytes, step: line, task });
        } else if (record.buffer === undefined) {
          ranges.push(...now.granted.map((granted) => ({ ...granted, kind: 'written' as const, step: line })));
        }
      }
    }
    return [{ number: line, lane, type: record.step, text: traceLineInWords(record), ranges, task, href: `#${anchorPrefix}${line}` }];
  });
}

/** A trace line in words. */
function traceLineInWords(record: TraceLine): string {
  const unit = `SO unit ${record.unit}`;
  switch (record.step) {
    case 'wd':
      if (record.message === 'token') return `work distribution sends work token ${record.id}`;
      if (record.message === 'offsets') return `work distribution sends the offset bundle [${record.offsets?.join(', ')}]`;
      return record.message === undefined ? 'work distribution takes its next packet' : `work distribution sends the stream ${record.message} bundle`;
    case 'dispatch': return `a task goes to ${unit}`;
    case 'finish': return `the pipeline finishes non-streamed batch ID ${record.id}`;
    case 'ssyncWd': return 'SSYNC takes the next message of the work distribution unit';
    case 'ssyncUnit': return `SSYNC takes ${unit}'s next request`;
    case 'first': return `${unit} sends its first request: batch ${record.batch} task ${record.task}${record.last ? ' (last task)' : ''}`;
    case 'second': return `${unit} sends its second request: [${Array.isArray(record.bytes) ? record.bytes.join(', ') : record.bytes}] bytes needed`;
    case 'response': return `${unit} receives offsets [${record.offsets?.join(', ')}]`;
    case 'write':
      return record.buffer === undefined
        ? `${unit} writes its task at the offsets it received`
        : `${unit} writes ${record.bytes} bytes (primitives ${record.primitives?.[0]}..${record.primitives?.[1]}) at byte ${record.offset} of buffer ${record.buffer}`;
    case 'retire': return `work distribution receives the retire message for batch ID ${record.id}`;
  }
}
