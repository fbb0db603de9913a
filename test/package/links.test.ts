/**
 * The front door stays small and every door behind it opens: README.md is a landing page of at
 * most 260 lines, every relative link in README.md and docs/**\/*.md reaches a file (and, with
 * `#anchor`, a heading of that file under GitHub's slug rules), and no user-facing text (the
 * pages, the overview and every command's usage) calls a patent by its number in the seeds
 * folder ("seed 004"): it names the mechanism or the patent.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../cli/commandTable.js';
import { cli } from '../cli/run.js';

const root = join(import.meta.dirname, '..', '..');

/** README.md and every Markdown page under docs/, as paths relative to the repository root. */
function pages(): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name));
  return ['README.md', ...docs.sort()];
}

/** A page's lines outside fenced code blocks (``` or ~~~), with their 1-based line numbers. */
function proseLines(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let fence: string | null = null;
  text.split('\n').forEach((line, index) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined) {
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return;
    }
    if (fence === null) out.push({ line: index + 1, text: line });
  });
  return out;
}

/** GitHub's anchor for a heading's text (github-slugger): lower case, punctuation dropped, spaces to hyphens. */
function githubSlug(heading: string): string {
  const rendered = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images keep their text
    .replace(/`/g, '')
    .replace(/\*/g, '');
  return rendered.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The anchors a page's headings get, duplicates numbered as GitHub numbers them. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const { text: line } of proseLines(text)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = githubSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    out.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return out;
}

/** Every link target of a page outside code: inline links and images (their text may wrap onto the line before), and reference definitions. */
function links(text: string): { line: number; target: string }[] {
  const out: { line: number; target: string }[] = [];
  for (const { line, text: raw } of proseLines(text)) {
    const prose = raw.replace(/(`+)[^`]*?\1/g, ''); // inline code is not a link
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) out.push({ line, target: match[1]! });
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(prose);
    if (definition) out.push({ line, target: definition[1]! });
  }
  return out;
}

/** What is wrong with one link of a page, or null when it resolves. */
function brokenLink(page: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto: ...
  const [path, anchor] = target.split('#', 2) as [string, string | undefined];
  const file = path === '' ? join(root, page) : resolve(dirname(join(root, page)), decodeURIComponent(path));
  if (!existsSync(file)) return `${target}: no file ${relative(root, file)}`;
  if (anchor === undefined || anchor === '') return null;
  if (statSync(file).isDirectory() || !file.endsWith('.md')) return `${target}: an anchor into something that is not a Markdown page`;
  const known = anchors(readFileSync(file, 'utf8'));
  return known.has(decodeURIComponent(anchor).toLowerCase()) ? null : `${target}: no heading with anchor #${anchor} in ${relative(root, file)}`;
}

/** "seed 004" and its kin: a patent named by its file number in the seeds folder (random seeds have other lengths). */
const SEED_NUMBER = /\bseed \d{3}\b/i;

describe('the README and docs/', () => {
  it('the README is a landing page: at most 260 lines, the two commands first', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(260);
    const firstBlock = /```[a-z]*\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(firstBlock).toMatch(/^npm ci && npm start\s+#/m);
    expect(firstBlock).toMatch(/^npm test\s+#/m);
  });

  it('GitHub slugs headings as the links expect', () => {
    expect(githubSlug('Trace format (`streamout check TRACE`)')).toBe('trace-format-streamout-check-trace');
    expect(githubSlug("The patent's rules (`hazardproof prove-rules`)")).toBe('the-patents-rules-hazardproof-prove-rules');
    expect(githubSlug('`hazardproof check FILE...`')).toBe('hazardproof-check-file');
    expect(githubSlug('How the proofs are encoded, and what they cost')).toBe('how-the-proofs-are-encoded-and-what-they-cost');
    expect(githubSlug('Layout: `spec/` and `impl/`')).toBe('layout-spec-and-impl');
    expect(anchors('# A\n## A\n```\n# not a heading\n```\n### A\n')).toEqual(new Set(['a', 'a-1', 'a-2']));
  });

  it.each(pages())('every relative link of %s resolves, anchors included', (page) => {
    const text = readFileSync(join(root, page), 'utf8');
    const found = links(text);
    expect(found.length, `${page} links somewhere`).toBeGreaterThan(0);
    const broken = found.map(({ line, target }) => {
      const problem = brokenLink(page, target);
      return problem === null ? null : `${page}:${line}: ${problem}`;
    }).filter((problem) => problem !== null);
    expect(broken).toEqual([]);
  });

  it('every page under docs/ is reachable from the README', () => {
    const reached = new Set<string>(['README.md']);
    const queue = ['README.md'];
    while (queue.length > 0) {
      const page = queue.shift()!;
      for (const { target } of links(readFileSync(join(root, page), 'utf8'))) {
        const path = target.split('#')[0]!;
        if (path === '' || /^[a-z][a-z0-9+.-]*:/i.test(path) || !path.endsWith('.md')) continue;
        const next = relative(root, resolve(dirname(join(root, page)), path));
        if (!reached.has(next) && existsSync(join(root, next))) {
          reached.add(next);
          queue.push(next);
        }
      }
    }
    expect(pages().filter((page) => !reached.has(page))).toEqual([]);
  });
});

describe('user-facing text names mechanisms and patents, not seed numbers', () => {
  it.each(pages())('%s', (page) => {
    const lines = readFileSync(join(root, page), 'utf8').split('\n');
    expect(lines.map((line, index) => SEED_NUMBER.test(line) ? `${page}:${index + 1}: ${line}` : null).filter((hit) => hit !== null)).toEqual([]);
  });

  it('the overview (hazardproof --help)', async () => {
    expect((await cli('--help')).stdout).not.toMatch(SEED_NUMBER);
  });

  for (const [name, command] of Object.entries(COMMANDS)) {
    it(`hazardproof ${name} --help`, () => {
      expect(SEED_NUMBER.exec(command.usage)?.[0]).toBeUndefined();
    });
  }
});
