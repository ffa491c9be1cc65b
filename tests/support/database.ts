/**
 * Drops every table, trigger and view of a D1 database (the test setup's clean slate; the
 * migration tests start from it to build a database at an earlier migration).
 */
export async function emptyDatabase(db: D1Database) {
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
  // A table that refers to another is dropped before it: a foreign key lives in the table that
  // refers, and dropping the referred table first can leave SQLite looking for it from the other.
  const tables = (await schemaObjects()).filter((o) => o.type === "table").map((o) => o.name);
  const refers = new Map<string, string[]>();
  for (const name of tables) {
    const { results } = await db.prepare('select "table" as parent from pragma_foreign_key_list(?1)').bind(name).all<{ parent: string }>();
    refers.set(
      name,
      results.map((r) => r.parent).filter((parent) => parent !== name),
    );
  }
  const order: string[] = [];
  const left = new Set(tables);
  while (left.size) {
    const free = [...left].filter((name) => ![...left].some((other) => refers.get(other)!.includes(name)));
    for (const name of free.length ? free : [...left]) {
      order.push(name);
      left.delete(name);
    }
  }
  if (order.length)
    await db.batch([
      db.prepare("PRAGMA defer_foreign_keys = on"),
      ...order.map((name) => db.prepare(`drop table if exists ${quote(name)}`)),
    ]);
}
