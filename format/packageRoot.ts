import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | null = null;

/** The folder holding hazardproof's package.json, found from this module (works from sources and from dist/). */
export function packageRoot(): string {
  if (cached !== null) return cached;
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'hazardproof') {
      cached = folder;
      return folder;
    }
    const parent = dirname(folder);
    if (parent === folder) throw new Error('cannot find the hazardproof package root');
    folder = parent;
  }
}
