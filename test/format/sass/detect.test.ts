import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../../format/packageRoot.js';
import { detectNotation, hasListingName, isListingText } from '../../../format/sass/detect.js';
import { isListingFile, parseListing } from '../../../format/sass/load.js';
import { rejection } from '../../helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-detect-'));
function file(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

/** A whole `cuobjdump -sass` dump for sm_75 (the S2R and EXIT of cuobjdump.test.ts). */
const CUOBJDUMP = [
  '',
  '\tcode for sm_75',
  '\t\tFunction : k',
  '\t.headerflags    @"EF_CUDA_SM75 EF_CUDA_PTX_SM(EF_CUDA_SM75)"',
  '        /*0000*/                   S2R R0, SR_TID.X ;   /* 0x0000000000007919 */',
  '                                                /* 0x000e240000002500 */',
  '        /*0010*/                   EXIT ;               /* 0x000000000000794d */',
  '                                                /* 0x000fea0003800000 */',
  '',
].join('\n');
const NVDISASM_HEX = '\t.headerflags\t@"EF_CUDA_SM86"\n\t.section\t.text.k,"ax",@progbits\n        /*0000*/                   EXIT ;   /* 0x000000000000794d */\n';
const NVDISASM_PLAIN = '\t.section\t.text.k,"ax",@progbits\n        /*0000*/                   EXIT ;\n';
const CUASM = '\t.__elf_flags 0x4b054b\n\t.section\t.text.k,"ax",@progbits\n      [B------:R-:W-:-:S05] /*0000*/ EXIT ;\n';
const CUASM_2019 = '# section .text.k\n.SectionData {"Type":"Code"}\nL00000: [----:B------:R-:W-:-:S05]   EXIT ;   /* 0x000000000000794d; 0x000fea0003800000 */\n';
const NVAA_DECODED = '\t.section\t.text.k,"ax",@progbits\n      MOV       R1,     c0[0x28]         {!2,Y};\n      EXIT {!5};\n';
const NVAA_HEX = '\t.section\t.text.k,"ax",@progbits\n  /*0000*/       EXIT    ;  /* 000FEA0003800000`000000000000794D */\n';
const MAXAS = '# Kernel: k\n# Arch: sm_52\n--:-:-:-:5      EXIT;\n';
const MAXAS_SOURCE = '<CONSTANT_MAPPING>\n    param_A : c[0x0][0x140]\n</CONSTANT_MAPPING>\n';
const TURINGAS = '<params>\ninput, 8\n</params>\n--:-:-:-:5     EXIT;\n';
const BARE_CONTROLS = '--:-:-:-:5     EXIT;\n';
const HP = '# expect: proved-safe\n.pipe alu fixed 4: MOV\n[B------:R-:W-:-:S01] MOV R1 <- R2\n';

describe('detectNotation', () => {
  it.each([
    ['cuobjdump -sass', CUOBJDUMP, 'cuobjdump'],
    ['nvdisasm -hex', NVDISASM_HEX, 'cuobjdump'],
    ['nvdisasm without -hex', NVDISASM_PLAIN, 'cuobjdump'],
    ['CuAssembler', CUASM, 'cuasm'],
    ['CuAssembler, 2019 layout', CUASM_2019, 'cuasm'],
    ['nvaa, decoded only', NVAA_DECODED, 'nvaa'],
    ['nvaa with encodings', NVAA_HEX, 'nvaa'],
    ['maxas', MAXAS, 'maxas'],
    ['a maxas source', MAXAS_SOURCE, 'maxas'],
    ['TuringAs', TURINGAS, 'turingas'],
  ])('tells %s from its content, whatever the file is called', (_what, text, notation) => {
    for (const name of ['all.txt', 'dump', 'k.sass', 'k.sass.txt', '-']) expect(detectNotation(text, name)).toBe(notation);
    expect(isListingText(text)).toBe(true);
  });

  it('falls back on the extension, and tells nothing from bare maxas/TuringAs control fields', () => {
    const section = '\t.text.k:\n';
    expect(detectNotation(section, 'k.cuasm')).toBe('cuasm');
    expect(detectNotation(section, 'k.dsass')).toBe('cuobjdump');
    expect(detectNotation(section, 'k.sass')).toBeNull();
    expect(detectNotation(BARE_CONTROLS, 'k.sass')).toBeNull();
    expect(isListingText(BARE_CONTROLS)).toBe(true);
    expect(rejection(() => parseListing(BARE_CONTROLS, 'k.txt'))).toEqual([
      '1:1: cannot tell which notation this listing uses (maxas and TuringAs control fields look alike): pass --from cuasm|maxas|turingas|cuobjdump|nvaa',
    ]);
  });

  it('does not take a .hp program for a listing, though it writes CuAssembler control fields', () => {
    expect(isListingText(HP)).toBe(false);
    expect(detectNotation(HP, 'p.txt')).toBeNull();
  });
});

describe('isListingFile', () => {
  it('is a listing by its name, or by its content when the name is of no other kind', () => {
    expect(hasListingName('k.sass.txt')).toBe(true);
    expect(isListingFile(join(scratch, 'absent.sass'))).toBe(true);
    expect(isListingFile(file('all.txt', CUOBJDUMP))).toBe(true);
    expect(isListingFile(file('dump', NVAA_DECODED))).toBe(true);
    expect(isListingFile(file('program.txt', HP))).toBe(false);
    expect(isListingFile(file('dump.hp', CUOBJDUMP))).toBe(false);
    expect(isListingFile(file('dump.log', CUOBJDUMP))).toBe(false);
    expect(isListingFile(join(scratch, 'absent.txt'))).toBe(false);
  });
});

// The built CLI (`npm run build` first), fed on standard input and with a name that says nothing.
describe('hazardproof check on listings named anyhow', () => {
  const bin = join(packageRoot(), 'bin', 'hazardproof.js');
  const check = (args: string[], input?: string) => spawnSync('node', [bin, 'check', ...args], { encoding: 'utf8', input });

  it('reads a dump named all.txt, and one on standard input as -', () => {
    const named = check([file('all.txt', CUOBJDUMP)]);
    expect([named.status, named.stderr]).toEqual([0, '']);
    expect(named.stdout).toContain('all.txt: kernel k (sm_75, 2 instructions');
    const piped = check(['-', '--json'], CUOBJDUMP);
    expect([piped.status, piped.stderr]).toEqual([0, '']);
    expect(JSON.parse(piped.stdout)).toMatchObject({ file: '-', kernel: 'k', architecture: 'sm_75', verdict: 'proved-safe' });
  });

  it('reads a .hp program on standard input too, and locates a malformed listing there', () => {
    const program = check(['-'], HP);
    expect([program.status, program.stderr]).toEqual([0, '']);
    expect(program.stdout).toContain('proved-safe');
    const bad = check(['-'], CUOBJDUMP.replace('/* 0x000e240000002500 */', '/* 0x000e24000000250 */'));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^-:6:52: expected an encoding '\/\* 0x' and 16 hex digits/);
  });

  it('--from still forces a notation', () => {
    const forced = check([file('forced.txt', CUOBJDUMP), '--from', 'cuasm']);
    expect(forced.status).toBe(2);
    expect(forced.stderr).toMatch(/forced\.txt:1:1: no \.text section with instructions/);
  });
});
