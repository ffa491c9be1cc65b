// Every number and fixed list of the specification (its limits and the screens), in one place.

export const LANGUAGES = [
  { code: "en", name: "English", flag: "🇺🇸" },
  { code: "es", name: "Español", flag: "🇪🇸" },
  { code: "fr", name: "Français", flag: "🇫🇷" },
  { code: "zh", name: "中文", flag: "🇨🇳" },
  { code: "hi", name: "हिन्दी", flag: "🇮🇳" },
  { code: "ja", name: "日本語", flag: "🇯🇵" },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]["code"];
export const SUPPORTED_LANGUAGES: LanguageCode[] = LANGUAGES.map((l) => l.code);
/** The same codes as a tuple, for columns and schemas that take an enum. */
export const LANGUAGE_CODES = ["en", "es", "fr", "zh", "hi", "ja"] as const satisfies readonly LanguageCode[];
export const DEFAULT_LANGUAGE: LanguageCode = "en";
/** Managed content is written in the default language; these may each have a translation of it. */
export type TranslationLanguage = Exclude<LanguageCode, "en">;
export const TRANSLATION_LANGUAGES = SUPPORTED_LANGUAGES.filter((code): code is TranslationLanguage => code !== DEFAULT_LANGUAGE);

export const PHONE_INTERNATIONAL = "+1-800-TRADE-NOW";
export const PHONE_US = "+1 (555) 123-4567";
/** The members the site counts itself (the top bar, the description): a number each language writes its own way. */
export const MEMBER_COUNT = 11_000_000;

export const TOP_SEARCHES = [
  "Tshirts",
  "Engraving",
  "Raisins",
  "Lamp",
  "Fire Extinguisher",
  "Garments",
  "Shoes",
  "Rice",
  "Hair Wigs",
  "Routers",
] as const;

export const NAV_CATEGORIES = ["Technology", "Electronics", "Industrial"] as const;

export const HOME_CATEGORIES = [
  "Agriculture",
  "Apparel & Clothing",
  "Automobiles",
  "Beauty & Personal Care",
  "Business Services",
  "Chemicals",
  "Computer Hardware & Software",
  "Construction & Real Estate",
  "Consumer Electronics",
  "Electrical & Electronics",
  "Energy Products",
  "Environment",
] as const;

