/**
 * Telling AMDGPU assembly from its content, whatever the file is called (`llc` writes `.s`; dumps
 * arrive as `.txt` or on standard input). Only marks no NVIDIA listing and no `.hp` program has:
 * AMDGPU directives, or an AMDGPU end-of-program, return or wait instruction (lower case, with
 * the `s_` prefix no NVIDIA opcode has).
 */
import { isAmdgpuObjdumpText } from './objdump.js';

/** `.amdgcn_target`, a kernel descriptor, or the code-object v2 kernel directive. */
const DIRECTIVE = /^[^\S\n]*\.(?:amdgcn_target|amdhsa_kernel|amdgpu_hsa_kernel)\b/m;

/** An instruction only AMDGPU code has, at the start of a line (after an optional label). */
const INSTRUCTION = /^[^\S\n]*(?:[A-Za-z_.$][\w.$]*:[^\S\n]*)?(?:s_endpgm|s_waitcnt(?:_[a-z]+)?|s_wait_(?:load|store|ds|km|sample|bvh|exp)cnt(?:_dscnt)?|s_setpc_b64)\b/m;

/** True when a text is AMDGPU assembly, or `llvm-objdump -d` output of an AMDGPU code object (`objdump.ts`). */
export function isAmdgpuText(text: string): boolean {
  return DIRECTIVE.test(text) || INSTRUCTION.test(text) || isAmdgpuObjdumpText(text);
}
