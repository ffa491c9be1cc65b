// Applies db/migrations to a D1 database the way `wrangler d1 migrations apply` does: in file
// order, each file with its row in d1_migrations, skipping the files already recorded there (so
// wrangler and this agree on what has run). Used where a second wrangler process would cost
// seconds: the end-to-end state (scripts/e2e-state.mjs) migrates and seeds in one process.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const TABLE = "d1_migrations";

/** Applies the migrations not yet recorded; returns their file names. */
export async function applyMigrations(db: D1Database, folder = "db/migrations"): Promise<string[]> {
  await db
    .prepare(
      `CREATE TABLE IF NOT EXISTS ${TABLE}(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)`,
    )
    .run();
  const { results } = await db.prepare(`SELECT name FROM ${TABLE}`).all<{ name: string }>();
  const applied = new Set(results.map((row) => row.name));
  const pending = readdirSync(folder)
    .filter((file) => file.endsWith(".sql") && !applied.has(file))
    .sort();
  for (const file of pending) {
    // drizzle-kit's marker separates statements (triggers contain semicolons of their own).
    const statements = readFileSync(join(folder, file), "utf8")
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .filter(Boolean);
    await db.batch([...statements.map((sql) => db.prepare(sql)), db.prepare(`INSERT INTO ${TABLE} (name) VALUES (?)`).bind(file)]);
  }
  return pending;
}
