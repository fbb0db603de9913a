import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { packageRoot } from '../../format/packageRoot.js';

// `npm run docs` writes the API reference (TypeDoc, typedoc.json) into docs/api/. Its validation
// warns about an exported symbol without TSDoc, a link that does not resolve and a type the
// reference uses but does not export, and typedoc.json makes each warning an error: this runs it
// without writing anything (about 10 s), so a new export without documentation fails here.
it('the API reference builds without a warning: every exported symbol documented, every link resolved', () => {
  const root = packageRoot();
  let output = '';
  try {
    output = execFileSync(process.execPath, [join(root, 'node_modules', 'typedoc', 'bin', 'typedoc'), '--emit', 'none'], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    expect.fail(`typedoc reported problems:\n${stdout ?? ''}${stderr ?? ''}`);
  }
  expect(output).not.toMatch(/warning|error/i);
}, 120_000);
