import { eq } from "drizzle-orm";
import { MemoryCache } from "~/lib/cache";
import { PUBLIC_CONTENT_CACHE_MAX_ENTRIES, PUBLIC_PAGE_MAX_AGE_SECONDS } from "~/lib/constants";
import type { Database } from "../../db/client";
import { contentVersion } from "../../db/schema";

/** The public content's version: triggers on every public content table move it on any insert, update or delete, and on a member's suspension or its lifting. */
export async function readContentVersion(db: Database) {
  const row = await db.select({ version: contentVersion.version }).from(contentVersion).where(eq(contentVersion.id, 1)).get();
  return row?.version ?? 0;
}

/** The version as one statement of a batch: read with the content it goes with, it names that content's state. */
export function contentVersionQuery(db: Database) {
  return db.select({ version: contentVersion.version }).from(contentVersion).where(eq(contentVersion.id, 1));
}

/** The version out of `contentVersionQuery`'s rows. */
export const versionOf = (rows: { version: number }[]) => rows[0]?.version ?? 0;

// Public content a page shows whoever asks (the home page's strips, a product). A member's page is
// rendered afresh every time (the edge cache never serves it), but its public part changes only
// with the content version: reading and building those queries again for every member was a fifth
// of the home page's CPU.
const publicContentCache = new MemoryCache<{ version: number; value: unknown }>({
  max: PUBLIC_CONTENT_CACHE_MAX_ENTRIES,
  // Content that changes with time alone (a scheduled post) shows as late as on a cached page.
  ttlMs: PUBLIC_PAGE_MAX_AGE_SECONDS * 1000,
});

/**
 * `load`'s value (which must be the same for everyone), from the cache while `currentVersion` (the
 * request's `context.contentVersion()`) is the version `load` read it at. `load` reads the version
 * in the same batch as the content (`contentVersionQuery`), so the two agree even on a replica.
 * Callers must not change what they get.
 */
export async function cachedForContentVersion<T>(
  currentVersion: number,
  key: string,
  load: () => Promise<{ version: number; value: T }>,
): Promise<T> {
  const cached = publicContentCache.get(key);
  if (cached && cached.version === currentVersion) return cached.value as T;
  const { version, value } = await load();
  publicContentCache.set(key, { version, value });
  return value;
}
