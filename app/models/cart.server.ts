import { and, count, eq, exists, inArray, isNotNull, isNull, lt, notExists, sql } from "drizzle-orm";
import { CART_MAX_LINES, CART_MAX_QUANTITY, DEFAULT_CURRENCY, DEFAULT_PRODUCT_UNIT } from "~/lib/constants";
import { belowMinimumOrder, unitPriceFor, type MinimumOrder } from "~/lib/order-quantity";
import { PRODUCT_SHOWN } from "~/models/products.server";
import type { Database } from "../../db/client";
import { cartItems, carts, products } from "../../db/schema";

// Every function that touches lines takes the cart's id and scopes by it, so a line id from
// someone else's cart changes nothing.

export async function getUserCartId(db: Database, userId: string) {
  const row = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).get();
  return row?.id ?? null;
}

export async function getOrCreateUserCartId(db: Database, userId: string) {
  await db.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
  return (await getUserCartId(db, userId))!;
}

export async function createGuestCart(db: Database) {
  const [cart] = await db.insert(carts).values({}).returning({ id: carts.id });
  return cart.id;
}

/** A change refused because the quantity would be less than the listing's minimum order. */
type BelowMinimum = { ok: false; error: "moq.belowMinimum" } & MinimumOrder;

export type AddResult = { ok: true; title: string } | { ok: false; error: "notFound" | "cart.maxLines" } | BelowMinimum;

/**
 * Add to Cart: a product enters with the quantity asked (the listing's minimum order when none is),
 * and a product already there gains it (up to the maximum). Less than the minimum order is refused,
 * nothing written.
 */
export async function addToCart(db: Database, cartId: string, productId: number, quantity?: number): Promise<AddResult> {
  const [product, existing, [{ lines }]] = await Promise.all([
    db
      .select({ id: products.id, title: products.title, moq: products.moq, unit: products.unit })
      .from(products)
      .where(and(eq(products.id, productId), PRODUCT_SHOWN))
      .get(),
    db
      .select({ id: cartItems.id })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)))
      .get(),
    db.select({ lines: count() }).from(cartItems).where(eq(cartItems.cartId, cartId)),
  ]);
  if (!product) return { ok: false, error: "notFound" };
  const asked = Math.min(quantity ?? Math.max(1, product.moq), CART_MAX_QUANTITY);
  if (belowMinimumOrder(product.moq, asked)) return belowMinimum(product);
  if (!existing && lines >= CART_MAX_LINES) return { ok: false, error: "cart.maxLines" };
  await db.batch([
    db
      .insert(cartItems)
      .values({ cartId, productId, quantity: asked })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.productId],
        set: { quantity: sql`min(${cartItems.quantity} + ${asked}, ${CART_MAX_QUANTITY})` },
      }),
    touch(db, cartId),
  ]);
  return { ok: true, title: product.title };
}

function belowMinimum(product: { moq: number | null; unit: MinimumOrder["unit"] | null }): BelowMinimum {
  return { ok: false, error: "moq.belowMinimum", moq: Math.max(1, product.moq ?? 1), unit: product.unit ?? DEFAULT_PRODUCT_UNIT };
}

export type LineChange = { ok: true } | { ok: false; error: "notFound" } | BelowMinimum;

/** The listing's minimum order for a line of `cart_items` (1 once its product is gone). */
const lineMoq = sql`coalesce((select ${products.moq} from ${products} where ${products.id} = ${cartItems.productId}), 1)`;

/** The line, its product's minimum order and unit: read in the batch that changes it, to say why a change was refused. */
function lineTerms(db: Database, cartId: string, lineId: string) {
  return db
    .select({ quantity: cartItems.quantity, moq: products.moq, unit: products.unit })
    .from(cartItems)
    .leftJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.id, lineId), eq(cartItems.cartId, cartId)));
}

