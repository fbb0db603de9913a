/**
 * Bad input is never a verdict: an empty file, a binary one (random bytes, an ELF), a gzip of a
 * valid listing, or a listing cut short gets a located input error and exit 2 from every command
 * that reads listings or programs, never `proved-safe` or `hazard` and never a stack trace.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededBytes } from '../helpers.js';
import { cli } from './run.js';

const examples = join(import.meta.dirname, '..', '..', 'examples');
const dir = mkdtempSync(join(tmpdir(), 'hazardproof-bad-input-'));

function write(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}


/** A refusal as the CLI must give it: exit 2, every stderr line `file:line:col: message`, no verdict, no stack trace. */
function expectRefused(result: { code: number; stdout: string; stderr: string }, path: string, message: RegExp): void {
  expect(result.code, result.stdout + result.stderr).toBe(2);
  expect(result.stdout).not.toMatch(/proved-safe|hazard/);
  expect(result.stderr).not.toMatch(/\n\s+at |Error:/);
  const first = result.stderr.split('\n')[0]!;
  expect(first.startsWith(`${path}:`), first).toBe(true);
  expect(first.slice(path.length)).toMatch(/^:\d+:\d+: /);
  expect(first).toMatch(message);
}

const amdgpu = readFileSync(join(examples, 'amdgpu', 'global_load_store.gfx1100.s'), 'utf8');
const cuasm = readFileSync(join(examples, 'sass', 'safe.sm_75.cuasm'), 'utf8');

