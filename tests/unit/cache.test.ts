import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryCache } from "~/lib/cache";

/** Which of `keys` the cache still holds. It reads them (a read may move an entry), so it comes last in a scenario. */
const held = (cache: MemoryCache<number>, keys: string[]) => keys.filter((key) => cache.get(key) !== undefined);

describe("MemoryCache", () => {
  afterEach(() => vi.useRealTimers());

  it("past max, the least recently used goes first", () => {
    const cache = new MemoryCache<number>({ max: 3 });
    cache.set("a", 1);
    cache.set("b", 2);
    cache.set("c", 3);
    expect(cache.get("a")).toBe(1); // the oldest, read: it moves to the newest end
    cache.set("d", 4);
    expect(held(cache, ["a", "b", "c", "d"])).toEqual(["a", "c", "d"]);
  });

  it("an entry read in the older half is kept over newer ones never read again", () => {
    const cache = new MemoryCache<number>({ max: 10 });
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, i);
    expect(cache.get("k1")).toBe(1);
    for (let i = 10; i < 19; i++) cache.set(`k${i}`, i);
    // Nine new entries pushed out nine old ones; the one read stayed.
    expect(held(cache, ["k0", "k1", "k2", "k9"])).toEqual(["k1"]);
  });

  it("an entry read in the newer half keeps its place, and outlives at least half the cache's turnover", () => {
    const cache = new MemoryCache<number>({ max: 10 });
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, i);
    expect(cache.get("k8")).toBe(8); // among the newest: not moved
    for (let i = 10; i < 18; i++) cache.set(`k${i}`, i);
    // Eight more entries: k8 outlived them (more than half the cache's turnover).
    expect(held(cache, ["k7", "k8", "k9"])).toEqual(["k8", "k9"]);

    const again = new MemoryCache<number>({ max: 10 });
    for (let i = 0; i < 10; i++) again.set(`k${i}`, i);
    expect(again.get("k8")).toBe(8);
    for (let i = 10; i < 19; i++) again.set(`k${i}`, i);
    // Nine more: it went before k9, which nobody read, as it kept its place.
    expect(held(again, ["k8", "k9"])).toEqual(["k9"]);
  });

  it("returns nothing after an entry's time to live, and forgets it", () => {
    vi.useFakeTimers({ now: 1_000 });
    const cache = new MemoryCache<number>({ max: 5, ttlMs: 100 });
    cache.set("a", 1);
    cache.set("b", 2, { ttlMs: 500 });
    vi.setSystemTime(1_099);
    expect(cache.get("a")).toBe(1);
    vi.setSystemTime(1_100);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBe(2);
    expect(held(cache, ["a", "b"])).toEqual(["b"]);
  });

  it("keeps the entries' weight under maxSize, and never stores one heavier than it", () => {
    const cache = new MemoryCache<number>({ max: 100, maxSize: 10, sizeOf: (value) => value });
    cache.set("a", 4);
    cache.set("b", 4);
    cache.set("c", 4); // 12 > 10: the oldest goes
    cache.set("huge", 11);
    cache.delete("b");
    cache.set("d", 6); // 4 + 6: fits once b is gone
    expect(held(cache, ["a", "b", "c", "d", "huge"])).toEqual(["c", "d"]);
  });
});
