/**
 * A small, strict reader for the YAML of examples/ci/github-actions.yml (no YAML dependency):
 * block mappings, block sequences (of scalars or of mappings), flow sequences of plain scalars
 * (`[1, 2, 3, 4]`), plain scalars, whole-line comments. Anything else (block scalars `|` `>`,
 * quotes, anchors, tags, inline comments, tabs, flow mappings) throws with the line, so a change
 * of the file's shape fails the test loudly instead of being misread.
 */
export type YamlValue = string | number | null | YamlValue[] | { [key: string]: YamlValue };

interface Line {
  readonly number: number;
  readonly indent: number;
  readonly text: string;
}

export function parseWorkflowYaml(source: string): YamlValue {
  const lines: Line[] = [];
  source.split('\n').forEach((raw, index) => {
    if (raw.includes('\t')) throw new Error(`line ${index + 1}: a tab`);
    const text = raw.trimEnd();
    if (text.trim() === '' || text.trim().startsWith('#')) return;
    lines.push({ number: index + 1, indent: text.length - text.trimStart().length, text: text.trimStart() });
  });
  let at = 0;

  const fail = (line: Line | undefined, message: string): never => {
    throw new Error(`line ${line?.number ?? 'end'}: ${message}${line ? `: '${line.text}'` : ''}`);
  };

  const scalar = (text: string, line: Line): YamlValue => {
    if (/^["'|>&*!{%@`]/.test(text) || / #/.test(text)) fail(line, 'not a plain scalar this reader takes');
    if (text.startsWith('[')) {
      if (!text.endsWith(']')) fail(line, 'a flow sequence must end on its line');
      const inner = text.slice(1, -1).trim();
      return inner === '' ? [] : inner.split(',').map((item) => scalar(item.trim(), line));
    }
    return /^(0|[1-9][0-9]*)$/.test(text) ? Number(text) : text;
  };

  /** `key: value` or `key:`; null when the text is not a mapping entry. */
  const entry = (text: string): { key: string; value: string } | null => {
    const match = /^([A-Za-z0-9_-]+):(?: (.*))?$/.exec(text);
    return match ? { key: match[1]!, value: (match[2] ?? '').trim() } : null;
  };

  const block = (indent: number): YamlValue => {
    const first = lines[at];
    if (!first || first.indent !== indent) return fail(first, `expected a block at indentation ${indent}`);
    return first.text.startsWith('- ') ? sequence(indent) : mapping(indent, null);
  };

  /** A mapping at `indent`; `head` is its first entry when it began on a sequence item's line. */
  const mapping = (indent: number, head: { key: string; value: string; line: Line } | null): YamlValue => {
    const result: { [key: string]: YamlValue } = {};
    const add = (key: string, value: string, line: Line) => {
      if (key in result) fail(line, `key '${key}' twice`);
      if (value !== '') {
        result[key] = scalar(value, line);
      } else {
        const next = lines[at];
        result[key] = next && next.indent > indent ? block(next.indent) : null;
      }
    };
    if (head) add(head.key, head.value, head.line);
    while (at < lines.length && lines[at]!.indent === indent && !lines[at]!.text.startsWith('- ')) {
      const line = lines[at++]!;
      const parsed = entry(line.text) ?? fail(line, 'expected key: value');
      add(parsed.key, parsed.value, line);
    }
    if (at < lines.length && lines[at]!.indent > indent) fail(lines[at], 'unexpected indentation');
    return result;
  };

  const sequence = (indent: number): YamlValue => {
    const items: YamlValue[] = [];
    while (at < lines.length && lines[at]!.indent === indent && lines[at]!.text.startsWith('- ')) {
      const line = lines[at++]!;
      const text = line.text.slice(2).trim();
      const parsed = entry(text);
      items.push(parsed ? mapping(indent + 2, { ...parsed, line }) : scalar(text, line));
    }
    if (at < lines.length && lines[at]!.indent > indent) fail(lines[at], 'unexpected indentation');
    return items;
  };

  const document = block(0);
  if (at !== lines.length) fail(lines[at], 'unexpected text after the document');
  return document;
}
