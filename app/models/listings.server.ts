import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { catalogImageKeyOf } from "~/lib/images";
import type { ProductInput } from "~/lib/schemas";
import { tierPriceRange } from "~/lib/trade-terms";
import { releaseObjectKeysStatement } from "~/models/pending-objects.server";
import type { Database } from "../../db/client";
import { catalogs, products } from "../../db/schema";

// A supplier's listings: what they write in My Catalog and what a company page lists. Every
// function for an owner scopes by the owner's id itself. (Search and the public lists are in
// products.server.ts.)

/** What a supplier writes of a listing (the product form's fields); `imageUrls` in order, the main image first. */
export type ListingInput = ProductInput & { imageUrls: string[] };

/**
 * The values of a listing's columns, bound from ?3 on: `price` and `price_max` are the lowest and
 * highest tier price (max null with one tier; both null: price on request); `price_usd` is worked
 * out from `price` (?6) and the currency (?8) at the stored rates in the statement itself.
 */
const listingValues = (input: ListingInput) => {
  const range = tierPriceRange(input.priceTiers);
  return [
    input.title,
    input.category,
    input.description ?? null,
    range?.min ?? null,
    range && range.max > range.min ? range.max : null,
    input.currency,
    input.imageUrls[0] ?? null,
    JSON.stringify(input.imageUrls),
    input.specifications.length ? JSON.stringify(input.specifications) : null,
    input.unit,
    input.moq,
    JSON.stringify(input.priceTiers),
    input.leadTimeMin ?? null,
    input.leadTimeMax ?? null,
    input.samples ? 1 : 0,
    input.samplePrice ?? null,
    input.supplyPerMonth ?? null,
    input.portOfLoading ?? null,
    JSON.stringify(input.paymentTerms),
    JSON.stringify(input.incoterms),
    input.tradeNotes ?? null,
  ];
};
/** ?24 is the time; ?25 on, what the statement adds. */
const LISTING_COLUMNS = `title, category, description, price, price_max, currency, image_url, image_urls, specifications,
  unit, moq, price_tiers, lead_time_min, lead_time_max, samples, sample_price, supply_per_month, port_of_loading,
  payment_terms, incoterms, trade_notes`;
const PRICE_USD = `?6 / (select per_usd from exchange_rates where currency = ?8)`;

/**
 * Adds a listing to the member's company unless the company is not theirs (any more) or already
 * holds `maxProducts`: checks and insert in one statement, with the company's name and the
 * owner's country as the listing shows them. The images' claims are released in the same batch.
 * The new product's id, or null when refused.
 */
export async function createOwnProduct(db: Database, userId: string, catalogId: string, input: ListingInput, maxProducts: number) {
  const d1 = db.$client;
  const [inserted] = await d1.batch<{ id: number }>([
    d1
      .prepare(
        `insert into products (catalog_id, ${LISTING_COLUMNS}, price_usd, company_name, country, created_at)
         select c.id, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23,
           ${PRICE_USD}, c.company_name, p.country, ?24
         from catalogs c left join profiles p on p.id = c.user_id
         where c.id = ?1 and c.user_id = ?2 and (select count(*) from products where catalog_id = ?1) < ?25
         returning id`,
      )
      .bind(catalogId, userId, ...listingValues(input), Date.now(), maxProducts),
    releaseObjectKeysStatement(db, "catalog-images", catalogImageKeys(input.imageUrls)),
  ]);
  return inserted.results[0]?.id ?? null;
}

/** One of the member's listings, or null when it is not theirs. */
export async function getOwnProduct(db: Database, userId: string, productId: number) {
  const [row] = await db
    .select({ product: products, companyName: catalogs.companyName })
    .from(products)
    .innerJoin(catalogs, eq(catalogs.id, products.catalogId))
    .where(and(eq(products.id, productId), eq(catalogs.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Rewrites one of the member's listings (its images included) and releases the new images'
 * claims in the same batch. False when it is not theirs.
 */
export async function updateOwnProduct(db: Database, userId: string, productId: number, input: ListingInput) {
  const d1 = db.$client;
  const [updated] = await d1.batch<{ id: number }>([
    d1
      .prepare(
        `update products set title = ?3, category = ?4, description = ?5, price = ?6, price_max = ?7, currency = ?8, image_url = ?9,
           image_urls = ?10, specifications = ?11, unit = ?12, moq = ?13, price_tiers = ?14, lead_time_min = ?15,
           lead_time_max = ?16, samples = ?17, sample_price = ?18, supply_per_month = ?19, port_of_loading = ?20,
           payment_terms = ?21, incoterms = ?22, trade_notes = ?23, price_usd = ${PRICE_USD}, updated_at = ?24
         where id = ?1 and catalog_id in (select id from catalogs where user_id = ?2)
         returning id`,
      )
      .bind(productId, userId, ...listingValues(input), Date.now()),
    releaseObjectKeysStatement(db, "catalog-images", catalogImageKeys(input.imageUrls)),
  ]);
  return updated.results.length > 0;
}

/** Deletes one of the member's listings; its company and image URLs come back for the storage clean-up. Null when not theirs. */
export async function deleteOwnProduct(db: Database, userId: string, productId: number) {
  const [row] = await db
    .delete(products)
    .where(
      and(
        eq(products.id, productId),
        inArray(products.catalogId, db.select({ id: catalogs.id }).from(catalogs).where(eq(catalogs.userId, userId))),
      ),
    )
    .returning({ catalogId: products.catalogId, imageUrls: products.imageUrls });
  return row ?? null;
}

/**
 * A page of one company's listings, newest first (a query, for the company page's batch): every
 * one for its owner (My Catalog), the shown ones for everyone else.
 */
export function companyProductsQuery(db: Database, catalogId: string, page: number, pageSize: number, ownerId?: string) {
  const ofOwner = ownerId
    ? inArray(products.catalogId, db.select({ id: catalogs.id }).from(catalogs).where(eq(catalogs.userId, ownerId)))
    : isNull(products.hiddenReason);
  return db
    .select()
    .from(products)
    .where(and(eq(products.catalogId, catalogId), ofOwner))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** A page of the listings of one of the member's companies (My Catalog); none when it is not theirs. */
export function listOwnProducts(db: Database, userId: string, catalogId: string, page: number, pageSize: number) {
  return companyProductsQuery(db, catalogId, page, pageSize, userId);
}

/** The R2 keys of our own image URLs (demo images and others are not ours to claim or delete). */
function catalogImageKeys(urls: string[]) {
  return urls.map(catalogImageKeyOf).filter((key): key is string => key !== null);
}

/** Whether the product is a listing of one of the member's own companies (they cannot ask themselves for it). */
export async function isOwnProduct(db: Database, userId: string, productId: number) {
  const row = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(catalogs, eq(catalogs.id, products.catalogId))
    .where(and(eq(products.id, productId), eq(catalogs.userId, userId)))
    .get();
  return row !== undefined;
}
