/**
 * Source-level mutants of AMDGPU assembly (`impl/amdgpu/sourceMutants.ts`): which lines are
 * mutated and how (waits dropped, one counter loosened by one and re-encoded as llc prints it,
 * `s_nop` shortened), that every mutated listing is read again with exactly the intended change,
 * and which wait mutants `fuzz --llvm` counts as uncovering a read.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAmdgpuListing } from '../../../format/amdgpu/parse.js';
import { decodeWait } from '../../../format/amdgpu/waits.js';
import { listingKernelsOfText } from '../../../format/sass/loadKernels.js';
import { sourceMutants, waitMutantSites, type SourceMutant } from '../../../impl/amdgpu/sourceMutants.js';
import { AMDGPU_TARGET_INFO, GENERATION_COUNTERS, type AmdgpuTarget } from '../../../spec/amdgpu/counters.js';

const examples = join(import.meta.dirname, '..', '..', '..', 'examples', 'amdgpu');
const example = (name: string) => readFileSync(join(examples, name), 'utf8');

/** A one-function listing for `target` with the given instruction lines. */
function listing(target: AmdgpuTarget, ...body: string[]): string {
  return [`\t.amdgcn_target "amdgcn-amd-amdhsa--${target}"`, 'k:', ...body.map((line) => `\t${line}`), '\ts_endpgm', ''].join('\n');
}

const described = (mutants: readonly SourceMutant[]) => mutants.map((m) => `${m.kind} ${m.description}`);

