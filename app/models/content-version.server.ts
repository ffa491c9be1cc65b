import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { contentVersion } from "../../db/schema";

/** The public content's version: any insert, update or delete of it changes the number. */
export async function getContentVersion(db: Database) {
  const row = await db.query.contentVersion.findFirst({ columns: { version: true }, where: eq(contentVersion.id, 1) });
  return row?.version ?? 0;
}
