/**
 * `node:path` in the page: the POSIX functions the library calls (on file names it gets from
 * the page, and on the package folder's paths), with Node's results for the names they meet.
 * Pure string functions: nothing of Node's runtime is needed.
 */

/** `path.basename` (POSIX): the last segment, trailing slashes ignored, `ext` cut off the end when it is not the whole name. */
export function basename(path: string, ext?: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const base = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  return ext !== undefined && ext !== base && base.endsWith(ext) ? base.slice(0, base.length - ext.length) : base;
}

/** `path.extname` (POSIX): from the last `.` of the last segment, unless that dot starts it. */
export function extname(path: string): string {
  const base = basename(path);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot);
}

/** `path.dirname` (POSIX). */
export function dirname(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const slash = trimmed.lastIndexOf('/');
  if (slash < 0) return '.';
  if (slash === 0) return '/';
  return trimmed.slice(0, slash).replace(/\/+$/, '') || '/';
}

/** `path.normalize` (POSIX) of a joined path: `.` and empty segments dropped, `..` taken back. */
function normalize(path: string): string {
  const absolute = path.startsWith('/');
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && segments.length > 0 && segments.at(-1) !== '..') segments.pop();
    else if (segment !== '..' || !absolute) segments.push(segment);
  }
  const joined = segments.join('/');
  return absolute ? `/${joined}` : joined || '.';
}

/** `path.join` (POSIX). */
export function join(...parts: string[]): string {
  const nonEmpty = parts.filter((part) => part !== '');
  return nonEmpty.length === 0 ? '.' : normalize(nonEmpty.join('/'));
}

/** `path.relative` (POSIX) between two absolute paths. */
export function relative(from: string, to: string): string {
  const a = normalize(from).split('/').filter(Boolean);
  const b = normalize(to).split('/').filter(Boolean);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return [...a.slice(common).map(() => '..'), ...b.slice(common)].join('/');
}
