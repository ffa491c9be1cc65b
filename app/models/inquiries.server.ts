import { eq } from "drizzle-orm";
import { DEFAULT_PRODUCT_UNIT, REQUEST_CONFIRM_TTL_MS, THREAD_MESSAGES_SHOWN, type InquiryStatus, type ProductUnit } from "~/lib/constants";
import type { ComposedEmail } from "~/lib/email";
import { unitPriceSql } from "~/lib/order-quantity";
import { canSeeBuyerContact, canSeeContent, canSeeRequest, isOwner, type Actor } from "~/lib/permissions";
import type { SiteUrl } from "~/lib/site";
import { notifyStatements } from "~/models/notifications.server";
import type { User } from "~/models/users.server";
import type { Database } from "../../db/client";
import { inquiries } from "../../db/schema";

export type InquirySource = "contact_supplier" | "request_quote" | "checkout" | "trade_lead";

type D1 = Database["$client"];

export interface Requester {
  userId: string | null;
  name: string | null;
  email: string | null;
}

/** Who is asking: a member's own name and e-mail, or what the guest typed. */
export function requesterOf(user: Pick<User, "id" | "fullName" | "email"> | null, input: object): Requester {
  const typed = input as { name?: string; email?: string };
  return { userId: user?.id ?? null, name: user?.fullName ?? typed.name ?? null, email: user?.email ?? typed.email ?? null };
}

/**
 * A request's reference, as SQL over its row `i`: every page, notification and e-mail reads it from
 * here. It names the group (a cart sent to several suppliers, the quotes on one buy request), never
 * one supplier's request, so buyer, suppliers and admins all quote the same one. `inquiryReference`
 * is the same rule for a group id already in hand.
 */
const REFERENCE_SQL = "'RFQ-' || upper(substr(replace(i.group_id, '-', ''), 1, 8))";
export const REQUEST_DATA_SQL = `json_object('reference', ${REFERENCE_SQL})`;
export const REQUEST_LINK_SQL = "'/requests/' || i.id";
/** A supplier is told of a request addressed to them (`i`). */
const REQUEST_RECEIVED = {
  kind: "request_received",
  recipientSql: "i.supplier_id",
  dataSql: REQUEST_DATA_SQL,
  linkSql: REQUEST_LINK_SQL,
} as const;

/**
 * A visitor's request (no account) waits for the visitor: the hash of the token their e-mail's
 * link carries, and that e-mail (its id, and the token sealed: the text holds a placeholder, see
 * `tokenLinkEmail`). Until it is confirmed the request names no supplier, so it is in no inbox and
 * tells nobody (see `confirmVisitorRequest`).
 */
export interface Unconfirmed {
  tokenHash: string;
  email: ComposedEmail & { id: string; to: string; language: string; sealedToken: string };
}

/** Who a new request is addressed to, as SQL over its catalog `c`: nobody yet when the visitor must confirm it (?hash). */
const addressedTo = (hashParam: string) => `case when ${hashParam} is null then c.user_id end`;

/**
 * What follows a new request in its batch: its suppliers are told, or, for a visitor, the e-mail
 * whose link confirms it is queued (only if the request was written: a refused one sends nothing).
 */
function announceStatements(d1: D1, groupId: string, site: SiteUrl, unconfirmed: Unconfirmed | undefined, now = Date.now()) {
  if (!unconfirmed) {
    return notifyStatements(d1, { ...REQUEST_RECEIVED, fromSql: "from inquiries i where i.group_id = ?1", params: [groupId] }, site);
  }
  const { id, to, language, subject, text, html, sealedToken } = unconfirmed.email;
  return [
    d1
      .prepare(
        `insert into outbox (id, user_id, to_email, language, kind, subject, text, html, status, attempts, next_attempt_at, created_at, sealed_token)
         select ?9, null, ?3, ?4, 'confirm_request', ?5, ?6, ?7, 'pending', 0, ?8, ?8, ?10
         where exists (select 1 from inquiries where group_id = ?1 and confirm_token_hash = ?2)`,
      )
      .bind(groupId, unconfirmed.tokenHash, to, language, subject, text, html, now, id, sealedToken),
  ];
}

