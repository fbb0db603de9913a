import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingWaitProgram } from '../../bench/programs.js';
import { printProgram } from '../../format/hp/print.js';
import { cli } from './run.js';

const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-minimize-'));

describe('hazardproof check --minimize', () => {
  it('writes a standalone program of at most 5 instructions that check reproduces, and reports the sizes', async () => {
    const input = join(scratch, 'big.hp');
    const output = join(scratch, 'small.hp');
    writeFileSync(input, printProgram(missingWaitProgram(2000)));
    const { code, stdout } = await cli('check', input, '--minimize', output, '--seed', '1', '--runs', '50');
    expect(code).toBe(1);
    expect(stdout).toMatch(/minimized RAW on R1: 2000 -> [1-5] instructions \(\d+ candidate programs, [\d.]+ s\), written to /);
    const again = await cli('check', output, '--expect', '--seed', '2');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('hazard RAW R1: as expected');
    expect(readFileSync(output, 'utf8')).toContain('# expect: hazard RAW R1');
  });

  it('writes nothing for a program without hazard', async () => {
    const output = join(scratch, 'none.hp');
    const { code, stdout } = await cli('check', 'examples/three-textures.hp', '--minimize', output);
    expect(code).toBe(0);
    expect(stdout).toContain('has no hazard to minimize');
    expect(existsSync(output)).toBe(false);
  });
});
