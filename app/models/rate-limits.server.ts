import { eq, inArray, lt, sql } from "drizzle-orm";
import {
  SIGN_UP_NOTICES_PER_EMAIL,
  VISITOR_REQUESTS_PER_CLIENT,
  VISITOR_REQUESTS_PER_EMAIL,
  VISITOR_REQUESTS_WINDOW_MS,
} from "~/lib/constants";
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
  /** E-mails telling an account's owner that someone signed up with their address: per address. */
  signUpNoticesPerEmail: { name: "signup-notice-email", max: SIGN_UP_NOTICES_PER_EMAIL, windowMs: 60 * 60_000 },
  adminPerClient: { name: "admin-client", max: 5, windowMs: 15 * 60_000 },
  /** Admin passwords tried from anywhere but a trusted device: rotating addresses cannot guess on. */
  adminGate: { name: "admin-gate", max: 50, windowMs: 15 * 60_000 },
  /** Admin passwords tried from a device that unlocked the gate before: the owner's own budget. */
  adminPerDevice: { name: "admin-device", max: 10, windowMs: 15 * 60_000 },
  contactPerClient: { name: "contact-client", max: 5, windowMs: 60 * 60_000 },
  /** New guest carts from one address (an office shares one; a script filling tables does not need more). */
  guestCartsPerClient: { name: "guest-carts-client", max: 100, windowMs: 60 * 60_000 },
  /** Requests for quotation from visitors (Request Quote, Contact Supplier, the cart): per address and per e-mail typed. */
  visitorRequestsPerClient: { name: "visitor-requests-client", max: VISITOR_REQUESTS_PER_CLIENT, windowMs: VISITOR_REQUESTS_WINDOW_MS },
  visitorRequestsPerEmail: { name: "visitor-requests-email", max: VISITOR_REQUESTS_PER_EMAIL, windowMs: VISITOR_REQUESTS_WINDOW_MS },
  leadsPerMember: { name: "leads-member", max: 10, windowMs: 60 * 60_000 },
  forumTopicsPerMember: { name: "forum-topics-member", max: 10, windowMs: 60 * 60_000 },
  forumRepliesPerMember: { name: "forum-replies-member", max: 60, windowMs: 60 * 60_000 },
  messagesPerMember: { name: "messages-member", max: 30, windowMs: 60 * 60_000 },
  /** New verification links a member may ask for. */
  verifyResendPerMember: { name: "verify-resend-member", max: 3, windowMs: 60 * 60_000 },
  /** Password reset links: per address asked for, and per client asking. */
  resetPerEmail: { name: "reset-email", max: 3, windowMs: 60 * 60_000 },
  resetPerClient: { name: "reset-client", max: 10, windowMs: 60 * 60_000 },
  /** Account settings that check the current password (a new password, a new address): per member. */
  accountChangesPerMember: { name: "account-member", max: 10, windowMs: 60 * 60_000 },
  /** Reports of fraud and abuse, per member. */
  reportsPerMember: { name: "reports-member", max: 10, windowMs: 60 * 60_000 },
  /** Saved searches created, per member. */
  savedSearchesPerMember: { name: "alerts-member", max: 30, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

const keyOf = (limit: Limit, subject: string) => `${limit.name}:${subject}`;

/** One attempt against one limit; a null subject (no client address) is not limited. */
export interface Attempt {
  limit: Limit;
  subject: string | null;
}

/**
 * Counts one attempt against each limit first, in one batch of atomic upserts, and then says
 * whether any is past its limit: checking first and counting after would let requests that
 * arrive together all pass. An attempt refused for the limit still counts.
 */
export async function countAttempts(db: Database, attempts: Attempt[]) {
  const counted = attempts.filter((a): a is Attempt & { subject: string } => a.subject !== null);
  if (counted.length === 0) return { limited: false, retryAfterSeconds: 0 };
  const now = Date.now();
  const statements = counted.map(({ limit, subject }) => {
    const windowEndsAt = now + limit.windowMs;
    return db
      .insert(rateLimits)
      .values({ key: keyOf(limit, subject), count: 1, windowEndsAt: new Date(windowEndsAt) })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowEndsAt} <= ${now} then 1 else ${rateLimits.count} + 1 end`,
          windowEndsAt: sql`case when ${rateLimits.windowEndsAt} <= ${now} then ${windowEndsAt} else ${rateLimits.windowEndsAt} end`,
        },
      })
      .returning({ count: rateLimits.count, windowEndsAt: rateLimits.windowEndsAt });
  });
  const rows = (await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]])).map((r) => r[0]);
  const over = rows.filter((row, i) => row.count > counted[i].limit.max);
  const retryAfterSeconds = Math.max(0, ...over.map((row) => Math.ceil((row.windowEndsAt.getTime() - now) / 1000)));
  return { limited: over.length > 0, retryAfterSeconds };
}

/** Counts one attempt against one limit (see `countAttempts`). */
export function countAttempt(db: Database, limit: Limit, subject: string | null) {
  return countAttempts(db, [{ limit, subject }]);
}

/** Takes back attempts that turned out to be legitimate (a right password): they count against nobody. */
export async function refundAttempts(db: Database, attempts: Attempt[]) {
  const keys = attempts.flatMap(({ limit, subject }) => (subject === null ? [] : [keyOf(limit, subject)]));
  if (keys.length === 0) return;
  await db
    .update(rateLimits)
    .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
    .where(inArray(rateLimits.key, keys));
}

/** Forgets a subject's attempts, e.g. after a successful sign-in. */
export async function clearAttempts(db: Database, limit: Limit, subject: string | null) {
  if (subject === null) return;
  await db.delete(rateLimits).where(eq(rateLimits.key, keyOf(limit, subject)));
}

/** Windows that have ended, at most `batch` of them per call (the sweeper calls it until done). */
export async function deleteEndedWindows(db: Database, batch: number, now = new Date()) {
  const ended = db.select({ key: rateLimits.key }).from(rateLimits).where(lt(rateLimits.windowEndsAt, now)).limit(batch);
  const rows = await db.delete(rateLimits).where(inArray(rateLimits.key, ended)).returning({ key: rateLimits.key });
  return rows.length;
}