/**
 * A request about one product (Contact Supplier, Request Quote), addressed to the product's
 * supplier: the request, its line, and the supplier's notification and e-mail (or, for a visitor,
 * the e-mail that confirms it) at once, in one batch whose first insert selects the product. Null
 * when nothing was written: no such product shown to others, it is the requester's own listing,
 * or a quotation is asked for less than its minimum order (Contact Supplier may ask about less).
 * The line keeps the listing's unit price for the quantity (its tier) as it is now.
 */
export async function createProductInquiry(
  db: Database,
  requester: Requester,
  input: { productId: number; quantity: number; message: string; source: Exclude<InquirySource, "checkout" | "trade_lead"> },
  { id = crypto.randomUUID(), site, unconfirmed }: { id?: string; site: SiteUrl; unconfirmed?: Unconfirmed },
) {
  const d1 = db.$client;
  const [created] = await d1.batch([
    // A hidden listing or company (an admin hid it, or its owner is suspended) takes no requests.
    d1
      .prepare(
        `insert into inquiries (id, user_id, name, email, message, source, status, created_at, catalog_id, supplier_id, group_id, confirm_token_hash)
         select ?1, ?2, ?3, ?4, ?5, ?6, 'new', ?7, c.id, ${addressedTo("?9")}, ?1, ?9
         from products p join catalogs c on c.id = p.catalog_id
         where p.id = ?8 and p.hidden_reason is null and c.hidden = 0 and (?2 is null or c.user_id <> ?2)
           and (?6 <> 'request_quote' or ?10 >= p.moq)`,
      )
      .bind(
        id,
        requester.userId,
        requester.name,
        requester.email,
        input.message,
        input.source,
        Date.now(),
        input.productId,
        unconfirmed?.tokenHash ?? null,
        input.quantity,
      ),
    d1
      .prepare(
        `insert into inquiry_lines (id, inquiry_id, product_id, title, quantity, unit_price, currency)
         select ?1, i.id, p.id, p.title, ?4, ${unitPriceSql("?4")}, p.currency from inquiries i join products p on p.id = ?3 where i.id = ?2`,
      )
      .bind(crypto.randomUUID(), id, input.productId, input.quantity),
    ...announceStatements(d1, id, site, unconfirmed),
  ]);
  return (created.meta?.changes ?? 0) > 0 ? id : null;
}

/**
 * Proceed to Checkout: the cart becomes one request per supplier, all under one reference (the
 * group), each with the buyer's message to that supplier (`messages`, by company id) and only that
 * supplier's items (titles and the tier prices of their quantities as they are now) as its lines,
 * and the cart empties, all in one batch. Returns the group and how many suppliers it reaches, or
 * null when nothing was written: an empty cart, every product vanished, a supplier of the cart
 * without a message (one that joined the cart after the page was shown), or a line below its
 * listing's minimum order (from before the listing had one); then the cart stays as it was. Plain statements:
 * drizzle cannot batch INSERT … SELECT.
 */
