import { eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rateLimits } from "../../db/schema";

export interface Limit {
  /** What is limited, e.g. 'signin-email'. */
  name: string;
  max: number;
  windowMs: number;
}

/** The limits in force. Failures count against people; created accounts against bots. */
export const LIMITS = {
  /** Failed sign-ins to one account from clients that have never signed in to it. */
  signInPerEmail: { name: "signin-email", max: 5, windowMs: 15 * 60_000 },
  /** Failed sign-ins from one address, from clients that have never signed in to the account. */
  signInPerClient: { name: "signin-client", max: 20, windowMs: 15 * 60_000 },
  /** Failed sign-ins from one trusted device (it signed in to the account before). */
  signInPerDevice: { name: "signin-device", max: 10, windowMs: 15 * 60_000 },
  failedSignUpsPerClient: { name: "signup-failed-client", max: 20, windowMs: 60 * 60_000 },
  accountsPerClient: { name: "accounts-client", max: 20, windowMs: 60 * 60_000 },
  adminPerClient: { name: "admin-client", max: 5, windowMs: 15 * 60_000 },
  contactPerClient: { name: "contact-client", max: 5, windowMs: 60 * 60_000 },
  leadsPerMember: { name: "leads-member", max: 10, windowMs: 60 * 60_000 },
  forumTopicsPerMember: { name: "forum-topics-member", max: 10, windowMs: 60 * 60_000 },
  forumRepliesPerMember: { name: "forum-replies-member", max: 60, windowMs: 60 * 60_000 },
  messagesPerMember: { name: "messages-member", max: 30, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

const keyOf = (limit: Limit, subject: string) => `${limit.name}:${subject}`;

/** Whether the subject is already past the limit, without counting an attempt. */
export async function isLimited(db: Database, limit: Limit, subject: string) {
  const row = await db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, keyOf(limit, subject)))
    .get();
  return !!row && row.windowEndsAt.getTime() > Date.now() && row.count >= limit.max;
}

/**
 * Counts one attempt in a fixed window (one upsert, atomic in D1) and tells whether it is past
 * the limit, with the seconds until the window ends.
 */
export async function countAttempt(db: Database, limit: Limit, subject: string) {
  const now = Date.now();
  const windowEndsAt = now + limit.windowMs;
  const [row] = await db.all<{ count: number; window_ends_at: number }>(sql`
    insert into rate_limits (key, count, window_ends_at) values (${keyOf(limit, subject)}, 1, ${windowEndsAt})
    on conflict(key) do update set
      count = case when window_ends_at <= ${now} then 1 else count + 1 end,
      window_ends_at = case when window_ends_at <= ${now} then ${windowEndsAt} else window_ends_at end
    returning count, window_ends_at`);
  return { limited: row.count > limit.max, retryAfterSeconds: Math.max(1, Math.ceil((row.window_ends_at - now) / 1000)) };
}

/** Forgets a subject's attempts, e.g. after a successful sign-in. */
export async function clearAttempts(db: Database, limit: Limit, subject: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, keyOf(limit, subject)));
}

/** Windows that have ended, at most `batch` of them per call (the sweeper calls it until done). */
export async function deleteEndedWindows(db: Database, batch: number, now = new Date()) {
  const ended = db.select({ key: rateLimits.key }).from(rateLimits).where(lt(rateLimits.windowEndsAt, now)).limit(batch);
  const rows = await db.delete(rateLimits).where(inArray(rateLimits.key, ended)).returning({ key: rateLimits.key });
  return rows.length;
}
