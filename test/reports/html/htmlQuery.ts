/**
 * Small structural checks of generated HTML for the report tests: tags balanced, attributes of
 * elements found by class or attribute, no reference to anything outside the page.
 */

/** Elements that have no end tag in HTML. */
const VOID_ELEMENTS = new Set(['meta', 'link', 'br', 'hr', 'img', 'input', 'source', 'col', 'area', 'base', 'wbr']);

/** Problems with the page's tag structure (unbalanced or mismatched tags, stray `<`), empty when well formed. */
export function tagProblems(html: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const body = html.replace(/^<!DOCTYPE html>\n/, '').replace(/<style>[^<]*<\/style>/, '<style></style>');
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-zA-Z_:][-a-zA-Z0-9_:.]*(?:="[^"<>]*")?)*)\s*(\/?)>/g;
  let last = 0;
  for (let match = tag.exec(body); match !== null; match = tag.exec(body)) {
    const between = body.slice(last, match.index);
    if (between.includes('<') || between.includes('>')) problems.push(`stray < or > before offset ${match.index}: ${JSON.stringify(between.slice(0, 60))}`);
    last = tag.lastIndex;
    const [, closing, name, , selfClosing] = match;
    const lower = name!.toLowerCase();
    if (VOID_ELEMENTS.has(lower) || selfClosing === '/') continue;
    if (closing === '') stack.push(lower);
    else if (stack.pop() !== lower) problems.push(`</${lower}> at offset ${match.index} closes another element`);
  }
  if (/[<>]/.test(body.slice(last))) problems.push('stray < or > at the end');
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(', ')}`);
  return problems;
}

/** The attributes of every start tag whose attributes match `where`, in document order. */
export function elements(html: string, where: (attributes: Record<string, string>, tag: string) => boolean): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  const tag = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-zA-Z_:][-a-zA-Z0-9_:.]*(?:="[^"]*")?)*)\s*\/?>/g;
  for (let match = tag.exec(html); match !== null; match = tag.exec(html)) {
    const attributes: Record<string, string> = {};
    for (const [, name, value] of match[2]!.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)="([^"]*)"/g)) attributes[name!] = unescape(value!);
    if (where(attributes, match[1]!)) found.push(attributes);
  }
  return found;
}

/** The markup of one finding of a page (`id` as `f1-h2`): from its start to the next finding or the end of its section. */
export function findingHtml(html: string, id: string): string {
  const start = html.indexOf(`<div class="finding" id="${id}">`);
  if (start < 0) throw new Error(`no finding ${id} in the page`);
  const ends = [html.indexOf('<div class="finding"', start + 1), html.indexOf('</section>', start)].filter((index) => index > 0);
  return html.slice(start, Math.min(...ends));
}

/** Elements with a class. */
export function withClass(html: string, name: string): Record<string, string>[] {
  return elements(html, (attributes) => (attributes.class ?? '').split(' ').includes(name));
}

/** References to anything outside the page: URLs with a scheme or `//`, `src=`, stylesheet links, imports, scripts. */
export function externalReferences(html: string): string[] {
  const patterns = [/https?:\/\//gi, /\bsrc\s*=/gi, /<link\b/gi, /@import/gi, /url\(/gi, /<script\b/gi, /\bhref="(?!#)[^"]*"/gi, /\/\/[a-z0-9.-]+\.[a-z]{2,}/gi];
  return patterns.flatMap((pattern) => html.match(pattern) ?? []);
}

function unescape(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
