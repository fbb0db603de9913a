/**
 * The one place every input is read: a file with no text in it (empty, compressed, an ELF
 * object, binary data) is a located input error saying what it is, never text for a parser.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { seededBytes } from '../helpers.js';
import { InputError } from '../../format/error.js';
import { checkInputText, inputText, normalizeInputText, readInputFile } from '../../format/readInputFile.js';

/** The message an input error carries (`file:line:col: message`), or 'read' when there was none. */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof InputError) return error.message;
    throw error;
  }
  return 'read';
}


const bytes = (text: string) => new TextEncoder().encode(text);

describe('inputText', () => {
  it('returns the text of UTF-8 text, multi-byte characters, tabs, page breaks and terminal colours included', () => {
    const text = '# café ≥ 𝔸\n\tMOV R1, R2 ;\f\x1b[31mred\x1b[0m\n';
    expect(inputText(bytes(text), 'k.sass', 'listing')).toBe(text);
  });

  it('refuses an empty file, and one of white space only, saying what was expected', () => {
    expect(refusal(() => inputText(new Uint8Array(), 'k.sass', 'listing'))).toBe('k.sass:1:1: empty file: expected a text listing (GPU assembly)');
    expect(refusal(() => inputText(bytes(' \n\t\n'), 'p.hp', 'program'))).toBe('p.hp:1:1: empty file (only white space): expected a text program in .hp notation');
    expect(refusal(() => inputText(new Uint8Array(), 'k.s', 'program'))).toBe('k.s:1:1: empty file: expected a text listing (GPU assembly)');
    expect(refusal(() => inputText(new Uint8Array(), 'all.txt', 'input'))).toBe('all.txt:1:1: empty file: expected a text listing or program');
  });

  it('tells a gzip file to be decompressed first, and other compressed files and archives alike', () => {
    const gzip = gzipSync(readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'sass', 'safe.sm_75.cuasm')));
    expect(refusal(() => inputText(gzip, 'k.cuasm.gz', 'listing'))).toBe('k.cuasm.gz:1:1: gzip-compressed: decompress it first (gunzip -k k.cuasm.gz)');
    expect(refusal(() => inputText(Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, 0, 0]), 'k.zst', 'listing'))).toMatch(/^k\.zst:1:1: zstd-compressed: decompress it first/);
    expect(refusal(() => inputText(Uint8Array.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]), 'k.xz', 'listing'))).toMatch(/^k\.xz:1:1: xz-compressed/);
    expect(refusal(() => inputText(Uint8Array.from([0x50, 0x4b, 0x03, 0x04]), 'k.zip', 'listing'))).toMatch(/^k\.zip:1:1: a zip archive/);
  });

  it('tells an ELF object (a cubin, a code object, a program) to be disassembled first', () => {
    const elf = readFileSync('/usr/bin/true');
    expect(refusal(() => inputText(elf, 'k.cubin', 'listing'))).toMatch(/^k\.cubin:1:1: an ELF object .*: disassemble it first \(cuobjdump -sass k\.cubin for NVIDIA, llvm-objdump -d k\.cubin for AMDGPU\)$/);
  });

  it('locates the first byte of binary data by offset, line and column', () => {
    expect(refusal(() => inputText(bytes('MOV R1, R2 ;\nEX\u0000IT ;\n'), 'k.sass', 'listing'))).toBe('k.sass:2:3: binary data (byte 0x00 at offset 15): expected a text listing (GPU assembly)');
    // A byte that breaks UTF-8 (Latin-1 é) after a multi-byte character: the column counts characters.
    expect(refusal(() => inputText(Uint8Array.from([...bytes('≥ caf'), 0xe9]), 'k.s', 'listing'))).toBe('k.s:1:6: binary data (byte 0xe9 at offset 7): expected a text listing (GPU assembly)');
    // A sequence cut short at the end of the file, an overlong form, a surrogate.
    expect(refusal(() => inputText(Uint8Array.from([0x41, 0xe2, 0x89]), 'k.s', 'listing'))).toMatch(/byte 0xe2 at offset 1/);
    expect(refusal(() => inputText(Uint8Array.from([0xc0, 0x80]), 'k.s', 'listing'))).toMatch(/byte 0xc0 at offset 0/);
    expect(refusal(() => inputText(Uint8Array.from([0xed, 0xa0, 0x80]), 'k.s', 'listing'))).toMatch(/byte 0xa0 at offset 1/);
  });

  it('refuses random bytes (fixed seeds) with a located error, never returns them as text', () => {
    for (const seed of [1, 2, 3, 42, 2026]) {
      const message = refusal(() => inputText(seededBytes(4096, seed), 'random.sass', 'listing'));
      expect(message).toMatch(/^random\.sass:\d+:\d+: (binary data \(byte 0x[0-9a-f]{2} at offset \d+\): expected a text listing|.*compressed|an ELF object|a zip archive)/);
    }
  });
});

