/**
 * What an architecture's PTX may use, as the generator gates it: each feature from the PTX ISA's
 * target table (the oldest `.target` an instruction needs), so a kernel built for an architecture
 * never asks ptxas for what that architecture lacks.
 */
export interface PtxFeatures {
  /** `sm_80` is 80; `sm_90a` is 90. */
  readonly sm: number;
  /** The tensor-core `mma.sync` shape with f16 inputs and f32 accumulators, or null (before Volta). */
  readonly mma: 'm16n8k16' | 'm16n8k8' | 'm8n8k4' | null;
  /** `cp.async` to shared memory (sm_80). */
  readonly cpAsync: boolean;
  /** Half-precision arithmetic (`add.f16`, `fma.rn.f16x2`: sm_53). */
  readonly halfArithmetic: boolean;
  /** `atom.add.f64` (sm_60). */
  readonly doubleAtomics: boolean;
  /** `tanh.approx.f32` (sm_75). */
  readonly tanh: boolean;
}

/** The features of `sm_NN` (with or without a suffix such as `a`). */
export function ptxFeatures(architecture: string): PtxFeatures {
  const match = /^sm_(\d+)[a-z]?$/.exec(architecture);
  if (match === null) throw new RangeError(`not an architecture name: '${architecture}' (expected sm_NN)`);
  const sm = Number(match[1]);
  // m16n8k16 with f16 inputs needs sm_80; Turing has m16n8k8; Volta only m8n8k4.
  const mma = sm >= 80 ? 'm16n8k16' : sm >= 75 ? 'm16n8k8' : sm >= 70 ? 'm8n8k4' : null;
  return { sm, mma, cpAsync: sm >= 80, halfArithmetic: sm >= 53, doubleAtomics: sm >= 60, tanh: sm >= 75 };
}