export async function checkoutCart(
  db: Database,
  cartId: string,
  requester: Requester,
  messages: Record<string, string>,
  { groupId = crypto.randomUUID(), site, unconfirmed }: { groupId?: string; site: SiteUrl; unconfirmed?: Unconfirmed },
) {
  const d1 = db.$client;
  const [created] = await d1.batch([
    d1
      .prepare(
        `insert into inquiries (id, user_id, name, email, message, source, status, created_at, group_id, catalog_id, supplier_id, confirm_token_hash)
         select lower(hex(randomblob(16))), ?1, ?2, ?3, m.value, 'checkout', 'new', ?5, ?6, c.id, ${addressedTo("?8")}, ?8
         from catalogs c join json_each(?4) m on m.key = c.id
         where c.hidden = 0 and m.type = 'text'
           and c.id in (select p.catalog_id from cart_items ci join products p on p.id = ci.product_id where ci.cart_id = ?7 and p.hidden_reason is null)
           and not exists (
             select 1 from cart_items ci join products p on p.id = ci.product_id join catalogs pc on pc.id = p.catalog_id
             where ci.cart_id = ?7 and p.hidden_reason is null and pc.hidden = 0 and pc.id not in (select key from json_each(?4)))
           and not exists (
             select 1 from cart_items ci join products p on p.id = ci.product_id join catalogs pc on pc.id = p.catalog_id
             where ci.cart_id = ?7 and p.hidden_reason is null and pc.hidden = 0 and ci.quantity < p.moq)`,
      )
      .bind(
        requester.userId,
        requester.name,
        requester.email,
        JSON.stringify(messages),
        Date.now(),
        groupId,
        cartId,
        unconfirmed?.tokenHash ?? null,
      ),
    d1
      .prepare(
        `insert into inquiry_lines (id, inquiry_id, product_id, title, quantity, unit_price, currency)
         select lower(hex(randomblob(16))), i.id, p.id, p.title, ci.quantity, ${unitPriceSql("ci.quantity")}, p.currency
         from cart_items ci join products p on p.id = ci.product_id join inquiries i on i.group_id = ?1 and i.catalog_id = p.catalog_id
         where ci.cart_id = ?2 and p.hidden_reason is null`,
      )
      .bind(groupId, cartId),
    d1
      .prepare(
        `delete from cart_items where cart_id = ?1 and product_id in (
           select l.product_id from inquiry_lines l join inquiries i on i.id = l.inquiry_id where i.group_id = ?2)`,
      )
      .bind(cartId, groupId),
    // Each supplier is told of theirs (once confirmed, for a visitor).
    ...announceStatements(d1, groupId, site, unconfirmed),
  ]);
  const suppliers = created.meta?.changes ?? 0;
  return suppliers > 0 ? { groupId, suppliers } : null;
}

/**
 * The visitor opened their e-mail's link and pressed the button: the requests of the token (one,
 * or one per supplier of a cart) are addressed to their suppliers, dated now (their suppliers'
 * response time starts here), and the suppliers are told, in one batch. The token is used once:
 * the first statement swaps it for a mark of this batch alone, which the notification reads and
 * the last statement clears, so a second press (or two at once) finds nothing. Returns the
 * request's group (its reference), or null when the link is unknown, used or expired.
 */
export async function confirmVisitorRequest(db: Database, tokenHash: string, site: SiteUrl, now = Date.now()) {
  const d1 = db.$client;
  const mark = `confirming:${crypto.randomUUID()}`;
  const [confirmed] = await d1.batch([
    d1
      .prepare(
        `update inquiries set confirm_token_hash = ?2, created_at = ?3,
           supplier_id = (select c.user_id from catalogs c where c.id = inquiries.catalog_id)
         where confirm_token_hash = ?1 and created_at > ?4 returning group_id`,
      )
      .bind(tokenHash, mark, now, now - REQUEST_CONFIRM_TTL_MS),
    ...notifyStatements(
      d1,
      { ...REQUEST_RECEIVED, fromSql: "from inquiries i where i.confirm_token_hash = ?1 and i.supplier_id is not null", params: [mark] },
      site,
      now,
    ),
    d1.prepare("update inquiries set confirm_token_hash = null where confirm_token_hash = ?1").bind(mark),
  ]);
  const groupId = (confirmed.results[0] as { group_id: string } | undefined)?.group_id;
  return groupId ? { groupId, suppliers: confirmed.results.length } : null;
}

