/**
 * What a user does: `npm pack`, install the tarball into a fresh project of their own, write a
 * vitest suite with the library, the matchers and the arbitraries. The suite in `user-suite/`
 * tests a deliberately wrong toy pass: its API tests must pass and its property tests must fail,
 * finding the pass's bug with a shrunk program, fast-check's seed and path, and the replay command.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string; devDependencies: Record<string, string>; dependencies: Record<string, string> };
let project = '';

/** The environment of a child process, without this vitest run's own variables. */
function cleanEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_OPTIONS' && key !== 'TEST'));
}

/** One test of the user's suite as vitest's JSON reporter gives it. */
interface UserTest { readonly fullName: string; readonly status: string; readonly failureMessages: readonly string[] }

describe('the npm package, installed from its tarball into a new project', () => {
  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'hazardproof-user-'));
    // The build is npm test's first step; packing must not rebuild (prepare) under the running tests.
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', project], { cwd: root, stdio: 'pipe', env: cleanEnvironment() });
    const tarball = readdirSync(project).find((name) => name.endsWith('.tgz'))!;
    cpSync(join(import.meta.dirname, 'user-suite'), project, { recursive: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({
      name: 'compiler-pass-tests', private: true, type: 'module',
      devDependencies: { hazardproof: `file:./${tarball}`, vitest: manifest.devDependencies['vitest'], 'fast-check': manifest.dependencies['fast-check'] },
    }, null, 2));
    execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project, stdio: 'pipe', env: cleanEnvironment() });
  }, 240_000);

  afterAll(() => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('installs with the CLI on the PATH of npm scripts', () => {
    const version = execFileSync(join(project, 'node_modules', '.bin', 'hazardproof'), ['--version'], { encoding: 'utf8' });
    expect(version.trim()).toBe(manifest.version);
  });

  it('its type declarations (library, matchers, arbitraries) type-check the user\'s suite', () => {
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('the user\'s suite passes its API tests and finds the toy pass\'s bug, shrunk and replayable', () => {
    const results = join(project, 'results.json');
    const run = spawnSync(process.execPath, [join(project, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`],
      { cwd: project, encoding: 'utf8', env: cleanEnvironment(), timeout: 180_000 });
    expect(run.status, run.stderr).toBe(1);
    const report = JSON.parse(readFileSync(results, 'utf8')) as { testResults: { assertionResults: UserTest[] }[] };
    const tests = report.testResults.flatMap((file) => file.assertionResults);
    const byName = (name: string) => tests.find((test) => test.fullName.includes(name))!;
    for (const test of tests.filter((t) => t.fullName.startsWith('hazardproof as a library'))) expect(test.status, `${test.fullName}: ${test.failureMessages.join('\n')}`).toBe('passed');
    expect(tests.filter((t) => t.fullName.startsWith('hazardproof as a library'))).toHaveLength(5);

    const property = byName('the toy pass protects every program it is given');
    expect(property.status).toBe('failed');
    // What the user reads: vitest's own report of the failure (fast-check's summary, then its cause).
    const message = (run.stdout + run.stderr).replace(/\x1b\[[0-9;]*m/g, '');
    expect(message).toMatch(/Property failed after \d+ tests/);
    expect(message).toMatch(/\{ seed: 20261122, path: "[0-9:]+", endOnFailure: true \}/);
    expect(message).toMatch(/to be hazard-free, but:/);
    expect(message).toMatch(/WAR/);
    expect(message).toMatch(/hazardproof check <program> --replay "/);
    expect(message).toMatch(/the program \(save it to a file/);

    const schedules = byName('under every latency schedule drawn');
    expect(schedules.status).toBe('failed');
    expect(message).toMatch(/Counterexample: \[\{"queueDelay":Uint16Array\.from\(\[/);
  });
});