/** The categories a listing is filed under (the home page's twelve and the product strips' own). */
export const PRODUCT_CATEGORIES = [
  "Technology",
  "Electronics",
  "Office",
  "Industrial",
  "Fashion",
  "Healthcare",
  ...HOME_CATEGORIES,
  "Other",
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** The currencies a price or a quote may be given in. */
export const CURRENCIES = ["USD", "EUR", "GBP", "CNY", "INR", "JPY"] as const;
/** Prices above this are typing mistakes, not offers. */
export const PRICE_MAX = 1_000_000_000;
/**
 * The bounds of a rate (what one US dollar buys): the strongest currency in use buys about 0.3 of
 * one (KWD), the weakest about 42,000 (IRR); a rate outside these is a typing mistake.
 */
export const EXCHANGE_RATE_MIN = 0.001;
export const EXCHANGE_RATE_MAX = 1_000_000;
/**
 * After a rate changes, the scheduled work gives the listings in its currency their USD price again:
 * this many ids a statement, and at most this many statements a run (each with the cursor's update,
 * so 2 queries: well within D1's 1,000 queries per invocation beside the run's other work).
 */
export const PRICE_RECOMPUTE_CHUNK_IDS = 5_000;
export const PRICE_RECOMPUTE_MAX_CHUNKS = 100;

export const TOP_PRODUCT_CATEGORIES = ["Technology", "Electronics", "Office", "Industrial"] as const;
export const TRENDING_PRODUCT_CATEGORIES = ["Technology", "Electronics", "Fashion", "Healthcare"] as const;
/**
 * Sections with buttons whose labels editors write (in the section's metadata, as cta_primary and
 * cta_secondary): the hero's Join as Buyer and Join as Supplier.
 */
export const SECTIONS_WITH_BUTTONS = ["hero"] as const;
export const HOME_LIMITS = { top: 4, trending: 4, latestBuyOffers: 6, latest: 6, featured: 12 } as const;

export const PRODUCTS_PAGE_SIZE = 50;
export const SKELETON_CARDS = 12;
export const SEARCH_TERM_MAX_LENGTH = 100;
/** Search counts are exact up to here; beyond it the list says 'Found 10,000+'. */
export const SEARCH_COUNT_CAP = 10_000;
/**
 * A search (or a filtered list) ranks or sorts only its newest matches, this many pages of them,
 * and shows only those pages: the count (SEARCH_COUNT_CAP + 1 rows) plus sorting the window (three
 * times its rows: the index, each match's listing for its price or its supplier's signals, then the
 * sort) stays under 20,000 rows read per request (docs/decisions/0032-search-filters-and-best-match.md).
 */
export const SEARCH_PAGE_MAX = 64;
export const SEARCH_RANK_WINDOW = SEARCH_PAGE_MAX * PRODUCTS_PAGE_SIZE;
/** Category filters longer than any category name find nothing. */
export const CATEGORY_FILTER_MAX_LENGTH = 40;
/** Lists stop at this page: deep OFFSETs read every row before them. */
export const PAGE_MAX = 200;
/** A plain form post (no files) larger than this is refused before it is read. */
export const FORM_MAX_BYTES = 4 * 1024 * 1024;
/**
 * A form with more fields than this, or one name more often than FORM_MAX_SAME_NAME, is refused
 * before it is parsed: parsing is quadratic in repeated names (100,000 of them in 400 KB held a
 * request for half a minute). Our largest form has about 20 fields, none repeated.
 */
export const FORM_MAX_FIELDS = 200;
export const FORM_MAX_SAME_NAME = 20;

export const TRADE_LEAD_CATEGORIES = [
  "Technology",
  "Electronics",
  "Industrial",
  "Textiles",
  "Food & Beverages",
  "Automotive",
  "Construction Materials",
  "Medical Equipment",
  "Fashion & Accessories",
  "Renewable Energy",
  "Furniture",
  "Chemicals",
  "Agriculture",
  "Other",
] as const;
export const TRADE_LEADS_PAGE_SIZE = 50;

export const MEMBERSHIP_PLAN_NAMES = ["free", "silver", "gold", "platinum"] as const;
export type MembershipPlanName = (typeof MEMBERSHIP_PLAN_NAMES)[number];
export const PROFILE_PLANS = ["free", "premium", "professional", "enterprise", "admin"] as const;
export type ProfilePlan = (typeof PROFILE_PLANS)[number];
/** The plans list's names and the profile's names are the same tiers. */
export const PLAN_TO_PROFILE: Record<MembershipPlanName, ProfilePlan> = {
  free: "free",
  silver: "premium",
  gold: "professional",
  platinum: "enterprise",
};

export const DEFAULT_PLAN: ProfilePlan = "free";
/** The plan of the list a new member starts on (the profile's `DEFAULT_PLAN`). */
export const DEFAULT_MEMBERSHIP_PLAN: MembershipPlanName = "free";
export const DEFAULT_COUNTRY = "Romania";
export const DEFAULT_CURRENCY = "USD";
export const BUSINESS_TYPES = ["Buy Sell Products", "Buy Only", "Sell Only"] as const;
export const BUSINESS_ACTIVITIES = ["buyer", "supplier"] as const;
export const EMPLOYEE_RANGES = ["1-10", "11-50", "51-200", "201-500", "500+"] as const;
export const TURNOVER_RANGES = ["Under $100K", "$100K - $500K", "$500K - $1M", "$1M - $5M", "$5M - $10M", "Over $10M"] as const;

export const PASSWORD_MIN_LENGTH = 6;
/** PBKDF2 iterations: the most Cloudflare Workers allow in production. */
export const PBKDF2_ITERATIONS = 100_000;
export const SESSION_MAX_AGE_DAYS = 30;
/** The home page greets a member's first session with 'Welcome' (not 'Welcome back') on the account's first day. */
export const FIRST_VISIT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const GUEST_CART_DAYS = 90;
/** The scheduled sweep deletes expired rows this many at a time, at most SWEEP_MAX_BATCHES times per kind and run. */
export const SWEEP_BATCH_SIZE = 500;
export const SWEEP_MAX_BATCHES = 20;
/** An object claimed this long ago and never referred to by a row was abandoned by a stopped write. */
export const PENDING_OBJECT_MAX_AGE_MS = 60 * 60_000;
/** How long a client stays trusted for an account it signed in to, and how many accounts it remembers. */
export const TRUSTED_DEVICE_DAYS = 180;
export const TRUSTED_DEVICES_KEPT = 5;

export const CART_BADGE_CAP = 99;
export const CART_MIN_QUANTITY = 1;
export const CART_MAX_LINES = 1_000;
export const CART_MAX_QUANTITY = 1_000_000;
/**
 * A checkout sends one request, with its own message, to each supplier of the cart: at most this
 * many at once (a message box each, within FORM_MAX_FIELDS).
 */
export const CHECKOUT_MAX_SUPPLIERS = 100;

export const MAX_IMAGES_PER_CATALOG_PRODUCT = 5;
/** Each catalog image at most 5 MB; checked while the upload streams in. */
export const CATALOG_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** A product form: five images at their cap plus the text fields. */
export const CATALOG_PRODUCT_FORM_MAX_BYTES = MAX_IMAGES_PER_CATALOG_PRODUCT * CATALOG_IMAGE_MAX_BYTES + 1024 * 1024;
/** Catalog images never change under their key (a new upload gets a new key). */
export const CATALOG_IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";
export const CATALOG_PRODUCTS_PAGE_SIZE = 50;
export const COMPANIES_PAGE_SIZE = 24;
/** The companies directory's sorts (`best` is the default; its order is in listDirectory) and filters. */
export const DIRECTORY_SORTS = ["best", "response_rate", "newest"] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
/** 'Responds to at least 80 % / 90 %' (of requests within 24 hours). */
export const DIRECTORY_RESPONSE_RATES = [80, 90] as const;
/** Countries one filter may name: with their other English names, one statement stays within D1's 100 parameters. */
export const DIRECTORY_COUNTRIES_MAX = 30;
export const COMPANY_PRODUCTS_PAGE_SIZE = 24;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_EXTENSIONS = ["csv", "txt", "xls", "xlsx", "pdf"] as const;
export const UPLOAD_PARSE_ERRORS_SHOWN = 5;
export const RECENT_UPLOADS_SHOWN = 5;
export const SAMPLE_CSV_NAME = "sample_leads.csv";
export const D1_MAX_BOUND_PARAMETERS = 100;
/** The CSV columns a lead keeps; company_name is the one required. */
export const LEAD_CSV_COLUMNS = ["company_name", "contact_name", "email", "phone", "country", "industry", "status", "notes"] as const;
/** Longest value kept per lead column; a longer cell skips its row with a message. */
export const LEAD_VALUE_MAX_LENGTH = 2_000;
/** Rows one file may hold: a 10 MB file of near-empty rows must not become one huge batch. */
export const LEAD_IMPORT_MAX_ROWS = 100_000;
/** Parsing messages kept for the page (the count of the rest is still reported). */
export const LEAD_IMPORT_ERRORS_KEPT = 100;
export const IMPORTED_LEADS_PAGE_SIZE = 50;
/** The R2 folder of uploads made through the admin gate by a visitor without an account. */
export const ADMIN_UPLOAD_FOLDER = "admin";

export const BLOG_DEFAULT_AUTHOR = "Admin";
/** The spec's '5 min read': read times are whole minutes, worded by each language. */
export const BLOG_DEFAULT_READ_MINUTES = 5;
export const READ_MINUTES_MAX = 999;
/** The two kinds of article: blog posts (at /blog/:slug) and trade news (at /news/:id), one model. */
export const ARTICLE_KINDS = ["blog", "news"] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];
/** Articles per page of the blog and news indexes (full rows of two, three or four cards). */
export const ARTICLE_PAGE_SIZE = 12;
/** The home page's strips: the spec's first 4 news articles and first 6 blog posts. */
export const ARTICLE_STRIP_SIZE: Record<ArticleKind, number> = { news: 4, blog: 6 };

