import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
// The lists the product's rules name (kinds, reasons, types): one place, which the columns check against.
import {
  ARTICLE_KINDS,
  BUSINESS_KINDS,
  INCOTERMS,
  LANGUAGE_CODES,
  NOTIFICATION_KINDS,
  PRODUCT_UNIT_NAMES,
  REPORT_REASONS,
  REPORT_TARGETS,
  type PaymentTerm,
} from "../app/lib/constants";
import type { NotificationData } from "../app/lib/notifications";
import type { PriceTier, SpecificationRow } from "../app/lib/trade-terms";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
// Rows written through drizzle get millisecond times (the SQL default has whole seconds only).
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`)
    .$defaultFn(() => new Date());
const flag = (name: string, value: boolean) => integer(name, { mode: "boolean" }).notNull().default(value);

// Accounts --------------------------------------------------------------------------------

export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    /** When the member opened the verification link sent to this address; null until then. */
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
    /** Set by an admin acting on reports: no sign-in, and the member's listings, leads and companies are hidden. */
    suspendedAt: integer("suspended_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    // The few suspended members, whose leads the board leaves out.
    index("users_suspended_idx")
      .on(t.id)
      .where(sql`${t.suspendedAt} is not null`),
  ],
);

export const profiles = sqliteTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    companyName: text("company_name"),
    mobileNumber: text("mobile_number"),
    country: text("country"),
    businessType: text("business_type"),
    businessActivity: text("business_activity"),
    position: text("position"),
    numberOfEmployees: text("number_of_employees"),
    annualTurnover: text("annual_turnover"),
    address: text("address"),
    membershipPlan: text("membership_plan").notNull().default("free"),
    /** The language e-mails to the member are written in: the one they signed up in. */
    language: text("language").notNull().default("en"),
    /** When the member's last notification digest was written: at most one a day. */
    digestSentAt: integer("digest_sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("profiles_plan_idx").on(t.membershipPlan),
    // Message recipients (members whose plan is not free) by name, read in order up to the list's cap.
    index("profiles_paid_name_idx")
      .on(t.fullName, t.id)
      .where(sql`${t.membershipPlan} <> 'free'`),
  ],
);

/** A visitor's server session: the cookie carries only this row's random id. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    isAdmin: flag("is_admin", false),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const membershipPlans = sqliteTable("membership_plans", {
  id: id(),
  name: text("name").notNull().unique(),
  displayName: text("display_name").notNull(),
  priceMonthly: real("price_monthly").notNull().default(0),
  priceYearly: real("price_yearly").notNull().default(0),
  features: text("features", { mode: "json" }).$type<unknown>(),
  maxCatalogs: integer("max_catalogs").notNull(),
  maxProductsPerCatalog: integer("max_products_per_catalog").notNull(),
  prioritySupport: flag("priority_support", false),
  featured: flag("featured", false),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const planUpgradeRequests = sqliteTable(
  "plan_upgrade_requests",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestedPlan: text("requested_plan").notNull(),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("upgrade_status_idx").on(t.status, t.createdAt), index("upgrade_user_idx").on(t.userId)],
);

// Products and content ---------------------------------------------------------------------

/**
 * A listing: one row whatever made it (the seed, My Catalog), read by search, the category
 * pages, the home strips, the product page, the company page and the sitemap. Every product
 * belongs to a company (a catalog owned by a member); `companyName` and `country` are that
 * company's, copied here for search and lists and kept in step by triggers (migration 0014).
 */
export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Set for every product; nullable only because SQLite cannot add a required column in place.
    catalogId: text("catalog_id").references((): AnySQLiteColumn => catalogs.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    category: text("category").notNull(),
    description: text("description"),
    /** The unit price, or the lowest of a range (`priceMax`); null: price on request. */
    price: real("price"),
    priceMax: real("price_max"),
    currency: text("currency").notNull().default("USD"),
    /** The main image: the first of `imageUrls`. */
    imageUrl: text("image_url"),
    imageUrls: text("image_urls", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** Legacy free text, superseded by `unit` and `moq` (migration terms_parse, which kept what did not parse in `tradeNotes`); nothing reads it. */
    minimumOrder: text("minimum_order"),
    /** Rows of name and value, in the supplier's order (at most SPECIFICATION_ROWS_MAX); null: none. */
    specifications: text("specifications", { mode: "json" }).$type<SpecificationRow[]>(),
    companyName: text("company_name"),
    country: text("country"),
    /** Set when an admin hides it after reports (the reason reported): gone for everyone but admins and its author. */
    hiddenReason: text("hidden_reason", { enum: REPORT_REASONS }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
    // Trade terms (issue 39). `price` and `priceMax` are the lowest and highest unit price of the
    // tiers (priceMax null with one tier), so lists show the range without reading the tiers.
    /** What the MOQ, the tiers and the supply are counted in. */
    unit: text("unit", { enum: PRODUCT_UNIT_NAMES }).notNull().default("piece"),
    /** The minimum order, in the unit. */
    moq: integer("moq").notNull().default(1),
    /** Up to PRICE_TIERS_MAX breaks in ascending `from` (the first from the MOQ); empty: price on request. */
    priceTiers: text("price_tiers", { mode: "json" })
      .$type<PriceTier[]>()
      .notNull()
      .default(sql`'[]'`),
    /** The lowest unit price in US dollars at the current rates, for filters and sorting; null: price on request. */
    priceUsd: real("price_usd"),
    /** Days from order to shipping: a number (max null) or a range. */
    leadTimeMin: integer("lead_time_min"),
    leadTimeMax: integer("lead_time_max"),
    samples: flag("samples", false),
    /** A sample's price in the listing's currency; null with samples: free. */
    samplePrice: real("sample_price"),
    /** How much the supplier can ship a month, in the unit. */
    supplyPerMonth: integer("supply_per_month"),
    portOfLoading: text("port_of_loading"),
    paymentTerms: text("payment_terms", { mode: "json" })
      .$type<PaymentTerm[]>()
      .notNull()
      .default(sql`'[]'`),
    /** The Incoterms the supplier offers (INCOTERMS). */
    incoterms: text("incoterms", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** Free text that did not parse into terms when they were introduced (minimum orders, specifications). */
    tradeNotes: text("trade_notes"),
    /**
     * The supplier's signals that best match weighs (1: verified, 2: answers ≥ 80 % of requests,
     * 4: ≥ 90 %), copied from its company by triggers (migration 0034) so a search reads one row per match.
     */
    supplierSignals: integer("supplier_signals").notNull().default(0),
    // Languages (issue 40).
    /** The language the supplier wrote the listing in (chosen, not assumed); language versions are in product_translations. */
    originalLocale: text("original_locale", { enum: LANGUAGE_CODES }).notNull().default("en"),
    /**
     * What the search index holds beyond the title, category, description and company name: the
     * specifications, every language version, and Chinese and Japanese text as one- and
     * two-character terms (app/lib/search-text.ts builds it whenever one of those changes).
     */
    searchText: text("search_text"),
  },
  (t) => [
    index("products_created_idx").on(t.createdAt),
    // Lists leave out the few hidden listings: read once per query, from here.
    index("products_hidden_idx")
      .on(t.id)
      .where(sql`${t.hiddenReason} is not null`),
    index("products_category_created_idx").on(t.category, t.createdAt),
    index("products_catalog_created_idx").on(t.catalogId, t.createdAt),
    // Price and MOQ sorts without a search (docs/decisions/0032-search-filters-and-best-match.md):
    // price low to high walks the expression (price on request last), high to low walks price_usd
    // backwards (its nulls come last that way), each across the catalog or within a category.
    index("products_price_asc_idx").on(sql`ifnull(${t.priceUsd}, 1e308)`),
    index("products_category_price_asc_idx").on(t.category, sql`ifnull(${t.priceUsd}, 1e308)`),
    index("products_price_idx").on(t.priceUsd),
    index("products_category_price_idx").on(t.category, t.priceUsd),
    index("products_moq_idx").on(t.moq),
    index("products_category_moq_idx").on(t.category, t.moq),
  ],
);

/**
 * The distinct product categories with their product counts, kept by triggers (migration
 * 0003): the category filter is a contains-match, which no index can serve on a million
 * products, so it runs against this short list instead.
 */
/**
 * What one US dollar buys in each currency, as an admin last set it (seeded with fixed rates),
 * and the day the rate is from, which pages show beside a conversion.
 */
export const exchangeRates = sqliteTable("exchange_rates", {
  currency: text("currency").primaryKey(),
  perUsd: real("per_usd").notNull(),
  asOf: text("as_of").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/**
 * A rate changed: the listings in its currency get their USD price again, by the scheduled work, a
 * range of ids at a time (`afterId`: done up to that id). `generation` moves on with every change
 * of the rate, so a run that began before it cannot move the cursor of the new one.
 */
export const priceRecomputes = sqliteTable("price_recomputes", {
  currency: text("currency").primaryKey(),
  afterId: integer("after_id").notNull().default(0),
  generation: integer("generation").notNull().default(1),
  requestedAt: integer("requested_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * A listing in another language than its original, written by its supplier (or an admin), or by
 * machine translation when Workers AI is bound (`machine`): only the languages that differ from
 * `products.original_locale`.
 */
export const productTranslations = sqliteTable(
  "product_translations",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    locale: text("locale", { enum: LANGUAGE_CODES }).notNull(),
    title: text("title").notNull(),
    description: text("description"),
    /** The specification rows with their names (and values) in this language, in the original's order. */
    specifications: text("specifications", { mode: "json" }).$type<SpecificationRow[]>(),
    machine: flag("machine", false),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [primaryKey({ columns: [t.productId, t.locale] })],
);

export const productCategories = sqliteTable("product_categories", {
  name: text("name").primaryKey(),
  productCount: integer("product_count").notNull().default(0),
});

export const cmsContent = sqliteTable(
  "cms_content",
  {
    id: id(),
    sectionKey: text("section_key").notNull(),
    title: text("title"),
    subtitle: text("subtitle"),
    content: text("content"),
    imageUrl: text("image_url"),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>(),
    isActive: flag("is_active", true),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [uniqueIndex("cms_content_section_idx").on(t.sectionKey)],
);

/**
 * Blog posts and trade-news articles: one model, told apart by `kind`. A blog post has a slug (its
 * address under /blog/; posts written before slugs existed are found by id); a news article is
 * found by id under /news/. Drafts (not published) are for admins only.
 */
export const articles = sqliteTable(
  "articles",
  {
    id: id(),
    kind: text("kind", { enum: ARTICLE_KINDS }).notNull(),
    slug: text("slug"),
    title: text("title").notNull(),
    excerpt: text("excerpt"),
    content: text("content"),
    category: text("category"),
    imageUrl: text("image_url"),
    author: text("author").notNull().default("Admin"),
    readMinutes: integer("read_minutes").notNull().default(5),
    isPublished: flag("is_published", false),
    publishDate: integer("publish_date", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
    createdAt: createdAt(),
  },
  (t) => [index("articles_kind_published_date_idx").on(t.kind, t.isPublished, t.publishDate), uniqueIndex("articles_slug_idx").on(t.slug)],
);

// Managed content in the other languages. The rows above are the English originals; a translation
// row is one language's version of one row's texts, keyed by (row, language), and a field left
// null shows the original's. Translations go with their row.

const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`)
    .$defaultFn(() => new Date());

