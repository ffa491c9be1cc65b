import { ARTICLE_STRIP_SIZE, HOME_LIMITS, TOP_PRODUCT_CATEGORIES, TRENDING_PRODUCT_CATEGORIES, type LanguageCode } from "~/lib/constants";
import { publishedArticlesQuery } from "~/models/articles.server";
import { contentVersionQuery, cachedForContentVersion, versionOf } from "~/models/content-version.server";
import { activeSectionsQuery, bySectionKey } from "~/models/content.server";
import {
  listFeaturedProducts,
  listNewestProducts,
  mergeNewest,
  newestInCategoriesQueries,
  toProductCard,
  type Product,
} from "~/models/products.server";
import type { Database } from "../../db/client";

/** Managed-content sections the home page shows. */
const HOME_SECTION_KEYS = ["hero", "email_marketing", "success_stories", "what_we_do", "our_goals", "best_services", "trade_blog"] as const;

/**
 * Everything the home page shows from the database, in one D1 batch (one round trip): its
 * content sections, the product strips (the newest six serve both 'Latest' strips, as the spec
 * has it) and the news and blog strips, the managed texts in `language`. The same for everyone
 * who reads that language: kept per language until the content changes.
 */
export function loadHomePage(db: Database, contentVersion: number, language: LanguageCode) {
  return cachedForContentVersion(contentVersion, `home:${language}`, () => readHomePage(db, language));
}

async function readHomePage(db: Database, language: LanguageCode) {
  // Top and Trending share categories: each is read once, as deep as the deeper strip needs.
  const categories = [...new Set([...TOP_PRODUCT_CATEGORIES, ...TRENDING_PRODUCT_CATEGORIES])];
  const [version, sections, newest, featured, news, blog, ...perCategory] = await db.batch([
    contentVersionQuery(db),
    activeSectionsQuery(db, HOME_SECTION_KEYS, language),
    listNewestProducts(db, Math.max(HOME_LIMITS.latest, HOME_LIMITS.latestBuyOffers)),
    listFeaturedProducts(db, HOME_LIMITS.featured),
    publishedArticlesQuery(db, "news", ARTICLE_STRIP_SIZE.news, language),
    publishedArticlesQuery(db, "blog", ARTICLE_STRIP_SIZE.blog, language),
    ...newestInCategoriesQueries(db, categories, Math.max(HOME_LIMITS.top, HOME_LIMITS.trending)),
  ]);
  const rowsOf = (wanted: readonly string[]) => (perCategory as Product[][]).filter((_, i) => wanted.includes(categories[i]));
  // One card per product, however many strips show it: the page's data carries each once.
  const cards = new Map<number, ReturnType<typeof toProductCard>>();
  const card = (product: Product) => cards.get(product.id) ?? cards.set(product.id, toProductCard(product)).get(product.id)!;
  const value = {
    sections: bySectionKey(sections),
    products: {
      top: mergeNewest(rowsOf(TOP_PRODUCT_CATEGORIES), HOME_LIMITS.top).map(card),
      trending: mergeNewest(rowsOf(TRENDING_PRODUCT_CATEGORIES), HOME_LIMITS.trending).map(card),
      latestBuyOffers: newest.slice(0, HOME_LIMITS.latestBuyOffers).map(card),
      latest: newest.slice(0, HOME_LIMITS.latest).map(card),
      featured: featured.map(card),
    },
    news,
    blog,
  };
  return { version: versionOf(version), value };
}
