/** Listings the CLI tests write: a scratch folder of their own, and CuAssembler kernel sections. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A function writing files into a fresh scratch folder named after `prefix`, returning each path. */
export function scratchWriter(prefix: string): (name: string, text: string) => string {
  const scratch = mkdtempSync(join(tmpdir(), `hazardproof-${prefix}-`));
  return (name, text) => {
    const path = join(scratch, name);
    writeFileSync(path, text);
    return path;
  };
}

/** A CuAssembler kernel section `.text.NAME` with these instruction lines. */
export function section(name: string, ...lines: string[]): string {
  return [`\t.section\t.text.${name},"ax",@progbits`, ...lines].join('\n');
}
