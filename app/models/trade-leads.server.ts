import { and, count, desc, eq, sql } from "drizzle-orm";
import { TRADE_LEADS_PAGE_SIZE } from "~/lib/constants";
import { canSeeContactDetails, isOwner, type Actor } from "~/lib/permissions";
import { cachedForContentVersion, contentVersionQuery, versionOf } from "~/models/content-version.server";
import type { Database } from "../../db/client";
import { tradeLeadCounts, tradeLeads } from "../../db/schema";

type TradeLead = typeof tradeLeads.$inferSelect;
export type LeadType = TradeLead["leadType"];

export interface LeadInput {
  leadType: LeadType;
  title: string;
  description: string;
  category?: string | null;
  quantity?: string | null;
  location?: string | null;
  contactInfo?: string | null;
}

/**
 * What a board's card shows of a lead, and whose it is (to decide who sees the contact details):
 * the board reads these columns only, so a page sends no more of a lead than its card needs.
 */
const leadCard = {
  id: tradeLeads.id,
  userId: tradeLeads.userId,
  leadType: tradeLeads.leadType,
  title: tradeLeads.title,
  description: tradeLeads.description,
  category: tradeLeads.category,
  quantity: tradeLeads.quantity,
  location: tradeLeads.location,
  contactInfo: tradeLeads.contactInfo,
  isActive: tradeLeads.isActive,
  hiddenReason: tradeLeads.hiddenReason,
  createdAt: tradeLeads.createdAt,
};
type LeadCard = { [K in keyof typeof leadCard]: TradeLead[K] };

/** The board's summary cards read two counter rows that triggers on trade_leads keep, never the leads. */
const countersQuery = (db: Database) => db.select().from(tradeLeadCounts);

function toCounts(rows: { leadType: string; activeCount: number }[]) {
  const buy = Math.max(0, rows.find((r) => r.leadType === "buy")?.activeCount ?? 0);
  const sell = Math.max(0, rows.find((r) => r.leadType === "sell")?.activeCount ?? 0);
  return { total: buy + sell, buy, sell };
}

/**
 * Whether the lead (the table or its alias) is shown to others, as SQL: not hidden by an admin,
 * and not posted by a suspended member (their ids read once, from a small partial index).
 */
export function leadShownSql(lead: string) {
  return `${lead}.hidden_reason is null and ${lead}.user_id not in (select id from users where suspended_at is not null)`;
}
export const LEAD_SHOWN = sql.raw(leadShownSql('"trade_leads"'));

/**
 * The board: the counters and a page of active leads, newest first, optionally of one type. It is
 * the same for everyone (what a viewer may see of each lead is decided after, by
 * `leadsForViewer`), so it is kept per content version: read in one batch with the version, and
 * not read again while the version stays.
 */
export async function boardPage(db: Database, leadType: LeadType | null, page: number, contentVersion: number) {
  return cachedForContentVersion(contentVersion, `board:${leadType ?? "all"}:${page}`, async () => {
    const [version, counters, items] = await db.batch([
      contentVersionQuery(db),
      countersQuery(db),
      db
        .select(leadCard)
        .from(tradeLeads)
        .where(and(eq(tradeLeads.isActive, true), leadType ? eq(tradeLeads.leadType, leadType) : undefined, LEAD_SHOWN))
        .orderBy(desc(tradeLeads.createdAt), desc(tradeLeads.id))
        .limit(TRADE_LEADS_PAGE_SIZE)
        .offset((page - 1) * TRADE_LEADS_PAGE_SIZE),
    ]);
    const counts = toCounts(counters);
    return { version: versionOf(version), value: { counts, items, total: leadType ? counts[leadType] : counts.total } };
  });
}

/** My Leads in one batch: the board's counters and a page of the owner's leads, active or not, newest first, with their total. */
export async function ownLeadsPage(db: Database, userId: string, page: number) {
  const [counters, items, [{ n }]] = await db.batch([
    countersQuery(db),
    db
      .select(leadCard)
      .from(tradeLeads)
      .where(eq(tradeLeads.userId, userId))
      .orderBy(desc(tradeLeads.createdAt), desc(tradeLeads.id))
      .limit(TRADE_LEADS_PAGE_SIZE)
      .offset((page - 1) * TRADE_LEADS_PAGE_SIZE),
    db.select({ n: count() }).from(tradeLeads).where(eq(tradeLeads.userId, userId)),
  ]);
  return { counts: toCounts(counters), items, total: n };
}

export async function getOwnLead(db: Database, userId: string, id: string) {
  return (
    (await db
      .select()
      .from(tradeLeads)
      .where(and(eq(tradeLeads.id, id), eq(tradeLeads.userId, userId)))
      .get()) ?? null
  );
}

/** New leads start active. */
export async function createLead(db: Database, userId: string, input: LeadInput) {
  const [lead] = await db
    .insert(tradeLeads)
    .values({ ...input, userId, isActive: true })
    .returning({ id: tradeLeads.id });
  return lead.id;
}

/** Updates the owner's lead (and its updated_at); false when the lead is not theirs. */
export async function updateOwnLead(db: Database, userId: string, id: string, input: LeadInput & { isActive: boolean }) {
  const rows = await db
    .update(tradeLeads)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(tradeLeads.id, id), eq(tradeLeads.userId, userId)))
    .returning({ id: tradeLeads.id });
  return rows.length > 0;
}

export async function deleteOwnLead(db: Database, userId: string, id: string) {
  const rows = await db
    .delete(tradeLeads)
    .where(and(eq(tradeLeads.id, id), eq(tradeLeads.userId, userId)))
    .returning({ id: tradeLeads.id });
  return rows.length > 0;
}

/**
 * The leads as the viewer may receive them: contact details the viewer may not see are left
 * out of the data itself, not hidden in the page.
 */
export function leadsForViewer(actor: Actor, leads: LeadCard[]) {
  return leads.map(({ contactInfo, userId, ...lead }) => {
    const visible = canSeeContactDetails(actor, userId);
    return { ...lead, own: isOwner(actor, userId), contactHidden: !visible, ...(visible ? { contactInfo } : {}) };
  });
}
