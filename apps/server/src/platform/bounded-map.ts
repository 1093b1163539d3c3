/** What a bounded cache keeps under a key: reusable until a time. */
export interface Expiring {
  /** Until when (ms since the epoch) the entry may be reused. */
  until: number;
}

/**
 * Stores `entry` under `key`, keeping the map at no more than `maxEntries`: when it is full, the
 * entries past their time are forgotten first and, if it is still full, the oldest half (a Map
 * keeps insertion order).
 */
export function rememberBounded<K, E extends Expiring>(
  entries: Map<K, E>,
  maxEntries: number,
  key: K,
  entry: E,
  now: number,
): void {
  if (entries.size >= maxEntries) {
    for (const [old, { until }] of entries) if (until <= now) entries.delete(old);
    let excess = entries.size - Math.floor(maxEntries / 2);
    for (const old of entries.keys()) {
      if (excess-- <= 0) break;
      entries.delete(old);
    }
  }
  entries.set(key, entry);
}
