import {
  LEAD_CATEGORY_PRODUCT_CATEGORIES,
  LEAD_QUOTES_PER_MONTH,
  QUOTE_REVISIONS_MAX,
  RESPONSE_RATE_WINDOW_MS,
  RESPONSE_TIME_WINDOW_MS,
  RESPONSE_REFRESH_MAX_COMPANIES,
  RESPONSE_WITHIN_MS,
  type ProfilePlan,
} from "~/lib/constants";
import type { NotificationData } from "~/lib/notifications";
import type { QuoteInput } from "~/lib/schemas";
import type { SiteUrl } from "~/lib/site";
import { inquiryReference, REQUEST_DATA_SQL, REQUEST_LINK_SQL } from "~/models/inquiries.server";
import { notifyStatements } from "~/models/notifications.server";
import { leadShownSql } from "~/models/trade-leads.server";
import type { Database } from "../../db/client";

// Quotes: a supplier's answer to a request (or to a buy trade lead), the buyer's decision, and the
// supplier's response rate that follows from them. Every write names who may make it in its own
// WHERE clause, so a request of someone else's changes nothing; the statements that must not race
// (an acceptance, a quota) decide inside one SQL statement, which D1 runs one at a time.

type D1 = Database["$client"];

/** The first millisecond of the calendar month (UTC) that `now` falls in: quotas count from here. */
function monthStart(now: number) {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/**
 * The statement that brings one company's response rate and time up to date: the share of its
 * requests of the last 30 days answered within 24 hours (requests younger than 24 hours count once
 * answered), and the median minutes to a first answer over 90 days. Quotes on buy leads are answers
 * the supplier chose to give, so they do not count. `company` is SQL naming the catalog's id from
 * the bound value ?5 (SQLite's LIMIT cannot read the outer row); `onlyIf` may read ?5 and ?6 (now).
 * Runs in the batch of every answer, and daily.
 */
function refreshResponseStats(d1: D1, company: string, now: number, value: string, onlyIf = "?6 is not null") {
  // A visitor's request counts once the visitor confirmed it: until then its supplier cannot see it.
  const ofCompany = (alias: string) =>
    `${alias}.catalog_id = (${company}) and ${alias}.source != 'trade_lead' and ${alias}.confirm_token_hash is null`;
  return d1
    .prepare(
      `update catalogs set
         response_rate = (
           select case when count(*) = 0 then null
             else cast(round(100.0 * sum(answered_at is not null and answered_at - created_at <= ?1) / count(*)) as integer) end
           from inquiries i where ${ofCompany("i")} and i.created_at > ?2 and (i.answered_at is not null or i.created_at <= ?3)),
         response_minutes = (
           select (answered_at - created_at) / 60000 from inquiries i
           where ${ofCompany("i")} and i.created_at > ?4 and i.answered_at is not null
           order by answered_at - created_at
           limit 1 offset (select count(*) / 2 from inquiries j where ${ofCompany("j")} and j.created_at > ?4 and j.answered_at is not null))
       where id = (${company}) and ${onlyIf}`,
    )
    .bind(RESPONSE_WITHIN_MS, now - RESPONSE_RATE_WINDOW_MS, now - RESPONSE_WITHIN_MS, now - RESPONSE_TIME_WINDOW_MS, value, now);
}

/** The company a request is addressed to, from the request's id (?5). */
const COMPANY_OF_REQUEST = "select catalog_id from inquiries where id = ?5";
/** Only when the request was answered by this very batch (?6 is its time): a refusal writes nothing. */
const ANSWERED_NOW = "exists (select 1 from inquiries where id = ?5 and answered_at = ?6)";

/**
 * Daily: the companies whose figures time alone changed since yesterday (a request that passed
 * 24 hours unanswered, or one that left the 30- or 90-day window), at most
 * RESPONSE_REFRESH_MAX_COMPANIES a run (D1 allows 1,000 queries per invocation); answers refresh
 * their own company at once.
 */
export async function refreshAllResponseStats(db: Database, now = Date.now()) {
  const d1 = db.$client;
  const day = 24 * 60 * 60 * 1000;
  const crossed = (edge: number) => `(created_at > ${Math.trunc(now - edge - day)} and created_at <= ${Math.trunc(now - edge)})`;
  const { results } = await d1
    .prepare(
      `select distinct catalog_id as id from inquiries where catalog_id is not null and source != 'trade_lead' and confirm_token_hash is null
       and ((${crossed(RESPONSE_WITHIN_MS)} and answered_at is null) or ${crossed(RESPONSE_RATE_WINDOW_MS)} or ${crossed(RESPONSE_TIME_WINDOW_MS)})
       limit ?1`,
    )
    .bind(RESPONSE_REFRESH_MAX_COMPANIES)
    .all<{ id: string }>();
  for (let i = 0; i < results.length; i += 100) {
    await d1.batch(results.slice(i, i + 100).map(({ id }) => refreshResponseStats(d1, "?5", now, id)));
  }
}

/** Daily, and as pages read: quotes past their validity that nobody accepted make their requests expired. */
export async function expireQuotes(db: Database, now = Date.now()) {
  await db.$client
    .prepare(
      `update inquiries set status = 'expired' where status = 'quoted'
       and exists (select 1 from quotes q where q.inquiry_id = inquiries.id and q.status = 'sent' and q.valid_until < ?1)`,
    )
    .bind(now)
    .run();
}

interface PricedLine {
  id: string;
  quantity: number;
}

/** The unit prices in line order, and their total: null when they do not match the lines. */
function priceLines(lines: PricedLine[], unitPrices: number[]) {
  if (lines.length === 0 || lines.length !== unitPrices.length) return null;
  return {
    unitPrices: lines.map((line, i) => ({ lineId: line.id, unitPrice: unitPrices[i] })),
    total: lines.reduce((sum, line, i) => sum + line.quantity * unitPrices[i], 0),
  };
}

interface SupplierLine extends PricedLine {
  title: string;
  group_id: string;
  company: string | null;
}

/** The lines of a request addressed to `supplierId`, in the order the quote form lists them, with what the buyer is told. */
async function supplierLines(d1: D1, supplierId: string, inquiryId: string) {
  const { results } = await d1
    .prepare(
      `select l.id, l.quantity, l.title, i.group_id, c.company_name as company
       from inquiry_lines l join inquiries i on i.id = l.inquiry_id left join catalogs c on c.id = i.catalog_id
       where l.inquiry_id = ?1 and i.supplier_id = ?2 order by l.rowid`,
    )
    .bind(inquiryId, supplierId)
    .all<SupplierLine>();
  return results;
}

/**
 * What the buyer's notification of a quote names: who quoted (the supplier's company), what (the
 * first product, and how many more), for how much, on which request; `context` says whether the
 * quote is new or revised.
 */
function quoteData(
  context: "sent" | "revised",
  quote: { groupId: string; company: string | null; titles: string[]; total: number; currency: string },
): NotificationData {
  return {
    context,
    reference: inquiryReference(quote.groupId),
    company: quote.company ?? "",
    product: quote.titles[0] ?? "",
    more: Math.max(0, quote.titles.length - 1),
    total: quote.total,
    currency: quote.currency,
  };
}

const linesQuoteData = (context: "sent" | "revised", lines: SupplierLine[], priced: { total: number }, currency: string) =>
  quoteData(context, {
    groupId: lines[0].group_id,
    company: lines[0].company,
    titles: lines.map((l) => l.title),
    total: priced.total,
    currency,
  });

const quoteColumns = `currency, unit_prices, total, minimum_order, lead_time_days, incoterm, payment_terms, valid_until, message`;
function quoteValues(input: QuoteInput, priced: { unitPrices: unknown; total: number }) {
  return [
    input.currency,
    JSON.stringify(priced.unitPrices),
    priced.total,
    input.minimumOrder,
    input.leadTimeDays,
    input.incoterm,
    input.paymentTerms,
    input.validUntil,
    input.message ?? null,
  ];
}

/**
 * The supplier quotes a new request addressed to them: false when it is not theirs, not new, or
 * the prices do not match its lines (nothing is written then).
 */
export async function sendQuote(
  db: Database,
  supplierId: string,
  inquiryId: string,
  input: QuoteInput,
  { now = Date.now(), site }: { now?: number; site: SiteUrl },
) {
  const d1 = db.$client;
  const lines = await supplierLines(d1, supplierId, inquiryId);
  const priced = priceLines(lines, input.unitPrices);
  if (!priced) return false;
  const quoteId = crypto.randomUUID();
  const [inserted] = await d1.batch([
    d1
      .prepare(
        `insert into quotes (id, inquiry_id, ${quoteColumns}, status, revisions, created_at)
         select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 'sent', 0, ?12
         where exists (select 1 from inquiries where id = ?2 and supplier_id = ?13 and status = 'new')`,
      )
      .bind(quoteId, inquiryId, ...quoteValues(input, priced), now, supplierId),
    d1
      .prepare(
        `update inquiries set status = 'quoted', answered_at = coalesce(answered_at, ?2), supplier_read_at = coalesce(supplier_read_at, ?2)
         where id = ?1 and exists (select 1 from quotes where id = ?3)`,
      )
      .bind(inquiryId, now, quoteId),
    refreshResponseStats(d1, COMPANY_OF_REQUEST, now, inquiryId, ANSWERED_NOW),
    ...tellBuyerOfQuote(d1, "from inquiries i where i.id = ?1 and exists (select 1 from quotes where id = ?2)", [inquiryId, quoteId], {
      data: linesQuoteData("sent", lines, priced, input.currency),
      site,
      now,
    }),
  ]);
  return (inserted.meta?.changes ?? 0) > 0;
}

/**
 * The buyer's notification (and its e-mail) of a quote, when `fromSql` (over the request `i`)
 * finds the quote written: one per quote, and one per revision, which says so. A visitor's
 * request has nobody to tell.
 */
function tellBuyerOfQuote(
  d1: D1,
  fromSql: string,
  params: unknown[],
  { data, site, now }: { data: NotificationData; site: SiteUrl; now: number },
) {
  return notifyStatements(
    d1,
    {
      kind: "quote_received",
      recipientSql: "i.user_id",
      data,
      linkSql: REQUEST_LINK_SQL,
      fromSql: `${fromSql} and i.user_id is not null`,
      params,
    },
    site,
    now,
  );
}

/** The supplier's one revision, before the buyer decides (an expired quote may be renewed so); the buyer is told. */
export async function reviseQuote(
  db: Database,
  supplierId: string,
  inquiryId: string,
  input: QuoteInput,
  { now = Date.now(), site }: { now?: number; site: SiteUrl },
) {
  const d1 = db.$client;
  const lines = await supplierLines(d1, supplierId, inquiryId);
  const priced = priceLines(lines, input.unitPrices);
  if (!priced) return false;
  const [revised] = await d1.batch([
    d1
      .prepare(
        `update quotes set (${quoteColumns}) = (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9), revisions = revisions + 1, updated_at = ?10
         where inquiry_id = ?11 and status = 'sent' and revisions < ?12
           and exists (select 1 from inquiries i where i.id = ?11 and i.supplier_id = ?13 and i.status in ('quoted', 'expired'))`,
      )
      .bind(...quoteValues(input, priced), now, inquiryId, QUOTE_REVISIONS_MAX, supplierId),
    d1
      .prepare(
        `update inquiries set status = 'quoted' where id = ?1 and status = 'expired'
         and exists (select 1 from quotes where inquiry_id = ?1 and updated_at = ?2)`,
      )
      .bind(inquiryId, now),
    ...tellBuyerOfQuote(
      d1,
      "from inquiries i where i.id = ?1 and exists (select 1 from quotes where inquiry_id = ?1 and status = 'sent' and updated_at = ?2)",
      [inquiryId, now],
      { data: linesQuoteData("revised", lines, priced, input.currency), site, now },
    ),
  ]);
  return (revised.meta?.changes ?? 0) > 0;
}

/** The supplier declines a new request addressed to them, saying why. */
export async function declineRequest(db: Database, supplierId: string, inquiryId: string, reason: string, now = Date.now()) {
  const d1 = db.$client;
  const [declined] = await d1.batch([
    d1
      .prepare(
        `update inquiries set status = 'declined', decline_reason = ?3, answered_at = coalesce(answered_at, ?4),
           supplier_read_at = coalesce(supplier_read_at, ?4)
         where id = ?1 and supplier_id = ?2 and status = 'new'`,
      )
      .bind(inquiryId, supplierId, reason, now),
    refreshResponseStats(d1, COMPANY_OF_REQUEST, now, inquiryId, ANSWERED_NOW),
  ]);
  return (declined.meta?.changes ?? 0) > 0;
}

/**
 * The buyer accepts a quote that is still valid. Where quotes compete for one need (a buy trade
 * lead), the first acceptance wins: the statement itself refuses when another quote of the need
 * is accepted, so two acceptances at once leave one; the others are marked not chosen.
 */
export async function acceptQuote(db: Database, buyerId: string, quoteId: string, site: SiteUrl, now = Date.now()) {
  const d1 = db.$client;
  const [accepted] = await d1.batch([
    d1
      .prepare(
        `update quotes set status = 'accepted', updated_at = ?3
         where id = ?1 and status = 'sent' and valid_until >= ?3
           and inquiry_id in (select id from inquiries where user_id = ?2 and status = 'quoted')
           and not exists (
             select 1 from quotes q2 join inquiries i2 on i2.id = q2.inquiry_id
             join inquiries mine on mine.id = quotes.inquiry_id
             where mine.trade_lead_id is not null and i2.trade_lead_id = mine.trade_lead_id and q2.status = 'accepted')`,
      )
      .bind(quoteId, buyerId, now),
    d1
      .prepare(
        `update inquiries set status = 'accepted'
         where id = (select inquiry_id from quotes where id = ?1 and status = 'accepted' and updated_at = ?2)`,
      )
      .bind(quoteId, now),
    // The other suppliers of the same buy lead: not chosen.
    d1
      .prepare(
        `update quotes set status = 'not_chosen', updated_at = ?2
         where status = 'sent' and inquiry_id in (
           select i.id from inquiries i join inquiries won on won.trade_lead_id = i.trade_lead_id and won.id != i.id
           join quotes w on w.inquiry_id = won.id
           where w.id = ?1 and w.status = 'accepted' and w.updated_at = ?2)`,
      )
      .bind(quoteId, now),
    d1
      .prepare(
        `update inquiries set status = 'closed'
         where status in ('quoted', 'expired') and exists (select 1 from quotes q where q.inquiry_id = inquiries.id and q.status = 'not_chosen' and q.updated_at = ?1)`,
      )
      .bind(now),
    // The suppliers are told: the one chosen, and the others.
    ...notifyStatements(
      d1,
      {
        kind: "quote_accepted",
        recipientSql: "i.supplier_id",
        dataSql: REQUEST_DATA_SQL,
        linkSql: REQUEST_LINK_SQL,
        fromSql:
          "from quotes q join inquiries i on i.id = q.inquiry_id where q.id = ?1 and q.status = 'accepted' and q.updated_at = ?2 and i.supplier_id is not null",
        params: [quoteId, now],
      },
      site,
      now,
    ),
    ...notifyStatements(
      d1,
      {
        kind: "quote_not_chosen",
        recipientSql: "i.supplier_id",
        dataSql: REQUEST_DATA_SQL,
        linkSql: REQUEST_LINK_SQL,
        fromSql: `from quotes q join inquiries i on i.id = q.inquiry_id where q.status = 'not_chosen' and q.updated_at = ?2 and i.supplier_id is not null
           and i.trade_lead_id = (select w.trade_lead_id from inquiries w join quotes wq on wq.inquiry_id = w.id where wq.id = ?1 and wq.status = 'accepted')`,
        params: [quoteId, now],
      },
      site,
      now,
    ),
  ]);
  return (accepted.meta?.changes ?? 0) > 0;
}

/** The buyer declines a quote they have not decided on. */
export async function declineQuote(db: Database, buyerId: string, quoteId: string, now = Date.now()) {
  const d1 = db.$client;
  const [declined] = await d1.batch([
    d1
      .prepare(
        `update quotes set status = 'declined', updated_at = ?3
         where id = ?1 and status = 'sent' and inquiry_id in (select id from inquiries where user_id = ?2 and status in ('quoted', 'expired'))`,
      )
      .bind(quoteId, buyerId, now),
    d1
      .prepare(
        `update inquiries set status = 'declined' where id = (select inquiry_id from quotes where id = ?1 and status = 'declined' and updated_at = ?2)`,
      )
      .bind(quoteId, now),
  ]);
  return (declined.meta?.changes ?? 0) > 0;
}

// Buy trade leads ---------------------------------------------------------------------

/** The product categories that answer each buy lead category, as (lead, product) pairs for SQL. */
const LEAD_PAIRS = Object.entries(LEAD_CATEGORY_PRODUCT_CATEGORIES).flatMap(([lead, categories]) =>
  categories.map((category) => [lead, category] as const),
);
const leadPairsJson = JSON.stringify(LEAD_PAIRS);

/**
 * SQL naming the supplier's company (catalog) that sells in the lead's category: its first
 * catalog with a product in a matching category. The placeholders are the caller's: the supplier,
 * the lead's category and the (lead, product) category pairs as JSON.
 */
const MATCHING_CATALOG = (supplier: string, leadCategory: string, pairs: string) => `(
  select c.id from catalogs c
  where c.user_id = ${supplier} and exists (
    select 1 from products p, json_each(${pairs}) pair
    where p.catalog_id = c.id and json_extract(pair.value, '$[0]') = ${leadCategory} and p.category = json_extract(pair.value, '$[1]'))
  order by c.created_at limit 1)`;

/** How many quotes on buy leads the supplier has left this month, of how many. */
export async function leadQuotaLeft(db: Database, supplier: { id: string; plan: ProfilePlan }, now = Date.now()) {
  const limit = LEAD_QUOTES_PER_MONTH[supplier.plan];
  const row = await db.$client
    .prepare(`select count(*) as used from inquiries where supplier_id = ?1 and source = 'trade_lead' and created_at >= ?2`)
    .bind(supplier.id, monthStart(now))
    .first<{ used: number }>();
  return { left: Math.max(0, limit - (row?.used ?? 0)), limit };
}

export type LeadQuoteResult = "sent" | "notFound" | "quota" | "already";

/**
 * A supplier quotes a buy lead in a category they sell in: the quote arrives as a request of the
 * lead's owner addressed to the supplier, already quoted, so the buyer finds it in their requests
 * beside the others. The month's quota is checked inside the insert, so parallel quotes cannot
 * overdraw it.
 */
export async function sendLeadQuote(
  db: Database,
  supplier: { id: string; plan: ProfilePlan },
  leadId: string,
  input: QuoteInput & { quantity: number },
  { now = Date.now(), site }: { now?: number; site: SiteUrl },
): Promise<LeadQuoteResult> {
  const d1 = db.$client;
  const inquiryId = crypto.randomUUID();
  const quoteId = crypto.randomUUID();
  const lineId = crypto.randomUUID();
  if (input.unitPrices.length !== 1) return "notFound";
  const priced = { unitPrices: [{ lineId, unitPrice: input.unitPrices[0] }], total: input.unitPrices[0] * input.quantity };
  // What the buyer is told: the company that quotes (the one the request will name) and the lead's title.
  const lead = await d1
    .prepare(
      `select l.title, (select company_name from catalogs where id = ${MATCHING_CATALOG("?1", "l.category", "?3")}) as company
       from trade_leads l where l.id = ?2`,
    )
    .bind(supplier.id, leadId, leadPairsJson)
    .first<{ title: string; company: string | null }>();
  if (!lead) return "notFound";
  const data = quoteData("sent", {
    groupId: leadId,
    company: lead.company,
    titles: [lead.title],
    total: priced.total,
    currency: input.currency,
  });
  const [created] = await d1.batch([
    d1
      .prepare(
        `insert or ignore into inquiries (id, user_id, message, source, status, created_at, group_id, catalog_id, supplier_id,
           trade_lead_id, supplier_read_at, answered_at)
         select ?1, l.user_id, l.description, 'trade_lead', 'quoted', ?2, l.id, ${MATCHING_CATALOG("?3", "l.category", "?7")}, ?3, l.id, ?2, ?2
         from trade_leads l
         where l.id = ?4 and l.is_active = 1 and l.lead_type = 'buy' and l.user_id != ?3 and ${leadShownSql("l")}
           and ${MATCHING_CATALOG("?3", "l.category", "?7")} is not null
           and (select count(*) from inquiries q where q.supplier_id = ?3 and q.source = 'trade_lead' and q.created_at >= ?5) < ?6`,
      )
      .bind(inquiryId, now, supplier.id, leadId, monthStart(now), LEAD_QUOTES_PER_MONTH[supplier.plan], leadPairsJson),
    d1
      .prepare(
        `insert into inquiry_lines (id, inquiry_id, product_id, title, quantity, unit_price, currency)
         select ?1, i.id, null, l.title, ?3, null, ?4 from inquiries i join trade_leads l on l.id = i.trade_lead_id where i.id = ?2`,
      )
      .bind(lineId, inquiryId, input.quantity, input.currency),
    d1
      .prepare(
        `insert into quotes (id, inquiry_id, ${quoteColumns}, status, revisions, created_at)
         select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 'sent', 0, ?12 where exists (select 1 from inquiries where id = ?2)`,
      )
      .bind(quoteId, inquiryId, ...quoteValues(input, priced), now),
    ...tellBuyerOfQuote(d1, "from inquiries i where i.id = ?1 and exists (select 1 from quotes where id = ?2)", [inquiryId, quoteId], {
      data,
      site,
      now,
    }),
  ]);
  if ((created.meta?.changes ?? 0) > 0) return "sent";
  // Why not: already quoted, over the quota, or not a lead for this supplier.
  const why = await d1
    .prepare(
      `select exists (select 1 from inquiries where trade_lead_id = ?1 and supplier_id = ?2) as already,
         exists (select 1 from trade_leads l where l.id = ?1 and l.is_active = 1 and l.lead_type = 'buy' and l.user_id != ?2
           and ${MATCHING_CATALOG("?2", "l.category", "?3")} is not null) as open`,
    )
    .bind(leadId, supplier.id, leadPairsJson)
    .first<{ already: number; open: number }>();
  if (why?.already) return "already";
  return why?.open ? "quota" : "notFound";
}

/** The active buy leads a supplier may quote (their categories, not their own), newest first. */
export function buyLeadsForSupplier(db: Database, supplierId: string, limit: number) {
  return db.$client
    .prepare(
      `select l.id, l.title, l.category, l.quantity, l.location, l.created_at as createdAt,
         exists (select 1 from inquiries q where q.trade_lead_id = l.id and q.supplier_id = ?1) as quoted
       from trade_leads l
       where l.is_active = 1 and l.lead_type = 'buy' and l.user_id != ?1 and ${leadShownSql("l")}
         and l.category in (
           select json_extract(pair.value, '$[0]') from json_each(?3) pair
           where json_extract(pair.value, '$[1]') in (select p.category from products p join catalogs c on c.id = p.catalog_id where c.user_id = ?1))
       order by l.created_at desc limit ?2`,
    )
    .bind(supplierId, limit, leadPairsJson);
}

/** Whether the supplier may quote this lead, and the lead as the quote form shows it. */
export function leadForQuote(db: Database, supplierId: string, leadId: string) {
  return db.$client
    .prepare(
      `select l.id, l.title, l.description, l.category, l.quantity, l.location,
         exists (select 1 from inquiries q where q.trade_lead_id = l.id and q.supplier_id = ?1) as quoted
       from trade_leads l
       where l.id = ?2 and l.is_active = 1 and l.lead_type = 'buy' and l.user_id != ?1 and ${leadShownSql("l")}
         and ${MATCHING_CATALOG("?1", "l.category", "?3")} is not null`,
    )
    .bind(supplierId, leadId, leadPairsJson)
    .first<{
      id: string;
      title: string;
      description: string;
      category: string | null;
      quantity: string | null;
      location: string | null;
      quoted: number;
    }>();
}
