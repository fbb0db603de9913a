/**
 * The playground's parts that need no browser, in Node: its check gives the command's verdicts
 * and points at the findings' lines, an architecture is asked for only when a listing names none,
 * input mistakes come back located, a link's fragment carries a state there and back, and the
 * page's stand-in for `node:path` answers as Node's does.
 */
import { readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkText, type PlaygroundRequest } from '../../playground/src/engine.js';
import { decodeState, encodeState, isStateFragment } from '../../playground/src/fragment.js';
import * as pagePath from '../../playground/src/node/path.js';
import { randomInt } from '../../playground/src/node/crypto.js';
import { cli } from '../cli/run.js';

const root = join(import.meta.dirname, '..', '..');
const request = (file: string, options: Partial<PlaygroundRequest> = {}): PlaygroundRequest => ({
  text: readFileSync(join(root, file), 'utf8'), file, architecture: null, seed: null, timeoutMs: 20_000, ...options,
});

describe('the playground\'s check', () => {
  it.each([
    ['examples/three-textures-unsafe.hp', 'scoreboard', 'hazard', [9, 14]],
    ['examples/lrc/missing-bit.hp', 'lrc', 'hazard', [8, 10]],
    ['examples/sass/missing-wait.sm_75.cuasm', 'listing', 'hazard', [15, 17]],
    ['examples/sass/safe.sm_75.cuasm', 'listing', 'proved-safe', []],
    ['examples/components/elu-no-sync.comp', 'components', 'hazard', [8, 9]],
    ['examples/streamout/overflow.json', 'streamout', 'no-violation-found', []],
  ])('%s: %s, %s, lines %j pointed at, as the command says', async (file, kind, verdict, lines) => {
    const outcome = await checkText(request(file));
    if (!outcome.ok) throw new Error(outcome.message);
    expect([outcome.kind, outcome.verdict, outcome.highlightedLines]).toEqual([kind, verdict, lines]);
    expect(outcome.sections.length).toBeGreaterThan(0);
    // The same verdict from the command line, with the seed the page shows.
    const args = outcome.command.split(' ').slice(1);
    const json = JSON.parse((await cli(...args, '--json')).stdout) as { verdict: string } | { verdict: string }[];
    expect(Array.isArray(json) ? json.map((kernel) => kernel.verdict) : [json.verdict]).toEqual(outcome.sections.map((section) => section.verdict));
  });

  it('takes the picker\'s architecture only for a listing that names none', async () => {
    const text = readFileSync(join(root, 'examples/sass/missing-wait.sm_75.cuasm'), 'utf8');
    const without = await checkText({ text, file: 'kernel.cuasm', architecture: null, seed: null, timeoutMs: 20_000 });
    expect(without.ok).toBe(false);
    expect(!without.ok && without.message).toMatch(/does not say which architecture/);
    const picked = await checkText({ text, file: 'kernel.cuasm', architecture: 'sm_75', seed: null, timeoutMs: 20_000 });
    expect(picked.ok && [picked.verdict, picked.notes, picked.command]).toEqual(['hazard', [expect.stringMatching(/read as sm_75, the picker's choice/)], 'hazardproof check kernel.cuasm --arch sm_75']);
    // A listing that names its architecture keeps it whatever is picked.
    const named = await checkText({ text, file: 'kernel.sm_75.cuasm', architecture: 'sm_90', seed: null, timeoutMs: 20_000 });
    expect(named.ok && [named.verdict, named.notes]).toEqual(['hazard', []]);
    // A program never sees the picker.
    const program = await checkText({ ...request('examples/three-textures-unsafe.hp'), architecture: 'sm_75' });
    expect(program.ok && program.notes).toEqual([]);
  });

  it('returns input mistakes with their lines, never throws', async () => {
    const outcome = await checkText({ text: '.scoreboards 2\nTEX R1 <- R0\n', file: 'bad.hp', architecture: null, seed: null, timeoutMs: 20_000 });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.cause).toBe('input');
    expect(outcome.problems.length).toBeGreaterThan(0);
    expect(outcome.problems.every((problem) => problem.file === 'bad.hp' && problem.line >= 1)).toBe(true);
  });
});

describe('the link\'s fragment', () => {
  it('carries text, name, architecture and seed there and back, compressed', async () => {
    const state = { text: readFileSync(join(root, 'examples/sass/missing-wait.sm_75.cuasm'), 'utf8'), file: 'kernel.cuasm', architecture: 'sm_75', seed: 42 };
    const fragment = await encodeState(state);
    expect(fragment).toMatch(/^z=[A-Za-z0-9_-]+$/);
    expect(fragment.length).toBeLessThan(state.text.length);
    expect(isStateFragment(`#${fragment}`)).toBe(true);
    expect(await decodeState(`#${fragment}`)).toEqual(state);
    expect(await decodeState(fragment)).toEqual(state);
    const plain = { text: 'ünïcode ✓\n', file: 'input', architecture: null, seed: null };
    expect(await decodeState(await encodeState(plain))).toEqual(plain);
  });

  it('reads a fragment cut short, edited or of another page as no state', async () => {
    const fragment = await encodeState({ text: 'x'.repeat(500), file: 'input', architecture: null, seed: null });
    expect(await decodeState(fragment.slice(0, 12))).toBeNull();
    expect(await decodeState('#f1-L14')).toBeNull();
    expect(isStateFragment('#f1-L14')).toBe(false);
    expect(await decodeState(`j=${Buffer.from(JSON.stringify({ t: 1, f: 'x' })).toString('base64url')}`)).toBeNull();
    expect(await decodeState(`j=${Buffer.from(JSON.stringify({ t: 'a', f: 'x', s: -1 })).toString('base64url')}`)).toBeNull();
  });
});

describe('the page\'s stand-ins for Node\'s modules', () => {
  it('path: basename, extname, dirname, join and relative as node:path (POSIX) gives them', () => {
    const paths = ['kernel.sm_75.cuasm', 'a/b/c.comp', '/abs/x.hp', 'dir/', '/', '', '.hidden', 'a/.b.c', 'noext', 'x.', '../up/y.asm', '/hazardproof/playground.js'];
    for (const path of paths) {
      expect([pagePath.basename(path), pagePath.extname(path), pagePath.dirname(path)], path).toEqual([nodePath.posix.basename(path), nodePath.posix.extname(path), nodePath.posix.dirname(path)]);
      expect(pagePath.basename(path, '.cuasm')).toBe(nodePath.posix.basename(path, '.cuasm'));
    }
    for (const parts of [['/hazardproof', 'schema', 'program.schema.json'], ['a', '..', 'b'], ['/a/', './b/', '../c'], ['', 'x'], ['..', 'a']]) {
      expect(pagePath.join(...parts), parts.join(' ')).toBe(nodePath.posix.join(...parts));
    }
    expect(pagePath.relative('/hazardproof', '/hazardproof/api/worker/x.js')).toBe(nodePath.posix.relative('/hazardproof', '/hazardproof/api/worker/x.js'));
    expect(pagePath.relative('/a/b/c', '/a/d')).toBe(nodePath.posix.relative('/a/b/c', '/a/d'));
  });

  it('crypto: randomInt stays in its range', () => {
    for (let draw = 0; draw < 200; draw++) {
      const value = randomInt(5, 12);
      expect(Number.isInteger(value) && value >= 5 && value < 12).toBe(true);
    }
    expect(randomInt(0, 2 ** 31)).toBeLessThan(2 ** 31);
  });
});
