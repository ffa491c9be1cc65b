import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { authTokens } from "../../db/schema";

export type TokenPurpose = "verify_email" | "reset_password" | "change_email";

/** The statement that records a token's hash for the member, for the batch that also queues its e-mail. */
export function storeToken(
  db: Database,
  userId: string,
  purpose: TokenPurpose,
  hash: string,
  ttlMs: number,
  { now = Date.now(), newEmail }: { now?: number; newEmail?: string } = {},
) {
  return db.insert(authTokens).values({ userId, purpose, tokenHash: hash, expiresAt: new Date(now + ttlMs), newEmail });
}

/** The member a live, unused token belongs to, without using it (a reset form is shown first). */
export async function tokenOwner(db: Database, purpose: TokenPurpose, hash: string, now = Date.now()) {
  const row = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date(now)),
      ),
    )
    .get();
  return row?.userId ?? null;
}

/**
 * Uses a link that verifies an address: the member's own (verify_email), or a new one that then
 * replaces it (change_email, unless another account took that address meanwhile). "invalid" when
 * the link is used, expired or unknown; nothing changes then.
 */
export async function redeemEmailToken(
  db: Database,
  hash: string,
  now = Date.now(),
): Promise<"verified" | "changed" | "taken" | "invalid"> {
  const d1 = db.$client;
  const token = (purpose: TokenPurpose) =>
    `select user_id from auth_tokens where token_hash = ?1 and purpose = '${purpose}' and used_at = ?2`;
  const newEmail = "(select new_email from auth_tokens where token_hash = ?1 and purpose = 'change_email' and used_at = ?2)";
  const free = `not exists (select 1 from users where email = ${newEmail})`;
  const [used, , changed] = await d1.batch([
    d1
      .prepare(
        `update auth_tokens set used_at = ?2 where token_hash = ?1 and purpose in ('verify_email', 'change_email') and used_at is null and expires_at > ?2
         returning purpose`,
      )
      .bind(hash, now),
    d1
      .prepare(`update users set email_verified_at = coalesce(email_verified_at, ?2) where id = (${token("verify_email")})`)
      .bind(hash, now),
    d1
      .prepare(`update users set email = ${newEmail}, email_verified_at = ?2 where id = (${token("change_email")}) and ${free}`)
      .bind(hash, now),
    d1
      .prepare(
        `update profiles set email = ${newEmail} where id = (${token("change_email")}) and exists (select 1 from users where id = profiles.id and email = ${newEmail})`,
      )
      .bind(hash, now),
  ]);
  const purpose = (used.results[0] as { purpose?: string } | undefined)?.purpose;
  if (!purpose) return "invalid";
  if (purpose === "verify_email") return "verified";
  return (changed.meta?.changes ?? 0) > 0 ? "changed" : "taken";
}

/**
 * Uses a reset token: the new password hash is set and every session of the account ends, in one
 * batch; false when the link is used, expired or unknown (nothing changes then).
 */
export async function redeemResetToken(db: Database, hash: string, passwordHash: string, now = Date.now()) {
  const d1 = db.$client;
  const owner = "(select user_id from auth_tokens where token_hash = ?1 and purpose = 'reset_password' and used_at = ?2)";
  const [used] = await d1.batch([
    d1
      .prepare(
        `update auth_tokens set used_at = ?2 where token_hash = ?1 and purpose = 'reset_password' and used_at is null and expires_at > ?2`,
      )
      .bind(hash, now),
    d1.prepare(`update users set password_hash = ?3 where id = ${owner}`).bind(hash, now, passwordHash),
    d1.prepare(`delete from sessions where user_id = ${owner}`).bind(hash, now),
    // Its other reset links die with it.
    d1
      .prepare(`update auth_tokens set used_at = ?2 where purpose = 'reset_password' and used_at is null and user_id = ${owner}`)
      .bind(hash, now),
  ]);
  return (used.meta?.changes ?? 0) > 0;
}
