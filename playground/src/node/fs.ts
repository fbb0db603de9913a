/**
 * `node:fs` in the page: the library reads exactly one folder of its own, the package's
 * (`package.json` to find it, `schema/*.json` to validate JSON inputs), and the build puts those
 * files in the bundle under a package folder of no disk, `/hazardproof` (the bundle's
 * `import.meta.url` is `file:///hazardproof/playground.js`, so `packageRoot()` finds it there).
 * Every other path is a file that does not exist, with Node's `ENOENT`, so a library function
 * asked to read a user's file says "no such file" as the command does. The page never asks: it
 * gives the library texts.
 */
import { PACKAGE_FILES, PACKAGE_ROOT } from 'playground:package-files';

/** The bundled text of a path inside the package folder, or undefined. */
function packageFile(path: string): string | undefined {
  const prefix = `${PACKAGE_ROOT}/`;
  return path.startsWith(prefix) ? PACKAGE_FILES[path.slice(prefix.length)] : undefined;
}

/** An error as Node's fs throws it for a missing file (the library reads `code`). */
function notFound(path: string): Error & { code: string } {
  return Object.assign(new Error(`ENOENT: no such file or directory, open '${path}' (the playground reads no files)`), { code: 'ENOENT' });
}

/** `fs.existsSync`: true for the bundled package files only. */
export function existsSync(path: string): boolean {
  return typeof path === 'string' && packageFile(path) !== undefined;
}

/** `fs.readFileSync(path, 'utf8')`: a bundled package file's text; anything else (standard input, descriptor 0, a user's file) does not exist. */
export function readFileSync(path: string | number, _encoding?: string): string {
  const text = typeof path === 'string' ? packageFile(path) : undefined;
  if (text === undefined) throw notFound(String(path));
  return text;
}
