import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTraceRecord, readLines } from '../../../format/streamout/traceRead.js';
import { InputError } from '../../../format/error.js';

const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-traceread-'));

describe('reading trace files in chunks', () => {
  it('gives every line, with its number, across chunk boundaries, CRLF endings, multi-byte characters and a last line without a break', () => {
    // Lines of varying length so breaks, '\r\n' pairs and 2-byte 'é's fall on the 1 MiB chunk edges.
    const lines = Array.from({ length: 60_000 }, (_, k) => `{"step":"wd","k":${k},"pad":"${'é'.repeat(k % 37)}"}`);
    const file = join(scratch, 'lines.jsonl');
    writeFileSync(file, `${lines.join('\r\n')}`);
    const read = [...readLines(file, 'trace')];
    expect(read.length).toBe(lines.length);
    expect(read.every((entry, index) => entry.text === lines[index] && entry.line === index + 1)).toBe(true);
  });

  it('reports a missing file as an input error at 1:1', () => {
    expect(() => [...readLines(join(scratch, 'absent.jsonl'), 'trace')]).toThrow(/absent\.jsonl:1:1: cannot read the trace: no such file/);
  });

  it('locates invalid JSON and form mistakes at the line and column', () => {
    const scenario = { soUnits: 2, bufferSizes: [64, 0, 0, 0] as const, batchIdBits: 2, packets: [] };
    const problem = (text: string) => {
      try {
        parseTraceRecord(text, 't.jsonl', 9, scenario);
      } catch (error) {
        if (error instanceof InputError) return error.message;
      }
      return null;
    };
    expect(problem('{"step": "wd", }')).toMatch(/^t\.jsonl:9:\d+: invalid JSON: /);
    expect(problem('{"step": "second", "unit": 1, "bytes": [1, 2]}')).toBe('t.jsonl:9:31: a second line needs \'bytes\': the bytes needed in each of the 4 buffers, like [48, 0, 0, 0], got [1,2]');
    expect(problem('{"step": "wd", "message": "token"}')).toBe('t.jsonl:9:16: a wd token line needs \'id\': the batch ID the token carries (a whole number)');
    expect(problem('{"step": "response", "unit": 1, "offsets": [0, 0, 0, 0]}')).toBeNull();
    // A field name with pattern characters is located literally (it once crashed a RegExp).
    expect(problem('{"step":"wd","a(":1}')).toBe('t.jsonl:9:14: a wd line has no field "a(" (its fields: message, id, offsets)');
  });
});
