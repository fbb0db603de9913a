/**
 * The real listings the soundness campaign runs over: every file of `../shared/corpus` (when it is
 * beside the project: a user's fresh clone has none) and the bundled NVIDIA and AMD examples.
 * Licences and read-me files are left out; every other file is offered, and the campaign says why
 * it skips the ones that are no NVIDIA or AMD listing.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageRoot } from '../../format/packageRoot.js';

/** Where the shared corpus is expected: beside the project. */
export function corpusRoot(): string {
  return resolve(packageRoot(), '../shared/corpus');
}

/** Every file under `folder` (nested too), sorted, without licences and read-me files. */
export function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /LICEN[CS]E|README/i.test(name) ? [] : [path];
  }).sort();
}

/** The campaign's files: the corpus (if present), then the bundled NVIDIA and AMD examples. */
export function soundnessFiles(): { files: string[]; corpusPresent: boolean } {
  const root = corpusRoot();
  const examples = ['examples/sass', 'examples/amdgpu'].flatMap((folder) => filesUnder(join(packageRoot(), folder)).filter((file) => /\.(cuasm|sass|s)$/.test(file)));
  return { files: [...filesUnder(root), ...examples], corpusPresent: existsSync(root) };
}
