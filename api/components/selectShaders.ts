import type { ComponentUnit } from '../../reports/components/checkReport.js';

/**
 * The ir3 shaders numbered in `shaders`, in file order (every unit when it is empty). `option`
 * names the selection in errors: `--kernel` on the command line, `shaders` in the library.
 * @throws RangeError for a number no shader has, or any selection among `.comp` programs (one program each).
 */
export function selectShaders(units: readonly ComponentUnit[], shaders: readonly string[], option: string): ComponentUnit[] {
  if (shaders.length === 0) return [...units];
  const single = units.find((unit) => unit.shader === null);
  if (single) throw new RangeError(`${option} selects shaders of ir3 listings by number; ${single.file} holds one program`);
  for (const shader of shaders) {
    if (!units.some((unit) => String(unit.shader) === shader)) {
      throw new RangeError(`${option} ${shader}: no such shader (shaders: ${units.map((unit) => unit.shader).join(', ')})`);
    }
  }
  return units.filter((unit) => shaders.includes(String(unit.shader)));
}
