/**
 * `node:url` in the page: the two conversions between `file:` URLs and paths the library makes
 * (to find its package folder, `/hazardproof` in the bundle). The page's URL type does the work.
 */

/** `url.fileURLToPath`: the decoded path of a `file:` URL. */
export function fileURLToPath(url: string | URL): string {
  const parsed = typeof url === 'string' ? new URL(url) : url;
  if (parsed.protocol !== 'file:') throw new TypeError(`The URL must be of scheme file: ${parsed.href}`);
  return decodeURIComponent(parsed.pathname);
}

/** `url.pathToFileURL` of an absolute path. */
export function pathToFileURL(path: string): URL {
  return new URL(`file://${encodeURI(path).replace(/[?#]/g, encodeURIComponent)}`);
}
