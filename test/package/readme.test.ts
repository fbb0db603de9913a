import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

describe('README "Use it in your test suite"', () => {
  it.each(['toyPass.test.ts', 'api.test.ts', 'vitest.config.ts'])('shows %s exactly as the tarball test runs it', (file) => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`\`\`\`ts\n${readFileSync(join(import.meta.dirname, 'user-suite', file), 'utf8')}\`\`\``);
  });
});