function lineChange(terms: { moq: number | null; unit: MinimumOrder["unit"] | null }[], changed: unknown[]): LineChange {
  if (changed.length > 0) return { ok: true };
  return terms[0] ? belowMinimum(terms[0]) : { ok: false, error: "notFound" };
}

/**
 * Sets a line's quantity; null removes it. Less than the listing's minimum order is refused. A
 * refused change (not this cart's line, too few) writes nothing: the cart is touched only with it.
 */
export async function setLineQuantity(db: Database, cartId: string, lineId: string, quantity: number | null): Promise<LineChange> {
  const allowed = quantity === null ? sql`1` : sql`${quantity} >= ${lineMoq}`;
  const where = and(eq(cartItems.id, lineId), eq(cartItems.cartId, cartId), allowed);
  const [terms, , result] = await db.batch([
    lineTerms(db, cartId, lineId),
    touchIfLine(db, cartId, lineId, allowed),
    quantity === null
      ? db.delete(cartItems).where(where).returning({ id: cartItems.id })
      : db.update(cartItems).set({ quantity }).where(where).returning({ id: cartItems.id }),
  ]);
  return lineChange(terms, result);
}

/**
 * The plus and minus buttons: one more or one less, up to the maximum. One less than the listing's
 * minimum order is refused; one more on a line below it (from before the listing had one) lifts
 * the line to it.
 */
export async function stepLineQuantity(db: Database, cartId: string, lineId: string, step: 1 | -1): Promise<LineChange> {
  const allowed = step === 1 ? sql`1` : sql`${cartItems.quantity} - 1 >= ${lineMoq}`;
  const [terms, , result] = await db.batch([
    lineTerms(db, cartId, lineId),
    touchIfLine(db, cartId, lineId, allowed),
    db
      .update(cartItems)
      .set({
        quantity:
          step === 1
            ? sql`min(max(${cartItems.quantity} + 1, ${lineMoq}), ${CART_MAX_QUANTITY})`
            : sql`min(${cartItems.quantity} - 1, ${CART_MAX_QUANTITY})`,
      })
      .where(and(eq(cartItems.id, lineId), eq(cartItems.cartId, cartId), allowed))
      .returning({ id: cartItems.id }),
  ]);
  return lineChange(terms, result);
}

export async function clearCart(db: Database, cartId: string) {
  await db.batch([db.delete(cartItems).where(eq(cartItems.cartId, cartId)), touch(db, cartId)]);
}

/**
 * The cart's lines with their products. Lines whose product no longer exists or is hidden (an
 * admin hid it, or its supplier is suspended) are removed here and counted, so the page can say
 * they dropped out.
 */
export async function listCartLines(db: Database, cartId: string) {
  const rows = await db
    .select({
      id: cartItems.id,
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      title: products.title,
      listPrice: products.price,
      priceTiers: products.priceTiers,
      moq: products.moq,
      unit: products.unit,
      currency: products.currency,
      imageUrl: products.imageUrl,
      catalogId: products.catalogId,
      companyName: products.companyName,
    })
    .from(cartItems)
    .leftJoin(products, and(eq(products.id, cartItems.productId), PRODUCT_SHOWN))
    .where(eq(cartItems.cartId, cartId))
    // Insertion order (rowid): created_at has whole-second resolution.
    .orderBy(sql`cart_items.rowid`);
  const vanished = rows.filter((row) => row.title === null).length;
  // A subquery rather than a list of ids: D1 binds at most 100 values per statement.
  if (vanished)
    await db.delete(cartItems).where(
      and(
        eq(cartItems.cartId, cartId),
        notExists(
          db
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.id, cartItems.productId), PRODUCT_SHOWN)),
        ),
      ),
    );
  const lines = rows
    .filter((row) => row.title !== null)
    .map(({ listPrice, priceTiers, moq, unit, ...row }) => ({
      ...row,
      title: row.title!,
      currency: row.currency ?? DEFAULT_CURRENCY,
      // The unit price of the tier for the line's quantity; the tiers go along, so a quantity being
      // changed shows its own tier's price before the answer comes.
      price: unitPriceFor(priceTiers ?? [], row.quantity, listPrice),
      listPrice,
      priceTiers: priceTiers ?? [],
      moq: Math.max(1, moq ?? 1),
      unit: unit ?? DEFAULT_PRODUCT_UNIT,
      belowMinimum: belowMinimumOrder(moq ?? 1, row.quantity),
    }));
  return { lines, vanished };
}

