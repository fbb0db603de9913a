/** A JSON value as reports hold them. */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * A report without what differs between equal runs: timings, worker threads, and which shard
 * or merge it came from (`shard`, `merged`). What is left must be equal for a campaign run in one
 * job and the same campaign merged from its shards.
 */
export function withoutTimings<T>(value: T): T {
  const strip = (inner: Json): Json => {
    if (Array.isArray(inner)) return inner.map(strip);
    if (typeof inner !== 'object' || inner === null) return inner;
    return Object.fromEntries(Object.entries(inner).filter(([key]) => !['elapsedMs', 'jobs', 'shard', 'merged'].includes(key)).map(([key, field]) => [key, strip(field)]));
  };
  return strip(value as Json) as T;
}
