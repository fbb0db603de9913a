/**
 * The `llvm-objdump -d` importer: the dump of a kernel gives the same verdict and the same model
 * instructions as llc's `.s` of the same kernel, branches are resolved by address (offset and
 * `<name+0xNN>` agreeing), and a dump without `--arch` or with a malformed line is a located error.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkListingKernels } from '../../../api/listing/checkKernels.js';
import { isAmdgpuText } from '../../../format/amdgpu/detect.js';
import { isAmdgpuObjdumpText, parseAmdgpuObjdump } from '../../../format/amdgpu/objdump.js';
import { listingKernelsOfText } from '../../../format/sass/loadKernels.js';
import { rejection } from '../../helpers.js';

// llc-19 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -O2 -filetype=obj -o k.o examples/amdgpu/ir/global_load_store.ll
// llvm-objdump-19 -d --mcpu=gfx1100 k.o | head -n 20     (the rest is more s_code_end padding)
const GLOBAL_LOAD_STORE = `
k.o:\tfile format elf64-amdgpu

Disassembly of section .text:

0000000000000000 <global_load_store>:
\ts_load_b128 s[0:3], s[2:3], null                           // 000000000000: F4080001 F8000000
\tv_and_b32_e32 v0, 0x3ff, v0                                // 000000000008: 360000FF 000003FF
\ts_delay_alu instid0(VALU_DEP_1)                            // 000000000010: BF870001
\tv_lshlrev_b32_e32 v0, 2, v0                                // 000000000014: 30000082
\ts_waitcnt lgkmcnt(0)                                       // 000000000018: BF89FC07
\tglobal_load_b32 v1, v0, s[2:3]                             // 00000000001C: DC520000 01020000
\ts_waitcnt vmcnt(0)                                         // 000000000024: BF8903F7
\tv_mul_f32_e32 v1, 0x40400000, v1                           // 000000000028: 100202FF 40400000
\tglobal_store_b32 v0, v1, s[0:1]                            // 000000000030: DC6A0000 00000100
\ts_nop 0                                                    // 000000000038: BF800000
\ts_sendmsg sendmsg(MSG_DEALLOC_VGPRS)                       // 00000000003C: BFB60003
\ts_endpgm                                                   // 000000000040: BFB00000
\ts_code_end                                                 // 000000000044: BF9F0000
\ts_code_end                                                 // 000000000048: BF9F0000`;

// llc-19 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -O2 -filetype=obj -o k.o examples/amdgpu/ir/loop_accumulate.ll
// llvm-objdump-19 -d k.o       (no --mcpu: the processor comes from the ELF flags, and is printed nowhere)
const LOOP = `
k.o:\tfile format elf64-amdgpu

Disassembly of section .text:

0000000000000000 <loop_accumulate>:
\ts_load_dword s4, s[6:7], 0x10                              // 000000000000: C0020103 00000010
\ts_load_dwordx4 s[0:3], s[6:7], 0x0                         // 000000000008: C00A0003 00000000
\tv_mov_b32_e32 v1, 0                                        // 000000000010: 7E020280
\ts_waitcnt lgkmcnt(0)                                       // 000000000014: BF8CC07F
\ts_cmp_lt_i32 s4, 1                                         // 000000000018: BF048104
\ts_cbranch_scc1 18                                          // 00000000001C: BF850012 <loop_accumulate+0x68>
\ts_mov_b32 s5, 0                                            // 000000000020: BE850080
\tv_mov_b32_e32 v1, 0                                        // 000000000024: 7E020280
\tv_mov_b32_e32 v2, s3                                       // 000000000028: 7E040203
\tv_add_co_u32_e32 v3, vcc, s5, v0                           // 00000000002C: 32060005
\tv_addc_co_u32_e64 v4, s[6:7], 0, 0, vcc                    // 000000000030: D11C0604 01A90080
\tv_lshlrev_b64 v[3:4], 2, v[3:4]                            // 000000000038: D28F0003 00020682
\ts_add_i32 s4, s4, -1                                       // 000000000040: 8104C104
\tv_add_co_u32_e32 v3, vcc, s2, v3                           // 000000000044: 32060602
\tv_addc_co_u32_e32 v4, vcc, v2, v4, vcc                     // 000000000048: 38080902
\tglobal_load_dword v3, v[3:4], off                          // 00000000004C: DC508000 037F0003
\ts_addk_i32 s5, 0x100                                       // 000000000054: B7050100
\ts_cmp_lg_u32 s4, 0                                         // 000000000058: BF078004
\ts_waitcnt vmcnt(0)                                         // 00000000005C: BF8C0F70
\tv_add_f32_e32 v1, v1, v3                                   // 000000000060: 02020701
\ts_cbranch_scc1 65521                                       // 000000000064: BF85FFF1 <loop_accumulate+0x2c>
\tv_lshlrev_b32_e32 v0, 2, v0                                // 000000000068: 24000082
\tglobal_store_dword v0, v1, s[0:1]                          // 00000000006C: DC708000 00000100
\ts_endpgm                                                   // 000000000074: BF810000`;

function check(text: string, file: string, architecture: string | null) {
  const kernels = listingKernelsOfText(text, file, { from: null, architecture, kernels: [] });
  return checkListingKernels(kernels, { shouldStopFor: () => () => null }).map((c) => ({ name: c.program.name, verdict: c.result.verdict, instructions: c.program.instructions.length }));
}

describe('llvm-objdump -d of AMDGPU code objects', () => {
  it('is told from its content', () => {
    expect(isAmdgpuObjdumpText(GLOBAL_LOAD_STORE)).toBe(true);
    expect(isAmdgpuText(GLOBAL_LOAD_STORE)).toBe(true);
    // Without the file-format line: a header and an addressed instruction.
    expect(isAmdgpuObjdumpText(LOOP.split('\n').slice(5).join('\n'))).toBe(true);
    expect(isAmdgpuObjdumpText('\ts_endpgm\n')).toBe(false);
  });

  it('gives the verdict and the model instructions of the llc output of the same kernel', () => {
    const llc = readFileSync(join(import.meta.dirname, '..', '..', '..', 'examples', 'amdgpu', 'global_load_store.gfx1100.s'), 'utf8');
    const fromLlc = check(llc, 'global_load_store.gfx1100.s', null);
    const fromDump = check(GLOBAL_LOAD_STORE, 'k.txt', 'gfx1100');
    expect(fromLlc).toEqual([{ name: 'global_load_store', verdict: 'proved-safe', instructions: expect.any(Number) }]);
    expect(fromDump).toEqual(fromLlc);
    // The s_code_end padding is dropped; the kernel is told by its s_endpgm (no descriptor in a dump).
    const fn = parseAmdgpuObjdump(GLOBAL_LOAD_STORE, 'k.txt').functions[0]!;
    expect(fn.instructions.map((line) => line.parts[0]!.mnemonic).at(-1)).toBe('s_endpgm');
    expect(fn.kernel).toBe(true);
    expect(fn.instructions[0]).toMatchObject({ line: 7, column: 2 });
  });

  it('resolves branches by address: next instruction + 4 * signed word offset', () => {
    const fn = parseAmdgpuObjdump(LOOP, 'k.txt').functions[0]!;
    const at = (address: number) => fn.instructions.findIndex((line) => line.line === LOOP.split('\n').findIndex((text) => text.includes(`// ${address.toString(16).toUpperCase().padStart(12, '0')}:`)) + 1);
    // 0x1C + 4 + 4*18 = 0x68 (forward); 0x64 + 4 + 4*(65521 - 65536) = 0x2C (backward).
    expect(fn.labels).toEqual({ '<loop_accumulate+0x68>': at(0x68), '<loop_accumulate+0x2c>': at(0x2c) });
    expect(fn.instructions[5]!.parts[0]!.operands[0]!.text).toBe('<loop_accumulate+0x68>');
    expect(fn.instructions[20]!.parts[0]!.operands[0]!.text).toBe('<loop_accumulate+0x2c>');
    expect(check(LOOP, 'k.txt', 'gfx900')).toEqual([{ name: 'loop_accumulate', verdict: 'proved-safe', instructions: expect.any(Number) }]);
  });

  it('rejects an offset that disagrees with the <name+0xNN> objdump printed', () => {
    const bad = LOOP.replace('s_cbranch_scc1 18 ', 's_cbranch_scc1 17 ');
    expect(rejection(() => parseAmdgpuObjdump(bad, 'k.txt'))).toEqual([
      expect.stringMatching(/^12:87: branch target <loop_accumulate\+0x68> \(0x68\) disagrees with the offset 17, which gives 0x64/),
    ]);
  });

  it('asks for --arch, at 1:1, since the dump does not name the processor', () => {
    expect(rejection(() => check(GLOBAL_LOAD_STORE, 'k.txt', null))).toEqual([
      expect.stringMatching(/^1:1: llvm-objdump -d output does not say which processor the code is for \(not even with --mcpu\): pass --arch \(gfx900, /),
    ]);
  });

  it('locates malformed lines', () => {
    const text = GLOBAL_LOAD_STORE.replace('\ts_nop 0                                                    // 000000000038: BF800000', '\ts_nop 0')
      .replace('0000000000000000 <global_load_store>:', '0000000000000000 <global_load_store>:\ngarbage here');
    expect(rejection(() => parseAmdgpuObjdump(text, 'k.txt'))).toEqual([
      "7:1: expected a function header '0000000000000100 <name>:' or an instruction line 'MNEMONIC OPERANDS // ADDRESS: ENCODING' of llvm-objdump -d, got 'garbage here'",
      "17:2: expected a function header '0000000000000100 <name>:' or an instruction line 'MNEMONIC OPERANDS // ADDRESS: ENCODING' of llvm-objdump -d, got 's_nop 0'",
    ]);
    expect(rejection(() => parseAmdgpuObjdump('\nk.o:\tfile format elf64-amdgpu\n', 'k.txt'))).toEqual([
      "1:1: no function with instructions: expected llvm-objdump -d output ('0000000000000000 <name>:' then instruction lines)",
    ]);
  });
});
