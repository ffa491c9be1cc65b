import { and, count, desc, eq, isNotNull, max, sql } from "drizzle-orm";
import type { ReportTarget } from "~/lib/constants";
import { notifyStatements } from "~/models/notifications.server";
import type { Database } from "../../db/client";
import { catalogs, profiles, reports, users } from "../../db/schema";

// Reports of fraud and abuse, and what admins do about them: dismiss, or suspend the account
// whose content it is (no sign-in, its sessions ended, its companies and their listings hidden,
// its leads off the board), which they can lift. Reporters are told the outcome.

/**
 * Whose a target is, as SQL over ?1 (the target's id) and ?2 (the reporter): only what the
 * reporter can see counts (a private message they received, a request they take part in).
 */
const OWNER_SQL: Record<ReportTarget, string> = {
  company: "select user_id as owner_id from catalogs where id = ?1 and hidden = 0",
  product: "select c.user_id as owner_id from products p join catalogs c on c.id = p.catalog_id where p.id = ?1 and c.hidden = 0",
  lead: "select user_id as owner_id from trade_leads where id = ?1",
  topic: "select user_id as owner_id from forum_topics where id = ?1",
  reply: "select user_id as owner_id from forum_replies where id = ?1",
  message: "select sender_id as owner_id from private_messages where id = ?1 and receiver_id = ?2",
  request_message:
    "select m.author_id as owner_id from inquiry_messages m join inquiries i on i.id = m.inquiry_id where m.id = ?1 and ?2 in (i.user_id, i.supplier_id)",
  review: "select buyer_id as owner_id from reviews where id = ?1",
};

export interface ReportInput {
  targetType: ReportTarget;
  targetId: string;
  reason: (typeof reports.$inferInsert)["reason"];
  details: string;
}

/**
 * Records a report: "reported"; "already" when this member's report of it is still open (the
 * unique index decides); "notFound" when the target does not exist, is not theirs to see, or is
 * their own.
 */
export async function createReport(db: Database, reporterId: string, input: ReportInput) {
  const d1 = db.$client;
  try {
    const inserted = await d1
      .prepare(
        `insert into reports (id, reporter_id, target_type, target_id, owner_id, reason, details, status, created_at)
         select ?3, ?2, ?4, ?1, owner.owner_id, ?5, ?6, 'open', ?7 from (${OWNER_SQL[input.targetType]}) as owner
         where owner.owner_id is not null and owner.owner_id <> ?2`,
      )
      .bind(input.targetId, reporterId, crypto.randomUUID(), input.targetType, input.reason, input.details, Date.now())
      .run();
    return (inserted.meta?.changes ?? 0) > 0 ? ("reported" as const) : ("notFound" as const);
  } catch (error) {
    if (String((error as Error)?.cause ?? error).includes("UNIQUE constraint failed")) return "already" as const;
    throw error;
  }
}

/** The open reports for admins, one row per target with how many reported it, most reported first. */
export async function listOpenReports(db: Database, limit: number) {
  return db
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      ownerId: reports.ownerId,
      ownerName: profiles.fullName,
      ownerEmail: users.email,
      reports: count(),
      reasons: sql<string>`group_concat(distinct ${reports.reason})`,
      details: sql<string>`group_concat(${reports.details}, ' | ')`,
      latest: max(reports.createdAt),
    })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.ownerId))
    .leftJoin(profiles, eq(profiles.id, reports.ownerId))
    .where(eq(reports.status, "open"))
    .groupBy(reports.targetType, reports.targetId)
    .orderBy(desc(count()), desc(max(reports.createdAt)))
    .limit(limit);
}

/** The suspended members, for admins to lift. */
export function listSuspended(db: Database, limit: number) {
  return db
    .select({ id: users.id, email: users.email, fullName: profiles.fullName, suspendedAt: users.suspendedAt })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(isNotNull(users.suspendedAt))
    .orderBy(desc(users.suspendedAt))
    .limit(limit);
}

/** Reporters of what `fromSql` selects (over the reports `r` just decided) are told how it ended. */
function tellReporters(
  d1: Database["$client"],
  kind: "report_dismissed" | "report_actioned",
  where: string,
  params: unknown[],
  origin: string,
  now: number,
) {
  return notifyStatements(
    d1,
    {
      kind,
      recipientSql: "r.reporter_id",
      dataSql: "json_object()",
      linkSql: "'/notifications'",
      fromSql: `from reports r where ${where}`,
      params,
    },
    origin,
    now,
  );
}

/** An admin finds nothing wrong: the target's open reports are closed and their reporters told. False when none was open. */
export async function dismissReports(db: Database, targetType: ReportTarget, targetId: string, origin: string, now = Date.now()) {
  const d1 = db.$client;
  const [closed] = await d1.batch([
    d1
      .prepare(
        "update reports set status = 'dismissed', decided_at = ?3 where target_type = ?1 and target_id = ?2 and status = 'open' returning id",
      )
      .bind(targetType, targetId, now),
    ...tellReporters(
      d1,
      "report_dismissed",
      "r.target_type = ?1 and r.target_id = ?2 and r.status = 'dismissed' and r.decided_at = ?3",
      [targetType, targetId, now],
      origin,
      now,
    ),
  ]);
  return closed.results.length > 0;
}

/**
 * Suspends a member, in one batch: no sign-in (their sessions end), their companies and listings
 * hidden, their leads off the board; every open report of their content is acted on and its
 * reporter told. False when there is no such member or they are an admin.
 */
export async function suspendMember(db: Database, userId: string, origin: string, now = Date.now()) {
  const d1 = db.$client;
  const [suspended] = await d1.batch([
    d1
      .prepare(
        `update users set suspended_at = ?2 where id = ?1 and suspended_at is null
         and not exists (select 1 from profiles where id = ?1 and membership_plan = 'admin') returning id`,
      )
      .bind(userId, now),
    d1
      .prepare("delete from sessions where user_id = ?1 and exists (select 1 from users where id = ?1 and suspended_at = ?2)")
      .bind(userId, now),
    d1
      .prepare("update catalogs set hidden = 1 where user_id = ?1 and exists (select 1 from users where id = ?1 and suspended_at = ?2)")
      .bind(userId, now),
    d1
      .prepare(
        "update reports set status = 'actioned', decided_at = ?2 where owner_id = ?1 and status = 'open' and exists (select 1 from users where id = ?1 and suspended_at = ?2)",
      )
      .bind(userId, now),
    ...tellReporters(d1, "report_actioned", "r.owner_id = ?1 and r.status = 'actioned' and r.decided_at = ?2", [userId, now], origin, now),
  ]);
  return suspended.results.length > 0;
}

/** Lifts a suspension: the member signs in again and their companies show. False when not suspended. */
export async function liftSuspension(db: Database, userId: string) {
  const [lifted] = await db.batch([
    db
      .update(users)
      .set({ suspendedAt: null })
      .where(and(eq(users.id, userId), isNotNull(users.suspendedAt)))
      .returning({ id: users.id }),
    db
      .update(catalogs)
      .set({ hidden: false })
      .where(and(eq(catalogs.userId, userId), sql`exists (select 1 from users where id = ${userId} and suspended_at is null)`)),
  ]);
  return lifted.length > 0;
}
