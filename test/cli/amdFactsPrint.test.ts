/**
 * `hazardproof facts --arch gfxNNNN` prints an AMD target's facts in the NVIDIA tables' row format
 * (text and --json), refuses what only makes sense for NVIDIA, and names the AMD targets when a
 * target is unknown; `hazardproof print FILE.s` prints the lowered model in AMD words.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AMDGPU_TARGETS } from '../../spec/amdgpu/counters.js';
import { AMDGPU_SOURCES } from '../../spec/amdgpu/sources.js';
import { registers } from '../../reports/amdgpu/printModel.js';
import { cli } from './run.js';

const root = join(import.meta.dirname, '..', '..');
const example = (name: string) => join(root, 'examples', 'amdgpu', name);
const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-amd-print-'));

describe('hazardproof facts --arch gfxNNNN', () => {
  it.each(AMDGPU_TARGETS)('%s: prints its facts with both sides and every citation', async (target) => {
    const { code, stdout, stderr } = await cli('facts', '--arch', target);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^${target} \\(gfx[0-9.]+\\): \\d+ facts, \\d+ with a counterexample side that differs from the proof side$`, 'm'));
    expect(stdout).toMatch(/^kind +name +proof side +counterexample side +source$/m);
    expect(stdout).toMatch(/^counter +\S+ +\d+ bits, /m);
    expect(stdout).toMatch(/^queue +smem +on \w+, completes in any order/m);
    expect(stdout).toMatch(/^hazard +smem-soft-clause /m);
    // Every key a row names is cited below, with its kind.
    const cited = [...stdout.matchAll(/^ {2}([a-z0-9-]+) \((documentation|compiler)\): /gm)].map((match) => match[1]!);
    expect(cited.length).toBeGreaterThan(3);
    for (const key of cited) expect(Object.keys(AMDGPU_SOURCES)).toContain(key);
  });

  it('gfx942: the wait-state figures of waitStates.ts, a proof-only rule with its own counterexample side', async () => {
    const { stdout } = await cli('facts', '--arch', 'gfx942');
    expect(stdout).toMatch(/^wait-states +valu-sgpr -> vmem-sgpr +5 wait states between them \(vmem-reads-sgpr-after-valu-write; checkVMEMHazards\) +same +llvm-hazard-recognizer, llvm-hazard-subtarget \(compiler\)$/m);
    expect(stdout).toMatch(/^wait-states +store-data -> valu-overwrite +2 wait states between them /m);
    expect(stdout).toMatch(/^wait-states +op-sel-hi-vgpr -> valu-vgpr-read +1 wait state .*, proof only +no such requirement/m);
    expect(stdout).toMatch(/^hazard +mfma-and-accvgpr +not timed: a function where it can arise is unknown\./m);
  });

  it('--json gives the rows, their keys and kinds, and the full citations', async () => {
    const { code, stdout } = await cli('facts', '--arch', 'GFX1100', '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { architecture: string; generation: string; facts: { kind: string; name: string; proof: string; source: string[]; provenance: string[] }[]; sources: { key: string; provenance: string; citation: string }[] };
    expect(report).toMatchObject({ architecture: 'gfx1100', generation: 'gfx11' });
    expect(report.facts.find((fact) => fact.kind === 'counter' && fact.name === 'vscnt')).toMatchObject({ proof: expect.stringMatching(/^6 bits, 0\.\.63 /) });
    expect(report.facts.filter((fact) => fact.kind === 'wait-states')).toEqual([]);
    expect(report.facts.find((fact) => fact.name === 'valu-trans-use')).toMatchObject({ kind: 'hazard', proof: expect.stringMatching(/^not timed: a function where it can arise is unknown\. /), source: ['llvm-hazard-recognizer', 'llvm-hazard-subtarget', 'llvm-target-features'], provenance: ['compiler', 'compiler', 'compiler'] });
    for (const { key, citation } of report.sources) expect(citation).toBe(AMDGPU_SOURCES[key as keyof typeof AMDGPU_SOURCES]);
  });

  it('an unknown target lists the AMD targets as well as the NVIDIA tables (exit 2)', async () => {
    for (const arch of ['gfx1101', 'sm_30', 'frob']) {
      const { code, stderr } = await cli('facts', '--arch', arch);
      expect(code, arch).toBe(2);
      expect(stderr, arch).toContain(AMDGPU_TARGETS.join(', '));
      expect(stderr, arch).toContain('sm_75');
    }
  });

  it('options only NVIDIA tables have are usage errors for an AMD target (exit 2)', async () => {
    const opcode = await cli('facts', '--arch', 'gfx900', '--opcode', 'S_NOP');
    expect(opcode.code).toBe(2);
    expect(opcode.stderr).toContain('--opcode selects rows of an NVIDIA opcode table');
    const evidence = await cli('facts', '--evidence', '--arch', 'gfx942', example('flat_generic.gfx900.s'));
    expect(evidence.code).toBe(2);
    expect(evidence.stderr).toContain('--evidence reads NVIDIA listings');
    const file = await cli('facts', '--evidence', example('flat_generic.gfx900.s'));
    expect(file.code).toBe(2);
    expect(file.stderr).toContain('is AMDGPU assembly');
  });

  it('the help and the list of tables name the AMD targets', async () => {
    expect((await cli('help', 'facts')).stdout).toContain('gfx900, gfx90a,\ngfx942, gfx1030, gfx1100, gfx1200');
    expect((await cli('facts')).stdout).toMatch(/^AMD targets: gfx900 \(gfx9\), .*gfx1200 \(gfx12\)$/m);
  });
});

describe('hazardproof print FILE.s: the model in AMD words', () => {
  it('flat_generic.gfx900.s: header, each line with its model instructions, no control records', async () => {
    const { code, stdout } = await cli('print', example('flat_generic.gfx900.s'));
    expect(code).toBe(0);
    expect(stdout).not.toContain('[B------');
    expect(stdout).toContain('target gfx900 (gfx9)\ncounters: vmcnt = SB0, expcnt = SB1, lgkmcnt = SB2');
    expect(stdout).toMatch(/^queues: smem \(lgkmcnt, any order\), lds \(lgkmcnt, in order\), flat-vmem \(vmcnt, any order\), flat-lds \(lgkmcnt, any order\), vmem \(vmcnt, in order\)$/m);
    expect(stdout).toMatch(/^timing: 2 model cycles per wait state /m);
    expect(stdout).toContain([
      'line 28  flat_load_dword v3, v[0:1]',
      '    increments vmcnt (flat-vmem) until it has written v3; reads v[0:1], exec at issue; a vmem-sgpr reader for wait states',
      '    LDS side: increments lgkmcnt (flat-lds) until it has written v3.lds',
      '',
      'line 29  s_waitcnt vmcnt(0) lgkmcnt(0)',
      '    waits until vmcnt <= 0',
      '    waits until lgkmcnt <= 0',
    ].join('\n'));
    expect(stdout).toContain('vcc as valu-sgpr, valu-vcc: 5 before vmem-sgpr, 4 before div-fmas-vcc, 4 before lane-select');
    expect(stdout).toMatch(/^line 35 {2}s_endpgm\n {4}ends the wave$/m);
  });

  it('a callable function: the caller\'s operations at entry, the callee\'s assumed effects at a call, notes at their line', async () => {
    const { code, stdout } = await cli('print', example('call_device_function.gfx90a.s'));
    expect(code).toBe(0);
    expect(stdout).toContain('line 11  (entry of helper, as its caller may leave it)\n    the caller\'s vmcnt operations may still be in flight: increments vmcnt (caller) until it has written ');
    expect(stdout).toMatch(/^ {4}writes v3 \(\+ ~expcnt, ~lgkmcnt\); reads v2, exec \(\+ ~expcnt, ~lgkmcnt\); /m);
    expect(stdout).toContain('    the callee\'s wait on lgkmcnt, assumed: waits until lgkmcnt <= 0');
    expect(stdout).toMatch(/^ {4}! assumption: call: the callee is assumed to wait/m);
  });

  it('gfx942: s_nop wait states, store data held, and a proof-only figure', async () => {
    const file = join(scratch, 'nops.s');
    writeFileSync(file, ['\t.amdgcn_target "amdgcn-amd-amdhsa--gfx942"', '\t.type k,@function', 'k:', '\tv_readfirstlane_b32 s4, v0', '\ts_nop 4', '\tglobal_load_dword v1, v2, s[4:5]',
      '\tglobal_store_dwordx4 v0, v[4:7], s[0:1]', '\ts_nop 1', '\ts_waitcnt vmcnt(0)', '\tv_pk_add_f16 v5, v1, v1', '\ts_endpgm', '\t.amdhsa_kernel k', '\t.end_amdhsa_kernel', ''].join('\n'));
    const { code, stdout } = await cli('print', file);
    expect(code).toBe(0);
    expect(stdout).toContain('line 5  s_nop 4   (5 wait states)');
    expect(stdout).toContain('s4 as valu-sgpr: 5 before vmem-sgpr, 4 before lane-select, 2 before valu-sgpr-read');
    expect(stdout).toContain('holds its data: a VALU may not overwrite it yet: writes v[4:7]!store-data; wait states: v[4:7]!store-data as store-data: 2 before valu-overwrite');
    expect(stdout).toContain('1 before valu-vgpr-read (proof only; 0 for a counterexample)');
  });

  it('gfx1030: a store on the untracked store counter; a target without facts has every line without effect', async () => {
    expect((await cli('print', example('mixed_smem_lds.gfx1030.s'))).stdout).toContain('on vscnt (vmem-write), which the model does not track; reads v2, v0, s[0:1], exec at issue');
    const none = await cli('print', '--arch', 'gfx1101', example('mixed_smem_lds.gfx1030.s'));
    expect(none.code).toBe(0);
    expect(none.stdout).toContain('target gfx1101: no facts for it, so every line has no effect');
    expect(none.stdout).toContain('! unsupported: no wait-counter facts for gfx1101');
  });

  it('NVIDIA listings still print as control records', async () => {
    const { code, stdout } = await cli('print', join(root, 'examples', 'sass', 'loop.sm_75.cuasm'));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\.arch sm_75$/m);
    expect(stdout).toMatch(/^\[[B-][^\]]*\] /m);
  });

  it('registers print as AMD assembly writes them', () => {
    expect(registers(['v0', 'v1', 'v2', 's4', 'exec_lo', 'exec_hi', 'vcc_lo'])).toBe('v[0:2], s4, exec, vcc_lo');
    expect(registers(['v3', 'v3.lds', 'v4.lds'])).toBe('v3, v[3:4].lds');
    expect(registers(['v0', 'v1', 'v0~lgkmcnt', 'v1~lgkmcnt', 'v0~expcnt'])).toBe('v[0:1], v0~expcnt (+ ~lgkmcnt)');
    expect(registers(['exec~expcnt', 'v2~expcnt'])).toBe('exec~expcnt, v2~expcnt');
  });
});
