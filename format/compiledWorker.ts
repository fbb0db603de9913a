import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { packageRoot } from './packageRoot.js';

/**
 * The compiled script of a worker thread, given as its URL beside the module that starts it
 * (`new URL('./someWorker.js', import.meta.url)`). From the build that file exists. Run from the
 * TypeScript sources (the test suite), it does not: the build's copy at the same place under
 * `dist/` is used (`npm test` builds first).
 */
export function compiledWorkerUrl(sibling: URL): URL {
  const path = fileURLToPath(sibling);
  if (existsSync(path)) return sibling;
  const root = packageRoot();
  const built = join(root, 'dist', relative(root, path));
  if (!existsSync(built)) throw new Error(`the worker script is not built (${built}): run 'npm run build'`);
  return pathToFileURL(built);
}
