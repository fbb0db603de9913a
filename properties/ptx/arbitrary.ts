import fc from 'fast-check';
import type { PtxKernel } from './kernel.js';
import {
  ATOMIC_OPS, buildPtxKernel, COMPARED, COMPARISONS, CONVERSIONS, DEFAULT_PTX_VERSION, DOUBLE_OPS, FLOAT_OPS, HALF_OPS, INTEGER_OPS, MUFU_OPS, SHUFFLES, VOTES,
  type AddressIndex, type MemoryType, type PtxRecipe, type RecipeStatement,
} from './recipe.js';

/**
 * fast-check arbitraries of PTX kernels for `fuzz --ptxas`: recipes (`recipe.ts`) of up to `size`
 * statements per block, with counted loops and if/else nested up to two deep. Shrinking works on
 * the recipe, so a shrunk kernel is still one the build makes valid: fewer statements, simpler
 * operations (each list shrinks toward its first entry), nearer operands.
 */

/** How big kernels get: at most `size` statements in a block (nested blocks half as many). */
export interface PtxArbitraryOptions {
  readonly size: number;
}

/** The size `fuzz --ptxas` uses unless told. */
export const DEFAULT_PTX_SIZE = 12;

const ref = fc.nat({ max: 15 });
const optionalRef = fc.option(fc.nat({ max: 15 }), { freq: 3 });
const slot = fc.nat({ max: 15 });
const MEMORY_TYPES: readonly MemoryType[] = ['f32', 'u32', 'v4.f32', 'f64', 'v2.f32', 'u64', 'v4.u32', 'v2.f64', 'b16'];
const INDEXES: readonly AddressIndex[] = ['thread', 'other', 'counter'];

function leafArbitrary(): fc.Arbitrary<RecipeStatement> {
  const type = fc.constantFrom(...MEMORY_TYPES);
  const index = fc.constantFrom(...INDEXES);
  return fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('load' as const), space: fc.constantFrom('global' as const, 'shared' as const, 'const' as const, 'local' as const), type, index, slot, nonCoherent: fc.boolean() }), weight: 6 },
    { arbitrary: fc.record({ kind: fc.constant('store' as const), space: fc.constantFrom('global' as const, 'shared' as const, 'local' as const), type, index, slot, value: ref, guard: optionalRef }), weight: 3 },
    { arbitrary: fc.record({ kind: fc.constant('atomic' as const), space: fc.constantFrom('global' as const, 'shared' as const), op: fc.constantFrom(...ATOMIC_OPS), returns: fc.boolean(), slot, a: ref, b: ref }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constant('mufu' as const), op: fc.constantFrom(...MUFU_OPS), a: ref, into: optionalRef }), weight: 3 },
    { arbitrary: fc.record({ kind: fc.constant('float' as const), op: fc.constantFrom(...FLOAT_OPS), a: ref, b: ref, c: ref, into: optionalRef, guard: optionalRef }), weight: 4 },
    { arbitrary: fc.record({ kind: fc.constant('double' as const), op: fc.constantFrom(...DOUBLE_OPS), a: ref, b: ref, c: ref, into: optionalRef }), weight: 3 },
    { arbitrary: fc.record({ kind: fc.constant('integer' as const), op: fc.constantFrom(...INTEGER_OPS), a: ref, b: ref, c: ref, into: optionalRef, guard: optionalRef }), weight: 4 },
    { arbitrary: fc.record({ kind: fc.constant('convert' as const), op: fc.constantFrom(...CONVERSIONS), a: ref }), weight: 3 },
    { arbitrary: fc.record({ kind: fc.constant('half' as const), op: fc.constantFrom(...HALF_OPS), a: ref, b: ref, c: ref }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('setp' as const), type: fc.constantFrom(...COMPARED), comparison: fc.constantFrom(...COMPARISONS), a: ref, b: ref }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constant('selp' as const), type: fc.constantFrom('b32' as const, 'f32' as const, 'f64' as const), a: ref, b: ref, p: ref }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('set' as const), type: fc.constantFrom('f64' as const, 'f32' as const, 's32' as const), comparison: fc.constantFrom(...COMPARISONS), a: ref, b: ref }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('pack' as const), low: ref, high: ref }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('shuffle' as const), mode: fc.constantFrom(...SHUFFLES), a: ref, lane: fc.nat({ max: 15 }) }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('vote' as const), mode: fc.constantFrom(...VOTES), p: ref }), weight: 1 },
    { arbitrary: fc.constant({ kind: 'barrier' as const }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('mma' as const), a: fc.array(ref, { minLength: 1, maxLength: 4 }), b: fc.array(ref, { minLength: 1, maxLength: 2 }), c: fc.array(ref, { minLength: 1, maxLength: 4 }) }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('cp.async' as const), copies: fc.integer({ min: 1, max: 3 }), slot, global: fc.boolean() }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('wait-group' as const), pending: fc.nat({ max: 2 }) }), weight: 1 },
  );
}

/** Statements of a block `depth` levels from the innermost allowed one. */
function blockArbitrary(depth: number, size: number): fc.Arbitrary<RecipeStatement[]> {
  const leaf = leafArbitrary();
  if (depth === 0 || size < 2) return fc.array(leaf, { maxLength: Math.max(1, size) });
  const inner = blockArbitrary(depth - 1, Math.ceil(size / 2));
  const loop = fc.record({ kind: fc.constant('loop' as const), bound: fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constant('n' as const)), body: inner });
  const branch = fc.record({
    kind: fc.constant('if' as const),
    condition: fc.oneof(fc.record({ lanes: fc.integer({ min: 1, max: 31 }) }), fc.record({ predicate: ref })),
    negated: fc.boolean(), then: inner, otherwise: fc.oneof({ arbitrary: fc.constant([]), weight: 1 }, { arbitrary: inner, weight: 1 }),
  });
  return fc.array(fc.oneof({ arbitrary: leaf, weight: 8 }, { arbitrary: loop, weight: 1 }, { arbitrary: branch, weight: 1 }), { maxLength: size });
}

/** Recipes of kernels: build one for an architecture with `buildPtxKernel`. */
export function ptxRecipeArbitrary(options: PtxArbitraryOptions = { size: DEFAULT_PTX_SIZE }): fc.Arbitrary<PtxRecipe> {
  return fc.record({ body: blockArbitrary(2, options.size) });
}

/** Kernels for one architecture (what it lacks is left out), printed with PTX ISA `ptxVersion`. */
export function ptxKernelArbitrary(architecture: string, options: PtxArbitraryOptions = { size: DEFAULT_PTX_SIZE }, ptxVersion: string = DEFAULT_PTX_VERSION): fc.Arbitrary<PtxKernel> {
  return ptxRecipeArbitrary(options).map((recipe) => buildPtxKernel(recipe, architecture, ptxVersion));
}
