/**
 * The edge-latency rules of seed 004 (US 8,098,251), each a function named after the seed's
 * term and written as the seed states it, so that `judgeRules` can prove or refute each.
 */

/** The components of a vertex operand, in increment order (XYZW; RGBA maps onto it). */
export const COMPONENTS = ['X', 'Y', 'Z', 'W'] as const;
/** One component. */
export type Component = (typeof COMPONENTS)[number];

/**
 * Component mask of an operand of a compressed scalar instruction: the components it uses in
 * its executions, in order. An incrementing operand starting at `start` over `executions`
 * executions walks XYZW (wrapping, as the seed's mask YZWX does); an operand that keeps its
 * index uses one component, so its mask is that component (the seed's `fmac` destination: Z, not ZW).
 */
export function componentMask(start: Component, executions: number, increments: boolean): Component[] {
  if (!increments) return [start];
  const first = COMPONENTS.indexOf(start);
  return Array.from({ length: executions }, (_, i) => COMPONENTS[(first + i) % COMPONENTS.length]!);
}

/** Component string: the predecessor's destination mask followed by the successor's source mask (seed: XYZW + XY = XYZWXY). */
export function componentString(destinationMask: readonly Component[], sourceMask: readonly Component[]): Component[] {
  return [...destinationMask, ...sourceMask];
}

/**
 * Component distance of C in S: the number of components between the first occurrence of C and
 * the next one; infinity when C occurs less than twice (seed: X and Y in XYZWXY are 3).
 */
export function componentDistance(component: Component, string: readonly Component[]): number {
  const first = string.indexOf(component);
  if (first < 0) return Infinity;
  const second = string.indexOf(component, first + 1);
  return second < 0 ? Infinity : second - first - 1;
}

/** Mask distance: the smallest component distance over XYZW of the concatenated masks (seed Eq. 3). */
export function maskDistance(destinationMask: readonly Component[], sourceMask: readonly Component[]): number {
  const string = componentString(destinationMask, sourceMask);
  return Math.min(...COMPONENTS.map((component) => componentDistance(component, string)));
}

/** Instruction distance: the smallest mask distance over the successor's sources that read the predecessor's destination register (seed Eq. 4). */
export function instructionDistance(destinationMask: readonly Component[], sourceMasks: readonly (readonly Component[])[]): number {
  return Math.min(...sourceMasks.map((sourceMask) => maskDistance(destinationMask, sourceMask)));
}

/** The kinds of dependence the seed distinguishes. */
export type DependenceKind = 'flow' | 'anti' | 'output';

/**
 * Edge latency (seed Eq. 6-8): 1 for a false dependence (anti, output) and for a flow
 * dependence on a non-deterministic producer; max(1, hardware latency - instruction distance)
 * for a flow dependence on a fixed-latency producer.
 */
export function edgeLatency(kind: DependenceKind, hardwareLatency: number | 'nondeterministic', distance: number): number {
  if (kind !== 'flow' || hardwareLatency === 'nondeterministic') return 1;
  return Math.max(1, hardwareLatency - distance);
}
