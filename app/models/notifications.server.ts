import { and, count, desc, eq, isNull } from "drizzle-orm";
import { NOTIFICATIONS_SHOWN } from "~/lib/constants";
import type { Database } from "../../db/client";
import { notifications, profiles, users } from "../../db/schema";

export type NotificationKind = (typeof notifications.$inferInsert)["kind"];

/** Who a notification (and its e-mail) goes to. */
export interface Recipient {
  id: string;
  email: string;
  language: string;
  fullName: string;
}

/** A member as a recipient, or null. */
export async function recipientById(db: Database, id: string | null): Promise<Recipient | null> {
  if (!id) return null;
  const row = await db
    .select({ id: users.id, email: users.email, language: profiles.language, fullName: profiles.fullName })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, id))
    .get();
  return row ?? null;
}

/**
 * SQL that writes a notification for the member named by `recipientSql` for each row `fromSql`
 * yields (a FROM … WHERE clause), for the batch of the event: the event's own rows decide who is
 * told, so a refused event tells nobody.
 */
export function notifySql(kind: NotificationKind, recipientSql: string, dataSql: string, linkSql: string, fromSql: string) {
  return `insert into notifications (id, user_id, kind, data, link, created_at)
    select lower(hex(randomblob(16))), ${recipientSql}, '${kind}', ${dataSql}, ${linkSql}, unixepoch('subsec') * 1000 ${fromSql}`;
}

/** The member's newest notifications, and how many are unread. */
export async function listNotifications(db: Database, userId: string) {
  const [rows, [{ unread }]] = await db.batch([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_SHOWN),
    db
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return { rows, unread };
}

export async function markAllRead(db: Database, userId: string) {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