/**
 * A request for quotation: new (not answered), quoted, accepted (its quote), declined (by the
 * supplier, or its quote by the buyer), expired (its quote's validity passed) or closed (by an
 * admin, or another supplier's quote was accepted for the same need).
 */
export const INQUIRY_STATUSES = ["new", "quoted", "accepted", "declined", "expired", "closed"] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];
export const ADMIN_REQUESTS_PAGE_SIZE = 50;
/** Members & Upgrades: members per page of the admins' member list. */
export const ADMIN_MEMBERS_PAGE_SIZE = 25;
/** The supplier's inbox and the buyer's requests, per page. */
export const INBOX_PAGE_SIZE = 20;
export const MY_REQUESTS_PAGE_SIZE = 20;
/** Buy requests shown to a supplier in the inbox. */
export const BUY_REQUESTS_SHOWN = 10;

/** A quote's delivery terms (Incoterms 2020 the marketplace offers). */
export const INCOTERMS = ["EXW", "FOB", "CFR", "CIF", "DAP", "DDP"] as const;
/** A quote is valid this many days unless the supplier says otherwise. */
export const QUOTE_VALID_DAYS = 30;
/** A quote may be valid at most this far ahead, and promise delivery within this many days. */
export const QUOTE_VALID_DAYS_MAX = 365;
export const QUOTE_LEAD_TIME_DAYS_MAX = 365;
/** A supplier may revise a quote this many times before the buyer decides. */
export const QUOTE_REVISIONS_MAX = 1;
export const QUOTE_TEXT_MAX = 2_000;
export const THREAD_MESSAGE_MAX = 5_000;
/** A request's thread shows its first this many messages. */
export const THREAD_MESSAGES_SHOWN = 200;

