import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { catalogs } from "../../db/schema";

/** The member's own catalogs, newest first; scoped by the owner's id here, not in routes. */
export function listOwnCatalogs(db: Database, userId: string) {
  return db
    .select({ id: catalogs.id, companyName: catalogs.companyName, businessDescription: catalogs.businessDescription, createdAt: catalogs.createdAt })
    .from(catalogs)
    .where(eq(catalogs.userId, userId))
    .orderBy(desc(catalogs.createdAt));
}
