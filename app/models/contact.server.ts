import { desc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { contactMessages } from "../../db/schema";

export type NewContactMessage = typeof contactMessages.$inferInsert;

export async function saveContactMessage(db: Database, message: NewContactMessage) {
  await db.insert(contactMessages).values(message);
}

/** For administrators: the newest messages first. */
export function listContactMessages(db: Database, limit: number) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
}
