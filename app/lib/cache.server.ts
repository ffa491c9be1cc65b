import { LRUCache } from "lru-cache";

export interface IsolateCacheOptions<V> {
  /** Entries kept at most. */
  max: number;
  /** How long an entry may be returned after it was set (it can be set with a shorter one). */
  ttlMs?: number;
  /** With `sizeOf`: the most the entries may weigh together. */
  maxSize?: number;
  sizeOf?: (value: V) => number;
}

/**
 * Values this isolate keeps between requests, with one eviction rule for all of them: past `max`
 * entries (or `maxSize`) the least recently used goes first, and no entry is returned after its
 * time to live. Keep values, never promises: a request may not wait on another request's work
 * (the runtime refuses it). Every cache kept across requests is made here and named for what it
 * holds, so a search for "Cache" finds them all.
 */
export function isolateCache<V extends NonNullable<unknown>>({ max, ttlMs, maxSize, sizeOf }: IsolateCacheOptions<V>) {
  return new LRUCache<string, V>({
    max,
    ...(ttlMs ? { ttl: ttlMs, ttlAutopurge: false } : {}),
    ...(maxSize && sizeOf ? { maxSize, sizeCalculation: (value: V) => Math.max(1, sizeOf(value)) } : {}),
  });
}
