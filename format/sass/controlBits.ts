/**
 * The 21-bit control field every NVIDIA instruction encoding since Maxwell carries (`splitCode` in
 * CuAssembler's CuAsm/CuControlCode.py @96a9f72b, `decodeDepInfo` in nvaa's src/NVT/RawInst.hs
 * @12238fce): stall [3:0], yield [4] (0 = yield, printed `Y`), write scoreboard [7:5] and read
 * scoreboard [10:8] (7 = none), wait mask [16:11] (bit i = scoreboard i), register reuse [20:17]
 * (ignored here). On sm_70 and later it is `(high >> 41) & 0x1fffff` of the 128-bit instruction.
 */
import type { Control } from '../../spec/scoreboard/program.js';
import { LineError } from '../lineSyntax.js';

/** The control of 21 bits; a scoreboard field of 6 (no such scoreboard) is a `LineError` at `column`. */
export function decodeControlBits(bits: number, column: number): Control {
  const write = (bits >> 5) & 7;
  const read = (bits >> 8) & 7;
  for (const [value, what] of [[write, 'write'], [read, 'read']] as const) {
    if (value === 6) throw new LineError(column, `expected a ${what} scoreboard 0..5 or 7 (none) in this control field, got 6`);
  }
  const mask = (bits >> 11) & 0x3f;
  return {
    wait: [0, 1, 2, 3, 4, 5].filter((bit) => (mask & (1 << bit)) !== 0),
    readScoreboard: read === 7 ? null : read,
    writeScoreboard: write === 7 ? null : write,
    yield: ((bits >> 4) & 1) === 0,
    stall: bits & 0xf,
  };
}
