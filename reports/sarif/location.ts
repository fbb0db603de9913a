import { isAbsolute, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SarifArtifactLocation, SarifLocation } from './sarifTypes.js';

/** The base URI id every relative artifact location uses: the current directory (code scanning maps it to the checkout). */
export const SOURCE_ROOT = '%SRCROOT%';

/**
 * Where a file named on the command line is, for SARIF: a URI relative to the current directory
 * under `%SRCROOT%` when the file is inside it, else an absolute `file:` URI.
 */
export function sarifArtifactLocation(file: string, cwd: string = process.cwd()): SarifArtifactLocation {
  const absolute = resolve(cwd, file);
  const fromRoot = relative(cwd, absolute);
  if (fromRoot === '' || fromRoot.startsWith('..') || isAbsolute(fromRoot)) return { uri: pathToFileURL(absolute).href };
  return { uri: fromRoot.split(sep).map(encodeURIComponent).join('/'), uriBaseId: SOURCE_ROOT };
}

/** The `originalUriBaseIds` entry that says what `%SRCROOT%` is (a directory URI ends with '/'). */
export function sourceRootUri(cwd: string = process.cwd()): string {
  const href = pathToFileURL(cwd).href;
  return href.endsWith('/') ? href : `${href}/`;
}

/** A location in a file: at a 1-based line (and column) when known, else the whole file; with what is there. */
export function sarifLocation(file: string, line: number | null, options: { readonly column?: number; readonly message?: string; readonly id?: number } = {}): SarifLocation {
  const hasLine = line !== null && Number.isInteger(line) && line >= 1;
  return {
    ...(options.id === undefined ? {} : { id: options.id }),
    physicalLocation: {
      artifactLocation: sarifArtifactLocation(file),
      ...(hasLine ? { region: { startLine: line, ...(options.column !== undefined && options.column >= 1 ? { startColumn: options.column } : {}) } } : {}),
    },
    ...(options.message === undefined ? {} : { message: { text: options.message } }),
  };
}
