import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every property suite of the project: the files under properties/ that vitest runs, and every
 * test file elsewhere that states a property with fast-check (round trips, parsers that never
 * crash, the library's arbitraries). Found by reading the tree, so a new suite is soaked without
 * being registered anywhere.
 */
export function propertySuites(root: string): string[] {
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      // A user's project the tarball test installs into: not ours to soak.
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'user-suite') walk(path);
      } else if (entry.name.endsWith('.test.ts')) {
        const name = relative(root, path).split('\\').join('/');
        if (name.startsWith('properties/') || /from 'fast-check'/.test(readFileSync(path, 'utf8'))) files.push(name);
      }
    }
  };
  for (const top of ['properties', 'test']) walk(join(root, top));
  return files.sort();
}

/** The suites whose path contains one of `patterns` (all when none is given); an unmatched pattern is an error. */
export function selectSuites(all: readonly string[], patterns: readonly string[]): string[] {
  if (patterns.length === 0) return [...all];
  for (const pattern of patterns) {
    if (!all.some((file) => file.includes(pattern))) throw new RangeError(`--suite '${pattern}' matches no property suite (they are: ${all.join(', ')})`);
  }
  return all.filter((file) => patterns.some((pattern) => file.includes(pattern)));
}
