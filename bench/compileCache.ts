/**
 * What the benches over LLVM's own CodeGen tests share (`bench:llvm-tests` for AMDGPU,
 * `bench:nvptx-tests` for NVPTX): the list of tests, a limit on processes at once, and outputs
 * kept between runs under a key of what made them, so a rerun only checks.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** The `.ll` files under a folder, relative and `/`-separated, in code-unit order (the same on every machine), every Nth kept. */
export function listLlTests(directory: string, every: number): string[] {
  const found = (readdirSync(directory, { recursive: true, withFileTypes: true }) as { name: string; parentPath?: string; path?: string; isFile(): boolean }[])
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ll'))
    .map((entry) => relative(directory, join(entry.parentPath ?? entry.path ?? directory, entry.name)).split(sep).join('/'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return found.filter((_, index) => index % every === 0);
}

/** Runs at most `n` of the tasks given to it at once, in the order they were given. */
export function limiter(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active >= n) await new Promise<void>((start) => waiting.push(start));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** The line of llc's complaint worth showing (its crash dumps run to pages). */
export function firstError(stderr: string): string {
  const lines = stderr.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  return lines.find((line) => /error|Assertion|UNREACHABLE/i.test(line)) ?? lines[0] ?? '';
}

/** A step's outcome: the output's path, or why there is none. */
export type Cached = { readonly ok: true; readonly path: string } | { readonly ok: false; readonly timedOut: boolean; readonly message: string };

/**
 * What a step that was not cached reports. On success it has written its output to the path it
 * was handed. `keep: false` leaves a failure out of the cache: a timeout (it depends on the limit
 * and the machine's load) or a tool that did not start says nothing about the input.
 */
export type Produced = { readonly ok: true } | { readonly ok: false; readonly timedOut: boolean; readonly message: string; readonly keep: boolean };

/**
 * The cache's name for an output: under `folder`, the test's path (so a person can find it) and a
 * hash of the step's arguments and its input (so an edited test or another option runs again).
 */
export function cacheBase(folder: string, test: string, args: readonly string[], input: string | Buffer): string {
  const key = createHash('sha256').update(`${args.join(' ')}\n`).update(input).digest('hex').slice(0, 16);
  return join(folder, `${test.replaceAll('/', '__')}.${key}`);
}

/**
 * `base + extension` when a former run made it, the `.err` file's refusal when a former run kept
 * one; otherwise runs `produce` on a temporary path renamed into place on success, so an
 * interrupted run leaves no half output in the cache.
 */
export async function cachedOutput(base: string, extension: string, produce: (partial: string) => Promise<Produced>): Promise<Cached> {
  const path = `${base}${extension}`;
  if (existsSync(path)) return { ok: true, path };
  if (existsSync(`${base}.err`)) return { ok: false, timedOut: false, message: readFileSync(`${base}.err`, 'utf8') };
  mkdirSync(dirname(base), { recursive: true });
  const partial = `${base}.${process.pid}.tmp`;
  const produced = await produce(partial);
  if (produced.ok) {
    renameSync(partial, path);
    return { ok: true, path };
  }
  rmSync(partial, { force: true });
  if (produced.keep) writeFileSync(`${base}.err`, produced.message);
  return { ok: false, timedOut: produced.timedOut, message: produced.message };
}

/**
 * Compiles one test with llc into `base + extension` (llc writes where `-o` says), unless a
 * former run did; llc's refusals are kept in the cache too, timeouts are not.
 */
export function compileWithLlc(command: readonly string[], source: string, base: string, extension: string, timeoutS: number): Promise<Cached> {
  return cachedOutput(base, extension, (partial) => new Promise((done) => {
    const child = spawn(command[0]!, [...command.slice(1), '-o', partial, source], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { if (stderr.length < 65_536) stderr += chunk.toString('utf8'); });
    let killed = false;
    const timer = setTimeout(() => { killed = true; child.kill('SIGKILL'); }, timeoutS * 1000);
    let settled = false;
    const finish = (code: number | null, signal: string | null, spawnError?: Error) => {
      clearTimeout(timer);
      // A failed spawn emits 'error' and then 'close': answer once.
      if (settled) return;
      settled = true;
      if (code === 0) return done({ ok: true });
      // The timer can fire late, after a check kept this thread busy: only our own kill is a timeout.
      if (killed && signal === 'SIGKILL') return done({ ok: false, timedOut: true, message: `llc ran past ${timeoutS} s`, keep: false });
      const how = spawnError ? spawnError.message : signal !== null ? `killed by ${signal}` : `exit ${code}`;
      // llc's verdict on the test is kept; a spawn that failed says nothing about the test.
      done({ ok: false, timedOut: false, message: `llc failed (${how}): ${firstError(stderr)}`.slice(0, 500), keep: !spawnError });
    };
    child.on('error', (error) => finish(null, null, error));
    child.on('close', (code, signal) => finish(code, signal));
  }));
}

