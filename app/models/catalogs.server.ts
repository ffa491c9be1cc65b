import { and, count, desc, eq, gte, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { BUSINESS_KINDS, COMPANIES_PAGE_SIZE, DIRECTORY_RESPONSE_RATES, type DirectorySort, type ProfilePlan } from "~/lib/constants";
import { countryCodeOf, storedCountryNames } from "~/lib/countries";
import type { DirectoryFilters } from "~/lib/directory";
import { canSeeContactDetails, isOwner, isPaidPlan, limitsPlanOf, type Actor } from "~/lib/permissions";
import { containsText } from "~/lib/sql.server";
import { companyProductsQuery } from "~/models/listings.server";
import { reviewSummarySql } from "~/models/reviews.server";
import type { User } from "~/models/users.server";
import type { Database } from "../../db/client";
import { catalogCategories, catalogs, membershipPlans, products, profiles, users } from "../../db/schema";

// Member catalogs (spec: My Catalog, catalogs, catalog products) and the companies directory
// built from them. Owner-only functions scope by the owner's id themselves.

export interface CatalogInput {
  companyName: string;
  businessDescription?: string;
  servicesDescription?: string;
  websiteUrl?: string;
  contactEmail?: string;
  contactPhone?: string;
}

// Correlated subqueries name the outer table in full: in a query of one table Drizzle writes its
// columns bare, and a bare "id" inside the subquery would be the product's own id.
const productCount = sql<number>`(select count(*) from products p where p.catalog_id = "catalogs"."id")`.mapWith(Number);
/** What others see of a company's listings: those an admin did not hide. */
const shownProductCount =
  sql<number>`(select count(*) from products p where p.catalog_id = "catalogs"."id" and p.hidden_reason is null)`.mapWith(Number);
// The newest listing's main image: one index step per company (catalog_id, created_at).
const firstImage = sql<
  string | null
>`(select p.image_url from products p where p.catalog_id = "catalogs"."id" and p.image_url is not null and p.hidden_reason is null
  order by p.created_at desc limit 1)`;

// Plans --------------------------------------------------------------------------------------

/** The member's plan limits; without a plan row nothing may be created. */
export async function planLimits(db: Database, plan: ProfilePlan) {
  const name = limitsPlanOf(plan);
  const [row] = await db
    .select({
      displayName: membershipPlans.displayName,
      maxCatalogs: membershipPlans.maxCatalogs,
      maxProductsPerCatalog: membershipPlans.maxProductsPerCatalog,
    })
    .from(membershipPlans)
    .where(eq(membershipPlans.name, name))
    .limit(1);
  return { name, ...(row ?? { displayName: name, maxCatalogs: 0, maxProductsPerCatalog: 0 }) };
}

// My Catalog -----------------------------------------------------------------------------------

/** The member's own catalogs, newest first, with their product counts. */
export function listOwnCatalogs(db: Database, userId: string) {
  return db
    .select({
      id: catalogs.id,
      companyName: catalogs.companyName,
      businessDescription: catalogs.businessDescription,
      servicesDescription: catalogs.servicesDescription,
      websiteUrl: catalogs.websiteUrl,
      contactEmail: catalogs.contactEmail,
      contactPhone: catalogs.contactPhone,
      createdAt: catalogs.createdAt,
      hiddenReason: catalogs.hiddenReason,
      productCount,
    })
    .from(catalogs)
    .where(eq(catalogs.userId, userId))
    .orderBy(desc(catalogs.createdAt), desc(catalogs.id));
}

/** One of the member's catalogs with its product count, or null when it is not theirs. */
export async function getOwnCatalog(db: Database, userId: string, catalogId: string) {
  const [row] = await db
    .select({ id: catalogs.id, companyName: catalogs.companyName, productCount })
    .from(catalogs)
    .where(and(eq(catalogs.id, catalogId), eq(catalogs.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Creates a catalog unless the member already has `maxCatalogs`: the count and the insert are
 * one statement, so two requests at once cannot pass the limit together. Null when refused.
 */
export async function createCatalog(db: Database, user: Pick<User, "id" | "plan">, input: CatalogInput, maxCatalogs: number) {
  const id = crypto.randomUUID();
  const rows = await db.all<{ id: string }>(sql`
    insert into ${catalogs} (id, user_id, company_name, business_description, services_description, website_url, contact_email, contact_phone, is_premium, created_at)
    select ${id}, ${user.id}, ${input.companyName}, ${input.businessDescription ?? null}, ${input.servicesDescription ?? null}, ${input.websiteUrl ?? null},
      ${input.contactEmail ?? null}, ${input.contactPhone ?? null}, ${isPaidPlan(user.plan) ? 1 : 0}, ${Date.now()}
    where (select count(*) from ${catalogs} where user_id = ${user.id}) < ${maxCatalogs}
    returning id`);
  return rows[0]?.id ?? null;
}

const ownCatalogIds = (db: Database, userId: string) => db.select({ id: catalogs.id }).from(catalogs).where(eq(catalogs.userId, userId));

/**
 * Deletes the member's catalog and its listings in one batch; the listings' image URLs come back
 * for the storage clean-up. Null when it is not theirs.
 */
export async function deleteOwnCatalog(db: Database, userId: string, catalogId: string) {
  const [listings, deleted] = await db.batch([
    db
      .delete(products)
      .where(and(eq(products.catalogId, catalogId), inArray(products.catalogId, ownCatalogIds(db, userId))))
      .returning({ imageUrls: products.imageUrls }),
    db
      .delete(catalogs)
      .where(and(eq(catalogs.id, catalogId), eq(catalogs.userId, userId)))
      .returning({ id: catalogs.id }),
  ]);
  return deleted.length > 0 ? { imageUrls: listings.flatMap((l) => l.imageUrls) } : null;
}

// The companies directory ----------------------------------------------------------------------

/** LIKE's wildcards in a search term match themselves. */
const nameMatches = (term: string): SQL | undefined => (term ? containsText(catalogs.companyName, term) : undefined);

const verifiedNow = sql`(${catalogs.verifiedSince} is not null)`;
/**
 * The directory's orders, each served by its index (migration directory_filters), ending in the
 * id so that pages never overlap. Best match: verified companies first (DECISIONS: only an admin's
 * check of documents makes one), then the share of requests answered within a day (new suppliers,
 * without a rate, last), then how many listings buyers can see, then the newest company.
 */
const DIRECTORY_ORDER: Record<DirectorySort, SQL[]> = {
  best: [sql`${verifiedNow} desc`, desc(catalogs.responseRate), desc(catalogs.listingCount), desc(catalogs.id)],
  response_rate: [desc(catalogs.responseRate), desc(catalogs.listingCount), desc(catalogs.id)],
  newest: [desc(catalogs.createdAt), desc(catalogs.id)],
};

/** Companies that sell in the category (an index step per match, from catalog_categories). */
const inCategory = (category: string) =>
  inArray(
    catalogs.id,
    sql`(select ${catalogCategories.catalogId} from ${catalogCategories} where ${catalogCategories.category} = ${category})`,
  );

// In a batch D1 answers rows by column name: each count is named, or counts of the same SQL collide.
const countIf = (name: string, condition: SQL | undefined) =>
  sql<number>`count(*) filter (where ${condition ?? sql`1`})`.mapWith(Number).as(name);

/**
 * A page of the companies directory (every company but the hidden) with the filters' counts, in
 * one batch: the page, then each option's count among the companies the other filters leave
 * (choosing a country widens the other countries' counts, as a buyer ticking a second one expects).
 */
export async function listDirectory(db: Database, filters: DirectoryFilters, page: number) {
  // A literal 0, not a bound false: the directory's indexes hold only the shown companies (`hidden = 0`).
  const base = and(sql`${catalogs.hidden} = 0`, nameMatches(filters.search));
  const names = filters.countries.flatMap(storedCountryNames);
  const is = {
    country: filters.countries.length ? inArray(catalogs.country, names) : undefined,
    verified: filters.verified ? verifiedNow : undefined,
    businessType: filters.businessType ? eq(catalogs.businessType, filters.businessType) : undefined,
    category: filters.category ? inCategory(filters.category) : undefined,
    responseRate: filters.responseRate ? gte(catalogs.responseRate, filters.responseRate) : undefined,
  };
  const [items, [counts], countryRows, categoryRows] = await db.batch([
    db
      .select({
        id: catalogs.id,
        companyName: catalogs.companyName,
        businessDescription: catalogs.businessDescription,
        country: catalogs.country,
        productCount: catalogs.listingCount,
        imageUrl: firstImage,
        responseRate: catalogs.responseRate,
        responseMinutes: catalogs.responseMinutes,
        businessType: catalogs.businessType,
        verifiedSince: catalogs.verifiedSince,
        verifiedUntil: catalogs.verifiedUntil,
        ...reviewSummarySql,
      })
      .from(catalogs)
      .where(and(base, ...Object.values(is)))
      .orderBy(...DIRECTORY_ORDER[filters.sort])
      .limit(COMPANIES_PAGE_SIZE)
      .offset((page - 1) * COMPANIES_PAGE_SIZE),
    // The total and the one-value filters' counts, from one pass over what country and category leave.
    db
      .select({
        total: countIf("total", and(is.verified, is.businessType, is.responseRate)),
        verified: countIf("verified", and(verifiedNow, is.businessType, is.responseRate)),
        ...Object.fromEntries(
          BUSINESS_KINDS.map((kind) => [kind, countIf(kind, and(eq(catalogs.businessType, kind), is.verified, is.responseRate))]),
        ),
        ...Object.fromEntries(
          DIRECTORY_RESPONSE_RATES.map((rate) => [
            `rate${rate}`,
            countIf(`rate${rate}`, and(gte(catalogs.responseRate, rate), is.verified, is.businessType)),
          ]),
        ),
      })
      .from(catalogs)
      .where(and(base, is.country, is.category)),
    db
      .select({ country: catalogs.country, n: count().as("n") })
      .from(catalogs)
      .where(and(base, isNotNull(catalogs.country), is.verified, is.businessType, is.category, is.responseRate))
      .groupBy(catalogs.country),
    // A cross join keeps this order (SQLite does not reorder it): the companies from their index,
    // then each one's categories by its key, rather than every category row and its company.
    db
      .select({ category: catalogCategories.category, n: count().as("n") })
      .from(catalogs)
      .crossJoin(catalogCategories)
      .where(and(eq(catalogCategories.catalogId, catalogs.id), base, is.country, is.verified, is.businessType, is.responseRate))
      .groupBy(catalogCategories.category),
  ]);
  const byCode = new Map<string, number>();
  for (const { country, n } of countryRows) {
    const code = country && countryCodeOf(country);
    if (code) byCode.set(code, (byCode.get(code) ?? 0) + n);
  }
  const total = counts.total;
  return {
    items,
    total,
    counts: {
      countries: [...byCode].map(([code, n]) => ({ code, n })),
      verified: counts.verified,
      businessTypes: BUSINESS_KINDS.map((kind) => ({ kind, n: Number((counts as Record<string, number>)[kind]) })),
      responseRates: DIRECTORY_RESPONSE_RATES.map((rate) => ({ rate, n: Number((counts as Record<string, number>)[`rate${rate}`]) })),
      categories: categoryRows.map(({ category, n }) => ({ category, n })),
    },
  };
}

/**
 * A company's page: the company (catalog) with its owner's country, or null, and a page of its
 * shown listings, newest first, in one batch.
 */
export async function getCompanyPage(db: Database, catalogId: string, page: number, pageSize: number) {
  const [[company], listings] = await db.batch([
    db
      .select({
        id: catalogs.id,
        userId: catalogs.userId,
        companyName: catalogs.companyName,
        businessDescription: catalogs.businessDescription,
        servicesDescription: catalogs.servicesDescription,
        websiteUrl: catalogs.websiteUrl,
        contactEmail: catalogs.contactEmail,
        contactPhone: catalogs.contactPhone,
        isPremium: catalogs.isPremium,
        createdAt: catalogs.createdAt,
        hiddenReason: catalogs.hiddenReason,
        country: profiles.country,
        productCount: shownProductCount,
        responseRate: catalogs.responseRate,
        responseMinutes: catalogs.responseMinutes,
        businessType: catalogs.businessType,
        verifiedSince: catalogs.verifiedSince,
        verifiedUntil: catalogs.verifiedUntil,
        // In a batch D1 answers rows by column name: the owner's columns are named apart from the company's.
        ownerEmailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`.as("owner_email_verified"),
        memberSince: sql<number>`${users.createdAt}`.as("owner_member_since"),
      })
      .from(catalogs)
      .leftJoin(profiles, eq(profiles.id, catalogs.userId))
      .leftJoin(users, eq(users.id, catalogs.userId))
      // A company hidden by an admin is read for its owner and admins (the caller asks canSeeContent).
      .where(and(eq(catalogs.id, catalogId), or(eq(catalogs.hidden, false), isNotNull(catalogs.hiddenReason))))
      .limit(1),
    companyProductsQuery(db, catalogId, page, pageSize),
  ]);
  return company ? { company, listings } : null;
}

/** The companies for the sitemap, newest first. */
export function listCompanyIdsForSitemap(db: Database, limit: number) {
  // rowid order (newest insert first) needs no sort over the whole table.
  return db
    .select({ id: catalogs.id, createdAt: catalogs.createdAt })
    .from(catalogs)
    .where(eq(catalogs.hidden, false))
    .orderBy(sql`${catalogs}.rowid desc`)
    .limit(limit);
}

type Company = NonNullable<Awaited<ReturnType<typeof getCompanyPage>>>["company"];

/**
 * Who receives a company's contact e-mail and phone: as on trade leads, paid members, admins and
 * the owner. For everyone else they are left out of the data, not hidden in the page.
 */
export function companyForViewer(
  actor: Actor,
  { userId, contactEmail, contactPhone, ownerEmailVerified, memberSince, ...company }: Company,
) {
  const own = isOwner(actor, userId);
  const visible = canSeeContactDetails(actor, userId);
  const facts = {
    emailVerified: !!ownerEmailVerified,
    domainMatches: domainsMatch(company.websiteUrl, contactEmail),
    profileComplete: [
      company.businessDescription,
      company.servicesDescription,
      company.websiteUrl,
      contactEmail,
      contactPhone,
      company.country,
    ].every((v) => !!v?.trim()),
    memberSince,
  };
  return { ...company, own, facts, contactHidden: !visible, ...(visible ? { contactEmail, contactPhone } : {}) };
}

/**
 * Whether the website's domain is the contact e-mail's (or one is a subdomain of the other),
 * compared as text: nothing is fetched, so it says the two agree, not that either is real.
 */
function domainsMatch(websiteUrl: string | null, contactEmail: string | null) {
  if (!websiteUrl || !contactEmail?.includes("@")) return false;
  let host: string;
  try {
    host = new URL(websiteUrl).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return false;
  }
  const domain = contactEmail.split("@").pop()!.toLowerCase();
  return host === domain || host.endsWith(`.${domain}`) || domain.endsWith(`.${host}`);
}
