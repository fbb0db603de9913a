/**
 * Wait instructions decoded into per-counter limits: symbolic and encoded `s_waitcnt` on each
 * pre-gfx12 field layout, the gfx10/gfx11 single-counter forms, gfx12's `s_wait_*`, and the
 * malformed or foreign ones.
 */
import { describe, expect, it } from 'vitest';
import { decodeWait, WaitSyntaxError } from '../../../format/amdgpu/waits.js';

describe('decodeWait', () => {
  it('reads the symbolic form; an omitted counter, or one at its largest value, is not waited for', () => {
    expect(decodeWait('s_waitcnt', 'vmcnt(0) lgkmcnt(0)', 'gfx9')).toEqual([{ counter: 'vmcnt', limit: 0 }, { counter: 'lgkmcnt', limit: 0 }]);
    expect(decodeWait('s_waitcnt', 'vmcnt(1), expcnt(2) & lgkmcnt(3)', 'gfx11')).toEqual([{ counter: 'vmcnt', limit: 1 }, { counter: 'expcnt', limit: 2 }, { counter: 'lgkmcnt', limit: 3 }]);
    expect(decodeWait('s_waitcnt', 'vmcnt(63) lgkmcnt(15)', 'gfx9')).toEqual([]);
    expect(decodeWait('s_waitcnt', 'lgkmcnt_sat(100)', 'gfx9')).toEqual([]);
    expect(decodeWait('s_waitcnt', 'vmcnt_sat(100) lgkmcnt(20)', 'gfx10.3')).toEqual([{ counter: 'lgkmcnt', limit: 20 }]);
  });

  it('decodes an encoded immediate with the generation\'s field layout', () => {
    // gfx9: vmcnt 3:0 and 15:14, expcnt 6:4, lgkmcnt 11:8. 0xc07f: vmcnt 0b11_1111 = 63 (no wait), expcnt 7 (no wait), lgkmcnt 0.
    expect(decodeWait('s_waitcnt', '0xc07f', 'gfx9')).toEqual([{ counter: 'lgkmcnt', limit: 0 }]);
    // vmcnt 17 = 0b01_0001: low 1 at 3:0, high 1 at 15:14; lgkmcnt 15 (no wait on gfx9), expcnt 7.
    expect(decodeWait('s_waitcnt', String(0x4000 | 0x0f70 | 1), 'gfx9')).toEqual([{ counter: 'vmcnt', limit: 17 }]);
    // gfx10.3: lgkmcnt grows to 13:8, so 0x0f00 there is 15, a real wait.
    expect(decodeWait('s_waitcnt', String(0xc000 | 0x0f00 | 0x7f), 'gfx10.3')).toEqual([{ counter: 'lgkmcnt', limit: 15 }]);
    // gfx11: vmcnt 15:10, lgkmcnt 9:4, expcnt 2:0; 0 waits for all three.
    expect(decodeWait('s_waitcnt', '0', 'gfx11')).toEqual([{ counter: 'vmcnt', limit: 0 }, { counter: 'expcnt', limit: 0 }, { counter: 'lgkmcnt', limit: 0 }]);
    expect(decodeWait('s_waitcnt', String((2 << 10) | (63 << 4) | 7), 'gfx11')).toEqual([{ counter: 'vmcnt', limit: 2 }]);
  });

  it('reads the single-counter forms, and cannot read a count held in a register', () => {
    expect(decodeWait('s_waitcnt_vscnt', 'null, 0x0', 'gfx10.3')).toEqual([{ counter: 'vscnt', limit: 0 }]);
    expect(decodeWait('s_waitcnt_lgkmcnt', 'null, 2', 'gfx11')).toEqual([{ counter: 'lgkmcnt', limit: 2 }]);
    expect(decodeWait('s_waitcnt_vscnt', 's0, 0x0', 'gfx11')).toHaveProperty('unsupported');
  });

  it('reads gfx12 waits, the combined ones with loadcnt or storecnt at bit 8', () => {
    expect(decodeWait('s_wait_loadcnt', '0x7', 'gfx12')).toEqual([{ counter: 'loadcnt', limit: 7 }]);
    expect(decodeWait('s_wait_kmcnt', '0x0', 'gfx12')).toEqual([{ counter: 'kmcnt', limit: 0 }]);
    expect(decodeWait('s_wait_loadcnt_dscnt', '0x0', 'gfx12')).toEqual([{ counter: 'loadcnt', limit: 0 }, { counter: 'dscnt', limit: 0 }]);
    expect(decodeWait('s_wait_storecnt_dscnt', '0x23f', 'gfx12')).toEqual([{ counter: 'storecnt', limit: 2 }]);
    expect(decodeWait('s_waitcnt', 'vmcnt(0)', 'gfx12')).toHaveProperty('unsupported');
  });

  it('rejects counts out of range, foreign waits and garbage', () => {
    const message = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        if (error instanceof WaitSyntaxError) return `${error.offset}: ${error.message}`;
        throw error;
      }
      return 'accepted';
    };
    expect(message(() => decodeWait('s_waitcnt', 'vmcnt(0) lgkmcnt(16)', 'gfx9'))).toBe('9: lgkmcnt counts 0..15, got 16');
    expect(message(() => decodeWait('s_waitcnt', 'vmcnt(0) foo', 'gfx9'))).toBe("9: expected vmcnt(N), expcnt(N) or lgkmcnt(N), got 'foo'");
    expect(message(() => decodeWait('s_waitcnt_vscnt', 'null, 0', 'gfx9'))).toBe('-1: s_waitcnt_vscnt does not exist on gfx9 (it has vmcnt, expcnt, lgkmcnt)');
    expect(message(() => decodeWait('s_wait_loadcnt', '0', 'gfx11'))).toBe('-1: s_wait_loadcnt is a gfx12 wait; gfx11 waits with s_waitcnt');
    expect(message(() => decodeWait('s_wait_kmcnt', '0x20', 'gfx12'))).toBe('0: kmcnt counts 0..31 on gfx12, got 32');
  });
});