/**
 * Quotes on buy trade leads per calendar month (UTC), by plan (decision record 0019): free 5,
 * silver 20, gold 50, platinum 200. Answering a request addressed to the supplier is never limited.
 */
export const LEAD_QUOTES_PER_MONTH: Record<ProfilePlan, number> = {
  free: 5,
  premium: 20,
  professional: 50,
  enterprise: 200,
  admin: 200,
};

/** Response rate: answered within this long counts, over this window; response time: the median over its own window. */
export const RESPONSE_WITHIN_MS = 24 * 60 * 60 * 1000;
export const RESPONSE_RATE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
export const RESPONSE_TIME_WINDOW_MS = 90 * 24 * 60 * 60 * 1000;
/**
 * The daily refresh of response figures touches at most this many companies a run: a statement
 * each, in the same invocation as the sweep and the e-mails, under D1's 1,000 queries.
 */
export const RESPONSE_REFRESH_MAX_COMPANIES = 500;

/**
 * Which product categories answer a buy lead's category: a buy lead reaches the suppliers whose
 * catalogs have products in one of them.
 */
export const LEAD_CATEGORY_PRODUCT_CATEGORIES: Record<(typeof TRADE_LEAD_CATEGORIES)[number], readonly ProductCategory[]> = {
  Technology: ["Technology", "Computer Hardware & Software"],
  Electronics: ["Electronics", "Consumer Electronics", "Electrical & Electronics"],
  Industrial: ["Industrial"],
  Textiles: ["Apparel & Clothing", "Fashion"],
  "Food & Beverages": ["Agriculture"],
  Automotive: ["Automobiles"],
  "Construction Materials": ["Construction & Real Estate"],
  "Medical Equipment": ["Healthcare"],
  "Fashion & Accessories": ["Fashion", "Apparel & Clothing", "Beauty & Personal Care"],
  "Renewable Energy": ["Energy Products", "Environment"],
  Furniture: ["Office"],
  Chemicals: ["Chemicals"],
  Agriculture: ["Agriculture"],
  Other: ["Other", "Business Services"],
};

