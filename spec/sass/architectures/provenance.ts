/**
 * Where each cited figure comes from, by kind. A verdict `hazard` may rest only on behaviour a
 * source shows the hardware has; a fact no source gives (`conservative`) is a bound chosen so
 * that a proof stays sound, and a counterexample never uses it (`counterexample.ts`).
 */
import type { SourceKey } from './sources.js';

/**
 * - `nvidia`: figures NVIDIA provided (NAK's `*_instr_latencies.rs`, "provided by NVIDIA").
 * - `documentation`: NVIDIA's documentation (the PTX ISA).
 * - `compiler`: a compiler's or assembler's own tables (NAK's sm50/sm70 code, maxas' grammar).
 * - `microbenchmark`: measured and published (maxas' microbenchmark notes).
 * - `inferred`: what compiler output relies on (a listing and line), never contradicted by a source.
 * - `inferred-bound`: an upper bound compiler output relies on for an opcode no source times (its
 *   latency class, from every use in the listings fitting it; `hazardproof facts --evidence`): a
 *   proof may rely on it, a counterexample may not, since the hardware may be faster.
 * - `conservative`: no source; the bound a proof may rely on whatever the hardware does.
 */
export type Provenance = 'nvidia' | 'documentation' | 'compiler' | 'microbenchmark' | 'inferred' | 'inferred-bound' | 'conservative';

