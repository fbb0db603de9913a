/**
 * The notations of the component machine's programs: `comp`, hazardproof's `.comp` programs
 * (repeated scalar instructions over XYZW), and `ir3`, Mesa's Adreno assembly (computerator
 * `.asm`, CI reference `.log`), each shader of which becomes a program of the machine.
 */
export type ComponentNotation = 'comp' | 'ir3';

/** Every notation of the component machine. */
export const COMPONENT_NOTATIONS: readonly ComponentNotation[] = ['comp', 'ir3'];

/** True for the files Mesa's ir3 tools write: computerator `.asm`, CI reference `.log`. */
export function isIr3File(file: string): boolean {
  return /\.(asm|log)$/i.test(file);
}

/** True for programs of the component machine written in `.comp` notation (`format/components/parse.ts`). */
export function isComponentFile(file: string): boolean {
  return /\.comp$/i.test(file);
}

/** The notation a file's name says: `ir3` for `.asm` and `.log`, `comp` for anything else. */
export function componentNotationOf(file: string): ComponentNotation {
  return isIr3File(file) ? 'ir3' : 'comp';
}