/** Each bad file, and what its refusal must say. */
const BAD: readonly (readonly [string, string | Uint8Array, RegExp])[] = [
  ['empty.sass', '', /empty file: expected a text listing/],
  ['empty.s', '', /empty file: expected a text listing/],
  ['empty.hp', '', /empty file: expected a text program/],
  ['empty.cuasm', '', /empty file: expected a text listing/],
  ['blank.txt', '\n  \n', /empty file \(only white space\)/],
  ['random.sass', seededBytes(2048, 7), /binary data \(byte 0x[0-9a-f]{2} at offset \d+\): expected a text listing/],
  ['random.s', seededBytes(2048, 11), /binary data \(byte 0x[0-9a-f]{2} at offset \d+\): expected a text listing/],
  ['random.hp', seededBytes(2048, 13), /binary data \(byte 0x[0-9a-f]{2} at offset \d+\): expected a text program/],
  ['true.sass', readFileSync('/usr/bin/true'), /an ELF object .*disassemble it first/],
  ['kernel.cubin', readFileSync('/usr/bin/true'), /an ELF object .*disassemble it first/],
  ['global_load_store.s.gz', gzipSync(amdgpu), /gzip-compressed: decompress it first \(gunzip -k /],
  ['safe.cuasm.gz', gzipSync(cuasm), /gzip-compressed: decompress it first \(gunzip -k /],
  ['safe.cuasm', gzipSync(cuasm), /gzip-compressed: decompress it first/],
];

/** Every command that reads listings or programs (`cli/commandTable.ts`), as it is given one file. */
const COMMANDS: readonly (readonly string[])[] = [['check'], ['print'], ['annotate'], ['mutate'], ['facts', '--evidence'], ['prove']];

describe('empty, binary and compressed files: a located error and exit 2 from every command', () => {
  for (const [name, content, message] of BAD) {
    const path = write(name, content);
    it.each(COMMANDS.map((command) => [command.join(' '), command] as const))(`${name}: %s`, async (_name, command) => {
      expectRefused(await cli(...command, path), path, message);
    });
  }

  it('an empty or binary .sass is told what it is, not that maxas and TuringAs look alike', async () => {
    for (const name of ['empty.sass', 'random.sass']) {
      const result = await cli('check', join(dir, name));
      expect(result.stderr).not.toMatch(/maxas and TuringAs/);
    }
  });

  it('a binary .s is told it is binary, not given .hp syntax errors', async () => {
    const result = await cli('check', join(dir, 'random.s'));
    expect(result.stderr).not.toMatch(/'<-'|\.hp/);
    expect(result.stderr.split('\n').filter((line) => line !== '')).toHaveLength(1);
  });
});

/** `kernel NAME (...): VERDICT` lines of `check`'s text report, by kernel. */
function verdicts(stdout: string): Map<string, string> {
  return new Map([...stdout.matchAll(/kernel (\S+) \([^)]*\): (proved-safe|hazard|unknown)/g)].map((match) => [match[1]!, match[2]!]));
}

/** Offsets of the line starts of a text, and the middle of each line: the cut points tried. */
function cutPoints(text: string): number[] {
  const starts = [0];
  for (let at = 0; at < text.length; at++) if (text[at] === '\n') starts.push(at + 1);
  return starts.flatMap((start, index) => (index + 1 < starts.length ? [start, Math.floor((start + starts[index + 1]!) / 2)] : [])).filter((cut) => cut > 0 && text.slice(cut).trim() !== '');
}

/**
 * The law of a cut listing: either a located input error and exit 2, or (the cut fell where no
 * kernel was cut: between kernels, or after a kernel's last reachable instruction) the verdicts
 * the whole listing gets for the kernels that remain. Never a verdict on a kernel that was cut.
 */
async function expectCutLaw(file: string, text: string, cut: number, whole: Map<string, string>): Promise<void> {
  const path = write(`cut-${file.replace(/[\\/]/g, '_')}`, text.slice(0, cut));
  const result = await cli('check', path);
  if (result.code === 2) {
    expect(result.stdout).not.toMatch(/proved-safe|hazard/);
    expect(result.stderr).toMatch(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: `));
    return;
  }
  const remaining = verdicts(result.stdout);
  expect(remaining.size, `cut at ${cut}: ${JSON.stringify(text.slice(Math.max(0, cut - 40), cut))}\n${result.stdout}${result.stderr}`).toBeGreaterThan(0);
  for (const [kernel, verdict] of remaining) expect(verdict, `kernel ${kernel} after a cut at ${cut}: ${JSON.stringify(text.slice(Math.max(0, cut - 40), cut))}`).toBe(whole.get(kernel));
}

const LISTINGS = [
  ...readdirSync(join(examples, 'amdgpu')).filter((name) => name.endsWith('.s')).map((name) => join('amdgpu', name)),
  ...readdirSync(join(examples, 'sass')).filter((name) => name.endsWith('.cuasm')).map((name) => join('sass', name)),
];

describe('a listing cut short is refused, never checked as if its last kernel ended there', () => {
  it.each(LISTINGS)('%s, cut at any line or in the middle of one', async (listing) => {
    const text = readFileSync(join(examples, listing), 'utf8');
    const whole = verdicts((await cli('check', join(examples, listing))).stdout);
    expect(whole.size).toBeGreaterThan(0);
    const points = cutPoints(text);
    await fc.assert(fc.asyncProperty(fc.constantFrom(...points), (cut) => expectCutLaw(listing, text, cut, whole)), { numRuns: 40 });
  });

  it('an llc listing cut inside a kernel body names the function and says it looks cut short', async () => {
    const cut = amdgpu.slice(0, amdgpu.indexOf('\ts_endpgm'));
    const path = write('cut-body.s', cut);
    const result = await cli('check', path);
    expectRefused(result, path, /function global_load_store has no end: llc ends every function it begins with '\.Lfunc_endN:' and '\.size global_load_store, \.\.\.', but the file stops at line \d+: the listing looks cut short/);
  });

  it('hand-written AMDGPU code (no llc marks) ending without s_endpgm or a return is cut short', async () => {
    const path = write('hand.s', '\t.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"\nk:\n\ts_load_b64 s[0:1], s[0:1], 0x0\n\ts_waitcnt lgkmcnt(0)\n\tv_mov_b32 v0, s0\n');
    expectRefused(await cli('check', path), path, /^.*:5:2: the function k ends at line 5 with v_mov_b32, without s_endpgm, a return \(s_setpc_b64\) or a jump \(s_branch\)/);
    const whole = write('hand-whole.s', '\t.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"\nk:\n\ts_load_b64 s[0:1], s[0:1], 0x0\n\ts_waitcnt lgkmcnt(0)\n\tv_mov_b32 v0, s0\n\ts_endpgm\n');
    expect((await cli('check', whole)).code).toBe(0);
  });

  it('an llc listing cut in its metadata or kernel descriptor is cut short too', async () => {
    const inMetadata = write('cut-metadata.s', amdgpu.slice(0, amdgpu.indexOf('amdhsa.kernels:')));
    expectRefused(await cli('check', inMetadata), inMetadata, /the \.amdgpu_metadata block has no \.end_amdgpu_metadata before the end of the file/);
    const inDescriptor = write('cut-descriptor.s', amdgpu.slice(0, amdgpu.indexOf('.end_amdhsa_kernel')));
    expectRefused(await cli('check', inDescriptor), inDescriptor, /the listing looks cut short/);
  });

  it('an NVIDIA listing cut mid-kernel, mid-line or mid-control-code is refused', async () => {
    const body = write('cut-body.cuasm', cuasm.slice(0, cuasm.lastIndexOf('\n', cuasm.indexOf('FMUL')) + 1));
    expectRefused(await cli('check', body), body, /kernel _Z6squarePfS_f ends at line \d+ with FADD, not an EXIT, return or jump: code cannot run off the end of a kernel, so the listing looks cut short/);
    const control = write('cut-control.cuasm', cuasm.slice(0, cuasm.indexOf('[B------:R-:W-:-:S01]         /*00a0*/') + 8));
    expectRefused(await cli('check', control), control, /:\d+:\d+: /);
  });

  it('a cuobjdump dump whose last function has no "...." line is cut short', async () => {
    const dump = [
      'Fatbin elf code:', '================', 'arch = sm_75', '', '\tcode for sm_75', '\t\tFunction : k',
      '        /*0000*/                   S2R R0, SR_TID.X ;   /* 0x0000000000007919 */',
      '                                                /* 0x000e240000002500 */',
      '        /*0010*/                   EXIT ;               /* 0x000000000000794d */',
      '                                                /* 0x000fea0003800000 */',
    ];
    const cut = write('cut.sass', `${dump.join('\n')}\n`);
    expectRefused(await cli('check', cut), cut, /function k has no '\.\.\.\.' line after its code: cuobjdump ends every function with one/);
    const whole = write('whole.sass', `${[...dump, '\t\t..........', ''].join('\n')}\n`);
    expect((await cli('check', whole)).code).toBe(0);
  });

  it('a cut .hp program is read as the shorter program it is (the notation has no end mark), never a crash', async () => {
    // .hp programs end wherever their last line is: a cut between lines is a whole, shorter
    // program, and only a cut inside a token can be told. What is promised: exit 0-3, and
    // every error located.
    for (const name of readdirSync(examples).filter((each) => each.endsWith('.hp'))) {
      const text = readFileSync(join(examples, name), 'utf8');
      await fc.assert(fc.asyncProperty(fc.constantFrom(...cutPoints(text)), async (cut) => {
        const path = write(`cut-${name}`, text.slice(0, cut));
        const result = await cli('check', path);
        expect([0, 1, 2, 3]).toContain(result.code);
        expect(result.stderr).not.toMatch(/\n\s+at /);
        if (result.code === 2) expect(result.stderr.split('\n')[0]!.slice(path.length)).toMatch(/^:\d+:\d+: /);
      }), { numRuns: 10 });
    }
  });
});
