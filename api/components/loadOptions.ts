import { COMPONENT_NOTATIONS, type ComponentNotation } from './notation.js';

/** How `loadComponentProgram` and `parseComponentProgram` read a file. */
export interface ComponentLoadOptions {
  /** The notation (default: `ir3` for `.asm` and `.log` files, `comp` otherwise). */
  readonly from?: ComponentNotation;
  /** ir3: the numbers of the shaders to keep (default: every shader). */
  readonly shaders?: readonly number[];
}

/** The options resolved: the notation, and the shaders as the selection compares them (numbers as written). */
export interface ComponentReadOptions {
  readonly from: ComponentNotation | null;
  readonly shaders: readonly string[];
}

/**
 * Checks the options.
 * @throws RangeError naming the option whose value no file can have (an unknown notation, a shader number that is not a whole number).
 */
export function componentReadOptions(options: ComponentLoadOptions): ComponentReadOptions {
  const { from, shaders } = options;
  if (from !== undefined && !COMPONENT_NOTATIONS.includes(from)) {
    // NVIDIA listings are read by another loader: say which.
    throw new RangeError(`from must be ${COMPONENT_NOTATIONS.join(' or ')}, got '${String(from)}' (NVIDIA listings: loadListing)`);
  }
  if (shaders !== undefined && (!Array.isArray(shaders) || shaders.some((shader) => !Number.isSafeInteger(shader) || shader < 0))) {
    throw new RangeError(`shaders must be an array of shader numbers (whole numbers from 0), got ${JSON.stringify(shaders)}`);
  }
  return { from: from ?? null, shaders: (shaders ?? []).map(String) };
}
