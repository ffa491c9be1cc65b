import { and, count, eq, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { MESSAGE_RECIPIENTS_SHOWN, MESSAGES_PAGE_SIZE } from "~/lib/constants";
import { canReceiveMessageSql } from "~/lib/permissions";
import type { SiteUrl } from "~/lib/site";
import { notifyStatements } from "~/models/notifications.server";
import type { Database } from "../../db/client";
import { privateMessages, profiles } from "../../db/schema";

// Private messages between members. Every function takes the member's id and only ever touches
// messages that member sent or received.

export type Box = "inbox" | "sent";

interface MessageSummary {
  id: string;
  subject: string;
  isRead: boolean;
  hiddenReason: string | null;
  createdAt: number;
  /** The other party: the sender in the inbox, the receiver in sent messages. */
  otherName: string | null;
  otherCompany: string | null;
}

type SummaryRow = Omit<MessageSummary, "isRead"> & { isRead: number };

/**
 * The member's inbox or sent messages, newest first, one page, with the total pages. A message an
 * admin hid leaves its receiver's inbox; its sender still sees it, told why.
 */
export async function listOwnMessages(db: Database, userId: string, box: Box, page: number) {
  const mine = box === "inbox" ? sql`m.receiver_id = ${userId} and m.hidden_reason is null` : sql`m.sender_id = ${userId}`;
  const other = box === "inbox" ? sql`m.sender_id` : sql`m.receiver_id`;
  const [rows, [{ n }]] = await Promise.all([
    db.all<SummaryRow>(sql`
      select m.id, m.subject, m.is_read as isRead, m.hidden_reason as hiddenReason, m.created_at as createdAt,
        p.full_name as otherName, p.company_name as otherCompany
      from private_messages m left join profiles p on p.id = ${other}
      where ${mine}
      order by m.created_at desc, m.id desc
      limit ${MESSAGES_PAGE_SIZE} offset ${(page - 1) * MESSAGES_PAGE_SIZE}`),
    db
      .select({ n: count() })
      .from(privateMessages)
      .where(
        box === "inbox"
          ? and(eq(privateMessages.receiverId, userId), isNull(privateMessages.hiddenReason))
          : eq(privateMessages.senderId, userId),
      ),
  ]);
  const messages: MessageSummary[] = rows.map((r) => ({ ...r, isRead: !!r.isRead }));
  return { messages, pages: Math.max(1, Math.ceil(n / MESSAGES_PAGE_SIZE)) };
}

/** Unread messages received by the member (the badge beside Messages). */
export async function countOwnUnread(db: Database, userId: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(privateMessages)
    .where(and(eq(privateMessages.receiverId, userId), eq(privateMessages.isRead, false), isNull(privateMessages.hiddenReason)));
  return n;
}

const sender = alias(profiles, "sender");
const receiver = alias(profiles, "receiver");

/**
 * Opens one of the member's messages: marks it read only when the member is its receiver and it
 * is unread, then reads it, in one batch. Null when the member neither sent nor received it.
 */
export async function openOwnMessage(db: Database, userId: string, id: string) {
  const [, [message]] = await db.batch([
    db
      .update(privateMessages)
      .set({ isRead: true })
      .where(and(eq(privateMessages.id, id), eq(privateMessages.receiverId, userId), eq(privateMessages.isRead, false))),
    db
      .select({
        id: privateMessages.id,
        senderId: privateMessages.senderId,
        receiverId: privateMessages.receiverId,
        subject: privateMessages.subject,
        content: privateMessages.content,
        isRead: privateMessages.isRead,
        hiddenReason: privateMessages.hiddenReason,
        createdAt: privateMessages.createdAt,
        // Named apart: D1 answers rows by column name, and both profiles' columns are full_name.
        senderName: sql<string | null>`${sender.fullName}`.as("sender_name"),
        senderCompany: sql<string | null>`${sender.companyName}`.as("sender_company"),
        receiverName: sql<string | null>`${receiver.fullName}`.as("receiver_name"),
        receiverCompany: sql<string | null>`${receiver.companyName}`.as("receiver_company"),
      })
      .from(privateMessages)
      .leftJoin(sender, eq(sender.id, privateMessages.senderId))
      .leftJoin(receiver, eq(receiver.id, privateMessages.receiverId))
      .where(and(eq(privateMessages.id, id), or(eq(privateMessages.senderId, userId), eq(privateMessages.receiverId, userId)))),
  ]);
  return message ?? null;
}

export interface Recipient {
  id: string;
  fullName: string;
  companyName: string | null;
}

/** Who the member may write to (`canReceiveMessage`), by name. */
export async function listRecipients(db: Database, userId: string, ensureId?: string | null) {
  const d1 = db.$client;
  const recipients = `select p.id, p.full_name as fullName, p.company_name as companyName from profiles p
    where ${canReceiveMessageSql("?1")}`;
  const { results: rows } = await d1
    .prepare(`${recipients} order by p.full_name, p.id limit ?2`)
    .bind(userId, MESSAGE_RECIPIENTS_SHOWN)
    .all<Recipient>();
  // A reply's addressee is offered even when the list was cut short before their name.
  if (ensureId && !rows.some((r) => r.id === ensureId)) {
    const { results: extra } = await d1.prepare(`${recipients} and p.id = ?2`).bind(userId, ensureId).all<Recipient>();
    rows.push(...extra);
  }
  return rows;
}

/**
 * Sends a message; the recipient rule (`canReceiveMessage`) is part of the insert itself, so it cannot be bypassed. Null when the recipient is not allowed.
 */
export async function sendMessage(
  db: Database,
  senderId: string,
  input: { recipientId: string; subject: string; content: string },
  site: SiteUrl,
) {
  const id = crypto.randomUUID();
  const d1 = db.$client;
  const [sent] = await d1.batch([
    d1
      .prepare(
        `insert into private_messages (id, sender_id, receiver_id, subject, content, is_read, created_at)
         select ?1, ?2, p.id, ?3, ?4, 0, ?5
         from profiles p where p.id = ?6 and ${canReceiveMessageSql("?2")}`,
      )
      .bind(id, senderId, input.subject, input.content, Date.now(), input.recipientId),
    // The recipient is told (the bell), if the message was sent.
    ...notifyStatements(
      d1,
      {
        kind: "private_message",
        recipientSql: "m.receiver_id",
        dataSql: "json_object()",
        linkSql: "'/messages/' || m.id",
        fromSql: "from private_messages m where m.id = ?1",
        params: [id],
      },
      site,
    ),
  ]);
  return (sent.meta?.changes ?? 0) > 0 ? id : null;
}