export const cmsContentTranslations = sqliteTable(
  "cms_content_translations",
  {
    contentId: text("content_id")
      .notNull()
      .references(() => cmsContent.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    title: text("title"),
    subtitle: text("subtitle"),
    content: text("content"),
    /** Texts kept in the original's metadata (the hero's button labels), key by key. */
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.language] })],
);

export const articleTranslations = sqliteTable(
  "article_translations",
  {
    articleId: text("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    title: text("title"),
    excerpt: text("excerpt"),
    content: text("content"),
    category: text("category"),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.language] })],
);

// Member catalogs ---------------------------------------------------------------------------

export const catalogs = sqliteTable(
  "catalogs",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyName: text("company_name").notNull(),
    businessDescription: text("business_description"),
    servicesDescription: text("services_description"),
    websiteUrl: text("website_url"),
    contactEmail: text("contact_email"),
    contactPhone: text("contact_phone"),
    isPremium: flag("is_premium", false),
    /**
     * Kept as requests arrive and are answered (never computed for a page view): the share of
     * requests answered within 24 hours over 30 days, in percent, and the median minutes to a
     * first answer over 90 days. Null: no request to judge by yet ('New supplier').
     */
    responseRate: integer("response_rate"),
    responseMinutes: integer("response_minutes"),
    /** What the company is, as its supplier says: manufacturer, trading company, distributor, service provider. */
    businessType: text("business_type", { enum: BUSINESS_KINDS }),
    /**
     * Set when an admin approves the company's documents: since when it has been verified (kept
     * across renewals), and until when. Cleared by the scheduled run when it lapses.
     */
    verifiedSince: integer("verified_since", { mode: "timestamp_ms" }),
    verifiedUntil: integer("verified_until", { mode: "timestamp_ms" }),
    /**
     * Its owner is suspended (no `hiddenReason`), or an admin hid it after reports (`hiddenReason`):
     * the company and its listings are gone for everyone but admins (and, when hidden, its owner).
     */
    hidden: flag("hidden", false),
    hiddenReason: text("hidden_reason", { enum: REPORT_REASONS }),
    createdAt: createdAt(),
    /** The owner's country (`profiles.country`, its English name), copied by triggers for the directory's filters (migration directory_sync). */
    country: text("country"),
    /** How many of its listings others see (not hidden by an admin), kept by triggers on products: the directory's best order. */
    listingCount: integer("listing_count").notNull().default(0),
    /** The language its descriptions were written in; versions in others are in catalog_translations. */
    originalLocale: text("original_locale", { enum: LANGUAGE_CODES }).notNull().default("en"),
  },
  (t) => [
    index("catalogs_user_created_idx").on(t.userId, t.createdAt),
    // The companies directory (listDirectory): its filters and counts read the first index alone,
    // each sort has one that gives its order. Only the shown companies: the query says `hidden = 0`
    // (SQLite still reads `hidden` from a partial index, so the two that counts scan hold it too).
    index("catalogs_directory_facets_idx")
      .on(t.country, t.businessType, t.responseRate, t.verifiedSince, t.id, t.hidden)
      .where(sql`${t.hidden} = 0`),
    index("catalogs_directory_best_idx")
      .on(sql`(${t.verifiedSince} is not null)`, t.responseRate, t.listingCount, t.id)
      .where(sql`${t.hidden} = 0`),
    index("catalogs_directory_rate_idx")
      .on(t.responseRate, t.listingCount, t.id)
      .where(sql`${t.hidden} = 0`),
    index("catalogs_directory_newest_idx")
      .on(t.createdAt, t.id, t.hidden)
      .where(sql`${t.hidden} = 0`),
    // Lists leave out the few hidden companies' listings: read once per query, from here.
    index("catalogs_hidden_idx")
      .on(t.id)
      .where(sql`${t.hidden} = 1`),
    // The scheduled run finds the verifications that lapse.
    index("catalogs_verified_until_idx")
      .on(t.verifiedUntil)
      .where(sql`${t.verifiedUntil} is not null`),
    // The companies directory lists catalogs by name, case-insensitively.
    index("catalogs_name_idx").on(sql`${t.companyName} collate nocase`, t.id),
  ],
);

