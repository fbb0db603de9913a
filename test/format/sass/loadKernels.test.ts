import { describe, expect, it } from 'vitest';
import { architectureName } from '../../../format/sass/architectureName.js';
import { listingKernelsOfText, type ListingOptions } from '../../../format/sass/loadKernels.js';
import { checkSassProgram } from '../../../impl/sass/check.js';
import { architectureTable } from '../../../spec/sass/architectures/index.js';
import { rejection } from '../../helpers.js';

const OPTIONS: ListingOptions = { from: null, architecture: null, kernels: [] };
const load = (text: string, options: Partial<ListingOptions> = {}) => listingKernelsOfText(text, 'k.sass', { ...OPTIONS, ...options });

/** A `cuobjdump -sass` dump of one sm_70+ kernel (a load and its consumer) headed `code for ARCH`. */
const dump = (architecture: string) => [
  `\tcode for ${architecture}`,
  '\t\tFunction : k',
  '        /*0000*/                   LDG.E.SYS R5, [R2] ;          /* 0x0000000002057381 */',
  '                                                                 /* 0x000ea200001ee900 */',
  '        /*0010*/                   IADD3 R6, R5, 0x1, RZ ;       /* 0x0000000105067810 */',
  '                                                                 /* 0x004fca0007ffe0ff */',
  '        /*0020*/                   EXIT ;                        /* 0x000000000000794d */',
  '                                                                 /* 0x000fea0003800000 */',
].join('\n');

/** A maxas listing stating its architecture in the `# Arch:` header. */
const MAXAS = '# Kernel: k\n# Arch: sm_52\n--:-:1:-:6      LDG.E R5, [R2];\n01:-:-:-:6      IADD R6, R5, 0x1;\n--:-:-:-:f      EXIT;\n';

/** An architecture name that has no opcode table (tables are added over time; none of these has one yet). */
const UNTABLED = ['sm_110', 'sm_130', 'sm_990'].find((name) => architectureTable(name) === undefined)!;

describe('architectureName', () => {
  it('spells every form one way, keeping a feature suffix', () => {
    expect(['sm_52', 'SM52', 'sm52', '52', ' sm_120a ', 'SM_90A'].map(architectureName)).toEqual(['sm_52', 'sm_52', 'sm_52', 'sm_52', 'sm_120a', 'sm_90a']);
    expect(['foo', 'sm_5', 'sm_1234', ''].map(architectureName)).toEqual([null, null, null, null]);
  });
});

describe('listingKernelsOfText: the architecture', () => {
  it('is reported as the file states it, with the table that covers it', () => {
    const [maxwell] = load(MAXAS);
    expect(maxwell!.program.architecture).toBe('sm_52');
    expect(maxwell!.program.visibilityDelay).toBe(architectureTable('sm_50')!.visibilityDelay);
    expect(load(dump('sm_75'))[0]!.program.architecture).toBe('sm_75');
  });

  it('is overridden by --arch, in any of its spellings', () => {
    expect(load(dump('sm_75'), { architecture: 'SM86' })[0]!.program.architecture).toBe('sm_86');
  });

  it('with no opcode table yet, gives kernels the check answers unknown for, naming the missing table', () => {
    for (const kernels of [load(dump(UNTABLED)), load(dump('sm_75'), { architecture: UNTABLED })]) {
      const { program, notes } = kernels[0]!;
      expect([program.architecture, program.instructions.length]).toEqual([UNTABLED, 3]);
      expect(notes).toEqual([expect.objectContaining({ kind: 'unsupported', line: 3, column: 36, message: expect.stringMatching(new RegExp(`^no opcode table for ${UNTABLED} yet \\(there are tables for sm_50, `)) })]);
      const result = checkSassProgram(program, notes);
      expect(result.verdict).toBe('unknown');
      expect(result.reason).toContain(`no opcode table for ${UNTABLED} yet`);
      expect(result.hazards).toEqual([]);
    }
  });

  it('is an input error at 1:1 when missing, not an architecture, or older than Maxwell', () => {
    const noArch = '--:-:1:-:6      LDG.E R5, [R2];\n--:-:-:-:f      EXIT;\n';
    expect(rejection(() => load(noArch, { from: 'maxas' }))).toEqual([expect.stringMatching(/^1:1: the listing does not say which architecture it is for \(no 'code for sm_XX' line, .headerflags or sm_XX in the file name\): pass --arch sm_XX \(sm_50, /)]);
    expect(rejection(() => load(MAXAS, { architecture: 'foo' }))).toEqual([expect.stringMatching(/^1:1: no opcode table for architecture 'foo': expected a name like sm_75 \(known are sm_50, /)]);
    expect(rejection(() => load(MAXAS, { architecture: 'sm_35' }))).toEqual(['1:1: expected an architecture sm_50 or later, got sm_35: Kepler and older code carries no scoreboard control codes']);
  });
});
