import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { contentVersion } from "../../db/schema";
// A relative path: vite.config.ts loads this module (through load-context.ts) before the ~ alias exists.
import { CONTENT_VERSION_MAX_AGE_MS, KEPT_CONTENT_MAX_ENTRIES, PUBLIC_PAGE_MAX_AGE_SECONDS } from "../lib/constants";

// The version this isolate read last and when: every visitor's page request needs it (it is part
// of the edge-cache key), and reading it from D1 each time cost more than serving the page.
let kept: { version: number; readAt: number } | null = null;
// Counts the writes through this isolate: a read that a write overtook may miss it, so it is not kept.
let writes = 0;

/**
 * The public content's version: any insert, update or delete of it changes the number. An
 * isolate reuses what it read for up to `maxAgeMs`; the database is asked for only then (a
 * visitor's cached page needs no Database at all).
 */
export async function getContentVersion(database: () => Database, maxAgeMs = CONTENT_VERSION_MAX_AGE_MS) {
  if (kept && Date.now() - kept.readAt < maxAgeMs) return kept.version;
  const writesBefore = writes;
  const row = await database().query.contentVersion.findFirst({ columns: { version: true }, where: eq(contentVersion.id, 1) });
  const version = row?.version ?? 0;
  if (writes === writesBefore) kept = { version, readAt: Date.now() };
  return version;
}

/** After a write through this isolate: its next page request reads the version again. */
export function forgetContentVersion() {
  kept = null;
  writes++;
}

/** The version as one statement of a batch: read with the content it goes with, it names that content's state. */
export function contentVersionQuery(db: Database) {
  return db.select({ version: contentVersion.version }).from(contentVersion).where(eq(contentVersion.id, 1));
}

/** The version out of `contentVersionQuery`'s rows. */
export const versionOf = (rows: { version: number }[]) => rows[0]?.version ?? 0;

// Public content a page shows whoever asks (the home page's strips, a product), as this isolate
// last read it. A member's page is rendered afresh every time (the edge cache never serves it),
// but its public part changes only with the content version: reading and building those queries
// again for every member was a fifth of the home page's CPU.
const keptContent = new Map<string, { version: number; readAt: number; value: unknown }>();

/**
 * `load`'s value (which must be the same for everyone), kept while `currentVersion` (the request's
 * `context.contentVersion()`) is the version `load` read it at, and for at most a public page's
 * shared lifetime (content that changes with time alone, like a scheduled post, shows as late as
 * on a cached page). `load` reads the version in the same batch as the content
 * (`contentVersionQuery`), so the two agree even on a replica. Values, not promises, are kept: a
 * request may not wait on another request's work. Callers must not change what they get.
 */
export async function keptForContentVersion<T>(
  currentVersion: number,
  key: string,
  load: () => Promise<{ version: number; value: T }>,
): Promise<T> {
  const kept = keptContent.get(key);
  if (kept && kept.version === currentVersion && Date.now() - kept.readAt < PUBLIC_PAGE_MAX_AGE_SECONDS * 1000) return kept.value as T;
  const { version, value } = await load();
  keptContent.delete(key);
  if (keptContent.size >= KEPT_CONTENT_MAX_ENTRIES) keptContent.delete(keptContent.keys().next().value!);
  keptContent.set(key, { version, readAt: Date.now(), value });
  return value;
}
