import type { ComponentUnit } from '../../reports/components/checkReport.js';
import { componentReadOptions, type ComponentLoadOptions } from './loadOptions.js';
import { componentNotationOf } from './notation.js';
import type { LoadedComponentProgram } from './program.js';
import { selectShaders } from './selectShaders.js';
import { componentUnitsOfText, loadComponentUnits } from './units.js';

/**
 * Reads a program of the component machine (seed 004): a `.comp` program, or a Mesa ir3 listing
 * (computerator `.asm`, CI `.log`) whose shaders each become a unit, ready for `checkComponents`.
 * @throws RangeError for an unknown `from`, or `shaders` naming a shader the file does not have.
 * @throws InputError with file, line and column for a mistake in the file.
 */
export function loadComponentProgram(file: string, options: ComponentLoadOptions = {}): LoadedComponentProgram {
  const { from, shaders } = componentReadOptions(options);
  return loaded(file, loadComponentUnits(file, from ?? componentNotationOf(file)), shaders);
}

/**
 * Parses a program of the component machine from text, as `loadComponentProgram` reads a file.
 * @param options.file names it in errors and reports (default `<program>`); without `from`,
 * its extension says the notation, as a file's does.
 * @throws RangeError for an unknown `from`, or `shaders` naming a shader the text does not have.
 * @throws InputError with file, line and column for a mistake in the text.
 */
export function parseComponentProgram(text: string, options: ComponentLoadOptions & { readonly file?: string } = {}): LoadedComponentProgram {
  const file = options.file ?? '<program>';
  const { from, shaders } = componentReadOptions(options);
  return loaded(file, componentUnitsOfText(text, file, from ?? componentNotationOf(file)), shaders);
}

function loaded(file: string, units: readonly ComponentUnit[], shaders: readonly string[]): LoadedComponentProgram {
  return { machine: 'components', file, units: selectShaders(units, shaders, 'shaders') };
}
