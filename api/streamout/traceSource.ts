import { readLines, type NumberedLine } from '../../format/streamout/traceRead.js';

/**
 * A recorded message trace (JSON lines, docs/streamout.md "Trace format"): the path of a trace file, read in
 * chunks so that memory does not grow with its length; or the trace's text; or its lines (an
 * iterable: a generator is read lazily). `file` names a text or lines in the report and in input
 * problems (default `<trace>`).
 */
export type StreamTraceSource =
  | string
  | { readonly text: string; readonly file?: string }
  | { readonly lines: Iterable<string>; readonly file?: string };

/** What names a trace that is not a file, in reports and problems, when the caller gives no name. */
const UNNAMED_TRACE = '<trace>';

/** A trace's name and its lines, numbered from 1 as in a file (line breaks `\n` or `\r\n` removed). */
export interface NumberedTrace {
  readonly file: string;
  readonly lines: Iterable<NumberedLine>;
}

/** The numbered lines of a trace source; a file that cannot be read throws an `InputError` when the lines are first read. */
export function numberedTrace(source: StreamTraceSource): NumberedTrace {
  if (typeof source === 'string') return { file: source, lines: readLines(source, 'trace') };
  const file = source.file ?? UNNAMED_TRACE;
  return { file, lines: 'text' in source ? linesOfText(source.text) : numbered(source.lines) };
}

/** The lines of a text, found one at a time (no array of all of them). */
function* linesOfText(text: string): Generator<NumberedLine> {
  let line = 1;
  let start = 0;
  for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
    yield { text: withoutCarriageReturn(text.slice(start, end)), line: line++ };
    start = end + 1;
  }
  if (start < text.length) yield { text: withoutCarriageReturn(text.slice(start)), line };
}

function* numbered(lines: Iterable<string>): Generator<NumberedLine> {
  let line = 1;
  for (const text of lines) yield { text: withoutCarriageReturn(text), line: line++ };
}

function withoutCarriageReturn(text: string): string {
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}
