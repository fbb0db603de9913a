import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { renderHtmlReport } from '../reports/html/page.js';
import type { HtmlReport } from '../reports/html/report.js';
import { UsageError, writeFileAtomic } from './io.js';

/** `--html FILE` as a command passes it on: where to write, and the command line the page shows. */
export interface HtmlRequest {
  readonly path: string;
  readonly command: string;
}

/** Help text of `--html FILE`, the same in every command (aligned with the other options of the help texts). */
export const HTML_HELP = `  --html FILE                    also write a self-contained HTML report (no network): each finding's
                                 timeline as an SVG chart linked to the source lines, and its replay`;

/**
 * `--html FILE`: the path, checked before any work starts (its folder must exist and the path
 * must not be a folder), so a long run does not end in an error; null without the option.
 */
export function htmlOption(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (value === '') throw new UsageError('--html expects a file name');
  const folder = dirname(resolve(value));
  if (!isDirectory(folder)) throw new UsageError(`--html ${value}: the folder ${folder} does not exist`);
  if (isDirectory(resolve(value))) throw new UsageError(`--html ${value}: that is a folder; give a file name`);
  return value;
}

/** Writes the report page all at once (temporary file, then rename); a failure is a usage error (exit 2) naming the file. */
export function writeHtmlReport(path: string, report: HtmlReport): void {
  try {
    writeFileAtomic(path, renderHtmlReport(report));
  } catch (error) {
    throw new UsageError(`--html ${path}: cannot write the report: ${(error as Error).message}`);
  }
}

/** The command line of a run as a shell would take it back: `hazardproof check a.hp --seed 5`. */
export function commandLine(command: readonly string[], args: readonly string[]): string {
  return ['hazardproof', ...command, ...args.map(shellWord)].join(' ');
}

/** A word quoted for a POSIX shell when it needs to be. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** A checked file's text for the report's listing, or null when it cannot be read any more (the listing is then left out). */
export function readSourceText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
