/** A token of one `.hp` line with its 1-based column. */
export interface Token {
  readonly text: string;
  readonly column: number;
  readonly kind: 'word' | 'number' | 'punct' | 'control' | 'other';
}

/** Strips a `#` or `//` comment; returns the code part of the line. */
export function stripComment(line: string): string {
  let end = line.length;
  const hash = line.indexOf('#');
  if (hash >= 0) end = hash;
  const slashes = line.indexOf('//');
  if (slashes >= 0 && slashes < end) end = slashes;
  return line.slice(0, end);
}

const PATTERNS: readonly [Token['kind'], RegExp][] = [
  ['control', /\[[^\]]*\]?/y],
  ['punct', /<-|[,:]/y],
  ['number', /-?[0-9][0-9A-Za-z_.+]*/y],
  ['word', /[A-Za-z_.!][A-Za-z0-9_.!]*/y],
  ['other', /\S/y],
];

/** Splits the code part of a line into tokens; whitespace separates, `,` `:` `<-` stand alone. */
export function tokenize(code: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  while (position < code.length) {
    const space = /\s+/y;
    space.lastIndex = position;
    if (space.exec(code)) {
      position = space.lastIndex;
      continue;
    }
    for (const [kind, pattern] of PATTERNS) {
      pattern.lastIndex = position;
      const match = pattern.exec(code);
      if (match) {
        tokens.push({ text: match[0], column: position + 1, kind });
        position = pattern.lastIndex;
        break;
      }
    }
  }
  return tokens;
}
