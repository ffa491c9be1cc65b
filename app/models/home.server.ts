import type { Database } from "../../db/client";
import { HOME_LIMITS, TOP_PRODUCT_CATEGORIES, TRENDING_PRODUCT_CATEGORIES } from "~/lib/constants";
import { listFeaturedProducts, listNewestProducts, newestInCategories, toProductCard } from "~/models/products.server";

/** The home page's product sections; the newest six serve both 'Latest' strips, as the spec has it. */
export async function loadHomeProducts(db: Database) {
  const [top, trending, newest, featured] = await Promise.all([
    newestInCategories(db, TOP_PRODUCT_CATEGORIES, HOME_LIMITS.top),
    newestInCategories(db, TRENDING_PRODUCT_CATEGORIES, HOME_LIMITS.trending),
    listNewestProducts(db, Math.max(HOME_LIMITS.latest, HOME_LIMITS.latestBuyOffers)),
    listFeaturedProducts(db, HOME_LIMITS.featured),
  ]);
  return {
    top: top.map(toProductCard),
    trending: trending.map(toProductCard),
    latestBuyOffers: newest.slice(0, HOME_LIMITS.latestBuyOffers).map(toProductCard),
    latest: newest.slice(0, HOME_LIMITS.latest).map(toProductCard),
    featured: featured.map(toProductCard),
  };
}

/** Managed-content sections the home page shows, in one query. */
export const HOME_SECTION_KEYS = [
  "hero",
  "email_marketing",
  "success_stories",
  "what_we_do",
  "our_goals",
  "best_services",
  "trade_blog",
] as const;
