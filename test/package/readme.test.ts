import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../cli/run.js';

const root = join(import.meta.dirname, '..', '..');

describe('docs/library.md "Use it in your test suite"', () => {
  it.each(['toyPass.test.ts', 'api.test.ts', 'vitest.config.ts'])('shows %s exactly as the tarball test runs it', (file) => {
    const page = readFileSync(join(root, 'docs', 'library.md'), 'utf8');
    expect(page).toContain(`\`\`\`ts\n${readFileSync(join(import.meta.dirname, 'user-suite', file), 'utf8')}\`\`\``);
  });
});

/** The README's console examples: the command after `$ npx hazardproof` and the lines it shows. */
function consoleExamples(): { args: string[]; shown: string[] }[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  return [...readme.matchAll(/```console\n\$ npx hazardproof ([^\n]+)\n([\s\S]*?)```/g)]
    .map((match) => ({ args: match[1]!.split(' '), shown: match[2]!.trimEnd().split('\n') }));
}

/** A line with its durations and rates blanked out: they differ from run to run. */
function steady(line: string): string {
  return line.trimEnd().replace(/\d+(\.\d+)? s\b/g, 'T s').replace(/\d+ states\/s/g, 'R states/s');
}

describe('the README examples print what the README shows', () => {
  it('shows one example of each input kind', () => {
    const files = consoleExamples().map(({ args }) => args.find((arg) => /\.(hp|cuasm|s|comp|asm|json)$/.test(arg)) ?? '');
    expect(files.map((file) => file.replace(/^.*\./, '.'))).toEqual(['.hp', '.cuasm', '.s', '.comp', '.asm', '.json', '.hp']);
  });

  it.each(consoleExamples().map((example) => [example.args.join(' '), example] as const))('hazardproof %s', async (_, { args, shown }) => {
    expect(process.cwd()).toBe(root);
    const input = args.find((arg) => arg.includes('/'))!;
    if (!existsSync(join(root, input))) {
      console.warn(`README example skipped: ${input} is absent (the corpus beside the repository)`);
      return;
    }
    const run = await cli(...args);
    expect(run.stderr).toBe('');
    const printed = run.stdout.split('\n').map(steady);
    // Every line shown is printed, in order; a line with '...' stands for what the README leaves out.
    let at = 0;
    for (const line of shown) {
      if (line.includes('...')) {
        const [before] = line.split('...');
        const found = printed.findIndex((candidate, index) => index >= at && candidate.startsWith(steady(before!)));
        if (before!.trim() !== '') expect(found, line).toBeGreaterThanOrEqual(0);
        if (found >= 0) at = found + 1;
        continue;
      }
      const found = printed.indexOf(steady(line), at);
      expect(found, `${line}\n  is not printed by hazardproof ${args.join(' ')}`).toBeGreaterThanOrEqual(0);
      at = found + 1;
    }
  });
});
