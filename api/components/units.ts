import { parseComponentProgram } from '../../format/components/parse.js';
import { lowerIr3Shader } from '../../format/ir3/lower.js';
import { parseIr3 } from '../../format/ir3/parse.js';
import { readInputFile } from '../../format/readInputFile.js';
import type { ComponentUnit } from '../../reports/components/checkReport.js';
import type { ComponentNotation } from './notation.js';

/**
 * The units of one file of the component machine: a `.comp` program is one; an ir3 listing has
 * one per shader, lowered to the machine (`format/ir3/lower.ts`), and what the lowering cannot
 * follow blocks that shader's proof. Throws `InputError` for a mistake, at its line and column.
 */
export function componentUnitsOfText(text: string, file: string, notation: ComponentNotation): ComponentUnit[] {
  if (notation === 'comp') {
    const parsed = parseComponentProgram(text, file);
    return [{ file, shader: null, selector: '', program: parsed.program, blocked: null, instructions: parsed.program.instructions.length }];
  }
  const listing = parseIr3(text, file);
  // One shader needs no `--kernel N` to be replayed; several do.
  const several = listing.shaders.length > 1;
  return listing.shaders.map((shader) => {
    const lowered = lowerIr3Shader(shader);
    const note = lowered.notes[0];
    return {
      file: listing.file,
      shader: shader.index,
      selector: several ? ` --kernel ${shader.index}` : '',
      program: lowered.program,
      blocked: note === undefined ? null : `line ${note.line}: ${note.message}`,
      instructions: shader.instructions.length,
    };
  });
}

/** Reads a file of the component machine and returns its units; an unreadable file is an `InputError` too. */
export function loadComponentUnits(file: string, notation: ComponentNotation): ComponentUnit[] {
  return componentUnitsOfText(readInputFile(file, notation === 'ir3' ? 'listing' : 'program'), file, notation);
}
