import type { Control } from '../../spec/scoreboard/program.js';

/** Where each part of a parsed control field starts (1-based columns), for later range checks. */
export interface ControlColumns {
  /** Column of each scoreboard digit in the wait mask, parallel to `control.wait`. */
  readonly wait: readonly number[];
  readonly readScoreboard: number;
  readonly writeScoreboard: number;
  readonly stall: number;
}

/** A control field, or the problem that made it unreadable. */
export type ControlParse =
  | { readonly ok: true; readonly control: Control; readonly columns: ControlColumns }
  | { readonly ok: false; readonly column: number; readonly message: string };

const EXPECTED = 'expected a control field like [B------:R-:W-:-:S01]';

/**
 * Parses a CuAssembler control field `[B01--4-:R0:W2:Y:S04]` that starts at `column`. An older
 * 4-character reuse field in front (`[----:B------:...]`) is accepted and ignored. Scoreboard
 * positions 10..15 use the hex digits a..f.
 */
export function parseControl(text: string, column: number): ControlParse {
  const fail = (offset: number, message: string): ControlParse => ({ ok: false, column: column + offset, message });
  if (!text.endsWith(']')) return fail(0, `${EXPECTED}: missing ']'`);
  const parts = text.slice(1, -1).split(':');
  const starts: number[] = [];
  let offset = 1;
  for (const part of parts) {
    starts.push(offset);
    offset += part.length + 1;
  }
  if (parts.length === 6 && /^[-A-Za-z0-9]{4}$/.test(parts[0]!)) {
    parts.shift();
    starts.shift();
  }
  if (parts.length !== 5) return fail(0, `${EXPECTED}: found ${parts.length} ':'-separated fields, expected 5`);
  const [waitField, readField, writeField, yieldField, stallField] = parts as [string, string, string, string, string];
  const [waitAt, readAt, writeAt, yieldAt, stallAt] = starts as [number, number, number, number, number];

  if (!/^B.{1,16}$/.test(waitField)) return fail(waitAt, `expected the wait mask 'B' followed by one character per scoreboard, got '${waitField}'`);
  const wait: number[] = [];
  const waitColumns: number[] = [];
  for (let position = 0; position < waitField.length - 1; position++) {
    const char = waitField[position + 1]!;
    if (char === '-') continue;
    const digit = position.toString(16);
    if (char.toLowerCase() !== digit) {
      return fail(waitAt + 1 + position, `wait mask position ${position} must be '-' or '${digit}', got '${char}'`);
    }
    wait.push(position);
    waitColumns.push(column + waitAt + 1 + position);
  }
  const readScoreboard = scoreboardField(readField, 'R');
  if (readScoreboard === undefined) return fail(readAt, `expected the read scoreboard 'R' followed by a scoreboard digit or '-', got '${readField}'`);
  const writeScoreboard = scoreboardField(writeField, 'W');
  if (writeScoreboard === undefined) return fail(writeAt, `expected the write scoreboard 'W' followed by a scoreboard digit or '-', got '${writeField}'`);
  if (yieldField !== 'Y' && yieldField !== '-') return fail(yieldAt, `expected the yield flag 'Y' or '-', got '${yieldField}'`);
  const stallMatch = /^S(\d{1,2})$/.exec(stallField);
  if (!stallMatch) return fail(stallAt, `expected the stall 'S' followed by a decimal count 0..15, got '${stallField}'`);
  const stall = Number(stallMatch[1]);
  if (stall > 15) return fail(stallAt + 1, `stall ${stall} out of range: expected 0..15`);
  return {
    ok: true,
    control: { wait, readScoreboard, writeScoreboard, yield: yieldField === 'Y', stall },
    columns: {
      wait: waitColumns,
      readScoreboard: column + readAt + 1,
      writeScoreboard: column + writeAt + 1,
      stall: column + stallAt + 1,
    },
  };
}

/** `R3` -> 3, `R-` -> null, anything else -> undefined. Hex digits name scoreboards 10..15. */
function scoreboardField(field: string, letter: string): number | null | undefined {
  if (field.length !== 2 || field[0] !== letter) return undefined;
  if (field[1] === '-') return null;
  return /^[0-9a-fA-F]$/.test(field[1]!) ? parseInt(field[1]!, 16) : undefined;
}

/** Prints a control record in the notation `parseControl` reads; the wait mask shows at least 6 positions. */
export function printControl(control: Control, scoreboards: number): string {
  const width = Math.max(6, scoreboards);
  let mask = '';
  for (let position = 0; position < width; position++) {
    mask += control.wait.includes(position) ? position.toString(16) : '-';
  }
  const index = (value: number | null) => (value === null ? '-' : value.toString(16));
  const stall = control.stall.toString().padStart(2, '0');
  return `[B${mask}:R${index(control.readScoreboard)}:W${index(control.writeScoreboard)}:${control.yield ? 'Y' : '-'}:S${stall}]`;
}
