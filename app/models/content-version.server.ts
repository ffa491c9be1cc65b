import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { contentVersion } from "../../db/schema";
import { CONTENT_VERSION_MAX_AGE_MS } from "~/lib/constants";

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