describe('sourceMutants', () => {
  it('global_load_store.gfx1100.s: each wait dropped and loosened, the s_nop dropped, in source order', () => {
    const mutants = sourceMutants(example('global_load_store.gfx1100.s'), 'g.s', 'gfx1100');
    expect(described(mutants)).toEqual([
      'drop-wait line 18: s_waitcnt lgkmcnt(0) dropped',
      'loosen-wait line 18: s_waitcnt lgkmcnt(0) -> lgkmcnt(1)',
      'drop-wait line 20: s_waitcnt vmcnt(0) dropped',
      'loosen-wait line 20: s_waitcnt vmcnt(0) -> vmcnt(1)',
      'shorten-nop line 23: s_nop 0 dropped',
    ]);
    expect(mutants.map((m) => m.function)).toEqual(Array(5).fill('global_load_store'));
    expect(mutants[3]!.counter).toEqual({ name: 'vmcnt', from: 0, to: 1 });
  });

  it('a mutant changes its line alone, keeping every line number', () => {
    const text = example('global_load_store.gfx1100.s');
    const [dropped, , , loosened] = sourceMutants(text, 'g.s', 'gfx1100');
    const before = text.split('\n');
    for (const [mutant, line] of [[dropped!, '\t'], [loosened!, '\ts_waitcnt vmcnt(1)']] as const) {
      const after = mutant.text.split('\n');
      expect(after).toHaveLength(before.length);
      expect(after.filter((l, i) => l !== before[i])).toEqual([line]);
      expect(after[mutant.line - 1]).toBe(line);
    }
  });

  it('s_waitcnt is re-encoded as llc prints it: the other fields kept, a field at its maximum left out, all three when none waits', () => {
    const of = (wait: string, target: AmdgpuTarget = 'gfx900') => sourceMutants(listing(target, wait), 'k.s', target).filter((m) => m.kind === 'loosen-wait').map((m) => m.replacement);
    expect(of('s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)')).toEqual([
      's_waitcnt vmcnt(1) expcnt(0) lgkmcnt(0)', 's_waitcnt vmcnt(0) expcnt(1) lgkmcnt(0)', 's_waitcnt vmcnt(0) expcnt(0) lgkmcnt(1)',
    ]);
    expect(of('s_waitcnt vmcnt(62) lgkmcnt(0)')).toEqual(['s_waitcnt lgkmcnt(0)', 's_waitcnt vmcnt(62) lgkmcnt(1)']);
    expect(of('s_waitcnt vmcnt(62)')).toEqual(['s_waitcnt vmcnt(63) expcnt(7) lgkmcnt(15)']);
    // An encoded immediate (0: every counter at 0) comes out symbolic; gfx10 lgkmcnt is 6 bits.
    expect(of('s_waitcnt 0', 'gfx1030')).toEqual([
      's_waitcnt vmcnt(1) expcnt(0) lgkmcnt(0)', 's_waitcnt vmcnt(0) expcnt(1) lgkmcnt(0)', 's_waitcnt vmcnt(0) expcnt(0) lgkmcnt(1)',
    ]);
    const [, atMax] = sourceMutants(listing('gfx900', 's_waitcnt vmcnt(62)'), 'k.s', 'gfx900');
    expect(atMax!.description).toBe('line 3: s_waitcnt vmcnt(62) -> vmcnt(63) expcnt(7) lgkmcnt(15) (no wait on vmcnt)');
  });

  it('the single-counter and gfx12 waits: hexadecimal counts, combined waits by field', () => {
    const of = (wait: string, target: AmdgpuTarget) => sourceMutants(listing(target, wait), 'k.s', target).filter((m) => m.kind === 'loosen-wait').map((m) => m.replacement);
    expect(of('s_waitcnt_vscnt null, 0x0', 'gfx1100')).toEqual(['s_waitcnt_vscnt null, 0x1']);
    expect(of('s_wait_loadcnt 0x7', 'gfx1200')).toEqual(['s_wait_loadcnt 0x8']);
    expect(of('s_wait_kmcnt 0x1e', 'gfx1200')).toEqual(['s_wait_kmcnt 0x1f']);
    expect(of('s_wait_loadcnt_dscnt 0x0', 'gfx1200')).toEqual(['s_wait_loadcnt_dscnt 0x100', 's_wait_loadcnt_dscnt 0x1']);
    // A count in a register is not read by the model: dropped, never loosened; s_waitcnt_depctr is no counter wait.
    expect(described(sourceMutants(listing('gfx1100', 's_waitcnt_vscnt s1, 0x0', 's_waitcnt_depctr 0xfffe'), 'k.s', 'gfx1100'))).toEqual(['drop-wait line 3: s_waitcnt_vscnt s1, 0x0 dropped']);
  });

  it('s_nop N becomes s_nop N-1; labels and comments on the line stay', () => {
    const text = listing('gfx900', 's_nop 3', 's_nop 0x1 ; two');
    expect(described(sourceMutants(text, 'k.s', 'gfx900'))).toEqual(['shorten-nop line 3: s_nop 3 -> s_nop 2', 'shorten-nop line 4: s_nop 0x1 -> s_nop 0']);
    expect(sourceMutants(text, 'k.s', 'gfx900')[1]!.text.split('\n')[3]).toBe('\ts_nop 0 ; two');
    const labelled = [`\t.amdgcn_target "amdgcn-amd-amdhsa--gfx900"`, 'k:', '\ts_nop 0', '.LBB0_1: s_waitcnt vmcnt(0) ; loop', '\ts_endpgm', ''].join('\n');
    expect(sourceMutants(labelled, 'k.s', 'gfx900').map((m) => m.text.split('\n')[3])).toEqual(['.LBB0_1: s_waitcnt vmcnt(0) ; loop', '.LBB0_1:  ; loop', '.LBB0_1: s_waitcnt vmcnt(1) ; loop']);
  });

  it('llvm-objdump -d text: a dropped wait leaves s_nop 0 to keep the addresses, an s_nop 0 is not dropped, and the dump still reads', () => {
    const dump = [
      'k.o:\tfile format elf64-amdgpu', '', 'Disassembly of section .text:', '',
      '0000000000000000 <global_load_store>:',
      '\ts_load_b128 s[0:3], s[2:3], null                           // 000000000000: F4080001 F8000000',
      '\tv_and_b32_e32 v0, 0x3ff, v0                                // 000000000008: 360000FF 000003FF',
      '\tv_lshlrev_b32_e32 v0, 2, v0                                // 000000000014: 30000082',
      '\ts_waitcnt lgkmcnt(0)                                       // 000000000018: BF89FC07',
      '\tglobal_load_b32 v1, v0, s[2:3]                             // 00000000001C: DC520000 01020000',
      '\ts_waitcnt vmcnt(0)                                         // 000000000024: BF8903F7',
      '\tv_mul_f32_e32 v1, 0x40400000, v1                           // 000000000028: 100202FF 40400000',
      '\tglobal_store_b32 v0, v1, s[0:1]                            // 000000000030: DC6A0000 00000100',
      '\ts_nop 0                                                    // 000000000038: BF800000',
      '\ts_sendmsg sendmsg(MSG_DEALLOC_VGPRS)                       // 00000000003C: BFB60003',
      '\ts_endpgm                                                   // 000000000040: BFB00000',
    ].join('\n');
    const mutants = sourceMutants(dump, 'k.txt', 'gfx1100');
    expect(described(mutants)).toEqual([
      'drop-wait line 9: s_waitcnt lgkmcnt(0) dropped (s_nop 0 in its place keeps the addresses)',
      'loosen-wait line 9: s_waitcnt lgkmcnt(0) -> lgkmcnt(1)',
      'drop-wait line 11: s_waitcnt vmcnt(0) dropped (s_nop 0 in its place keeps the addresses)',
      'loosen-wait line 11: s_waitcnt vmcnt(0) -> vmcnt(1)',
    ]);
    expect(mutants[2]!.text.split('\n')[10]).toMatch(/^\ts_nop 0 +\/\/ 000000000024: BF8903F7$/);
    for (const mutant of mutants) expect(listingKernelsOfText(mutant.text, 'k.txt', { from: null, architecture: 'gfx1100', kernels: [] })).toHaveLength(1);
  });

  it('every example: each mutated listing reads, and a loosened wait decodes to the old one with that one counter raised', () => {
    for (const name of readdirSync(examples).filter((file) => file.endsWith('.s'))) {
      const text = example(name);
      const target = /\.(gfx\w+)\.s$/.exec(name)![1] as AmdgpuTarget;
      const generation = AMDGPU_TARGET_INFO[target].generation;
      const lines = new Map(parseAmdgpuListing(text, name).functions.flatMap((fn) => fn.instructions.map((line) => [line.line, line] as const)));
      const mutants = sourceMutants(text, name, target);
      expect(mutants.length, name).toBeGreaterThan(0);
      for (const mutant of mutants) {
        expect(() => listingKernelsOfText(mutant.text, name, { from: null, architecture: null, kernels: [mutant.function] }), mutant.description).not.toThrow();
        if (mutant.kind !== 'loosen-wait') continue;
        const old = lines.get(mutant.line)!;
        const before = decodeWait(old.parts[0]!.mnemonic, old.operandText, generation) as { counter: string; limit: number }[];
        const [mnemonic, ...rest] = mutant.replacement.split(' ');
        const after = decodeWait(mnemonic!, rest.join(' '), generation) as { counter: string; limit: number }[];
        const { name: counter, to } = mutant.counter!;
        const max = GENERATION_COUNTERS[generation].counters.find((c) => c.counter === counter)!.max;
        const expected = before.map((wait) => (wait.counter === counter ? { counter, limit: to } : wait)).filter((wait) => wait.limit < max || wait.counter !== counter);
        expect(after, mutant.description).toEqual(expected);
      }
    }
  });
});