export const ADMIN_TEST_USER_ID = "00000000-0000-0000-0000-000000000001";

/** Forum and private messages: page sizes and the longest texts accepted. */
export const FORUM_TOPICS_PAGE_SIZE = 20;
export const FORUM_REPLIES_PAGE_SIZE = 50;
export const MESSAGES_PAGE_SIZE = 20;
export const FORUM_TITLE_MAX = 200;
export const FORUM_POST_MAX = 10_000;
export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_CONTENT_MAX = 10_000;
/** The compose form lists at most this many recipients; a name filter narrows the list. */
export const MESSAGE_RECIPIENTS_SHOWN = 200;

export const ANALYTICS_RANGES = ["24h", "7d", "30d", "90d"] as const;
/** 'Real-time Visitors': distinct visitors in this many last minutes. */
export const ANALYTICS_REALTIME_MINUTES = 5;
export const ANALYTICS_TOP_PAGES = 5;
export const ANALYTICS_TOP_COUNTRIES = 5;
/** Longer paths are cut before they are stored. */
export const ANALYTICS_PATH_MAX_LENGTH = 300;
/**
 * Page views that arrive together are written together: the first opens a batch and writes it
 * this long after, with whatever views joined it, in one statement (one JSON parameter). 500 ms
 * was tried: a person's cached page cost the same as a crawler's within the noise either way
 * (`node scripts/bench/cpu.mjs`), and every integration test's page request waits for its batch.
 * At most this many views a batch keep that parameter small (a path is at most
 * ANALYTICS_PATH_MAX_LENGTH characters).
 */
export const ANALYTICS_BATCH_DELAY_MS = 100;
export const ANALYTICS_BATCH_MAX_VIEWS = 100;
/**
 * The daily rollups take in written views in bulk: a Worker that writes views folds them at most
 * this often, and the dashboard folds whatever is left before it reads, so its figures are exact.
 */
export const ANALYTICS_FOLD_INTERVAL_MS = 60_000;
/** A fold takes at most this many views in one batch, and at most this many batches in one go. */
export const ANALYTICS_FOLD_MAX_VIEWS = 5_000;
export const ANALYTICS_FOLD_MAX_BATCHES = 20;

export const TOAST_DURATION_MS = 5_000;

/** How long the edge may serve a visitor's public page before asking the Worker again. */
export const PUBLIC_PAGE_MAX_AGE_SECONDS = 30;
/**
 * How long an isolate reuses the content version it read before reading it again: an edit made
 * through another isolate shows within this time (one made through this isolate, at once).
 */
export const CONTENT_VERSION_MAX_AGE_MS = 2_000;
/** At most this many pieces of public content (the home page's, one per product, pages of the product list and the board) cached in an isolate. */
export const PUBLIC_CONTENT_CACHE_MAX_ENTRIES = 1_000;
/** Visitors' pages an isolate keeps in memory in front of the Cache API (bytes of HTML). */
export const EDGE_MEMORY_MAX_BYTES = 16 * 1024 * 1024;

export const COUNTRY_PORTALS = [
  { country: "Australia", lng: "en" },
  { country: "USA", lng: "en" },
  { country: "Canada", lng: "en" },
  { country: "China", lng: "zh" },
  { country: "Hong Kong", lng: "zh" },
  { country: "India", lng: "hi" },
] as const;

