import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { authTokens } from "../../db/schema";

export type TokenPurpose = "verify_email" | "reset_password";

/** The statement that records a token's hash for the member, for the batch that also queues its e-mail. */
export function storeToken(db: Database, userId: string, purpose: TokenPurpose, hash: string, ttlMs: number, now = Date.now()) {
  return db.insert(authTokens).values({ userId, purpose, tokenHash: hash, expiresAt: new Date(now + ttlMs) });
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

/** Uses a verification token: the address is verified; false when the link is used, expired or unknown. */
export async function redeemVerificationToken(db: Database, hash: string, now = Date.now()) {
  const d1 = db.$client;
  const [used] = await d1.batch([
    d1
      .prepare(
        `update auth_tokens set used_at = ?2 where token_hash = ?1 and purpose = 'verify_email' and used_at is null and expires_at > ?2`,
      )
      .bind(hash, now),
    d1
      .prepare(
        `update users set email_verified_at = coalesce(email_verified_at, ?2)
         where id = (select user_id from auth_tokens where token_hash = ?1 and purpose = 'verify_email' and used_at = ?2)`,
      )
      .bind(hash, now),
  ]);
  return (used.meta?.changes ?? 0) > 0;
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
