/**
 * What `load` reads: a path (`-` for standard input), or a text. A text is an object, not a bare
 * string, so that a one-line program can never be taken for a file name (or a file name for a
 * program).
 */
export type InputSource = string | InputText;

/** An input given as text. */
export interface InputText {
  readonly text: string;
  /**
   * The name errors and reports give it (default `<input>`). Its extension counts as a file's
   * does (`kernel.cuasm`, `shader.asm`, `program.comp`), so a text is recognised as that file is.
   */
  readonly file?: string;
}
