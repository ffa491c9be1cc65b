import { applyD1Migrations, env } from "cloudflare:test";
import { forgetContentVersion } from "../../app/entry.worker";

// Each test file starts from the real migrations on an empty database, with empty R2 buckets.
// The files run one after another in one workerd (vitest.workers.config.ts: `isolate: false`;
// starting workerd afresh for each file cost about 3 s a file), so this clears what the file
// before left: every table, trigger and view goes and the migrations run again.

async function emptyDatabase(db: D1Database) {
  const schemaObjects = () =>
    db
      .prepare(
        `select type, name, sql from sqlite_master
          where type in ('table', 'trigger', 'view') and name not like 'sqlite_%' and name not like '_cf_%'`,
      )
      .all<{ type: string; name: string; sql: string | null }>()
      .then((r) => r.results);
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const objects = await schemaObjects();
  if (objects.length === 0) return;
  // Triggers and views first, then the full-text tables (their shadow tables go with them), then
  // the rest; foreign keys are checked at the end of the batch, when nothing is left to check.
  const virtual = objects.filter((o) => o.type === "table" && /^create virtual table/i.test(o.sql ?? ""));
  await db.batch([
    db.prepare("PRAGMA defer_foreign_keys = on"),
    ...objects.filter((o) => o.type === "trigger").map((o) => db.prepare(`drop trigger if exists ${quote(o.name)}`)),
    ...objects.filter((o) => o.type === "view").map((o) => db.prepare(`drop view if exists ${quote(o.name)}`)),
    ...virtual.map((o) => db.prepare(`drop table if exists ${quote(o.name)}`)),
  ]);
  const tables = (await schemaObjects()).filter((o) => o.type === "table");
  if (tables.length)
    await db.batch([
      db.prepare("PRAGMA defer_foreign_keys = on"),
      ...tables.map((o) => db.prepare(`drop table if exists ${quote(o.name)}`)),
    ]);
}

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
