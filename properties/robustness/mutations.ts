/**
 * Mutations of input files, as plain data (so fast-check prints and shrinks them): the kinds of
 * damage a fuzzing campaign does to real inputs. Positions are natural numbers taken modulo the
 * size of the text they apply to, so every mutation applies to every text.
 */
import fc from 'fast-check';

/** One change to a text. */
export type Mutation =
  | { readonly kind: 'delete-line'; readonly line: number }
  | { readonly kind: 'duplicate-lines'; readonly line: number; readonly count: number; readonly times: number }
  | { readonly kind: 'swap-lines'; readonly first: number; readonly second: number }
  | { readonly kind: 'replace-number'; readonly number: number; readonly token: string }
  | { readonly kind: 'deep-nesting'; readonly at: number; readonly depth: number; readonly open: '[' | '{"a":' }
  | { readonly kind: 'truncate'; readonly at: number }
  | { readonly kind: 'insert-bytes'; readonly at: number; readonly bytes: string }
  | { readonly kind: 'replace-char'; readonly at: number; readonly char: string };

/**
 * Numbers a mutation puts where the input had one: past every range, past 2^53 (where doubles
 * stop counting exactly), past 2^64, negative, hex, things `Number()` reads as NaN or Infinity,
 * and a few ordinary values at the edges of typical ranges.
 */
export const HOSTILE_NUMBERS: readonly string[] = [
  '0', '1', '-1', '2', '15', '16', '63', '64', '65', '255', '256', '1024', '65536', '1000000', '-999999',
  '4294967296', '9007199254740993', '18446744073709551616', '99999999999999999999999',
  '0x0', '0x10', '0xFF', '0x7fffffff', '0xFFFFFFFFFFFFFFFF', `0x${'f'.repeat(300)}`, '1'.repeat(400),
  'NaN', 'Infinity', '-Infinity', '1e400', '1e-400', '1.5', '-0', '0.0', '1e3', '00', '007', '+1', '0b101', '0o17',
];

/** How big mutations may get: small for `npm test`, large for the long campaign. */
export interface MutationScale {
  /** Most copies of a duplicated block (a few hundred KB of input at the top of the long campaign). */
  readonly maxTimes: number;
  /** Deepest nesting inserted into the text. */
  readonly maxDepth: number;
  /**
   * Longest mutated text, in characters: a mutation that would grow the text past it is cut
   * there (duplicating a line that another mutation made long could reach gigabytes, which
   * tests nothing the campaign's few hundred kilobytes do not).
   */
  readonly maxLength: number;
}

/** The quick scale of `npm test`: inputs up to 64 KB. */
export const QUICK_SCALE: MutationScale = { maxTimes: 40, maxDepth: 5000, maxLength: 64 * 1024 };
/** The large scale of `npm run fuzz` (`fuzz --robustness`): inputs up to a megabyte, the size that made runs hang before. */
export const LONG_SCALE: MutationScale = { maxTimes: 4000, maxDepth: 100_000, maxLength: 1024 * 1024 };

/** One mutation of any kind, at the given scale. */
export function mutationArbitrary(scale: MutationScale): fc.Arbitrary<Mutation> {
  const position = fc.nat({ max: 1_000_000 });
  const printable = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 8 });
  const anyBytes = fc.string({ unit: 'binary', minLength: 1, maxLength: 16 });
  return fc.oneof(
    fc.record({ kind: fc.constant('delete-line' as const), line: position }),
    fc.record({ kind: fc.constant('duplicate-lines' as const), line: position, count: fc.integer({ min: 1, max: 8 }), times: fc.integer({ min: 1, max: scale.maxTimes }) }),
    fc.record({ kind: fc.constant('swap-lines' as const), first: position, second: position }),
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('replace-number' as const), number: position, token: fc.constantFrom(...HOSTILE_NUMBERS) }) },
    fc.record({ kind: fc.constant('deep-nesting' as const), at: position, depth: fc.integer({ min: 1, max: scale.maxDepth }), open: fc.constantFrom('[' as const, '{"a":' as const) }),
    fc.record({ kind: fc.constant('truncate' as const), at: position }),
    fc.record({ kind: fc.constant('insert-bytes' as const), at: position, bytes: fc.oneof(printable, anyBytes) }),
    fc.record({ kind: fc.constant('replace-char' as const), at: position, char: fc.constantFrom(...'[]{}(),:;.-+#"\'\\<>=0x \t\n') }),
  );
}

