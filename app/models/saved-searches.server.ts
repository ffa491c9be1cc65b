import { and, asc, count, desc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { ALERTS_PER_BATCH, DIGEST_MAX_ITEMS, SAVED_SEARCHES_MAX } from "~/lib/constants";
import { composeEmail, oneLine, unsubscribeBlocks, unsubscribeUrl } from "~/lib/email";
import { categoryLabel } from "~/lib/i18n";
import { i18nextFor } from "~/lib/i18n.server";
import { activeFilters, filtersOfSaved } from "~/lib/product-filters";
import { siteLink, type SiteUrl } from "~/lib/site";
import { DIGEST_INTERVAL_MS } from "~/models/notifications.server";
import { queueEmail } from "~/models/outbox.server";
import { matchCategories, newProductsMatching, PRODUCT_SHOWN } from "~/models/products.server";
import { LEAD_SHOWN } from "~/models/trade-leads.server";
import type { Database } from "../../db/client";
import { products, profiles, savedSearches, tradeLeads, users } from "../../db/schema";

// Trade alerts: a member saves a search of products (words and a category filter) or of trade
// leads (a type and a category), and a daily e-mail lists what is new in it since the last one.

export type SavedSearch = typeof savedSearches.$inferSelect;
export type SavedSearchInput = Pick<SavedSearch, "scope" | "search" | "category" | "leadType" | "filters">;

export function listSavedSearches(db: Database, userId: string) {
  return db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(desc(savedSearches.createdAt));
}

/**
 * Saves a search, told from now on (never checked yet: the next scheduled run reads it, then at
 * most once a day): "saved", "exists" (the member has this one already) or "full"
 * (SAVED_SEARCHES_MAX). The count and the duplicate are checked inside the insert, so parallel
 * saves cannot pass the cap. Its words and filter are kept on one line: they name the alert in
 * its e-mail's subject.
 */
export async function saveSearch(db: Database, userId: string, saved: SavedSearchInput, now = Date.now()) {
  const d1 = db.$client;
  const line = (text: string | null) => (text === null ? null : oneLine(text) || null);
  const input = { ...saved, search: line(saved.search), category: line(saved.category) };
  const same = `user_id = ?1 and scope = ?2 and coalesce(search, '') = coalesce(?3, '') and coalesce(category, '') = coalesce(?4, '')
    and coalesce(lead_type, '') = coalesce(?5, '') and coalesce(filters, '') = coalesce(?9, '')`;
  // Products are told from the newest id on; leads from their creation time.
  const cursor = input.scope === "products" ? "(select coalesce(max(id), 0) from products)" : "?6";
  const inserted = await d1
    .prepare(
      `insert into saved_searches (id, user_id, scope, search, category, lead_type, filters, cursor, checked_at, created_at)
       select ?7, ?1, ?2, ?3, ?4, ?5, ?9, ${cursor}, 0, ?6
       where not exists (select 1 from saved_searches where ${same})
         and (select count(*) from saved_searches where user_id = ?1) < ?8`,
    )
    .bind(
      userId,
      input.scope,
      input.search,
      input.category,
      input.leadType,
      now,
      crypto.randomUUID(),
      SAVED_SEARCHES_MAX,
      input.filters ?? null,
    )
    .run();
  if ((inserted.meta?.changes ?? 0) > 0) return "saved" as const;
  const [{ n }] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  return n >= SAVED_SEARCHES_MAX ? ("full" as const) : ("exists" as const);
}

/** Pauses or resumes one of the member's alerts; false when it is not theirs. */
export async function setSavedSearchPaused(db: Database, userId: string, id: string, paused: boolean) {
  const rows = await db
    .update(savedSearches)
    .set({ pausedAt: paused ? new Date() : null })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

export async function deleteSavedSearch(db: Database, userId: string, id: string) {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

interface NewItem {
  id: string | number;
  title: string;
  leadType: string | null;
  createdAt: Date;
}

/** Where an item moves its alert's cursor: a product's id, a lead's creation time. */
const positionOf = (alert: SavedSearch, item: NewItem) => (alert.scope === "products" ? Number(item.id) : item.createdAt.getTime());

/**
 * The query of what is new in a saved search since its cursor, newest first, one more than a
 * digest lists (so it can say there is more). Products are read through the search index from
 * the cursor's id on, or the newest ids; leads from the (active, type, created) index.
 */
function newItemsQuery(db: Database, alert: SavedSearch, categories: string[] | null) {
  const limit = DIGEST_MAX_ITEMS + 1;
  if (alert.scope === "trade_leads") {
    return db
      .select({ id: tradeLeads.id, title: tradeLeads.title, leadType: tradeLeads.leadType, createdAt: tradeLeads.createdAt })
      .from(tradeLeads)
      .where(
        and(
          eq(tradeLeads.isActive, true),
          LEAD_SHOWN,
          gt(tradeLeads.createdAt, new Date(alert.cursor)),
          alert.leadType ? eq(tradeLeads.leadType, alert.leadType) : undefined,
          alert.category ? eq(tradeLeads.category, alert.category) : undefined,
        ),
      )
      .orderBy(desc(tradeLeads.createdAt))
      .limit(limit);
  }
  const filters = filtersOfSaved(alert.filters);
  const fts = alert.search || filters ? newProductsMatching(alert.search, filters, alert.cursor) : null;
  return db
    .select({ id: products.id, title: products.title, leadType: sql<null>`null`, createdAt: products.createdAt })
    .from(products)
    .where(
      and(
        gt(products.id, alert.cursor),
        PRODUCT_SHOWN,
        fts ? sql`${products.id} in (${fts})` : undefined,
        categories ? inArray(products.category, categories) : undefined,
      ),
    )
    .orderBy(desc(products.id))
    .limit(limit);
}

/** How an alert is named in its e-mail and on /alerts. */
export function describeSavedSearch(t: (key: string, options?: Record<string, unknown>) => string, alert: SavedSearchInput) {
  const parts =
    alert.scope === "products"
      ? [alert.search ? t("alerts.describe.search", { search: alert.search }) : t("alerts.describe.allProducts")]
      : [t(`alerts.describe.leads.${alert.leadType ?? "all"}`)];
  const filters = alert.scope === "products" ? filtersOfSaved(alert.filters ?? null) : null;
  if (filters) {
    const list = activeFilters(filters).map(([param, value]) => `${t(`filters.params.${param}`)} ${value}`);
    parts.push(t("filters.describe", { list: list.join(", ") }));
  }
  if (alert.category) {
    // A known category in the reader's language; a product filter that names none is what was typed.
    parts.push(t("alerts.describe.category", { category: categoryLabel(t, alert.category) }));
  }
  return parts.join(" · ");
}

/**
 * One bounded batch per scheduled run: the ALERTS_PER_BATCH active alerts checked longest ago (and
 * not within the day) read what is new since their cursor (one round trip), and each with news
 * queues one e-mail listing at most DIGEST_MAX_ITEMS, with links; every alert read moves its
 * cursor and check time, all in one batch. Returns how many alerts were read.
 */
export async function queueAlertDigests(db: Database, site: SiteUrl, now = Date.now()) {
  const due = await db
    .select({ alert: savedSearches, email: users.email, language: profiles.language, fullName: profiles.fullName })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .innerJoin(profiles, eq(profiles.id, savedSearches.userId))
    .where(and(isNull(savedSearches.pausedAt), lte(savedSearches.checkedAt, new Date(now - DIGEST_INTERVAL_MS))))
    .orderBy(asc(savedSearches.checkedAt))
    .limit(ALERTS_PER_BATCH);
  if (due.length === 0) return 0;

  // Product category filters are resolved as /products resolves them, once per distinct filter.
  const filters = [...new Set(due.filter((d) => d.alert.scope === "products" && d.alert.category).map((d) => d.alert.category!))];
  const resolved = new Map(await Promise.all(filters.map(async (f) => [f, (await matchCategories(db, f)).names] as const)));
  const readable = due.filter((d) => !(d.alert.scope === "products" && d.alert.category && resolved.get(d.alert.category)!.length === 0));
  const [first, ...rest] = readable.map((d) =>
    newItemsQuery(db, d.alert, d.alert.category && d.alert.scope === "products" ? resolved.get(d.alert.category)! : null),
  );
  const found = first === undefined ? [] : await db.batch([first, ...rest]);
  const news = new Map(readable.map((d, i) => [d.alert.id, found[i] as NewItem[]]));

  const statements = due.flatMap(({ alert, email, language, fullName }) => {
    const items = news.get(alert.id) ?? [];
    const move = db
      .update(savedSearches)
      .set({ checkedAt: new Date(now), cursor: Math.max(alert.cursor, ...items.map((item) => positionOf(alert, item))) })
      .where(eq(savedSearches.id, alert.id));
    if (items.length === 0) return [move];
    const { t } = i18nextFor(language);
    const shown = items.slice(0, DIGEST_MAX_ITEMS);
    const link = (item: NewItem) =>
      siteLink(site, alert.scope === "products" ? `/product/${item.id}` : `/trade-leads?tab=${item.leadType}#lead-${item.id}`);
    const name = describeSavedSearch(t, alert);
    const message = composeEmail(t("alerts.email.subject", { name }), [
      t("email.greeting", { name: fullName }),
      t("alerts.email.intro", { name }),
      ...shown.map((item) => ({ label: item.title, href: link(item) })),
      ...(items.length > shown.length ? [t("alerts.email.more")] : []),
      { label: t("alerts.email.manage"), href: siteLink(site, "/alerts") },
      t("email.signature"),
      ...unsubscribeBlocks(t, site),
    ]);
    return [
      queueEmail(
        db,
        {
          userId: alert.userId,
          to: email,
          language,
          kind: "trade_alert",
          ...message,
          unsubscribeTopic: `alert:${alert.id}`,
          unsubscribeUrl: unsubscribeUrl(site),
        },
        now,
      ),
      move,
    ];
  });
  const [head, ...tail] = statements;
  await db.batch([head, ...tail]);
  return due.length;
}
