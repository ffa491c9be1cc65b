import { and, count, desc, eq, isNotNull, isNull, max, sql, type SQL } from "drizzle-orm";
import type { HiddenReason, ReportTarget } from "~/lib/constants";
import { canBeSuspendedSql } from "~/lib/permissions";
import type { SiteUrl } from "~/lib/site";
import { notifyStatements } from "~/models/notifications.server";
import type { Database } from "../../db/client";
import { catalogs, profiles, reports, users } from "../../db/schema";

type Report = typeof reports.$inferSelect;

// Reports of fraud and abuse, and what admins do about them: dismiss; hide the content (gone for
// everyone but admins and its author, who is told why), which they can show again; or suspend the
// account whose content it is (no sign-in, its sessions ended, its companies and their listings
// hidden, its leads off the board), which they can lift. Reporters are told the outcome.

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

/** Where each kind of target lives: every one has an `id` and a `hidden_reason`. */
const TARGET_TABLE: Record<ReportTarget, string> = {
  company: "catalogs",
  product: "products",
  lead: "trade_leads",
  topic: "forum_topics",
  reply: "forum_replies",
  message: "private_messages",
  request_message: "inquiry_messages",
  review: "reviews",
};

/** Where the author of a hidden target (?2) sees it and why, as SQL. */
const AUTHOR_LINK_SQL: Record<ReportTarget, string> = {
  company: "'/catalog'",
  product: "'/product/' || ?2",
  lead: "'/trade-leads/' || ?2 || '/edit'",
  topic: "'/forum/topic/' || ?2",
  reply: "(select '/forum/topic/' || topic_id from forum_replies where id = ?2)",
  message: "'/messages/' || ?2",
  request_message: "(select '/requests/' || inquiry_id from inquiry_messages where id = ?2)",
  review: "(select '/requests/' || inquiry_id from reviews where id = ?2)",
};

/** What a target says, for admins deciding about it: its title or the start of its text. */
const TARGET_ID = '"reports"."target_id"';
const EXCERPT_SQL: Record<ReportTarget, string> = {
  company: `select company_name from catalogs where id = ${TARGET_ID}`,
  product: `select title from products where id = ${TARGET_ID}`,
  lead: `select title || ': ' || substr(description, 1, 300) from trade_leads where id = ${TARGET_ID}`,
  topic: `select title || ': ' || substr(content, 1, 300) from forum_topics where id = ${TARGET_ID}`,
  reply: `select substr(content, 1, 300) from forum_replies where id = ${TARGET_ID}`,
  message: `select subject || ': ' || substr(content, 1, 300) from private_messages where id = ${TARGET_ID}`,
  request_message: `select substr(body, 1, 300) from inquiry_messages where id = ${TARGET_ID}`,
  review: `select substr(comment, 1, 300) from reviews where id = ${TARGET_ID}`,
};
const excerpt = sql<string | null>`(case "reports"."target_type" ${sql.raw(
  Object.entries(EXCERPT_SQL)
    .map(([type, select]) => `when '${type}' then (${select})`)
    .join(" "),
)} end)`.as("excerpt");

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

/** Reports of one status, one row per target: what it is, whose, and what it says. */
function reportsByTarget<T extends Record<string, SQL | SQL.Aliased>>(db: Database, status: Report["status"], columns: T) {
  return db
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      ownerId: reports.ownerId,
      ownerName: profiles.fullName,
      ownerEmail: users.email,
      excerpt,
      ...columns,
    })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.ownerId))
    .leftJoin(profiles, eq(profiles.id, reports.ownerId))
    .where(eq(reports.status, status))
    .groupBy(reports.targetType, reports.targetId);
}

/** The open reports for admins, one row per target with how many reported it, most reported first. */
export async function listOpenReports(db: Database, limit: number) {
  return reportsByTarget(db, "open", {
    reports: count(),
    reasons: sql<string>`group_concat(distinct ${reports.reason})`,
    details: sql<string>`group_concat(${reports.details}, ' | ')`,
    latest: max(reports.createdAt),
  })
    .orderBy(desc(count()), desc(max(reports.createdAt)))
    .limit(limit);
}

/** What admins hid, one row per target with its author, newest first, for admins to show again. */
export async function listHiddenContent(db: Database, limit: number) {
  return reportsByTarget(db, "hidden", { hiddenAt: max(reports.decidedAt) })
    .orderBy(desc(max(reports.decidedAt)))
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
  kind: "report_dismissed" | "report_actioned" | "report_hidden",
  where: string,
  params: unknown[],
  site: SiteUrl,
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
    site,
    now,
  );
}