/** Whether a line of the cart is below its listing's minimum order (which a checkout refuses); reads only. */
export async function hasLinesBelowMinimum(db: Database, cartId: string) {
  const row = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .innerJoin(products, and(eq(products.id, cartItems.productId), PRODUCT_SHOWN))
    .where(and(eq(cartItems.cartId, cartId), lt(cartItems.quantity, products.moq)))
    .get();
  return !!row;
}

/** The suppliers (company ids) of the products in the cart that others may see, which a checkout writes to; reads only. */
export async function listCartSuppliers(db: Database, cartId: string) {
  const rows = await db
    .selectDistinct({ catalogId: products.catalogId })
    .from(cartItems)
    .innerJoin(products, and(eq(products.id, cartItems.productId), PRODUCT_SHOWN))
    .where(and(eq(cartItems.cartId, cartId), isNotNull(products.catalogId)));
  return rows.map((row) => row.catalogId!);
}

/**
 * Moves a guest's lines into the member's cart (quantities add up, within the maximum) and
 * deletes the guest cart, in one batch. Lines new to the member's cart join only while it has
 * fewer than CART_MAX_LINES lines, oldest first. Plain statements: drizzle cannot batch
 * INSERT … SELECT.
 */
export async function mergeCarts(db: Database, fromCartId: string, intoCartId: string) {
  if (fromCartId === intoCartId) return;
  const d1 = db.$client;
  await d1.batch([
    d1
      .prepare(
        `insert into cart_items (id, cart_id, product_id, quantity, created_at)
         select lower(hex(randomblob(16))), ?1, g.product_id, g.quantity, g.created_at from cart_items g
         where g.cart_id = ?2 and (
           exists (select 1 from cart_items m where m.cart_id = ?1 and m.product_id = g.product_id)
           or g.rowid in (
             select n.rowid from cart_items n where n.cart_id = ?2
               and not exists (select 1 from cart_items m where m.cart_id = ?1 and m.product_id = n.product_id)
             order by n.rowid limit max(0, ?4 - (select count(*) from cart_items where cart_id = ?1))))
         on conflict(cart_id, product_id) do update set quantity = min(cart_items.quantity + excluded.quantity, ?3)`,
      )
      .bind(intoCartId, fromCartId, CART_MAX_QUANTITY, CART_MAX_LINES),
    d1.prepare("delete from carts where id = ?1 and user_id is null").bind(fromCartId),
    d1.prepare("update carts set updated_at = ?2 where id = ?1").bind(intoCartId, Date.now()),
  ]);
}

function touch(db: Database, cartId: string) {
  return db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

function touchIfLine(db: Database, cartId: string, lineId: string, allowed = sql`1`) {
  const line = db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.cartId, cartId), allowed));
  return db
    .update(carts)
    .set({ updatedAt: new Date() })
    .where(and(eq(carts.id, cartId), exists(line)));
}

/**
 * Guest carts nobody came back to (no owner, not updated since `before`), at most `batch` per
 * call, oldest first through the partial index on updated_at; their lines go with them
 * (ON DELETE CASCADE). The sweeper calls it until done.
 */
export async function deleteAbandonedGuestCarts(db: Database, batch: number, before: Date) {
  const abandoned = db
    .select({ id: carts.id })
    .from(carts)
    .where(and(isNull(carts.userId), lt(carts.updatedAt, before)))
    .orderBy(carts.updatedAt)
    .limit(batch);
  const rows = await db.delete(carts).where(inArray(carts.id, abandoned)).returning({ id: carts.id });
  return rows.length;
}
