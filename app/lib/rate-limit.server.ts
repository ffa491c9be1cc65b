import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema";

export interface Limit {
  /** What is limited, e.g. 'signin-email'. */
  name: string;
  max: number;
  windowMs: number;
}

/** The limits in force. Failures count against people; created accounts against bots. */
export const LIMITS = {
  signInPerEmail: { name: "signin-email", max: 5, windowMs: 15 * 60_000 },
  signInPerClient: { name: "signin-client", max: 20, windowMs: 15 * 60_000 },
  failedSignUpsPerClient: { name: "signup-failed-client", max: 20, windowMs: 60 * 60_000 },
  accountsPerClient: { name: "accounts-client", max: 20, windowMs: 60 * 60_000 },
  adminPerClient: { name: "admin-client", max: 5, windowMs: 15 * 60_000 },
  contactPerClient: { name: "contact-client", max: 5, windowMs: 60 * 60_000 },
  leadsPerMember: { name: "leads-member", max: 10, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/** The client's address as Cloudflare reports it; one shared bucket when it is absent. */
export function clientAddress(request: Request) {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

const keyOf = (limit: Limit, subject: string) => `${limit.name}:${subject}`;

/** Whether the subject is already past the limit, without counting an attempt. */
export async function isLimited(context: AppLoadContext, limit: Limit, subject: string) {
  const row = await context.db.query.rateLimits.findFirst({ where: eq(rateLimits.key, keyOf(limit, subject)) });
  return !!row && row.windowEndsAt.getTime() > Date.now() && row.count >= limit.max;
}

/**
 * Counts one attempt in a fixed window (one upsert, atomic in D1) and tells whether it is past
 * the limit, with the seconds until the window ends.
 */
export async function countAttempt(context: AppLoadContext, limit: Limit, subject: string) {
  const now = Date.now();
  const windowEndsAt = now + limit.windowMs;
  const [row] = await context.db.all<{ count: number; window_ends_at: number }>(sql`
    insert into rate_limits (key, count, window_ends_at) values (${keyOf(limit, subject)}, 1, ${windowEndsAt})
    on conflict(key) do update set
      count = case when window_ends_at <= ${now} then 1 else count + 1 end,
      window_ends_at = case when window_ends_at <= ${now} then ${windowEndsAt} else window_ends_at end
    returning count, window_ends_at`);
  return { limited: row.count > limit.max, retryAfterSeconds: Math.max(1, Math.ceil((row.window_ends_at - now) / 1000)) };
}

/** Forgets a subject's attempts, e.g. after a successful sign-in. */
export async function clearAttempts(context: AppLoadContext, limit: Limit, subject: string) {
  await context.db.delete(rateLimits).where(eq(rateLimits.key, keyOf(limit, subject)));
}

/** Registration (sign-up and membership) is closed to a client past either of its limits. */
export async function isRegistrationLimited(context: AppLoadContext, request: Request) {
  const client = clientAddress(request);
  const checks = await Promise.all([
    isLimited(context, LIMITS.failedSignUpsPerClient, client),
    isLimited(context, LIMITS.accountsPerClient, client),
  ]);
  return checks.some(Boolean);
}