/** An admin finds nothing wrong: the target's open reports are closed and their reporters told. False when none was open. */
export async function dismissReports(db: Database, targetType: ReportTarget, targetId: string, site: SiteUrl, now = Date.now()) {
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
      site,
      now,
    ),
  ]);
  return closed.results.length > 0;
}

/**
 * Hides a reported target, in one batch: gone for everyone but admins and its author (a hidden
 * company takes its listings with it), its open reports acted on, their reporters told, and the
 * author told why and where to see it. False when nothing was open about it.
 */
export async function hideReportedContent(
  db: Database,
  targetType: ReportTarget,
  targetId: string,
  reason: HiddenReason,
  site: SiteUrl,
  now = Date.now(),
) {
  const d1 = db.$client;
  const table = TARGET_TABLE[targetType];
  const open = "exists (select 1 from reports where target_type = ?3 and target_id = ?1 and status = 'open')";
  const [hidden, closed] = await d1.batch([
    d1
      .prepare(
        `update ${table} set hidden_reason = ?2${targetType === "company" ? ", hidden = 1" : ""} where id = ?1 and hidden_reason is null and ${open} returning id`,
      )
      .bind(targetId, reason, targetType),
    d1
      .prepare(
        `update reports set status = 'hidden', decided_at = ?3 where target_type = ?1 and target_id = ?2 and status = 'open'
         and exists (select 1 from ${table} where id = ?2 and hidden_reason is not null) returning id`,
      )
      .bind(targetType, targetId, now),
    ...tellReporters(
      d1,
      "report_hidden",
      "r.target_type = ?1 and r.target_id = ?2 and r.status = 'hidden' and r.decided_at = ?3",
      [targetType, targetId, now],
      site,
      now,
    ),
    ...notifyStatements(
      d1,
      {
        kind: "content_hidden",
        recipientSql: "r.owner_id",
        dataSql: "json_object('target', ?1, 'reason', ?4)",
        linkSql: AUTHOR_LINK_SQL[targetType],
        fromSql: `from (select owner_id from reports where target_type = ?1 and target_id = ?2 and status = 'hidden' and decided_at = ?3
          and owner_id is not null limit 1) r`,
        params: [targetType, targetId, now, reason],
      },
      site,
      now,
    ),
  ]);
  return hidden.results.length > 0 || closed.results.length > 0;
}

/**
 * Shows hidden content again (a company stays hidden while its owner is suspended); its reports
 * are marked restored. False when it is not hidden.
 */
export async function restoreContent(db: Database, targetType: ReportTarget, targetId: string, now = Date.now()) {
  const d1 = db.$client;
  const table = TARGET_TABLE[targetType];
  const company =
    targetType === "company"
      ? ", hidden = exists (select 1 from users u where u.id = catalogs.user_id and u.suspended_at is not null)"
      : "";
  const [restored] = await d1.batch([
    d1
      .prepare(`update ${table} set hidden_reason = null${company} where id = ?1 and hidden_reason is not null returning id`)
      .bind(targetId),
    d1
      .prepare(
        `update reports set status = 'restored', decided_at = ?3 where target_type = ?1 and target_id = ?2 and status = 'hidden'
         and exists (select 1 from ${table} where id = ?2 and hidden_reason is null)`,
      )
      .bind(targetType, targetId, now),
  ]);
  return restored.results.length > 0;
}

/**
 * Suspends a member, in one batch: no sign-in (their sessions end), their companies and listings
 * hidden, their leads off the board; every open report of their content is acted on and its
 * reporter told. False when there is no such member or they may not be suspended (`canBeSuspended`).
 */
export async function suspendMember(db: Database, userId: string, site: SiteUrl, now = Date.now()) {
  const d1 = db.$client;
  const [suspended] = await d1.batch([
    d1
      .prepare(
        `update users set suspended_at = ?2 where id = ?1 and suspended_at is null
         and not exists (select 1 from profiles p where p.id = ?1 and not (${canBeSuspendedSql()})) returning id`,
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
    ...tellReporters(d1, "report_actioned", "r.owner_id = ?1 and r.status = 'actioned' and r.decided_at = ?2", [userId, now], site, now),
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
    // A company an admin hid on its own stays hidden.
    db
      .update(catalogs)
      .set({ hidden: false })
      .where(
        and(
          eq(catalogs.userId, userId),
          isNull(catalogs.hiddenReason),
          sql`exists (select 1 from users where id = ${userId} and suspended_at is null)`,
        ),
      ),
  ]);
  return lifted.length > 0;
}