/** The kind of every citation key (a new key cannot be added without saying which it is). */
export const SOURCE_PROVENANCE: Readonly<Record<SourceKey, Provenance>> = {
  'maxas-grammar': 'compiler',
  'maxas-read-delay': 'compiler',
  'corpus-sm75-memory-read': 'inferred',
  'corpus-sfu-order': 'inferred',
  'corpus-local-order': 'inferred',
  'ptxas-maxwell-local-global-order': 'inferred',
  'maxas-cs2r': 'microbenchmark',
  'nak-sm50-latency': 'compiler',
  'nak-fixed-latency': 'compiler',
  'nak-sm70-latency': 'compiler',
  'nak-sm75': 'nvidia',
  'nak-sm80': 'nvidia',
  'nak-visibility': 'compiler',
  'corpus-readme': 'inferred',
  'corpus-sm75-visibility': 'inferred',
  'maxas-sgemm-bar': 'inferred',
  'cuda-barrier-memory': 'documentation',
  'corpus-texture-global-order': 'inferred',
  'corpus-texture-order': 'inferred',
  'corpus-sm75-shared-order': 'inferred',
  'ptx-cp-async': 'documentation',
  'ptx-wgmma': 'documentation',
  'ptx-mma-fragments': 'documentation',
  'ptx-ldmatrix-stmatrix': 'documentation',
  'corpus-matrix-count': 'inferred',
  'nak-ada': 'nvidia',
  // NAK has no Hopper table: its Volta-era fallback raised to the largest figure of other
  // architectures is a bound for proofs, not behaviour any source shows on sm_90.
  'nak-sm90': 'conservative',
  'nak-sm90-scoreboards': 'compiler',
  'nak-sm100': 'nvidia',
  'nak-sm120': 'nvidia',
  'corpus-sm120-mma': 'inferred',
  'corpus-sm120-coupled': 'inferred',
  'corpus-fp64-order': 'inferred',
  'corpus-sm120-shuffle-order': 'inferred',
  'corpus-mma-read-order': 'inferred',
  'corpus-sm120-sfu-order': 'inferred',
  'corpus-sm120-global-read-order': 'inferred',
  'corpus-sm120-local-read-order': 'inferred',
  'corpus-sm120-classes': 'inferred-bound',
  'corpus-sm90-ampere': 'inferred-bound',
  'corpus-sm90-shuffle-order': 'inferred',
  'corpus-sm90-classes': 'inferred-bound',
  'corpus-sm90-mma': 'inferred-bound',
  // NAK's padding of B100's IMMA figures on the RTX chips: what its tests needed, an upper bound only.
  'nak-sm120-imma': 'inferred-bound',
  'corpus-sm90-uniform-reads': 'inferred',
  'ptxas-fp64-order': 'inferred',
  'ptxas-sfu-order': 'inferred',
  'ptxas-fchk-sfu-order': 'inferred',
  'ptxas-sm90-tma': 'inferred',
  'ptxas-bitops-order': 'inferred',
  'ptxas-depbar-visibility': 'inferred',
  'ptxas-uniform-reads': 'inferred',
  'ptxas-global-read-order': 'inferred',
  'ptxas-local-read-order': 'inferred',
  'ptxas-memory-read-order': 'inferred',
  'ptxas-sm120-atom-predicate': 'inferred',
  // ptxas's Volta spacing fits NVIDIA's Turing figures: upper bounds only (ptxas waited no longer).
  'ptxas-sm70-turing': 'inferred-bound',
  'nvidia-volta-tuning': 'documentation',
  // NVIDIA's least figure in every table it gave, carried to the architectures it gave none for.
  'nvidia-coupled-floor': 'inferred',
  // ptxas -O0 reads a tensor-core MMA's result in the next instruction: an upper bound only.
  'ptxas-mma-next-instruction': 'inferred-bound',
  'ptxas-unscoreboarded-popc': 'inferred',
  'ptxas-decoupled-read-order': 'inferred',
  'ptxas-sm70-hmma-order': 'inferred',
  'ptxas-sm75-hmma-order': 'inferred',
  'ptxas-unscoreboarded-fchk': 'inferred',
  'ptxas-pascal-fp64-read-order': 'inferred',
  'ptxas-unscoreboarded-mufu': 'inferred',
  'ptxas-shuffle-shared-order': 'inferred',
  'ptxas-maxwell-unscoreboarded-dsetp': 'inferred',
  'ptxas-maxwell-unscoreboarded-mufu': 'inferred',
  'ptxas-maxwell-unscoreboarded-popc': 'inferred',
  'ptxas-i2fp-class': 'inferred-bound',
  'ptxas-vabsdiff-class': 'inferred-bound',
  // ptxas's spacing on Maxwell/Pascal: upper bounds on RRO's latency and on POPC/FLO's wait for an ALU result.
  'ptxas-maxwell-rro': 'inferred-bound',
  'ptxas-maxwell-bitops-reads': 'inferred-bound',
  'ptxas-maxwell-imul-reads': 'inferred-bound',
  'ptxas-maxwell-imul-order': 'inferred',
  'ptxas-maxwell-fp64-compare-reads': 'inferred-bound',
  'ptxas-fp64-compare-order': 'inferred',
  'ptxas-maxwell-shuffle-shared-order': 'inferred',
  'ptxas-maxwell-bitops-order': 'inferred',
  'ptxas-maxwell-fp64-reads': 'inferred',
  'ptxas-sm90-sfu-order': 'inferred',
  'ptxas-sm90-bitops-order': 'inferred',
  'ptxas-sm90-s2ur-order': 'inferred',
  'ptxas-sm90-atom-predicate': 'inferred',
  'ptxas-sm90-r2ur-predicate': 'inferred-bound',
  'ptxas-sm90-classes': 'inferred-bound',
  'corpus-sm90-ldsm-order': 'inferred',
  'ptxas-pascal-fp16-scoreboards': 'inferred',
  conservative: 'conservative',
};

/**
 * Whether only a proof may use facts of this provenance: a counterexample takes the fastest
 * behaviour instead (`counterexampleSide`), because no source shows the hardware that slow.
 */
export function proofOnly(provenance: Provenance): boolean {
  return provenance === 'conservative' || provenance === 'inferred-bound';
}

/** The provenance of a citation key of any table (`conservative` for a key no table defines). */
export function provenanceOf(source: string): Provenance {
  return Object.hasOwn(SOURCE_PROVENANCE, source) ? SOURCE_PROVENANCE[source as SourceKey] : 'conservative';
}