/** A company profile's descriptions in another language than its original (as product_translations). */
export const catalogTranslations = sqliteTable(
  "catalog_translations",
  {
    catalogId: text("catalog_id")
      .notNull()
      .references(() => catalogs.id, { onDelete: "cascade" }),
    locale: text("locale", { enum: LANGUAGE_CODES }).notNull(),
    businessDescription: text("business_description"),
    servicesDescription: text("services_description"),
    machine: flag("machine", false),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [primaryKey({ columns: [t.catalogId, t.locale] })],
);

/**
 * The categories a company sells in (those of its listings others see) and how many listings in
 * each, kept by triggers on products (migration directory_sync): the directory filters by them.
 */
export const catalogCategories = sqliteTable(
  "catalog_categories",
  {
    catalogId: text("catalog_id")
      .notNull()
      .references(() => catalogs.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    listingCount: integer("listing_count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.catalogId, t.category] }), index("catalog_categories_category_idx").on(t.category, t.catalogId)],
);

// Trade leads and admin imports ------------------------------------------------------------

/** Active leads per type, kept by triggers on trade_leads (migration 0005); the board reads these. */
export const tradeLeadCounts = sqliteTable("trade_lead_counts", {
  leadType: text("lead_type", { enum: ["buy", "sell"] }).primaryKey(),
  activeCount: integer("active_count").notNull().default(0),
});

export const tradeLeads = sqliteTable(
  "trade_leads",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    leadType: text("lead_type", { enum: ["buy", "sell"] })
      .notNull()
      .default("buy"),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category"),
    quantity: text("quantity"),
    location: text("location"),
    contactInfo: text("contact_info"),
    isActive: flag("is_active", true),
    /** Set when an admin hides it after reports (the reason reported): gone for everyone but admins and its author. */
    hiddenReason: text("hidden_reason", { enum: REPORT_REASONS }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
    // A structured buy request (issue 41); sell offers leave these null.
    /** How much, in `unit` (the listings' units). */
    quantityValue: real("quantity_value"),
    unit: text("unit", { enum: PRODUCT_UNIT_NAMES }),
    /** The unit price the buyer has in mind, in `targetCurrency`; null: none given. */
    targetPrice: real("target_price"),
    targetCurrency: text("target_currency"),
    /** Where the goods go: a country (its English name, as profiles.country) and a port. */
    destinationCountry: text("destination_country"),
    destinationPort: text("destination_port"),
    incoterm: text("incoterm", { enum: INCOTERMS }),
    /** Quotes are wanted by this time; the request closes itself then. */
    quotesWantedBy: integer("quotes_wanted_by", { mode: "timestamp_ms" }),
    /** Why it no longer takes quotes (null: open): its deadline passed, or the buyer accepted a quote. */
    closedReason: text("closed_reason", { enum: ["deadline", "accepted"] }),
    /** Tell only verified suppliers, and only suppliers in these countries (empty: any). */
    verifiedOnly: flag("verified_only", false),
    supplierCountries: text("supplier_countries", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** How many suppliers were told when it was posted, and how many quotes it has received. */
    suppliersTold: integer("suppliers_told").notNull().default(0),
    quoteCount: integer("quote_count").notNull().default(0),
  },
  (t) => [
    index("trade_leads_active_created_idx").on(t.isActive, t.createdAt),
    index("trade_leads_active_type_created_idx").on(t.isActive, t.leadType, t.createdAt),
    index("trade_leads_user_created_idx").on(t.userId, t.createdAt),
  ],
);

export const uploadedFiles = sqliteTable(
  "uploaded_files",
  {
    id: id(),
    // Null for an upload made through the admin gate without an account (migration 0009).
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    filename: text("filename").notNull(),
    fileType: text("file_type").notNull(),
    fileSize: integer("file_size").notNull(),
    fileUrl: text("file_url").notNull(),
    /** The R2 key in admin-uploads: `{userId or 'admin'}/{timestamp}.{ext}`, never the filename. */
    objectKey: text("object_key").notNull(),
    uploadDate: integer("upload_date", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
    status: text("status").notNull().default("uploaded"),
  },
  (t) => [index("uploaded_files_date_idx").on(t.uploadDate)],
);

/**
 * Objects being written to R2 whose row is not written yet: a key is claimed here before its
 * object is stored, and released in the same batch as the row that refers to it (a product, an
 * upload). What a crash leaves claimed, the scheduled sweep deletes, object and claim.
 */
export const pendingObjects = sqliteTable(
  "pending_objects",
  {
    bucket: text("bucket", { enum: ["catalog-images", "admin-uploads", "verification-documents"] }).notNull(),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] }), index("pending_objects_created_idx").on(t.createdAt)],
);

export const leads = sqliteTable(
  "leads",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    companyName: text("company_name").notNull(),
    contactName: text("contact_name"),
    email: text("email"),
    phone: text("phone"),
    country: text("country"),
    industry: text("industry"),
    status: text("status"),
    notes: text("notes"),
    createdAt: createdAt(),
  },
  (t) => [
    index("leads_created_idx").on(t.createdAt),
    // An import looks for leads of earlier imports with the same company name and e-mail, ignoring
    // case (lead-imports.server.ts): the index has the very expressions and collation it compares.
    index("leads_company_email_idx").on(sql`${t.companyName} collate nocase`, sql`coalesce(${t.email}, '') collate nocase`, t.createdAt),
  ],
);

// Forum and private messages ---------------------------------------------------------------

export const forumCategories = sqliteTable(
  "forum_categories",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description"),
    sortOrder: integer("sort_order").notNull().default(0),
    isActive: flag("is_active", true),
  },
  (t) => [index("forum_categories_active_sort_idx").on(t.isActive, t.sortOrder)],
);

export const forumTopics = sqliteTable(
  "forum_topics",
  {
    id: id(),
    categoryId: text("category_id")
      .notNull()
      .references(() => forumCategories.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    isPinned: flag("is_pinned", false),
    isLocked: flag("is_locked", false),
    repliesCount: integer("replies_count").notNull().default(0),
    viewsCount: integer("views_count").notNull().default(0),
    /** Set when an admin hides it after reports (the reason reported): gone for everyone but admins and its author. */
    hiddenReason: text("hidden_reason", { enum: REPORT_REASONS }),
    createdAt: createdAt(),
    /** The topic's creation or its newest reply, written in the same batch as the reply. */
    lastActivityAt: integer("last_activity_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`0`)
      .$defaultFn(() => new Date()),
  },
  (t) => [
    index("forum_topics_category_order_idx").on(t.categoryId, t.isPinned, t.createdAt),
    // Covers the category list's topic counts and latest activity.
    index("forum_topics_category_activity_idx").on(t.categoryId, t.lastActivityAt),
    // The few topics an admin hid, counted apart per category.
    index("forum_topics_hidden_idx")
      .on(t.categoryId)
      .where(sql`${t.hiddenReason} is not null`),
  ],
);

export const forumReplies = sqliteTable(
  "forum_replies",
  {
    id: id(),
    topicId: text("topic_id")
      .notNull()
      .references(() => forumTopics.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    /** Set when an admin hides it after reports (the reason reported): gone for everyone but admins and its author. */
    hiddenReason: text("hidden_reason", { enum: REPORT_REASONS }),
    createdAt: createdAt(),
  },
  (t) => [index("forum_replies_topic_created_idx").on(t.topicId, t.createdAt)],
);

export const privateMessages = sqliteTable(
  "private_messages",
  {
    id: id(),
    senderId: text("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    receiverId: text("receiver_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    content: text("content").notNull(),
    isRead: flag("is_read", false),
    /** Set when an admin hides it after reports (the reason reported): gone for everyone but admins and its author. */
    hiddenReason: text("hidden_reason", { enum: REPORT_REASONS }),
    createdAt: createdAt(),
  },
  (t) => [
    index("private_messages_sender_created_idx").on(t.senderId, t.createdAt),
    index("private_messages_receiver_created_idx").on(t.receiverId, t.createdAt),
    // The unread badge counts only unread rows.
    index("private_messages_receiver_unread_idx")
      .on(t.receiverId)
      .where(sql`${t.isRead} = 0`),
  ],
);

// Cart, requests for quotation, contact -------------------------------------------------------

export const carts = sqliteTable(
  "carts",
  {
    id: id(),
    userId: text("user_id")
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  // The sweeper finds abandoned guest carts (no owner, not updated for GUEST_CART_DAYS) here.
  (t) => [
    index("carts_guest_updated_idx")
      .on(t.updatedAt)
      .where(sql`user_id IS NULL`),
  ],
);

export const cartItems = sqliteTable(
  "cart_items",
  {
    id: id(),
    cartId: text("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    // No foreign key: a line whose product was removed stays until the cart is next shown,
    // so the buyer can be told it dropped out.
    productId: integer("product_id").notNull(),
    quantity: integer("quantity").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("cart_items_cart_product_idx").on(t.cartId, t.productId)],
);

export const inquiries = sqliteTable(
  "inquiries",
  {
    id: id(),
    /** The buyer: a member, or null for a guest (who typed a name and e-mail). */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name"),
    email: text("email"),
    message: text("message").notNull(),
    source: text("source", { enum: ["contact_supplier", "request_quote", "checkout", "trade_lead"] }).notNull(),
    status: text("status", { enum: ["new", "quoted", "accepted", "declined", "expired", "closed"] })
      .notNull()
      .default("new"),
    /** The supplier addressed: the company (catalog) and its owner, who answers. */
    catalogId: text("catalog_id").references(() => catalogs.id, { onDelete: "set null" }),
    supplierId: text("supplier_id").references(() => users.id, { onDelete: "set null" }),
    /** The buyer's reference: a cart of several suppliers is one request per supplier under one group. */
    groupId: text("group_id").notNull().default(""),
    /** A quote on a buy trade lead: its lead (the need the quotes compete for). */
    tradeLeadId: text("trade_lead_id").references(() => tradeLeads.id, { onDelete: "set null" }),
    supplierReadAt: integer("supplier_read_at", { mode: "timestamp_ms" }),
    /** The supplier's first answer (a quote or a decline), for the response rate. */
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }),
    declineReason: text("decline_reason"),
    /**
     * A visitor's request waits until they confirm it from their e-mail: the SHA-256 of the link's
     * token (used once; the link dies REQUEST_CONFIRM_TTL_MS after `created_at`). Until then the
     * request names no supplier (`supplier_id` is null), so no supplier's inbox, count or
     * notification can see it; confirming sets the supplier and clears this.
     */
    confirmTokenHash: text("confirm_token_hash"),
    createdAt: createdAt(),
  },
  (t) => [
    index("inquiries_confirm_token_idx").on(t.confirmTokenHash),
    index("inquiries_user_created_idx").on(t.userId, t.createdAt),
    index("inquiries_created_idx").on(t.createdAt),
    index("inquiries_status_created_idx").on(t.status, t.createdAt),
    index("inquiries_supplier_created_idx").on(t.supplierId, t.createdAt),
    index("inquiries_supplier_unread_idx").on(t.supplierId, t.supplierReadAt),
    index("inquiries_catalog_created_idx").on(t.catalogId, t.createdAt),
    index("inquiries_group_idx").on(t.groupId),
    uniqueIndex("inquiries_lead_supplier_idx").on(t.tradeLeadId, t.supplierId),
  ],
);

export const inquiryLines = sqliteTable(
  "inquiry_lines",
  {
    id: id(),
    inquiryId: text("inquiry_id")
      .notNull()
      .references(() => inquiries.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: real("unit_price"),
    currency: text("currency").notNull().default("USD"),
  },
  (t) => [index("inquiry_lines_inquiry_idx").on(t.inquiryId)],
);

/** A supplier's answer to a request: one per request, revised at most once before the buyer decides. */
export const quotes = sqliteTable(
  "quotes",
  {
    id: id(),
    inquiryId: text("inquiry_id")
      .notNull()
      .references(() => inquiries.id, { onDelete: "cascade" }),
    currency: text("currency").notNull(),
    /** The unit price of each line of the request: [{ lineId, unitPrice }]. */
    unitPrices: text("unit_prices", { mode: "json" }).$type<{ lineId: string; unitPrice: number }[]>().notNull(),
    /** Unit prices times the requested quantities, for comparing quotes. */
    total: real("total").notNull(),
    minimumOrder: integer("minimum_order").notNull(),
    leadTimeDays: integer("lead_time_days").notNull(),
    incoterm: text("incoterm").notNull(),
    paymentTerms: text("payment_terms").notNull(),
    validUntil: integer("valid_until", { mode: "timestamp_ms" }).notNull(),
    message: text("message"),
    status: text("status", { enum: ["sent", "accepted", "not_chosen", "declined"] })
      .notNull()
      .default("sent"),
    revisions: integer("revisions").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("quotes_inquiry_idx").on(t.inquiryId)],
);

/** The thread on a request: buyer and supplier write to each other, whatever their plans. */
export const inquiryMessages = sqliteTable(
  "inquiry_messages",
  {
    id: id(),
    inquiryId: text("inquiry_id")
      .notNull()
      .references(() => inquiries.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    /** Set when an admin hides it after reports (the reason reported): gone for everyone but admins and its author. */
    hiddenReason: text("hidden_reason", { enum: REPORT_REASONS }),
    createdAt: createdAt(),
  },
  (t) => [index("inquiry_messages_inquiry_created_idx").on(t.inquiryId, t.createdAt)],
);

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    companyName: text("company_name"),
    phone: text("phone"),
    country: text("country"),
    businessActivity: text("business_activity", { enum: ["buyer", "supplier"] })
      .notNull()
      .default("buyer"),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

// Analytics and abuse control ------------------------------------------------------------------

export const pageViews = sqliteTable(
  "page_views",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    path: text("path").notNull(),
    visitorHash: text("visitor_hash").notNull(),
    device: text("device", { enum: ["desktop", "mobile", "tablet"] }).notNull(),
    country: text("country"),
    createdAt: createdAt(),
  },
  (t) => [index("page_views_created_idx").on(t.createdAt), index("page_views_created_path_idx").on(t.createdAt, t.path)],
);

// Daily rollups of page_views, so the dashboard reads a few hundred rows for 90 days instead of
// every view. Views are folded into them in bulk, after they are written: at least
// once a minute while views arrive, and before the dashboard reads (app/models/analytics.server.ts).
// Days are UTC dates ('2026-11-23'); a visitor is a daily-salted hash, so a visitor-day is the unit.

/** One row: the id of the last page view folded into the rollups (views are folded in id order). */
export const analyticsFolded = sqliteTable("analytics_folded", {
  id: integer("id").primaryKey(),
  throughId: integer("through_id").notNull(),
});

/**
 * One row per visitor and day (a session): their views, first and last view time, and the device
 * and country of their first view. The last 24 hours read these by last view time.
 */
export const analyticsVisitorDays = sqliteTable(
  "analytics_visitor_days",
  {
    day: text("day").notNull(),
    visitorHash: text("visitor_hash").notNull(),
    views: integer("views").notNull(),
    firstAt: integer("first_at").notNull(),
    lastAt: integer("last_at").notNull(),
    device: text("device", { enum: ["desktop", "mobile", "tablet"] }).notNull(),
    country: text("country").notNull().default(""),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.visitorHash] }),
    index("analytics_visitor_days_last_idx").on(t.day, t.lastAt, t.firstAt, t.views, t.device, t.country),
  ],
);

/** A day's totals: visitors, views, visitors with one view only, and the sum of their visit lengths. */
export const analyticsDays = sqliteTable("analytics_days", {
  day: text("day").primaryKey(),
  visitors: integer("visitors").notNull().default(0),
  views: integer("views").notNull().default(0),
  bounces: integer("bounces").notNull().default(0),
  durationMs: integer("duration_ms").notNull().default(0),
});

export const analyticsPageDays = sqliteTable(
  "analytics_page_days",
  {
    day: text("day").notNull(),
    path: text("path").notNull(),
    views: integer("views").notNull().default(0),
  },
  // A day's most viewed paths first; one path's days together (top pages, see the model).
  (t) => [
    primaryKey({ columns: [t.day, t.path] }),
    index("analytics_page_days_views_idx").on(t.day, t.views, t.path),
    index("analytics_page_days_path_idx").on(t.path, t.day, t.views),
  ],
);

/** Visitors per day and device class, or per day and country ('' when unknown). */
export const analyticsSegmentDays = sqliteTable(
  "analytics_segment_days",
  {
    day: text("day").notNull(),
    kind: text("kind", { enum: ["device", "country"] }).notNull(),
    value: text("value").notNull(),
    visitors: integer("visitors").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.kind, t.value] }),
    index("analytics_segment_days_kind_idx").on(t.kind, t.day, t.value, t.visitors),
  ],
);