/** How many suppliers a visitor's request waiting for `tokenHash` goes to (0 when the link is unknown, used or expired). */
export async function countUnconfirmedRequests(db: Database, tokenHash: string, now = Date.now()) {
  const row = await db.$client
    .prepare("select count(*) as n from inquiries where confirm_token_hash = ?1 and created_at > ?2")
    .bind(tokenHash, now - REQUEST_CONFIRM_TTL_MS)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Visitors' requests never confirmed whose link has expired, at most `batch` per call (the sweeper calls it until done). */
export async function deleteUnconfirmedRequests(db: Database, batch: number, now = Date.now()) {
  const { results } = await db.$client
    .prepare(
      `delete from inquiries where id in
         (select id from inquiries where confirm_token_hash is not null and created_at <= ?1 limit ?2) returning id`,
    )
    .bind(now - REQUEST_CONFIRM_TTL_MS, batch)
    .all();
  return results.length;
}

/** How a request's status reads now: a quote past its validity that nobody decided on is expired. */
const live = (now: number) =>
  `case when i.status = 'quoted' and q.status = 'sent' and q.valid_until < ${Math.trunc(now)} then 'expired' else i.status end`;

interface QuoteView {
  id: string;
  currency: string;
  unitPrices: { lineId: string; unitPrice: number }[];
  total: number;
  minimumOrder: number;
  leadTimeDays: number;
  incoterm: string;
  paymentTerms: string;
  validUntil: number;
  message: string | null;
  status: "sent" | "accepted" | "not_chosen" | "declined";
  revisions: number;
  expired: boolean;
}

interface RequestRow {
  id: string;
  group_id: string;
  reference: string;
  source: InquirySource;
  status: InquiryStatus;
  message: string;
  created_at: number;
  trade_lead_id: string | null;
  decline_reason: string | null;
  supplier_read_at: number | null;
  company_id: string | null;
  company_name: string | null;
  company_country: string | null;
  response_rate: number | null;
  response_minutes: number | null;
  company_verified_since: number | null;
  company_verified_until: number | null;
  company_business_type: string | null;
  buyer_id: string | null;
  /** A visitor's request not confirmed from its e-mail yet (its supplier cannot see it). */
  awaiting_confirmation: number;
  buyer_name: string | null;
  buyer_company: string | null;
  buyer_country: string | null;
  buyer_email: string | null;
  buyer_phone: string | null;
  supplier_id: string | null;
  quote_id: string | null;
  quote_currency: string | null;
  quote_unit_prices: string | null;
  quote_total: number | null;
  quote_minimum_order: number | null;
  quote_lead_time_days: number | null;
  quote_incoterm: string | null;
  quote_payment_terms: string | null;
  quote_valid_until: number | null;
  quote_message: string | null;
  quote_status: QuoteView["status"] | null;
  quote_revisions: number | null;
}

const REQUEST_COLUMNS = (now: number) => `i.id, i.group_id, i.source, ${live(now)} as status, i.message, i.created_at, i.trade_lead_id,
  ${REFERENCE_SQL} as reference, i.decline_reason, i.supplier_read_at, i.supplier_id,
  c.id as company_id, c.company_name, sp.country as company_country, c.response_rate, c.response_minutes,
  c.verified_since as company_verified_since, c.verified_until as company_verified_until, c.business_type as company_business_type,
  i.user_id as buyer_id, coalesce(bp.full_name, i.name) as buyer_name, bp.company_name as buyer_company, bp.country as buyer_country,
  coalesce(bp.email, i.email) as buyer_email, bp.mobile_number as buyer_phone,
  q.id as quote_id, q.currency as quote_currency, q.unit_prices as quote_unit_prices, q.total as quote_total,
  q.minimum_order as quote_minimum_order, q.lead_time_days as quote_lead_time_days, q.incoterm as quote_incoterm,
  q.payment_terms as quote_payment_terms, q.valid_until as quote_valid_until, q.message as quote_message,
  q.status as quote_status, q.revisions as quote_revisions, i.confirm_token_hash is not null as awaiting_confirmation`;
const REQUEST_JOINS = `from inquiries i
  left join catalogs c on c.id = i.catalog_id left join profiles sp on sp.id = c.user_id
  left join profiles bp on bp.id = i.user_id left join quotes q on q.inquiry_id = i.id`;

interface LineRow {
  id: string;
  inquiry_id: string;
  product_id: number | null;
  title: string;
  quantity: number;
  unit_price: number | null;
  currency: string;
  /** The listing's minimum order and unit now (a request's page reads them; null once the listing is gone). */
  listing_moq?: number | null;
  listing_unit?: ProductUnit | null;
}

/** A request's review as its page shows it (timestamps in milliseconds). */
const REVIEW_COLUMNS = `id, buyer_id as buyerId, described, communication, delivery, comment, edited_at as editedAt,
  reply, replied_at as repliedAt, hidden_reason as hiddenReason, created_at as createdAt`;
interface RequestReview {
  id: string;
  buyerId: string;
  described: number;
  communication: number;
  delivery: number;
  comment: string;
  editedAt: number | null;
  reply: string | null;
  repliedAt: number | null;
  hiddenReason: string | null;
  createdAt: number;
}

interface ThreadRow {
  id: string;
  body: string;
  created_at: number;
  author_id: string | null;
  author_name: string | null;
  hidden_reason: string | null;
}

function toRequest(row: RequestRow, lines: LineRow[], now: number) {
  const quote: QuoteView | null = row.quote_id
    ? {
        id: row.quote_id,
        currency: row.quote_currency!,
        unitPrices: JSON.parse(row.quote_unit_prices ?? "[]"),
        total: row.quote_total!,
        minimumOrder: row.quote_minimum_order!,
        leadTimeDays: row.quote_lead_time_days!,
        incoterm: row.quote_incoterm!,
        paymentTerms: row.quote_payment_terms!,
        validUntil: row.quote_valid_until!,
        message: row.quote_message,
        status: row.quote_status!,
        revisions: row.quote_revisions!,
        expired: row.quote_status === "sent" && row.quote_valid_until! < now,
      }
    : null;
  return {
    id: row.id,
    groupId: row.group_id,
    reference: row.reference,
    source: row.source,
    status: row.status,
    message: row.message,
    createdAt: row.created_at,
    tradeLeadId: row.trade_lead_id,
    declineReason: row.decline_reason,
    unread: row.supplier_read_at == null,
    supplierId: row.supplier_id,
    awaitingConfirmation: !!row.awaiting_confirmation,
    company: row.company_id
      ? {
          id: row.company_id,
          name: row.company_name!,
          country: row.company_country,
          responseRate: row.response_rate,
          responseMinutes: row.response_minutes,
          verifiedSince: row.company_verified_since,
          verifiedUntil: row.company_verified_until,
          businessType: row.company_business_type,
        }
      : null,
    buyer: {
      id: row.buyer_id,
      name: row.buyer_name,
      company: row.buyer_company,
      country: row.buyer_country,
      email: row.buyer_email,
      phone: row.buyer_phone,
    },
    lines: lines
      .filter((l) => l.inquiry_id === row.id)
      .map((l) => ({
        id: l.id,
        productId: l.product_id,
        title: l.title,
        quantity: l.quantity,
        unitPrice: l.unit_price,
        currency: l.currency,
        listing: l.listing_moq == null ? null : { moq: l.listing_moq, unit: l.listing_unit ?? DEFAULT_PRODUCT_UNIT },
      })),
    quote,
  };
}
export type RequestView = ReturnType<typeof toRequest>;

const firstTotal = (result: D1Result<unknown>) => (result.results[0] as { total: number }).total;

/**
 * One page of the buyer's requests, grouped by their reference (a cart sent to several suppliers,
 * the quotes on one buy lead), newest group first: the requests, their lines and quotes in one batch.
 */
export async function listBuyerRequests(db: Database, buyerId: string, page: number, pageSize: number, now = Date.now()) {
  const d1 = db.$client;
  const groups = `select group_id, max(created_at) as latest from inquiries where user_id = ?1
    group by group_id order by latest desc, group_id limit ?2 offset ?3`;
  const window = [buyerId, pageSize, (page - 1) * pageSize];
  const [requests, lines, total] = await d1.batch([
    d1
      .prepare(
        `with g as (${groups}) select ${REQUEST_COLUMNS(now)} ${REQUEST_JOINS} join g on g.group_id = i.group_id
         where i.user_id = ?1 order by g.latest desc, g.group_id, i.created_at, i.id`,
      )
      .bind(...window),
    d1
      .prepare(
        `with g as (${groups}) select l.id, l.inquiry_id, l.product_id, l.title, l.quantity, l.unit_price, l.currency
         from inquiry_lines l join inquiries i on i.id = l.inquiry_id join g on g.group_id = i.group_id where i.user_id = ?1 order by l.rowid`,
      )
      .bind(...window),
    d1.prepare("select count(distinct group_id) as total from inquiries where user_id = ?1").bind(buyerId),
  ]);
  const rows = (requests.results as RequestRow[]).map((row) => toRequest(row, lines.results as LineRow[], now));
  const grouped = new Map<string, RequestView[]>();
  for (const row of rows) grouped.set(row.groupId, [...(grouped.get(row.groupId) ?? []), row]);
  return { groups: [...grouped.values()], total: firstTotal(total) };
}

/** The supplier's inbox: requests addressed to them, newest first, optionally of one status. */
export async function listInbox(
  db: Database,
  supplierId: string,
  options: { status: InquiryStatus | null; page: number; pageSize: number },
  now = Date.now(),
) {
  const d1 = db.$client;
  const status = options.status ? [options.status] : [];
  const filter = (at: number) => (options.status ? `and (${live(now)}) = ?${at}` : "");
  const window = [supplierId, options.pageSize, (options.page - 1) * options.pageSize, ...status];
  const page = `select i.id ${REQUEST_JOINS} where i.supplier_id = ?1 ${filter(4)} order by i.created_at desc, i.id limit ?2 offset ?3`;
  const [requests, lines, total, unread] = await d1.batch([
    d1.prepare(`select ${REQUEST_COLUMNS(now)} ${REQUEST_JOINS} where i.id in (${page}) order by i.created_at desc, i.id`).bind(...window),
    d1
      .prepare(
        `select l.id, l.inquiry_id, l.product_id, l.title, l.quantity, l.unit_price, l.currency from inquiry_lines l
         where l.inquiry_id in (${page}) order by l.rowid`,
      )
      .bind(...window),
    d1.prepare(`select count(*) as total ${REQUEST_JOINS} where i.supplier_id = ?1 ${filter(2)}`).bind(supplierId, ...status),
    d1.prepare("select count(*) as total from inquiries where supplier_id = ?1 and supplier_read_at is null").bind(supplierId),
  ]);
  return {
    requests: (requests.results as RequestRow[]).map((row) => toRequest(row, lines.results as LineRow[], now)),
    total: firstTotal(total),
    unread: firstTotal(unread),
  };
}

/**
 * One request with its lines, quote, thread and review, for someone allowed to see it (the model
 * asks the permission rule); null otherwise; all in one batch. Opened by its supplier, it is marked
 * read (unless `markRead` is false): the batch's first statement, which only its supplier's id moves.
 */
export async function getRequestForViewer(db: Database, id: string, actor: Actor, { markRead = true, now = Date.now() } = {}) {
  const d1 = db.$client;
  const reads = [
    d1.prepare(`select ${REQUEST_COLUMNS(now)} ${REQUEST_JOINS} where i.id = ?1`).bind(id),
    d1
      .prepare(
        `select l.id, l.inquiry_id, l.product_id, l.title, l.quantity, l.unit_price, l.currency, p.moq as listing_moq, p.unit as listing_unit
         from inquiry_lines l left join products p on p.id = l.product_id where l.inquiry_id = ?1 order by l.rowid`,
      )
      .bind(id),
    d1
      .prepare(
        `select m.id, m.body, m.created_at, m.author_id, m.hidden_reason, p.full_name as author_name from inquiry_messages m
         left join profiles p on p.id = m.author_id where m.inquiry_id = ?1 order by m.created_at, m.id limit ?2`,
      )
      .bind(id, THREAD_MESSAGES_SHOWN),
    d1.prepare(`select ${REVIEW_COLUMNS} from reviews where inquiry_id = ?1`).bind(id),
  ];
  const markSql = "update inquiries set supplier_read_at = ?2 where id = ?1 and supplier_read_at is null and supplier_id = ?3";
  const results = await d1.batch(markRead && actor.user ? [d1.prepare(markSql).bind(id, now, actor.user.id), ...reads] : reads);
  const [requests, lines, messages, reviews] = results.slice(results.length - reads.length);
  const row = requests.results[0] as RequestRow | undefined;
  if (!row || !canSeeRequest(actor, { buyerId: row.buyer_id, supplierId: row.supplier_id })) return null;
  const review = (reviews.results[0] as RequestReview | undefined) ?? null;
  const request = toRequest(row, lines.results as LineRow[], now);
  if (!canSeeBuyerContact(actor, row.buyer_id)) request.buyer = { ...request.buyer, email: null, phone: null };
  return {
    ...request,
    // What an admin hid is left out for the other side: a message of the thread, the review.
    review: review && canSeeContent(actor, { hiddenReason: review.hiddenReason, authorId: review.buyerId }) ? review : null,
    thread: (messages.results as ThreadRow[])
      .filter((m) => canSeeContent(actor, { hiddenReason: m.hidden_reason, authorId: m.author_id }))
      .map((m) => ({
        id: m.id,
        body: m.body,
        createdAt: m.created_at,
        mine: isOwner(actor, m.author_id),
        author: m.author_name,
        hiddenReason: m.hidden_reason,
      })),
  };
}

/** Buyer or supplier writes on the request's thread; false when they are neither (nothing written). */
export async function addThreadMessage(db: Database, authorId: string, inquiryId: string, body: string, site: SiteUrl) {
  const d1 = db.$client;
  const messageId = crypto.randomUUID();
  const [written] = await d1.batch([
    d1
      .prepare(
        `insert into inquiry_messages (id, inquiry_id, author_id, body, created_at)
         select ?1, i.id, ?2, ?3, ?4 from inquiries i where i.id = ?5 and ?2 in (i.user_id, i.supplier_id)`,
      )
      .bind(messageId, authorId, body, Date.now(), inquiryId),
    // The other side is told.
    ...notifyStatements(
      d1,
      {
        kind: "request_message",
        recipientSql: "case when i.user_id = ?2 then i.supplier_id else i.user_id end",
        dataSql: REQUEST_DATA_SQL,
        linkSql: REQUEST_LINK_SQL,
        fromSql:
          "from inquiries i where i.id = ?3 and exists (select 1 from inquiry_messages where id = ?1) and (case when i.user_id = ?2 then i.supplier_id else i.user_id end) is not null",
        params: [messageId, authorId, inquiryId],
      },
      site,
    ),
  ]);
  return (written.meta?.changes ?? 0) > 0;
}

/** The reference of a request group (REFERENCE_SQL's rule), for the confirmation right after sending. */
export function inquiryReference(groupId: string) {
  return `RFQ-${groupId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

// Administrators --------------------------------------------------------------

/**
 * One page of every request for quotation, newest first, optionally of one status (as the parties
 * read it: a quote past its validity is expired): each request as its buyer and supplier see it,
 * with its reference, buyer, supplier, lines and quote, in one batch.
 */
export async function listInquiriesForAdmin(
  db: Database,
  options: { status: InquiryStatus | null; page: number; pageSize: number },
  now = Date.now(),
) {
  const d1 = db.$client;
  const status = options.status ? [options.status] : [];
  // The stored status narrows the rows through its index ('quoted' ones may read as expired) before the live one decides.
  const filter = (at: number) =>
    options.status ? `where i.status in (?${at}, case when ?${at} = 'expired' then 'quoted' end) and (${live(now)}) = ?${at}` : "";
  const window = [options.pageSize, (options.page - 1) * options.pageSize, ...status];
  const page = `select i.id from inquiries i left join quotes q on q.inquiry_id = i.id ${filter(3)}
    order by i.created_at desc, i.id desc limit ?1 offset ?2`;
  const [requests, lines, total] = await d1.batch([
    d1
      .prepare(`select ${REQUEST_COLUMNS(now)} ${REQUEST_JOINS} where i.id in (${page}) order by i.created_at desc, i.id desc`)
      .bind(...window),
    d1
      .prepare(
        `select l.id, l.inquiry_id, l.product_id, l.title, l.quantity, l.unit_price, l.currency from inquiry_lines l
         where l.inquiry_id in (${page}) order by l.rowid`,
      )
      .bind(...window),
    d1.prepare(`select count(*) as total from inquiries i left join quotes q on q.inquiry_id = i.id ${filter(1)}`).bind(...status),
  ]);
  return {
    total: firstTotal(total),
    items: (requests.results as RequestRow[]).map((row) => toRequest(row, lines.results as LineRow[], now)),
  };
}

/** Moves a request to a status; false when there is no such request. */
export async function setInquiryStatus(db: Database, id: string, status: InquiryStatus) {
  const rows = await db.update(inquiries).set({ status }).where(eq(inquiries.id, id)).returning({ id: inquiries.id });
  return rows.length > 0;
}
