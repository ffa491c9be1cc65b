import { count, desc, eq } from "drizzle-orm";
import { OUTBOX_MAX_ATTEMPTS, OUTBOX_SEND_BATCH } from "~/lib/constants";
import type { Database } from "../../db/client";
import { outbox } from "../../db/schema";

export interface Email {
  /** Its id, when something written with it must name it (a sealed token is bound to it). */
  id?: string;
  userId: string | null;
  to: string;
  language: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
  /** What its one-click unsubscribe stops, and its link (see the outbox table). */
  unsubscribeTopic?: string;
  unsubscribeUrl?: string;
  /** Its link's token, sealed (see the outbox table): the text and HTML hold its placeholder. */
  sealedToken?: string;
}

/** Where sent e-mail goes: Cloudflare's Email Service in production, the local transport on this machine. */
export type Transport = (email: OutboxMessage) => Promise<void>;

/** Thrown by a transport for a message that no retry can send (its link's token cannot be opened): it fails at once. */
export class UndeliverableError extends Error {}

/** A queued message as the sender reads it. */
export interface OutboxMessage {
  id: string;
  to: string;
  /** The recipient's language, which the message is written in. */
  language: string;
  subject: string;
  text: string;
  html: string;
  unsubscribeUrl: string | null;
  sealedToken: string | null;
}

/** The statement that puts an e-mail in the outbox, for the batch of the event that causes it. */
export function queueEmail(db: Database, email: Email, now = Date.now()) {
  const { to, ...rest } = email;
  return db.insert(outbox).values({ ...rest, toEmail: to, nextAttemptAt: new Date(now) });
}

/** The first retry waits a minute, each next one four times longer (1, 4, 16, 64, 256 minutes). */
const BACKOFF_MS = 60_000;

type Row = typeof outbox.$inferSelect;

/**
 * Sends what is due: each is claimed first (its next try moved past the
 * backoff, in one statement), so two senders never send one message twice; a success marks it
 * sent, a failure keeps it for the next try, and after OUTBOX_MAX_ATTEMPTS (or an
 * UndeliverableError) it is failed. A sent or failed message keeps no sealed token.
 */
export async function deliverOutbox(db: Database, transport: Transport, { now = Date.now() }: { now?: number } = {}) {
  const d1 = db.$client;
  const { results } = await d1
    .prepare(
      `update outbox set attempts = attempts + 1, next_attempt_at = ?1 + ?2 * (1 << (2 * attempts))
       where id in (select id from outbox where status = 'pending' and next_attempt_at <= ?1 order by next_attempt_at limit ?3) returning *`,
    )
    .bind(now, BACKOFF_MS, OUTBOX_SEND_BATCH)
    .all<Record<string, unknown>>();
  let sent = 0;
  for (const row of results) {
    const message: OutboxMessage = {
      id: row.id as string,
      to: row.to_email as string,
      language: row.language as string,
      subject: row.subject as string,
      text: row.text as string,
      html: row.html as string,
      unsubscribeUrl: row.unsubscribe_url as string | null,
      sealedToken: row.sealed_token as string | null,
    };
    try {
      await transport(message);
      await d1
        .prepare("update outbox set status = 'sent', sent_at = ?2, last_error = null, sealed_token = null where id = ?1")
        .bind(message.id, Date.now())
        .run();
      sent++;
    } catch (error) {
      const failed = error instanceof UndeliverableError || (row.attempts as number) >= OUTBOX_MAX_ATTEMPTS;
      await d1
        .prepare(
          "update outbox set status = ?2, last_error = ?3, sealed_token = case when ?2 = 'failed' then null else sealed_token end where id = ?1",
        )
        .bind(message.id, failed ? "failed" : "pending", String((error as Error)?.message ?? error).slice(0, 500))
        .run();
    }
  }
  return { claimed: results.length, sent };
}

/** A page of the outbox for admins, newest first. */
export async function listOutbox(db: Database, page: number, pageSize: number) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: outbox.id,
        toEmail: outbox.toEmail,
        kind: outbox.kind,
        subject: outbox.subject,
        status: outbox.status,
        attempts: outbox.attempts,
        language: outbox.language,
        createdAt: outbox.createdAt,
      })
      .from(outbox)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(outbox),
  ]);
  return { rows, total };
}

export async function getOutboxMessage(db: Database, id: string): Promise<Row | null> {
  return (await db.select().from(outbox).where(eq(outbox.id, id)).get()) ?? null;
}
