import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { InputError } from '../error.js';
import { checkJsonDepth, MAX_JSON_DEPTH } from '../jsonInput.js';
import type { StreamScenario } from '../../spec/streamout/scenario.js';
import type { TraceLine } from './trace.js';
import { traceLineProblem } from './traceShape.js';

/** Bytes read at a time: large enough for speed, small enough that memory does not depend on the file. */
const CHUNK_BYTES = 1 << 20;

/**
 * Longest line accepted (64 MiB): a line is held whole while it is parsed, so this bounds memory
 * on a file with no line breaks. The scenario line is the only long one.
 */
export const MAX_TRACE_LINE_CHARS = 64 << 20;

/** One line of a text file and its 1-based number. */
export interface NumberedLine {
  readonly text: string;
  readonly line: number;
}

/**
 * The lines of a file, read in chunks (never the whole file at once), without their line breaks
 * (`\n` or `\r\n`). A file that cannot be read, or a line longer than `MAX_TRACE_LINE_CHARS`, is
 * an `InputError` naming the file (and line).
 */
export function* readLines(file: string, what: string): Generator<NumberedLine> {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new InputError([{ file, line: 1, column: 1, message: `cannot read the ${what}: ${reason}` }]);
  }
  try {
    const buffer = Buffer.alloc(CHUNK_BYTES);
    const decoder = new StringDecoder('utf8');
    let pending = '';
    let line = 1;
    for (;;) {
      let bytes: number;
      try {
        bytes = readSync(fd, buffer, 0, CHUNK_BYTES, null);
      } catch (error) {
        throw new InputError([{ file, line, column: 1, message: `cannot read the ${what}: ${(error as Error).message}` }]);
      }
      const text = bytes === 0 ? pending + decoder.end() : pending + decoder.write(buffer.subarray(0, bytes));
      let start = 0;
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
        yield { text: text.slice(start, end > start && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end), line: line++ };
        start = end + 1;
      }
      pending = text.slice(start);
      if (pending.length > MAX_TRACE_LINE_CHARS) {
        throw new InputError([{ file, line, column: 1, message: `line longer than ${MAX_TRACE_LINE_CHARS} characters: expected one JSON value per line` }]);
      }
      if (bytes === 0) {
        if (pending !== '') yield { text: pending.endsWith('\r') ? pending.slice(0, -1) : pending, line };
        return;
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** A trace file's line once parsed: the scenario line, or a step line of the right form. */
export type TraceRecord = { readonly kind: 'scenario'; readonly scenario: unknown } | { readonly kind: 'step'; readonly line: TraceLine };

/**
 * Parses one non-blank line of a trace file: `{"scenario": {...}}` or a step line. Nesting deeper
 * than the JSON limit, invalid JSON, a step line before any scenario (`scenario` null), or a step
 * line not of the form its step needs is an `InputError` at the line and the column of the field.
 */
export function parseTraceRecord(text: string, file: string, line: number, scenario: StreamScenario | null): TraceRecord {
  if (mayNestTooDeeply(text)) checkJsonDepth(text, file, { firstLine: line });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message);
    throw new InputError([{ file, line, column: position ? Number(position[1]) + 1 : 1, message: `invalid JSON: ${(error as Error).message}` }]);
  }
  if (typeof value === 'object' && value !== null && 'scenario' in value && !('step' in value)) return { kind: 'scenario', scenario: (value as { scenario: unknown }).scenario };
  if (scenario === null) throw new InputError([{ file, line, column: 1, message: 'no scenario before the first step: give --scenario FILE or start the trace with {"scenario": {...}}' }]);
  const problem = traceLineProblem(value, scenario);
  if (problem) throw new InputError([{ file, line, column: columnOf(text, problem.field), message: problem.message }]);
  return { kind: 'step', line: value as TraceLine };
}

/**
 * False when a line cannot nest deeper than the JSON limit because it has no more opening
 * brackets than that: a cheap count (native string search) that spares the full depth scan on
 * the millions of short lines of a trace.
 */
function mayNestTooDeeply(text: string): boolean {
  let opening = 0;
  for (const bracket of ['[', '{']) {
    for (let at = text.indexOf(bracket); at >= 0; at = text.indexOf(bracket, at + 1)) {
      if (++opening > MAX_JSON_DEPTH) return true;
    }
  }
  return false;
}

/** The column where `"field":` starts in a line's text (1 when the field is not there). */
function columnOf(text: string, field: string | null): number {
  if (field === null) return 1;
  // The field name is the line's own text: search for it literally, never as a pattern.
  const at = text.indexOf(JSON.stringify(field));
  return at >= 0 ? at + 1 : 1;
}