describe('inputText: what Windows does to a text', () => {
  const bom = (text: string) => Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes(text)]);

  it('drops a UTF-8 byte-order mark and makes CR LF line ends LF, for every kind of input', () => {
    for (const [file, what] of [['k.sass', 'listing'], ['p.hp', 'program'], ['s.json', 'scenario'], ['c.comp', 'program'], ['all.txt', 'input']] as const) {
      expect(inputText(bom('a\r\nb\r\n'), file, what)).toBe('a\nb\n');
      expect(inputText(bytes('a\r\nb'), file, what)).toBe('a\nb');
    }
    // A lone CR (no LF after it) is left alone; so is a mark that is not in front.
    expect(inputText(bytes('a\rb\n'), 'k.sass', 'listing')).toBe('a\rb\n');
    expect(inputText(bytes('a\ufeffb\n'), 'k.sass', 'listing')).toBe('a\ufeffb\n');
  });

  it('decodes UTF-16 with its byte-order mark (what PowerShell 5 redirects to a file)', () => {
    const text = 'code for sm_75\r\n\tFunction : café\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(inputText(le, 'k.sass', 'listing')).toBe('code for sm_75\n\tFunction : café\n');
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
    expect(inputText(be, 'k.sass', 'listing')).toBe('code for sm_75\n\tFunction : café\n');
    // An odd byte at the end is no UTF-16 text; a control character in it is binary data as in UTF-8.
    expect(refusal(() => inputText(Buffer.concat([le, Buffer.from([0x41])]), 'k.sass', 'listing'))).toBe('k.sass:3:1: binary data (not UTF-16 LE text after its byte-order mark): expected a text listing (GPU assembly)');
    expect(refusal(() => inputText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('ab\u0001', 'utf16le')]), 'k.sass', 'listing'))).toBe('k.sass:1:3: binary data (character 0x01 at offset 2): expected a text listing (GPU assembly)');
  });

  it('locates binary data and empty files after a mark as without one', () => {
    expect(refusal(() => inputText(bom('MOV R1, R2 ;\nEX\u0000IT ;\n'), 'k.sass', 'listing'))).toBe('k.sass:2:3: binary data (byte 0x00 at offset 18): expected a text listing (GPU assembly)');
    expect(refusal(() => inputText(bom('ab\u0000'), 'k.sass', 'listing'))).toBe('k.sass:1:3: binary data (byte 0x00 at offset 5): expected a text listing (GPU assembly)');
    expect(refusal(() => inputText(bom(''), 'k.sass', 'listing'))).toBe('k.sass:1:1: empty file: expected a text listing (GPU assembly)');
    expect(refusal(() => inputText(bom('\r\n'), 'p.hp', 'program'))).toBe('p.hp:1:1: empty file (only white space): expected a text program in .hp notation');
  });

  it('normalizeInputText does the same to a text handed over', () => {
    expect(normalizeInputText('\ufeffa\r\nb')).toBe('a\nb');
  });
});

describe('checkInputText (a text handed over rather than read)', () => {
  it('refuses an empty text and control characters, located', () => {
    expect(refusal(() => checkInputText('', '<input>', 'input'))).toBe('<input>:1:1: empty file: expected a text listing or program');
    expect(refusal(() => checkInputText('a\nbc\u0001', 'k.sass', 'listing'))).toBe('k.sass:2:3: binary data (character 0x01 at offset 4): expected a text listing (GPU assembly)');
    expect(refusal(() => checkInputText('MOV R1, R2 ;\n', 'k.sass', 'listing'))).toBe('read');
  });
});

describe('readInputFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hazardproof-read-'));
  const file = (name: string, content: string | Uint8Array) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  it('reads a text file as it is', () => {
    expect(readInputFile(file('ok.hp', '.pipe alu fixed 4: MOV\n'), 'program')).toBe('.pipe alu fixed 4: MOV\n');
  });

  it('reads a file saved on Windows (a byte-order mark, CR LF) as the same text', () => {
    const windows = Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('.pipe alu fixed 4: MOV\r\n')]);
    expect(readInputFile(file('windows.hp', windows), 'program')).toBe('.pipe alu fixed 4: MOV\n');
  });

  it('refuses what is no text, at the place it reads every input', () => {
    const empty = file('empty.sass', '');
    expect(refusal(() => readInputFile(empty, 'listing'))).toBe(`${empty}:1:1: empty file: expected a text listing (GPU assembly)`);
    const gz = file('k.s.gz', gzipSync('\t.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"\n'));
    expect(refusal(() => readInputFile(gz, 'listing'))).toBe(`${gz}:1:1: gzip-compressed: decompress it first (gunzip -k ${gz})`);
  });

  it('says why a file cannot be read: missing, or a folder', () => {
    expect(refusal(() => readInputFile(join(dir, 'absent.sass'), 'listing'))).toBe(`${join(dir, 'absent.sass')}:1:1: cannot read the listing: no such file`);
    expect(refusal(() => readInputFile(dir, 'listing'))).toBe(`${dir}:1:1: cannot read the listing: it is a folder, not a file`);
  });
});
