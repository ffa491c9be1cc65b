import { applyD1Migrations, env } from "cloudflare:test";
import { forgetContentVersion } from "../../app/entry.worker";
import { emptyDatabase } from "../support/database";

// Each test file starts from the real migrations on an empty database, with empty R2 buckets.
// The files run one after another in one workerd (vitest.workers.config.ts: `isolate: false`;
// starting workerd afresh for each file cost about 3 s a file), so this clears what the file
// before left: every table, trigger and view goes and the migrations run again.

async function emptyBucket(bucket: R2Bucket) {
  for (;;) {
    const listed = await bucket.list({ limit: 1000 });
    if (listed.objects.length === 0) return;
    await bucket.delete(listed.objects.map((o) => o.key));
  }
}

await emptyDatabase(env.DB);
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
// Visitors' pages are cached under the content version (app/lib/edge-cache.server.ts), and the
// Cache API outlives the database: a version no earlier file used keeps their pages out of this one.
await env.DB.prepare("update content_version set version = ?").bind(Date.now()).run();
// The Worker keeps the version it read for a moment (CONTENT_VERSION_MAX_AGE_MS); this file's starts now.
forgetContentVersion();
// The benchmark configs bind no buckets.
await Promise.all([env.CATALOG_IMAGES, env.ADMIN_UPLOADS].filter(Boolean).map(emptyBucket));