describe('waitMutantSites: the wait mutants where a load result is read, and whether the text shows the change uncovers it', () => {
  const sites = (target: AmdgpuTarget, ...body: string[]) => {
    const text = listing(target, ...body);
    return waitMutantSites(text, sourceMutants(text, 'k.s', target)).map(({ mutant, guardsRegister }) => `${mutant.description}: ${guardsRegister ? 'guards' : 'guards nothing shown'}`);
  };

  it('loosening vmcnt(0) uncovers the youngest load; the older one is still covered by vmcnt(1)', () => {
    expect(sites('gfx1100', 'global_load_b32 v1, v0, s[0:1]', 'global_load_b32 v2, v0, s[0:1] offset:4', 's_waitcnt vmcnt(0)', 'v_add_nc_u32_e32 v3, v2, v2')).toEqual([
      'line 5: s_waitcnt vmcnt(0) dropped: guards',
      'line 5: s_waitcnt vmcnt(0) -> vmcnt(1): guards',
    ]);
    expect(sites('gfx1100', 'global_load_b32 v1, v0, s[0:1]', 'global_load_b32 v2, v0, s[0:1] offset:4', 's_waitcnt vmcnt(0)', 'v_add_nc_u32_e32 v3, v1, v1')).toEqual([
      'line 5: s_waitcnt vmcnt(0) dropped: guards',
      'line 5: s_waitcnt vmcnt(0) -> vmcnt(1): guards nothing shown',
    ]);
  });

  it('vmcnt(1) with one load after the read one: loosened to vmcnt(2) it uncovers it', () => {
    expect(sites('gfx900', 'global_load_dword v1, v0, s[0:1]', 'global_load_dword v2, v0, s[0:1] offset:4', 's_waitcnt vmcnt(1)', 'v_add_u32_e32 v3, v1, v1', 's_waitcnt vmcnt(0)', 'v_add_u32_e32 v4, v2, v2')).toEqual([
      'line 5: s_waitcnt vmcnt(1) dropped: guards',
      'line 5: s_waitcnt vmcnt(1) -> vmcnt(2): guards',
      // Approximate: vmcnt(1) on line 5 lies between the second load and its read, so no guard is claimed (loosening line 7 does uncover it).
      'line 7: s_waitcnt vmcnt(0) dropped: guards nothing shown',
      'line 7: s_waitcnt vmcnt(0) -> vmcnt(1): guards nothing shown',
    ]);
  });

  it('only counters a read load counts on are loosened sites; a FLAT load is never claimed; stores may count, so they are counted', () => {
    expect(sites('gfx900', 'global_load_dword v1, v0, s[0:1]', 's_waitcnt vmcnt(0) lgkmcnt(0)', 'v_add_u32_e32 v3, v1, v1')).toEqual([
      'line 4: s_waitcnt vmcnt(0) lgkmcnt(0) dropped: guards',
      'line 4: s_waitcnt vmcnt(0) lgkmcnt(0) -> vmcnt(1) lgkmcnt(0): guards',
    ]);
    expect(sites('gfx900', 'flat_load_dword v1, v[2:3]', 's_waitcnt vmcnt(0) lgkmcnt(0)', 'v_add_u32_e32 v3, v1, v1')).toEqual([
      'line 4: s_waitcnt vmcnt(0) lgkmcnt(0) dropped: guards',
      'line 4: s_waitcnt vmcnt(0) lgkmcnt(0) -> vmcnt(1) lgkmcnt(0): guards nothing shown',
      'line 4: s_waitcnt vmcnt(0) lgkmcnt(0) -> vmcnt(0) lgkmcnt(1): guards nothing shown',
    ]);
    // gfx1100 stores count on vscnt, not vmcnt, but the count takes them in: no guard claimed.
    expect(sites('gfx1100', 'global_load_b32 v1, v0, s[0:1]', 'global_store_b32 v0, v0, s[2:3]', 's_waitcnt vmcnt(0)', 'v_add_nc_u32_e32 v3, v1, v1')).toEqual([
      'line 5: s_waitcnt vmcnt(0) dropped: guards',
      'line 5: s_waitcnt vmcnt(0) -> vmcnt(1): guards nothing shown',
    ]);
    // gfx12: a kmcnt wait does not count LDS loads.
    expect(sites('gfx1200', 'ds_load_b32 v1, v0', 's_wait_kmcnt 0x0', 's_wait_dscnt 0x0', 'v_add_nc_u32_e32 v3, v1, v1')).toEqual([
      'line 4: s_wait_kmcnt 0x0 dropped: guards nothing shown',
      'line 5: s_wait_dscnt 0x0 dropped: guards nothing shown',
      'line 5: s_wait_dscnt 0x0 -> 0x1: guards nothing shown',
    ]);
  });
});