/** E-mail: messages sent per run of the sender, tries before a message is failed, and link lifetimes. */
export const OUTBOX_SEND_BATCH = 20;
export const OUTBOX_MAX_ATTEMPTS = 6;
export const OUTBOX_PAGE_SIZE = 50;
export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;
/** The sender of every e-mail. */
export const EMAIL_FROM = "notifications@global-trade-marketplace.example";
/** The local transport (no Email Service: a developer's machine, the tests) keeps the newest this many in memory. */
export const LOCAL_MAIL_KEPT = 500;
/** The notifications page shows the newest this many. */
export const NOTIFICATIONS_SHOWN = 50;

/** Every kind of notification, and how each reaches a member by e-mail until they choose. */
export const NOTIFICATION_KINDS = [
  "request_received",
  "quote_received",
  "quote_accepted",
  "quote_not_chosen",
  "request_message",
  "private_message",
  "forum_reply",
  "upgrade_approved",
  "verification_decision",
  "verification_expiring",
  "report_dismissed",
  "report_actioned",
  "report_hidden",
  "content_hidden",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_DELIVERIES = ["instant", "daily", "off"] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];
/** Requests and quotes go at once; everything else in the daily digest. */
export const DEFAULT_DELIVERY: Record<NotificationKind, NotificationDelivery> = {
  request_received: "instant",
  quote_received: "instant",
  quote_accepted: "instant",
  quote_not_chosen: "instant",
  request_message: "daily",
  private_message: "daily",
  forum_reply: "daily",
  upgrade_approved: "daily",
  verification_decision: "daily",
  verification_expiring: "daily",
  report_dismissed: "daily",
  report_actioned: "daily",
  report_hidden: "daily",
  content_hidden: "instant",
};
/** The daily work: members whose digest is written per run, and items a digest or an alert lists. */
export const DIGEST_MEMBERS_PER_RUN = 50;
export const DIGEST_MAX_ITEMS = 20;
/** Trade alerts: saved searches a member may keep, and alerts the daily run reads per batch. */
export const SAVED_SEARCHES_MAX = 20;
export const ALERTS_PER_BATCH = 40;
/** A change of e-mail address: its link's lifetime. */
export const CHANGE_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Requests for quotation from visitors (not signed in): how many one client address and one
 * e-mail address may send in the window, and how long the link that confirms one lives (an
 * unconfirmed request is deleted after it).
 */
export const VISITOR_REQUESTS_PER_CLIENT = 10;
export const VISITOR_REQUESTS_PER_EMAIL = 5;
export const VISITOR_REQUESTS_WINDOW_MS = 60 * 60 * 1000;
export const REQUEST_CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;

/** A sign-up with an address that has an account tells its owner by e-mail, at most this many times an hour. */
export const SIGN_UP_NOTICES_PER_EMAIL = 3;

/** Company verification: documents per application and their size, how long it holds, and the reminder. */
export const VERIFICATION_DOCS_MAX = 5;
export const VERIFICATION_DOC_MAX_BYTES = 10 * 1024 * 1024;
export const VERIFICATION_VALID_MS = 365 * 24 * 60 * 60 * 1000;
export const VERIFICATION_REMIND_MS = 30 * 24 * 60 * 60 * 1000;
/** What a supplier says their company is (shown in place of the specification's static 'Trading Company'). */
export const BUSINESS_KINDS = ["manufacturer", "trading_company", "distributor", "service_provider"] as const;
export type BusinessKind = (typeof BUSINESS_KINDS)[number];

