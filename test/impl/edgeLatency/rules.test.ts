import { describe, expect, it } from 'vitest';
import { componentDistance, componentMask, componentString, edgeLatency, instructionDistance, maskDistance } from '../../../impl/edgeLatency/rules.js';

describe('seed 004 terms, on the seed\'s own examples', () => {
  it('component masks: an incrementing operand walks XYZW (wrapping), a kept one is one component', () => {
    expect(componentMask('X', 3, true)).toEqual(['X', 'Y', 'Z']);
    expect(componentMask('Y', 3, true)).toEqual(['Y', 'Z', 'W']);
    expect(componentMask('Y', 4, true)).toEqual(['Y', 'Z', 'W', 'X']);
    expect(componentMask('Z', 2, false)).toEqual(['Z']);
  });

  it('component string and distance: XYZW + XY = XYZWXY, X and Y at 3, Z and W infinite', () => {
    const string = componentString(['X', 'Y', 'Z', 'W'], ['X', 'Y']);
    expect(string.join('')).toBe('XYZWXY');
    expect(componentDistance('X', string)).toBe(3);
    expect(componentDistance('Y', string)).toBe(3);
    expect(componentDistance('Z', string)).toBe(Infinity);
    expect(componentDistance('W', string)).toBe(Infinity);
  });

  it('mask and instruction distance: R.XYZ read as XYZX-like X and as Y give 2 and 1, the instruction distance 1', () => {
    expect(maskDistance(['X', 'Y', 'Z'], ['X'])).toBe(2);
    expect(maskDistance(['X', 'Y', 'Z'], ['Y'])).toBe(1);
    expect(instructionDistance(['X', 'Y', 'Z'], [['X'], ['Y']])).toBe(1);
    // The fmac fragment: destination Z (fmac keeps its index), source YZ: distance 1.
    expect(maskDistance(['Z'], ['Y', 'Z'])).toBe(1);
  });

  it('edge latencies: ALU 5 with distance 2 is 3; false dependences and non-deterministic producers are 1', () => {
    expect(edgeLatency('flow', 5, 2)).toBe(3);
    expect(edgeLatency('flow', 4, 1)).toBe(3);
    expect(edgeLatency('flow', 2, 3)).toBe(1);
    expect(edgeLatency('flow', 'nondeterministic', 0)).toBe(1);
    expect(edgeLatency('anti', 5, 0)).toBe(1);
    expect(edgeLatency('output', 5, 0)).toBe(1);
  });
});
