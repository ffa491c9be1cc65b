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
 * returned after its time to live. Keep values, never promises: a request may not wait on another
 * request's work (the Workers runtime refuses it). Every such cache is made here and named for
 * what it holds (`pageCache`, `i18nextCache`), so a search for "MemoryCache" finds them all.
 */
export class MemoryCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number; size: number }>();
  private size = 0;

  constructor(private readonly options: CacheOptions<V>) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= Date.now()) {
      this.size -= entry.size;
      return undefined;
    }
    this.entries.set(key, entry); // the most recently used goes last
    return entry.value;
  }

  set(key: string, value: V, { ttlMs = this.options.ttlMs }: { ttlMs?: number } = {}) {
    this.delete(key);
    const size = this.options.sizeOf?.(value) ?? 0;
    if (this.options.maxSize !== undefined && size > this.options.maxSize) return;
    this.entries.set(key, { value, expiresAt: ttlMs === undefined ? Infinity : Date.now() + ttlMs, size });
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
