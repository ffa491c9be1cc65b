import { count, desc, eq, inArray, sql } from "drizzle-orm";
import type { InquiryStatus } from "~/lib/constants";
import type { User } from "~/models/users.server";
import type { Database } from "../../db/client";
import { inquiries, inquiryLines, products, profiles } from "../../db/schema";

export type InquirySource = "contact_supplier" | "request_quote" | "checkout";

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

/** A request about one product (Contact Supplier, Request Quote): the request and its line at once. */
export async function createProductInquiry(
  db: Database,
  requester: Requester,
  input: { productId: number; quantity: number; message: string; source: Exclude<InquirySource, "checkout"> },
) {
  const product = await db.select().from(products).where(eq(products.id, input.productId)).get();
  if (!product) return null;
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(inquiries).values({ id, ...requester, message: input.message, source: input.source }),
    db.insert(inquiryLines).values({
      inquiryId: id,
      productId: product.id,
      title: product.title,
      quantity: input.quantity,
      unitPrice: product.price,
      currency: product.currency,
    }),
  ]);
  return id;
}

/**
 * Proceed to Checkout: the cart becomes one request whose lines are its items (titles and
 * prices as they are now), and the cart empties, all in one batch. Null when no line of the
 * cart joins a product that still exists (an empty cart, or every product vanished): then
 * nothing is written and the cart stays as it was. Plain statements: drizzle cannot batch
 * INSERT … SELECT.
 */
export async function checkoutCart(db: Database, cartId: string, requester: Requester, message: string) {
  const id = crypto.randomUUID();
  const d1 = db.$client;
  // The request is written only when at least one line joins a product, inside the same
  // transaction; the lines and the emptying of the cart follow only if it was written.
  const [created] = await d1.batch([
    d1
      .prepare(
        `insert into inquiries (id, user_id, name, email, message, source, status, created_at)
         select ?1, ?2, ?3, ?4, ?5, 'checkout', 'new', ?6
         where exists (select 1 from cart_items ci join products p on p.id = ci.product_id where ci.cart_id = ?7)`,
      )
      .bind(id, requester.userId, requester.name, requester.email, message, Date.now(), cartId),
    d1
      .prepare(
        `insert into inquiry_lines (id, inquiry_id, product_id, title, quantity, unit_price, currency)
         select lower(hex(randomblob(16))), ?1, p.id, p.title, ci.quantity, p.price, p.currency
         from cart_items ci join products p on p.id = ci.product_id
         where ci.cart_id = ?2 and exists (select 1 from inquiries where id = ?1)`,
      )
      .bind(id, cartId),
    d1.prepare("delete from cart_items where cart_id = ?1 and exists (select 1 from inquiries where id = ?2)").bind(cartId, id),
  ]);
  return (created.meta?.changes ?? 0) > 0 ? id : null;
}

/** The member's own requests, newest first, with how many lines and units each holds. */
export function listOwnInquiries(db: Database, userId: string) {
  return db
    .select({
      id: inquiries.id,
      source: inquiries.source,
      status: inquiries.status,
      message: inquiries.message,
      createdAt: inquiries.createdAt,
      lines: sql<number>`(select count(*) from inquiry_lines l where l.inquiry_id = ${inquiries.id})`,
      firstTitle: sql<string | null>`(select l.title from inquiry_lines l where l.inquiry_id = ${inquiries.id} limit 1)`,
    })
    .from(inquiries)
    .where(eq(inquiries.userId, userId))
    .orderBy(desc(inquiries.createdAt));
}

/** A short, readable reference for confirmations and e-mails. */
export function inquiryReference(id: string) {
  return `RFQ-${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

// Administrators --------------------------------------------------------------

/**
 * One page of every request for quotation, newest first, optionally with one status only: the
 * buyer (a member's profile, or what the guest typed), the message and the lines.
 */
export async function listInquiriesForAdmin(db: Database, options: { status: InquiryStatus | null; page: number; pageSize: number }) {
  const where = options.status ? eq(inquiries.status, options.status) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: inquiries.id,
        source: inquiries.source,
        status: inquiries.status,
        message: inquiries.message,
        createdAt: inquiries.createdAt,
        name: sql<string | null>`coalesce(${profiles.fullName}, ${inquiries.name})`,
        email: sql<string | null>`coalesce(${profiles.email}, ${inquiries.email})`,
        companyName: profiles.companyName,
        member: sql<boolean>`${profiles.id} is not null`.mapWith(Boolean),
      })
      .from(inquiries)
      .leftJoin(profiles, eq(profiles.id, inquiries.userId))
      .where(where)
      .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(inquiries).where(where),
  ]);
  const lines = rows.length
    ? await db
        .select({
          inquiryId: inquiryLines.inquiryId,
          title: inquiryLines.title,
          quantity: inquiryLines.quantity,
          unitPrice: inquiryLines.unitPrice,
          currency: inquiryLines.currency,
          productId: inquiryLines.productId,
        })
        .from(inquiryLines)
        .where(
          inArray(
            inquiryLines.inquiryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(inquiryLines.title)
    : [];
  return {
    total,
    items: rows.map((r) => ({ ...r, reference: inquiryReference(r.id), lines: lines.filter((l) => l.inquiryId === r.id) })),
  };
}

/** Moves a request to a status; false when there is no such request. */
export async function setInquiryStatus(db: Database, id: string, status: InquiryStatus) {
  const rows = await db.update(inquiries).set({ status }).where(eq(inquiries.id, id)).returning({ id: inquiries.id });
  return rows.length > 0;
}
