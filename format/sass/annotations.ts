/**
 * The control information as CUDA 12.8's `cuobjdump -sass` and `nvdisasm` print it in words,
 * between an instruction's operands and its `;`, beside (cuobjdump) or instead of (nvdisasm
 * without `-hex`) the hexadecimal encodings:
 *
 * ```text
 * /*0120*\/  LDG.E R2, desc[UR6][R2.64]   &req={1} &wr=0x2  ?trans4;  /* 0x0000000602027981 *\/
 * /*0160*\/  IADD3 R0, PT, PT, R0, UR4, RZ                ?WAIT5_END_GROUP;  /* ... *\/
 * /*01f0*\/  BRA 0x1f0;                                                      /* ... *\/
 * ```
 *
 * No NVIDIA document describes this notation. What each word means was read off real listings
 * by decoding the 21-bit control field of the encoding printed on the same line
 * (`controlBits.ts`) and comparing, on every instruction of uliegecsm/reprospect @90e415c7,
 * tests/tools/binaries/sass/assets/12.8.1.sass and atomic_add.int64.sm_120.sass (CUDA 12.8.1,
 * sm_120, `cuobjdump -sass`; the same kernel dumped by CUDA 13.0.0, 13.0.0.sass there, prints no
 * annotations), and on nvdisasm output of the same tool generation (sm_120, without `-hex`)
 * quoted in other public repositories. Every line agrees with:
 *
 * - `&wr=0xN`: write scoreboard N (bits 7:5);
 * - `&rd=0xN`: read scoreboard N (bits 10:8);
 * - `&wr_early=0xN`: also the read-scoreboard field (bits 10:8). ptxas sets it where an
 *   instruction hands back a result early (`ATOM.E.ADD.64 P0, RZ, ...  &wr_early=0x0`, then
 *   `@P0 BRA ... &req={0}`); in the field it is the counter CuAssembler prints as `R0`, and it is
 *   read as the same control either way, exactly as the encoding is;
 * - `&req={a,b}`: the wait mask (bits 16:11), scoreboards a and b;
 * - `?transN`: stall N (bits 3:0), yield bit (4) set, i.e. no yield (CuAssembler's `-`);
 * - `?WAITN_END_GROUP`: stall N with the yield bit clear, the hint CuAssembler prints as `Y`
 *   ("end of an issue group");
 * - no word at all: every field zero or empty (stall 0, yield bit clear, no scoreboard), as the
 *   `BRA` and `NOP` padding after every kernel shows (encoding `0x000fc000...`).
 *
 * Reuse flags are not printed as annotations (they stay `.reuse` on the operands) and are not
 * part of the control record here.
 */
import type { Control } from '../../spec/scoreboard/program.js';
import { LineError } from '../lineSyntax.js';

/** Where an instruction's annotations start: a `&` or `?` after white space and before a letter (operands never start so). */
const START = /\s[&?][A-Za-z]/;

/** The forms this notation prints, for messages. */
const FORMS = "'&wr=0x1', '&rd=0x0', '&wr_early=0x0', '&req={0,1}', '?trans1' or '?WAIT5_END_GROUP'";

/** An instruction's text with its annotations taken out. */
export interface AnnotatedText {
  /** The text with the annotations blanked to spaces, so every column after them stays where it was written. */
  readonly text: string;
  /** The control the annotations state, or null when the line has none. */
  readonly control: Control | null;
  /** 1-based column of the first annotation (or where it would be: the end of the instruction), for messages. */
  readonly column: number;
}

/** The stated fields of a control while its words are read. */
interface Fields {
  write?: number;
  read?: { value: number; word: string };
  wait?: number[];
  schedule?: { stall: number; yieldHint: boolean };
}

/**
 * Takes the annotations out of `text`, the part of an instruction line after its address (and
 * without its encoding), which starts at 1-based `column`. A `;` after the annotations is kept.
 * Throws `LineError` at an unknown, repeated or out-of-range annotation.
 */
export function takeAnnotations(text: string, column: number): AnnotatedText {
  const found = START.exec(text);
  const body = text.replace(/;?\s*$/, '');
  if (found === null) {
    // Where the words would be: one space after the operands.
    const operands = text.replace(/\s*;?\s*$/, '');
    return { text, control: null, column: column + operands.length + (operands.length < text.length ? 1 : 0) };
  }
  const begin = found.index + 1;
  const region = text.slice(begin, body.length);
  const fields: Fields = {};
  for (const word of region.matchAll(/\S+/g)) {
    readWord(word[0], column + begin + word.index, fields);
  }
  const blanked = text.slice(0, begin) + ' '.repeat(region.length) + text.slice(body.length);
  return { text: blanked, control: controlOf(fields), column: column + begin };
}

