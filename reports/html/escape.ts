/**
 * Text made safe to place in HTML or SVG, in element content and in double- or single-quoted
 * attribute values alike: file names, source lines and messages may hold `<`, `&`, `"` and `'`.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
