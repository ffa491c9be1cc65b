import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../load-context";
import { cartItems, inquiries, inquiryLines, products } from "../../db/schema";

export type InquirySource = "contact_supplier" | "request_quote" | "checkout";

export interface Requester {
  userId: string | null;
  name: string | null;
  email: string | null;
}

/** A request about one product (Contact Supplier, Request Quote): the request and its line at once. */
export async function createProductInquiry(
  db: Database,
  requester: Requester,
  input: { productId: number; quantity: number; message: string; source: Exclude<InquirySource, "checkout"> },
) {
  const product = await db.query.products.findFirst({ where: eq(products.id, input.productId) });
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
 * prices as they are now), and the cart empties, all in one batch. Null for an empty cart.
 */
export async function checkoutCart(db: Database, cartId: string, requester: Requester, message: string) {
  const id = crypto.randomUUID();
  const [, lines] = await db.batch([
    db.insert(inquiries).values({ id, ...requester, message, source: "checkout" }),
    db.run(sql`
      insert into inquiry_lines (id, inquiry_id, product_id, title, quantity, unit_price, currency)
      select lower(hex(randomblob(16))), ${id}, p.id, p.title, ci.quantity, p.price, p.currency
      from cart_items ci join products p on p.id = ci.product_id
      where ci.cart_id = ${cartId}`),
    db.delete(cartItems).where(eq(cartItems.cartId, cartId)),
  ]);
  if ((lines.meta?.changes ?? 0) === 0) {
    // Nothing was in the cart: the request would be empty, so it is taken back.
    await db.delete(inquiries).where(eq(inquiries.id, id));
    return null;
  }
  return id;
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