/** Reads one annotation word into `fields`. */
function readWord(word: string, column: number, fields: Fields): void {
  const scoreboard = /^&(wr|rd|wr_early)=(.*)$/.exec(word);
  if (scoreboard) {
    const value = scoreboardValue(scoreboard[2]!, column + scoreboard[1]!.length + 2);
    if (scoreboard[1] === 'wr') {
      if (fields.write !== undefined) throw new LineError(column, `expected one '&wr=' on an instruction, got a second: '${word}'`);
      fields.write = value;
    } else {
      // `&rd=` and `&wr_early=` print the same field of the encoding: one instruction has one.
      if (fields.read !== undefined) throw new LineError(column, `expected one of '&rd=' and '&wr_early=' on an instruction (both print its read-scoreboard field), got '${word}' after '${fields.read.word}'`);
      fields.read = { value, word };
    }
    return;
  }
  const wait = /^&req=\{(.*)\}$/.exec(word);
  if (wait) {
    if (fields.wait !== undefined) throw new LineError(column, `expected one '&req={...}' on an instruction, got a second: '${word}'`);
    const items = wait[1]!.split(',');
    fields.wait = items.map((item, index) => {
      const at = column + 6 + items.slice(0, index).join(',').length + (index > 0 ? 1 : 0);
      if (!/^[0-9]$/.test(item)) throw new LineError(at, `expected scoreboard numbers 0 to 5 separated by ',' in '&req={...}', got '${item}'`);
      return scoreboardNumber(Number(item), at, item);
    });
    return;
  }
  const schedule = /^\?(?:trans(\d+)|WAIT(\d+)_END_GROUP)$/.exec(word);
  if (schedule) {
    if (fields.schedule !== undefined) throw new LineError(column, `expected one '?trans' or '?WAIT..._END_GROUP' on an instruction, got a second: '${word}'`);
    const digits = schedule[1] ?? schedule[2]!;
    const stall = Number(digits);
    if (stall > 15) throw new LineError(column + word.indexOf(digits), `expected a stall of 0 to 15 cycles, got ${digits}`);
    fields.schedule = { stall, yieldHint: schedule[2] !== undefined };
    return;
  }
  throw new LineError(column, `expected a scheduling annotation like ${FORMS}, got '${word}'`);
}

/** `0x2` -> 2, located at `column`; a scoreboard 0 to 5. */
function scoreboardValue(text: string, column: number): number {
  if (!/^0x[0-9a-fA-F]+$/.test(text)) throw new LineError(column, `expected a scoreboard number like 0x0 to 0x5, got '${text}'`);
  return scoreboardNumber(parseInt(text.slice(2), 16), column, text);
}

/** A scoreboard number as the encoding can hold one: 0 to 5 (7 is "none", which no annotation prints). */
function scoreboardNumber(value: number, column: number, text: string): number {
  if (value > 5) throw new LineError(column, `expected a scoreboard 0 to 5 (NVIDIA GPUs have 6), got ${text}`);
  return value;
}

/** The control record of the stated fields; what is not stated is zero or empty, as the encoding then is. */
function controlOf(fields: Fields): Control {
  return {
    wait: [...new Set(fields.wait ?? [])].sort((a, b) => a - b),
    readScoreboard: fields.read?.value ?? null,
    writeScoreboard: fields.write ?? null,
    yield: fields.schedule?.yieldHint ?? true,
    stall: fields.schedule?.stall ?? 0,
  };
}

/** The control of a line that has no annotations in a listing that prints them: all fields zero or empty. */
export const UNANNOTATED: Control = { wait: [], readScoreboard: null, writeScoreboard: null, yield: true, stall: 0 };

/**
 * A control as this notation prints it (`&req={1} &wr=0x2 ?trans4`; `(none)` for the control
 * printed as no words), for messages that compare two controls.
 */
export function printAnnotations(control: Control): string {
  const words: string[] = [];
  if (control.wait.length > 0) words.push(`&req={${control.wait.join(',')}}`);
  if (control.readScoreboard !== null) words.push(`&rd=0x${control.readScoreboard.toString(16)}`);
  if (control.writeScoreboard !== null) words.push(`&wr=0x${control.writeScoreboard.toString(16)}`);
  if (!control.yield) words.push(`?trans${control.stall}`);
  else if (control.stall > 0) words.push(`?WAIT${control.stall}_END_GROUP`);
  return words.length > 0 ? words.join(' ') : '(none)';
}

/** True when two controls are the same record (the yield hint included: the encoding holds it). */
export function sameControl(a: Control, b: Control): boolean {
  return a.stall === b.stall && a.yield === b.yield && a.readScoreboard === b.readScoreboard && a.writeScoreboard === b.writeScoreboard && a.wait.join(',') === b.wait.join(',');
}