/** Reports: what can be reported, why, and the details' length. */
export const REPORT_TARGETS = ["company", "product", "lead", "topic", "reply", "message", "request_message", "review"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_REASONS = ["fraud", "counterfeit", "spam", "offensive", "other"] as const;
/** Why an admin hid content: one of the reasons it can be reported for, which its author reads. */
export type HiddenReason = (typeof REPORT_REASONS)[number];
export const REPORT_DETAILS_MAX = 2_000;

/** Reviews: the rating scale, a comment's length, how long a review may be edited (once), and how many a company page shows. */
export const REVIEW_RATING_MAX = 5;
export const REVIEW_TEXT_MAX = 2_000;
export const REVIEW_EDIT_MS = 30 * 24 * 60 * 60 * 1000;
export const REVIEWS_SHOWN = 10;

// Trade terms of a listing (issue 39) ------------------------------------------------------

/**
 * The units a listing is sold in, each with its family (things counted, mass, volume, length,
 * area, containers): an MOQ and the price tiers are numbers of the listing's unit.
 */
const PRODUCT_UNITS = {
  piece: "count",
  pair: "count",
  set: "count",
  dozen: "count",
  box: "count",
  carton: "count",
  bag: "count",
  roll: "count",
  pallet: "count",
  kilogram: "mass",
  metric_ton: "mass",
  litre: "volume",
  cubic_metre: "volume",
  metre: "length",
  square_metre: "area",
  container_20: "container",
  container_40: "container",
} as const;
export type ProductUnit = keyof typeof PRODUCT_UNITS;
export const PRODUCT_UNIT_NAMES = Object.keys(PRODUCT_UNITS) as [ProductUnit, ...ProductUnit[]];
export const DEFAULT_PRODUCT_UNIT: ProductUnit = "piece";
/** A listing's price tiers (from a quantity, a unit price) and specification rows. */
export const PRICE_TIERS_MAX = 4;
export const SPECIFICATION_ROWS_MAX = 20;
export const SPECIFICATION_NAME_MAX = 80;
export const SPECIFICATION_VALUE_MAX = 300;
/** An MOQ, a tier's quantity and a month's supply are whole numbers of the unit up to this. */
export const TRADE_QUANTITY_MAX = 100_000_000;
/** Lead times are days, up to this. */
export const LEAD_TIME_DAYS_MAX = 365;
export const PORT_OF_LOADING_MAX = 100;
/** Other terms in the supplier's words (and what did not parse when terms were introduced). */
export const TRADE_NOTES_MAX = 2_000;
/** The payment terms a listing may offer. */
export const PAYMENT_TERMS = ["tt", "lc", "dp", "da", "paypal", "western_union", "escrow"] as const;
export type PaymentTerm = (typeof PAYMENT_TERMS)[number];

// Search filters and sorting on /products (issue 39; docs/decisions/0032-search-filters-and-best-match.md) --

/** How a list of products may be sorted: `best` is the default with a search, `newest` without. */
export const PRODUCT_SORTS = ["best", "newest", "price_asc", "price_desc", "moq_asc"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
/**
 * A filter option's count ("China (1,204)") is exact up to here, and "1,000+" beyond: each count
 * reads one row per listing it counts, and a common word's options (countries, supplier types,
 * response rates, verified, samples) would read several times its matches if counted to
 * SEARCH_COUNT_CAP (docs/decisions/0032-search-filters-and-best-match.md).
 */
export const FACET_COUNT_CAP = 1_000;
/** At most this many supplier countries in one filter (each is a word of one statement's match). */
export const COUNTRY_FILTER_MAX = 30;
/** "Response rate at least": the choices. */
export const RESPONSE_RATE_STEPS = [80, 90] as const;
/**
 * The search index's filter words (migration 0034 writes the same numbers): "MOQ at most" and
 * "lead time at most" are words for each step at or above a listing's value, and a price is a word
 * for its band (how many of PRICE_STEPS_USD it reaches). A filter on another number reads the rows
 * of the next step's words to compare exactly.
 */
export const MOQ_STEPS = [1, 10, 50, 100, 500, 1000, 5000, 10000] as const;
export const LEAD_TIME_STEPS = [7, 15, 30, 45, 60, 90] as const;
export const PRICE_STEPS_USD = [0.1, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 50000] as const;
/** A trade alert keeps /products' filters as a query string of at most this many characters. */
export const SAVED_FILTERS_MAX_LENGTH = 1_000;
/** A price filter's bound, in any currency, is at most this. */
export const PRICE_FILTER_MAX = 1_000_000_000;
