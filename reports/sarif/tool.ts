import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../format/packageRoot.js';

/** What a SARIF log says about hazardproof itself, from its package.json. */
export interface HazardproofToolInfo {
  readonly name: 'hazardproof';
  readonly version: string;
  /** The package's `homepage` (or its repository's web address), when package.json has one. */
  readonly informationUri: string | null;
}

let cached: HazardproofToolInfo | null = null;

/** hazardproof's name, version and home page, read once from its package.json. */
export function hazardproofToolInfo(): HazardproofToolInfo {
  if (cached !== null) return cached;
  const manifest = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as {
    version?: string; homepage?: string; repository?: string | { url?: string };
  };
  const repository = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  const web = [manifest.homepage, repository?.replace(/^git\+/, '').replace(/\.git$/, '')].find((uri) => uri !== undefined && /^https?:\/\//.test(uri));
  cached = { name: 'hazardproof', version: manifest.version ?? '0.0.0', informationUri: web ?? null };
  return cached;
}
