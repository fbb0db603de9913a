import type { HtmlListing } from './report.js';

/** Files up to this many lines are listed whole; longer ones only around the lines the report refers to. */
export const MAX_WHOLE_LISTING_LINES = 3000;
/** Lines shown on each side of a referenced line in a long file. */
const CONTEXT_LINES = 4;
/** Most referenced lines a long file's listing shows context for. */
const MAX_REFERENCED = 400;

/**
 * The listing of a text for a report page: every line when the text is short, else the lines
 * within a few lines of `referenced` (the lines charts link to) and of `highlighted`.
 */
export function textListing(caption: string, text: string, anchorPrefix: string, highlighted: readonly number[], referenced: readonly number[]): HtmlListing {
  const all = text.replace(/\r?\n$/, '').split(/\r?\n/);
  let numbers: number[];
  if (all.length <= MAX_WHOLE_LISTING_LINES) {
    numbers = all.map((_, index) => index + 1);
  } else {
    const wanted = new Set<number>();
    const around = [...new Set([...highlighted, ...referenced])].sort((a, b) => a - b).slice(0, MAX_REFERENCED);
    for (const line of around) {
      for (let number = line - CONTEXT_LINES; number <= line + CONTEXT_LINES; number++) if (number >= 1 && number <= all.length) wanted.add(number);
    }
    numbers = [...wanted].sort((a, b) => a - b);
  }
  return { caption, anchorPrefix, lines: numbers.map((number) => ({ number, text: all[number - 1]! })), highlighted };
}
