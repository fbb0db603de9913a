/**
 * `node:crypto` in the page: `randomInt`, which the library draws a seed with when a run is given
 * none (the page always gives one), from the browser's own generator.
 */

/** `crypto.randomInt(min, max)`: a whole number from `min` up to but not including `max`. */
export function randomInt(min: number, max: number): number {
  const range = max - min;
  // Rejection sampling: no value is likelier than another, as Node's is not either.
  const limit = Math.floor(0x1_0000_0000 / range) * range;
  const word = new Uint32Array(1);
  do globalThis.crypto.getRandomValues(word); while (word[0]! >= limit);
  return min + (word[0]! % range);
}
