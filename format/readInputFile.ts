import { readFileSync } from 'node:fs';
import { InputError } from './error.js';

/** The name that stands for standard input, as most command-line tools take it (`check -`). */
export const STANDARD_INPUT = '-';

// Standard input can be read once only, but a command reads an input twice (once to tell its
// kind from its content, once to parse it): the first read is kept for the second.
let standardInput: Buffer | null = null;

/**
 * Reads a user's input file as text; `-` reads standard input (all of it, once per process). A
 * file that cannot be read is an input mistake like any other: an `InputError` at 1:1 saying
 * `cannot read the <what>: no such file` (or the reason). So is a file that holds no text to
 * read (`inputText`): empty, compressed, an ELF object or other binary data. Every reader of
 * every command comes through here, so none of them ever parses bytes that are not a text.
 */
export function readInputFile(file: string, what: string): string {
  let bytes: Buffer;
  try {
    if (file !== STANDARD_INPUT) bytes = readFileSync(file);
    else bytes = standardInput ??= readFileSync(0);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder, not a file' : (error as Error).message;
    throw new InputError([{ file, line: 1, column: 1, message: `cannot read the ${what}: ${reason}` }]);
  }
  return inputText(bytes, file, what);
}

/** Leading bytes of files that are no text listing, and what to do with each. */
const MAGIC: readonly { readonly bytes: readonly number[]; readonly message: (file: string) => string }[] = [
  { bytes: [0x1f, 0x8b], message: (file) => `gzip-compressed: decompress it first (gunzip -k ${file})` },
  { bytes: [0x28, 0xb5, 0x2f, 0xfd], message: (file) => `zstd-compressed: decompress it first (zstd -d ${file})` },
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], message: (file) => `xz-compressed: decompress it first (xz -dk ${file})` },
  { bytes: [0x50, 0x4b, 0x03, 0x04], message: (file) => `a zip archive: extract the listing first (unzip ${file})` },
  {
    bytes: [0x7f, 0x45, 0x4c, 0x46],
    message: (file) => `an ELF object (a cubin, an AMDGPU code object or a program), not a text listing: disassemble it first (cuobjdump -sass ${file} for NVIDIA, llvm-objdump -d ${file} for AMDGPU)`,
  },
];

/**
 * What an input was expected to hold, for the message: by its name where that says (`.hp`,
 * `.json`, `.s`), else by the reader asking (`what` of `readInputFile`). An input of no known
 * name is read as a program when it is no listing, so "program" alone would mislead there.
 */
function expected(what: string, file: string): string {
  if (/\.hp$/i.test(file)) return 'a text program in .hp notation';
  if (/\.json$/i.test(file)) return 'JSON text (a program or a stream-output scenario)';
  if (/\.comp$/i.test(file)) return 'a text component program (.comp notation)';
  if (/\.(asm|log)$/i.test(file)) return 'a text ir3 listing (Mesa disassembly)';
  if (what === 'listing' || /\.s$/i.test(file)) return 'a text listing (GPU assembly)';
  if (what === 'scenario') return 'a stream-output scenario (JSON text)';
  return 'a text listing or program';
}

/**
 * The text of an input's bytes, or an `InputError` saying why there is none: an empty file (or
 * only white space), a compressed file or archive, an ELF object, or binary data, with the
 * offending byte located by line and column. Text is UTF-8 with no control characters but tab,
 * line and page breaks and escape (terminal colours in a saved log); anything else is no listing
 * any tool writes, and parsing it would only give errors about made-up syntax (or, worse, a
 * verdict on whatever lines happened to look like instructions).
 */
export function inputText(bytes: Uint8Array, file: string, what: string): string {
  const at = (line: number, column: number, message: string) => new InputError([{ file, line, column, message }]);
  for (const magic of MAGIC) {
    if (magic.bytes.every((byte, index) => bytes[index] === byte)) throw at(1, 1, magic.message(file));
  }
  const bad = firstNonTextByte(bytes);
  if (bad !== null) {
    const { line, column } = positionOf(bytes, bad);
    throw at(line, column, `binary data (byte 0x${bytes[bad]!.toString(16).padStart(2, '0')} at offset ${bad}): expected ${expected(what, file)}`);
  }
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  checkInputText(text, file, what);
  return text;
}

/**
 * The checks of `inputText` that apply to a text already decoded (the library's `load` of
 * `{ text }`): not empty, no control characters. Throws an `InputError`; returns nothing.
 */
export function checkInputText(text: string, file: string, what: string): void {
  if (text.trim() === '') {
    const message = text === '' ? `empty file: expected ${expected(what, file)}` : `empty file (only white space): expected ${expected(what, file)}`;
    throw new InputError([{ file, line: 1, column: 1, message }]);
  }
  const bad = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f\u007f]/.exec(text);
  if (bad) {
    const before = text.slice(0, bad.index);
    const line = before.split('\n').length;
    const column = bad.index - before.lastIndexOf('\n');
    throw new InputError([{ file, line, column, message: `binary data (character 0x${bad[0].charCodeAt(0).toString(16).padStart(2, '0')} at offset ${bad.index}): expected ${expected(what, file)}` }]);
  }
}

/** The offset of the first byte that no text has: a control byte (see `inputText`) or one that breaks UTF-8; null when there is none. */
function firstNonTextByte(bytes: Uint8Array): number | null {
  for (let at = 0; at < bytes.length;) {
    const byte = bytes[at]!;
    if (byte < 0x80) {
      if ((byte < 0x20 && !(byte >= 0x09 && byte <= 0x0d) && byte !== 0x1b) || byte === 0x7f) return at;
      at++;
      continue;
    }
    // A UTF-8 sequence: its length from the lead byte, then continuation bytes 10xxxxxx (overlong
    // and surrogate forms are refused as the WHATWG decoder refuses them).
    const length = byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0;
    if (length === 0) return at;
    const second = bytes[at + 1];
    if (second === undefined) return at;
    const low = byte === 0xe0 ? 0xa0 : byte === 0xf0 ? 0x90 : 0x80;
    const high = byte === 0xed ? 0x9f : byte === 0xf4 ? 0x8f : 0xbf;
    if (second < low || second > high) return at + 1;
    for (let k = 2; k < length; k++) {
      const next = bytes[at + k];
      if (next === undefined) return at;
      if (next < 0x80 || next > 0xbf) return at + k;
    }
    at += length;
  }
  return null;
}

/** Line and column (1-based, in characters) of a byte offset. */
function positionOf(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let at = 0; at < offset; at++) {
    if (bytes[at] === 0x0a) {
      line++;
      start = at + 1;
    }
  }
  const prefix = Buffer.from(bytes.buffer, bytes.byteOffset + start, offset - start).toString('utf8');
  return { line, column: prefix.length + 1 };
}