/** A text with the mutations applied in order, each result cut at `maxLength` characters. */
export function applyMutations(text: string, mutations: readonly Mutation[], maxLength: number): string {
  return mutations.reduce((current, mutation) => applyMutation(current, mutation, maxLength).slice(0, maxLength), text);
}

/** A text with one mutation applied; a duplication stops at `maxLength` characters. */
export function applyMutation(text: string, mutation: Mutation, maxLength = Infinity): string {
  switch (mutation.kind) {
    case 'delete-line':
    case 'duplicate-lines':
    case 'swap-lines':
      return applyToLines(text, mutation, maxLength);
    case 'replace-number': {
      const numbers = [...text.matchAll(/-?\b(?:0[xX][0-9a-fA-F]+|\d+)\b/g)];
      if (numbers.length === 0) return text;
      const found = numbers[mutation.number % numbers.length]!;
      return text.slice(0, found.index) + mutation.token + text.slice(found.index + found[0].length);
    }
    case 'deep-nesting': {
      const at = mutation.at % (text.length + 1);
      const close = mutation.open === '[' ? ']' : '}';
      return text.slice(0, at) + mutation.open.repeat(mutation.depth) + '0' + close.repeat(mutation.depth) + text.slice(at);
    }
    case 'truncate':
      return text.slice(0, mutation.at % (text.length + 1));
    case 'insert-bytes': {
      const at = mutation.at % (text.length + 1);
      return text.slice(0, at) + mutation.bytes + text.slice(at);
    }
    case 'replace-char': {
      if (text.length === 0) return mutation.char;
      const at = mutation.at % text.length;
      return text.slice(0, at) + mutation.char + text.slice(at + 1);
    }
  }
}

/** The line-level mutations. */
function applyToLines(text: string, mutation: Extract<Mutation, { kind: 'delete-line' | 'duplicate-lines' | 'swap-lines' }>, maxLength: number): string {
  const lines = text.split('\n');
  if (mutation.kind === 'delete-line') {
    lines.splice(mutation.line % lines.length, 1);
  } else if (mutation.kind === 'swap-lines') {
    const first = mutation.first % lines.length;
    const second = mutation.second % lines.length;
    [lines[first], lines[second]] = [lines[second]!, lines[first]!];
  } else {
    const start = mutation.line % lines.length;
    const block = lines.slice(start, start + mutation.count);
    const blockLength = block.reduce((sum, line) => sum + line.length + 1, 0);
    const times = Math.min(mutation.times, Math.floor(Math.max(0, maxLength - text.length) / Math.max(1, blockLength)) + 1);
    const copies: string[] = [];
    for (let time = 0; time < times; time++) copies.push(...block);
    lines.splice(start, 0, ...copies);
  }
  return lines.join('\n');
}

/** A mutation in a few words, for reports (long inserted texts shortened). */
export function describeMutation(mutation: Mutation): string {
  switch (mutation.kind) {
    case 'delete-line': return `delete line ${mutation.line}`;
    case 'duplicate-lines': return `duplicate ${mutation.count} line(s) from line ${mutation.line} ${mutation.times} time(s)`;
    case 'swap-lines': return `swap lines ${mutation.first} and ${mutation.second}`;
    case 'replace-number': return `replace number ${mutation.number} with ${mutation.token.length > 24 ? `${mutation.token.slice(0, 20)}... (${mutation.token.length} characters)` : mutation.token}`;
    case 'deep-nesting': return `insert ${mutation.depth} levels of ${mutation.open} at ${mutation.at}`;
    case 'truncate': return `truncate at ${mutation.at}`;
    case 'insert-bytes': return `insert ${JSON.stringify(mutation.bytes)} at ${mutation.at}`;
    case 'replace-char': return `replace the character at ${mutation.at} with ${JSON.stringify(mutation.char)}`;
  }
}
