export interface CacheOptions<V> {
  /** Entries kept at most. */
  max: number;
  /** How long an entry may be returned after it was set (`set` can give one entry less). */
  ttlMs?: number;
  /** With `sizeOf`: the most the entries may weigh together. */
  maxSize?: number;
  sizeOf?: (value: V) => number;
}

/**
 * Values kept between requests (on the server, for the isolate's life), with one eviction rule for
 * all of them: past `max` entries or `maxSize` the least recently used goes first, and no entry is
 * returned after its time to live. A read moves its entry to the newest end only when the entry is
 * in the older half: a page reads hundreds of labels and formatters, and moving every one was most
 * of a read's cost. So an entry read among the newer half keeps its place, and outlives at least
 * half the cache's turnover after the read rather than all of it. Keep values, never promises: a
 * request may not wait on another request's work (the Workers runtime refuses it). Every such cache is made here and named for
 * what it holds (`pageCache`, `i18nextCache`), so a search for "MemoryCache" finds them all.
 */
export class MemoryCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number; size: number; placed: number }>();
  private size = 0;
  /** Counts the entries placed at the newest end: how far an entry is from it is at most `placed - entry.placed`. */
  private placed = 0;

  constructor(private readonly options: CacheOptions<V>) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== Infinity && entry.expiresAt <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    if (this.placed - entry.placed > this.entries.size / 2) {
      // In the older half: the most recently used goes last.
      this.entries.delete(key);
      entry.placed = ++this.placed;
      this.entries.set(key, entry);
    }
    return entry.value;
  }

  set(key: string, value: V, { ttlMs = this.options.ttlMs }: { ttlMs?: number } = {}) {
    this.delete(key);
    const size = this.options.sizeOf?.(value) ?? 0;
    if (this.options.maxSize !== undefined && size > this.options.maxSize) return;
    this.entries.set(key, { value, expiresAt: ttlMs === undefined ? Infinity : Date.now() + ttlMs, size, placed: ++this.placed });
    this.size += size;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.max && (this.options.maxSize === undefined || this.size <= this.options.maxSize)) break;
      this.delete(oldest);
    }
  }

  delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.size -= entry.size;
  }

  clear() {
    this.entries.clear();
    this.size = 0;
  }
}
