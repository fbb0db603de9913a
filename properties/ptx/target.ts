import { nvidiaRelease, NVIDIA_RELEASES } from '../../impl/nvidia/tools.js';

/** One way `fuzz --ptxas` assembles each kernel: a CUDA release, an architecture and a `-O` level. */
export interface PtxasTarget {
  /** `11.8` or `12.5` (`NVIDIA_RELEASES`). */
  readonly version: string;
  readonly architecture: string;
  readonly optimization: 0 | 1 | 2 | 3;
}

/** `12.5 sm_90a -O3`. */
export function targetName(target: PtxasTarget): string {
  return `${target.version} ${target.architecture} -O${target.optimization}`;
}

/** The architectures `fuzz --ptxas` assembles for unless told: one of each family the checker has tables for, and sm_90a. */
export const DEFAULT_PTXAS_ARCHITECTURES: readonly string[] = ['sm_52', 'sm_61', 'sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_89', 'sm_90', 'sm_90a'];

/**
 * Every release x architecture x level asked for, in that order, leaving out an architecture a
 * release does not assemble (11.8 has no sm_90a). Throws a `RangeError` for a release or level
 * not known, or an architecture no asked-for release assembles.
 */
export function ptxasTargets(versions: readonly string[], architectures: readonly string[], levels: readonly number[]): PtxasTarget[] {
  const targets: PtxasTarget[] = [];
  for (const level of levels) if (![0, 1, 2, 3].includes(level)) throw new RangeError(`--opt expects levels 0 to 3, got ${level}`);
  for (const version of versions) {
    const release = nvidiaRelease(version);
    if (release === undefined) throw new RangeError(`--ptxas-version expects ${NVIDIA_RELEASES.map((r) => r.version).join(' or ')}, got '${version}'`);
    for (const architecture of architectures) {
      if (!release.architectures.includes(architecture)) continue;
      for (const level of levels) targets.push({ version, architecture, optimization: level as PtxasTarget['optimization'] });
    }
  }
  for (const architecture of architectures) {
    if (!targets.some((target) => target.architecture === architecture)) {
      throw new RangeError(`no release asked for assembles ${architecture} (${versions.map((v) => `${v}: ${nvidiaRelease(v)?.architectures.join(', ')}`).join('; ')})`);
    }
  }
  return targets;
}
