import { inArray } from "drizzle-orm";
import { productSearchText } from "~/lib/search-text";
import type { Database } from "../../db/client";
import { productTranslations, products } from "../../db/schema";

/** Ids a statement reads at once (D1 binds at most 100 parameters). */
const IDS_PER_READ = 90;

/**
 * Writes products.search_text again for these listings, from their text and every language
 * version: after a listing, its specifications or one of its versions changed.
 */
export async function refreshProductSearchText(db: Database, productIds: readonly number[]) {
  for (let i = 0; i < productIds.length; i += IDS_PER_READ) {
    const ids = productIds.slice(i, i + IDS_PER_READ);
    const [rows, versions] = await db.batch([
      db
        .select({
          id: products.id,
          title: products.title,
          description: products.description,
          companyName: products.companyName,
          specifications: products.specifications,
        })
        .from(products)
        .where(inArray(products.id, ids)),
      db
        .select({
          productId: productTranslations.productId,
          title: productTranslations.title,
          description: productTranslations.description,
          specifications: productTranslations.specifications,
        })
        .from(productTranslations)
        .where(inArray(productTranslations.productId, ids)),
    ]);
    if (!rows.length) continue;
    const update = db.$client.prepare("update products set search_text = ?2 where id = ?1");
    await db.$client.batch(
      rows.map((row) => update.bind(row.id, productSearchText({ ...row, translations: versions.filter((v) => v.productId === row.id) }))),
    );
  }
}
