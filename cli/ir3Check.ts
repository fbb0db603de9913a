import { lowerIr3Shader } from '../format/ir3/lower.js';
import { parseIr3 } from '../format/ir3/parse.js';
import { readInputFile } from '../format/readInputFile.js';
import type { ComponentUnit } from '../reports/components/checkReport.js';

/** True for the files Mesa's ir3 tools write: computerator `.asm`, CI reference `.log`. */
export function isIr3File(file: string): boolean {
  return /\.(asm|log)$/i.test(file);
}

/**
 * Reads an ir3 listing for `hazardproof check`: each shader becomes a program of the component
 * machine (`format/ir3/lower.ts`), checked, reported, replayed and minimized like a `.comp`
 * program (`cli/componentCheck.ts`). What the lowering cannot follow blocks a proof. Throws
 * `InputError` for a listing with mistakes.
 */
export function ir3Units(file: string): ComponentUnit[] {
  const listing = parseIr3(readInputFile(file, 'listing'), file);
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