/** Fixed-window counters: the key names what is limited and for whom. */
/** Bumped by triggers on every public content table (migration 0010); keys the edge cache. */
export const contentVersion = sqliteTable("content_version", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull().default(0),
});

export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowEndsAt: integer("window_ends_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowEndsAt)],
);

// E-mail -------------------------------------------------------------------------------------

/** Single-use links sent by e-mail (verify the address, reset the password): only a hash is kept. */
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify_email", "reset_password", "change_email"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    /** For a change of address: the new one, which replaces the old when its link is opened. */
    newEmail: text("new_email"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("auth_tokens_hash_idx").on(t.tokenHash), index("auth_tokens_user_purpose_idx").on(t.userId, t.purpose)],
);

/**
 * Every e-mail, written in the batch of the event that causes it and sent after the response;
 * the scheduled handler retries what failed. Admins read them at /admin/outbox.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    toEmail: text("to_email").notNull(),
    language: text("language").notNull(),
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
    /**
     * What the message's one-click unsubscribe stops ('notification:<kind>', 'digest' or
     * 'alert:<id>'); null for messages that are not notifications (verification, password).
     */
    unsubscribeTopic: text("unsubscribe_topic"),
    /** Its unsubscribe link, where the sender puts the signed token in place of %TOKEN%. */
    unsubscribeUrl: text("unsubscribe_url"),
    /**
     * The single-use token of its link (verification, reset, change of address), sealed with a key
     * derived from the Worker's secret (sealToken): the text and HTML hold %LINK_TOKEN% in its
     * place, and the sender opens it. Emptied once the message is sent or has failed.
     */
    sealedToken: text("sealed_token"),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_status_next_idx").on(t.status, t.nextAttemptAt), index("outbox_created_idx").on(t.createdAt)],
);

