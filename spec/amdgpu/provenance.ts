/**
 * Where each AMDGPU citation comes from, by kind, as `spec/sass/architectures/provenance.ts` does
 * for the NVIDIA tables. Only two kinds occur: no AMD ISA manual was found in the stored material,
 * and nothing here is measured or inferred from compiler output.
 */
import type { AmdgpuSourceKey } from './sources.js';

/**
 * - `documentation`: LLVM's AMDGPU documentation (AMDGPUUsage.rst, the llvm/docs/AMDGPU operand and
 *   instruction pages), which describes the hardware as the backend sees it.
 * - `compiler`: LLVM's AMDGPU source code (SIInsertWaitcnts, GCNHazardRecognizer, the subtarget
 *   and feature tables) and its maintainers' review text: what the compiler does, which is what
 *   the checker holds its output to, not a hardware statement.
 */
export type AmdgpuProvenance = 'documentation' | 'compiler';

/** The kind of every citation key (a new key cannot be added without saying which it is). */
export const AMDGPU_SOURCE_PROVENANCE: Readonly<Record<AmdgpuSourceKey, AmdgpuProvenance>> = {
  'llvm-waitcnt-bit-widths': 'compiler',
  'llvm-doc-waitcnt-gfx9': 'documentation',
  'llvm-doc-waitcnt-gfx1030': 'documentation',
  'llvm-doc-waitcnt-gfx11': 'documentation',
  // The review text of the patch that added the gfx12 waits: the backend's authors, not a manual.
  'llvm-pr-77336-gfx12-waits': 'compiler',
  'llvm-pr-157843-scc-write': 'compiler',
  'llvm-waitcnt-counters': 'compiler',
  'llvm-waitcnt-events': 'compiler',
  'llvm-waitcnt-instruction-events': 'compiler',
  'llvm-waitcnt-order': 'compiler',
  'llvm-waitcnt-calls': 'compiler',
  'llvm-usage-mm-gfx6-gfx9': 'documentation',
  'llvm-usage-mm-gfx90a-gfx942': 'documentation',
  'llvm-usage-mm-gfx10-gfx11': 'documentation',
  'llvm-usage-mem-ordered': 'documentation',
  'llvm-target-features': 'compiler',
  'llvm-doc-asm-lists': 'documentation',
  'llvm-hazard-recognizer': 'compiler',
  'llvm-hazard-subtarget': 'compiler',
  'llvm-insert-delay-alu': 'compiler',
  'llvm-doc-delay-depctr': 'documentation',
  'llvm-vmem-sources-at-issue': 'compiler',
  'llvm-vmem-write-vgpr-in-order': 'compiler',
  'llvm-waitcnt-register-uses': 'compiler',
  'llvm-waitcnt-call-sites': 'compiler',
  'llvm-cache-ops-untracked': 'compiler',
  // The modifier pages document the assembler syntax; the gfx12 form is the assembler's own check.
  'llvm-doc-atomic-return': 'documentation',
};
