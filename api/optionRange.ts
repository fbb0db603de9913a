/** The accepted range of a whole-number option, both ends included. */
export type OptionRange = readonly [min: number, max: number];

/**
 * A whole-number option of a library call: `fallback` when it is not given, else the value if it
 * is a whole number within `range`. A `RangeError` names the option, so a caller sees which
 * argument is wrong without reading the library's code.
 */
export function wholeNumberOption(name: string, value: number | undefined, fallback: number, [min, max]: OptionRange): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new RangeError(`${name} must be a whole number from ${min} to ${max}, got ${value}`);
  return value;
}