/** What happened that a member should know: the header's bell and /notifications. */
export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    /** What the label names (a reference, a company, a product), as JSON. */
    data: text("data", { mode: "json" }).$type<NotificationData>().notNull(),
    link: text("link").notNull(),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    /** How it goes by e-mail, from the member's setting when it was written. */
    delivery: text("delivery", { enum: ["instant", "daily", "off"] })
      .notNull()
      .default("off"),
    /** When its e-mail (at once, or in a digest) was queued. */
    emailedAt: integer("emailed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_read_idx").on(t.userId, t.readAt),
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    // What still waits for its e-mail: read by kind (at once) and by member (the digest).
    index("notifications_email_due_idx")
      .on(t.delivery, t.kind, t.userId)
      .where(sql`${t.emailedAt} is null`),
  ],
);

/** A member's choice of how one kind of notification reaches them by e-mail; no row: the default. */
export const notificationSettings = sqliteTable(
  "notification_settings",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    delivery: text("delivery", { enum: ["instant", "daily", "off"] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * A saved search (a trade alert): what is new in it is e-mailed daily. `cursor` is the newest
 * product id (products) or creation time (trade leads) already told.
 */
export const savedSearches = sqliteTable(
  "saved_searches",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scope: text("scope", { enum: ["products", "trade_leads"] }).notNull(),
    search: text("search"),
    category: text("category"),
    leadType: text("lead_type", { enum: ["buy", "sell"] }),
    /** The product filters as /products' query string (app/lib/product-filters.ts `filtersQuery`), or null. */
    filters: text("filters"),
    cursor: integer("cursor").notNull(),
    pausedAt: integer("paused_at", { mode: "timestamp_ms" }),
    checkedAt: integer("checked_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("saved_searches_user_idx").on(t.userId, t.createdAt),
    // The daily run reads the active alerts checked longest ago.
    index("saved_searches_due_idx")
      .on(t.checkedAt)
      .where(sql`${t.pausedAt} is null`),
  ],
);

// Trust ------------------------------------------------------------------------------------

/**
 * A supplier's application to verify a company: its registration, checked by an admin against
 * the documents; approved for a year, or rejected with a reason the supplier reads.
 */
export const verifications = sqliteTable(
  "verifications",
  {
    id: id(),
    catalogId: text("catalog_id")
      .notNull()
      .references(() => catalogs.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    registrationNumber: text("registration_number").notNull(),
    country: text("country").notNull(),
    address: text("address").notNull(),
    status: text("status", { enum: ["pending", "approved", "rejected", "lapsed"] })
      .notNull()
      .default("pending"),
    reason: text("reason"),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    validUntil: integer("valid_until", { mode: "timestamp_ms" }),
    /** When the supplier was told, a month ahead, that it lapses. */
    remindedAt: integer("reminded_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("verifications_catalog_created_idx").on(t.catalogId, t.createdAt),
    index("verifications_status_created_idx").on(t.status, t.createdAt),
    // One application waits at a time per company.
    uniqueIndex("verifications_one_pending_idx")
      .on(t.catalogId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A verification's documents, in the private bucket; only admins download them. */
export const verificationDocuments = sqliteTable(
  "verification_documents",
  {
    id: id(),
    verificationId: text("verification_id")
      .notNull()
      .references(() => verifications.id, { onDelete: "cascade" }),
    objectKey: text("object_key").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("verification_documents_verification_idx").on(t.verificationId)],
);

/**
 * A member's report of something another member wrote or lists, for admins to act on. The owner
 * is resolved when the report is made (whose content it is).
 */
export const reports = sqliteTable(
  "reports",
  {
    id: id(),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: text("target_type", { enum: REPORT_TARGETS }).notNull(),
    targetId: text("target_id").notNull(),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    details: text("details").notNull(),
    // open; dismissed; actioned (its owner suspended); hidden (the content); restored (shown again).
    status: text("status", { enum: ["open", "dismissed", "actioned", "hidden", "restored"] })
      .notNull()
      .default("open"),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    // One open report per reporter and target.
    uniqueIndex("reports_one_open_idx")
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index("reports_status_target_idx").on(t.status, t.targetType, t.targetId),
    index("reports_owner_idx").on(t.ownerId),
  ],
);

/**
 * A buyer's review of a supplier, from a request whose quote they accepted: one per request, three
 * ratings of 1 to 5 and a comment, editable once within 30 days; the supplier may reply once.
 */
export const reviews = sqliteTable(
  "reviews",
  {
    id: id(),
    inquiryId: text("inquiry_id")
      .notNull()
      .references(() => inquiries.id, { onDelete: "cascade" }),
    catalogId: text("catalog_id")
      .notNull()
      .references(() => catalogs.id, { onDelete: "cascade" }),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    described: integer("described").notNull(),
    communication: integer("communication").notNull(),
    delivery: integer("delivery").notNull(),
    comment: text("comment").notNull(),
    editedAt: integer("edited_at", { mode: "timestamp_ms" }),
    reply: text("reply"),
    repliedAt: integer("replied_at", { mode: "timestamp_ms" }),
    /** Set when an admin hides it after reports (the reason reported): gone for everyone but admins and its author. */
    hiddenReason: text("hidden_reason", { enum: REPORT_REASONS }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("reviews_inquiry_idx").on(t.inquiryId), index("reviews_catalog_created_idx").on(t.catalogId, t.createdAt)],
);
