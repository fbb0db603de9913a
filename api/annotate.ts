import { printLrcProgram } from '../format/lrc/print.js';
import { printProgram } from '../format/hp/print.js';
import { annotateProgram } from '../impl/annotate/annotate.js';
import { annotateLrcProgram } from '../impl/lrc/annotate.js';
import { parseProgram, toProgram, type HazardproofProgram, type ProgramInput } from './program.js';
import { stopPredicate, type StopOptions } from './stop.js';

/** Options of `annotate`. */
export interface AnnotateOptions extends StopOptions {
  /** Width of a scoreboard counter in bits (default 6). */
  readonly scoreboardBits?: number;
}

/** An annotated program, its text, and what the pass did. */
export interface AnnotateResult {
  /** The annotated program, parsed from `text` (named like the input). */
  readonly program: HazardproofProgram;
  /** Its canonical `.hp` text, as `hazardproof annotate` writes it. */
  readonly text: string;
  /** One line per decision worth knowing (a scoreboard reused, a DEPBAR placed, ...). */
  readonly notes: readonly string[];
  /** Why the pass stopped early (time budget, abort), or null when it finished. */
  readonly stoppedBy: string | null;
}

/**
 * The reference compiler pass: computes scoreboards, wait masks, stall counts and DEPBARs for a
 * scoreboard program (seed 000/003), or the dependency flags of an LRC program (seed 002).
 */
export function annotate(program: ProgramInput, options: AnnotateOptions = {}): AnnotateResult {
  const loaded = toProgram(program);
  const file = loaded.parsed.file;
  if (loaded.machine === 'lrc') {
    const annotated = annotateLrcProgram(loaded.parsed.program);
    const text = printLrcProgram(annotated.program);
    return { program: parseProgram(text, { file }), text, notes: [], stoppedBy: null };
  }
  const annotated = annotateProgram(loaded.parsed.program, 2 ** (options.scoreboardBits ?? 6) - 1, stopPredicate(options));
  const text = printProgram(annotated.program);
  return { program: parseProgram(text, { file }), text, notes: annotated.notes, stoppedBy: annotated.stoppedBy };
}
