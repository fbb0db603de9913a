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

/** UTF-8's byte-order mark, which Windows editors (Notepad, Visual Studio) put in front of a text they save. */
const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The text of an input's bytes, or an `InputError` saying why there is none: an empty file (or
 * only white space), a compressed file or archive, an ELF object, or binary data, with the
 * offending byte located by line and column. Text is UTF-8 with no control characters but tab,
 * line and page breaks and escape (terminal colours in a saved log); anything else is no listing
 * any tool writes, and parsing it would only give errors about made-up syntax (or, worse, a
 * verdict on whatever lines happened to look like instructions).
 *
 * What Windows does to a text is undone here, once for every kind of input, so no parser sees
 * it: a byte-order mark in front is dropped (no editor shows it, so columns on the first line
 * count from the first character the user sees), UTF-16 with its mark (what PowerShell 5's `>`
 * writes: `cuobjdump -sass k.cubin > k.sass`) is decoded, and CR LF line ends become LF (the CR
 * is the last character of a line, so no column moves).
 */
export function inputText(bytes: Uint8Array, file: string, what: string): string {
  const at = (line: number, column: number, message: string) => new InputError([{ file, line, column, message }]);
  const utf16 = utf16Encoding(bytes);
  if (utf16 !== null) {
    const decoded = new TextDecoder(utf16, { fatal: false }).decode(bytes.subarray(2));
    // An odd byte count or an unpaired surrogate decodes to U+FFFD: that is no text a tool wrote.
    const broken = decoded.indexOf('\ufffd');
    if (broken >= 0) {
      const before = decoded.slice(0, broken);
      const line = before.split('\n').length;
      throw at(line, broken - before.lastIndexOf('\n'), `binary data (not ${utf16 === 'utf-16le' ? 'UTF-16 LE' : 'UTF-16 BE'} text after its byte-order mark): expected ${expected(what, file)}`);
    }
    return checkedText(decoded, file, what);
  }
  const start = UTF8_BOM.every((byte, index) => bytes[index] === byte) ? UTF8_BOM.length : 0;
  const content = bytes.subarray(start);
  for (const magic of MAGIC) {
    if (magic.bytes.every((byte, index) => content[index] === byte)) throw at(1, 1, magic.message(file));
  }
  const bad = firstNonTextByte(content);
  if (bad !== null) {
    const { line, column } = positionOf(content, bad);
    throw at(line, column, `binary data (byte 0x${content[bad]!.toString(16).padStart(2, '0')} at offset ${bad + start}): expected ${expected(what, file)}`);
  }
  return checkedText(Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('utf8'), file, what);
}

/** `utf-16le` or `utf-16be` for bytes that start with that byte-order mark, else null. */
function utf16Encoding(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** A decoded text with CR LF line ends made LF and a leading byte-order mark dropped, after `checkInputText`. */
function checkedText(decoded: string, file: string, what: string): string {
  const text = normalizeInputText(decoded);
  checkInputText(text, file, what);
  return text;
}

/**
 * A text as every parser wants it: without a byte-order mark in front (U+FEFF) and with LF line
 * ends where it had CR LF. `inputText` applies it to every file; whoever hands a text over
 * (the library's `load` of `{ text }`) can apply it too.
 */
export function normalizeInputText(text: string): string {
  return (text.startsWith('\ufeff') ? text.slice(1) : text).replace(/\r\n/g, '\n');
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
