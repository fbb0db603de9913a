/**
 * The NVIDIA part of `../shared/corpus` as the bench rows read it: its top-level folders (Mesa's
 * ir3 one left out, it is another machine) and, in each, every listing file with its kernels,
 * or `null` where the file is refused with a located input error (a maxas or TuringAs source that
 * needs its preprocessor first). One walk, for every table that goes over the corpus.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../format/error.js';
import { loadListingKernels, type LoadedKernel } from '../format/sass/loadKernels.js';

/** The corpus's NVIDIA folders, sorted. */
export function corpusFolders(root: string): string[] {
  return readdirSync(root).filter((name) => name !== 'mesa-ir3' && statSync(join(root, name)).isDirectory()).sort();
}

/** One file of a folder: its kernels, or null when it is refused (a preprocessor source). */
export interface CorpusFile {
  readonly file: string;
  readonly kernels: readonly LoadedKernel[] | null;
}

/** Every listing file under `root/folder` (nested folders too; licences and read-me files left out), sorted, with its kernels. */
export function corpusFiles(root: string, folder: string): CorpusFile[] {
  return listingFiles(join(root, folder)).sort().map((file) => {
    try {
      return { file, kernels: loadListingKernels(file, { from: null, architecture: null, kernels: [] }) };
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      return { file, kernels: null };
    }
  });
}

function listingFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return listingFiles(path);
    return /LICEN[CS]E|README/i.test(name) ? [] : [path];
  });
}
