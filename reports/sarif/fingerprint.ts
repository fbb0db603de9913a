/**
 * A finding's fingerprint: the parts joined by ':', after the unit (kernel, shader) when there is
 * one. Callers pass what identifies the mistake in the source (kind, register, scoreboard, source
 * lines), never a seed or a cycle, so that code scanning matches the same mistake across runs;
 * a missing line is an empty part.
 */
export function findingFingerprint(unit: string | null, ...parts: readonly (string | number | null | undefined)[]): string {
  return [...(unit === null ? [] : [unit]), ...parts.map((part) => (part === null || part === undefined ? '' : String(part)))].join(':');
}
