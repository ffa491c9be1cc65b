import "~/lib/zod-config";
import { z } from "zod";
import {
  REVIEW_RATING_MAX,
  REVIEW_TEXT_MAX,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORT_TARGETS,
  BUSINESS_ACTIVITIES,
  BUSINESS_KINDS,
  VERIFICATION_DOCS_MAX,
  BUSINESS_TYPES,
  CART_MAX_QUANTITY,
  CHECKOUT_MAX_SUPPLIERS,
  CURRENCIES,
  DEFAULT_CURRENCY,
  DEFAULT_MEMBERSHIP_PLAN,
  MAX_IMAGES_PER_CATALOG_PRODUCT,
  PRICE_MAX,
  PRODUCT_CATEGORIES,
  EMPLOYEE_RANGES,
  INCOTERMS,
  LEAD_TIME_DAYS_MAX,
  PAYMENT_TERMS,
  PORT_OF_LOADING_MAX,
  PRICE_TIERS_MAX,
  PRODUCT_UNIT_NAMES,
  SPECIFICATION_NAME_MAX,
  SPECIFICATION_ROWS_MAX,
  SPECIFICATION_VALUE_MAX,
  TRADE_NOTES_MAX,
  TRADE_QUANTITY_MAX,
  QUOTE_LEAD_TIME_DAYS_MAX,
  QUOTE_TEXT_MAX,
  QUOTE_VALID_DAYS_MAX,
  THREAD_MESSAGE_MAX,
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_KINDS,
  PASSWORD_MIN_LENGTH,
  SAVED_FILTERS_MAX_LENGTH,
  SEARCH_TERM_MAX_LENGTH,
  CATEGORY_FILTER_MAX_LENGTH,
  type NotificationDelivery,
  type NotificationKind,
  TRADE_LEAD_CATEGORIES,
  TURNOVER_RANGES,
} from "~/lib/constants";
import { COUNTRY_NAMES } from "~/lib/countries";
import { isCalendarDate, isSaneRate, latestToday } from "~/lib/currency";
import { UPGRADE_PLAN_NAMES } from "~/lib/permissions";
import type { PriceTier } from "~/lib/trade-terms";

// Field schemas shared by the forms. Messages are translation keys, translated where shown.

// Text people type never holds control characters other than tab and line breaks; NUL and the
// rest only come from tools, and break logs, CSV exports and terminals downstream.
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const PRINTABLE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
// U+FFFD stands where a form carried bytes that are not UTF-8 (a bad percent-escape): the text
// is not what the person typed, so it is refused rather than stored.
const DECODED = /^[^\uFFFD]*$/;

/** What every typed text must be: printable and really decoded. Every text field goes through it. */
export const typedText = (field: z.ZodString) =>
  field.regex(PRINTABLE, "validation.controlCharacters").regex(DECODED, "hardening.badEncoding");

export const text = (max: number) =>
  typedText(z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(max, "validation.tooLong"));

// conform already turns empty inputs into undefined; blanks are trimmed away here.
export const optionalText = (max: number) =>
  typedText(z.string().trim().max(max, "validation.tooLong"))
    .optional()
    .transform((v) => v || undefined);

// Names, company names, titles, searches and the like are typed in one-line inputs, which never
// send a line break: one comes only from a crafted request, and would break the e-mail header
// (a subject, a name) or the single line it is shown on. Refused, next to the field.
const SINGLE_LINE = /^[^\r\n\u0085\u2028\u2029]*$/;
const oneLine = (field: z.ZodString) => field.regex(SINGLE_LINE, "validation.oneLine");

/** Required text on one line (see `text`). */
const line = (max: number) => oneLine(text(max));

/** Optional text on one line (see `optionalText`). */
const optionalLine = (max: number) =>
  oneLine(typedText(z.string().trim().max(max, "validation.tooLong")))
    .optional()
    .transform((v) => v || undefined);

const emailField = z
  .string({ error: "validation.required" })
  .trim()
  .toLowerCase()
  .min(1, "validation.required")
  .max(254, "validation.tooLong")
  .pipe(z.email("validation.invalidEmail"));

const passwordField = z
  .string({ error: "validation.required" })
  .min(1, "validation.required")
  .min(PASSWORD_MIN_LENGTH, "validation.passwordTooShort")
  .max(200, "validation.tooLong");

/** Bots fill every field; people never see this one. */
const honeypotField = z.string().max(0, "validation.spam").optional();

export const SignInSchema = z.object({
  email: emailField,
  password: z.string({ error: "validation.required" }).min(1, "validation.required").max(200, "validation.tooLong"),
  redirectTo: z.string().optional(),
  website: honeypotField,
});

export const SignUpSchema = z.object({
  email: emailField,
  password: passwordField,
  fullName: line(120),
  companyName: optionalLine(160),
  mobileNumber: optionalLine(40),
  country: optionalLine(80).refine((v) => v === undefined || COUNTRY_NAMES.has(v), "validation.chooseOption"),
  businessType: z.enum(BUSINESS_TYPES, { error: "validation.chooseOption" }).default("Buy Sell Products"),
  website: honeypotField,
});

export const MembershipSchema = z
  .object({
    plan: z.string().trim().min(1).max(40).default(DEFAULT_MEMBERSHIP_PLAN),
    name: line(120),
    position: optionalLine(120),
    companyName: line(160),
    numberOfEmployees: z.enum(EMPLOYEE_RANGES, { error: "validation.chooseOption" }).optional(),
    annualTurnover: z.enum(TURNOVER_RANGES, { error: "validation.chooseOption" }).optional(),
    businessActivity: z.enum(BUSINESS_ACTIVITIES, { error: "validation.required" }),
    email: emailField,
    phone: optionalLine(40),
    address: optionalText(300),
    country: line(80).refine((v) => COUNTRY_NAMES.has(v), "validation.chooseOption"),
    password: passwordField,
    confirmPassword: z.string({ error: "validation.required" }).min(1, "validation.required"),
    website: honeypotField,
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "validation.passwordsMismatch" });

/** A signed-in member asks for a paid plan. */
export const UpgradeSchema = z.object({
  plan: z.enum(UPGRADE_PLAN_NAMES, { error: "validation.chooseOption" }),
});

export const AdminLoginSchema = z.object({
  password: z.string({ error: "validation.required" }).min(1, "validation.required").max(200, "validation.tooLong"),
  redirectTo: z.string().optional(),
  website: honeypotField,
});

const message = text(5000);

/** Guests say who they are; members are known. The action picks the schema. */
const guestContact = {
  name: line(120),
  email: emailField,
};

export const InquirySchema = z.object({
  message,
  quantity: z.coerce
    .number({ error: "validation.positiveNumber" })
    .int("validation.positiveNumber")
    .positive("validation.positiveNumber")
    .max(CART_MAX_QUANTITY, "validation.tooLarge"),
  website: honeypotField,
});
export const GuestInquirySchema = InquirySchema.extend(guestContact);

/**
 * Checkout: a message to each supplier of the cart, keyed by the supplier's company (catalog) id
 * ('messages.<id>'); the action checks that every supplier of the cart has one.
 */
export const CheckoutSchema = z.object({
  messages: z
    .record(z.string().regex(/^[\w-]{1,64}$/), message)
    .default({})
    .refine((messages) => Object.keys(messages).length <= CHECKOUT_MAX_SUPPLIERS, "cart.tooManySuppliers"),
  website: honeypotField,
});
export const GuestCheckoutSchema = CheckoutSchema.extend(guestContact);

export const ContactSchema = z.object({
  email: emailField,
  name: line(120),
  companyName: optionalLine(160),
  phone: optionalLine(40),
  country: optionalLine(80),
  businessActivity: z.enum(BUSINESS_ACTIVITIES, { error: "validation.chooseOption" }).default("buyer"),
  message,
  website: honeypotField,
});

export const TradeLeadSchema = z.object({
  leadType: z.enum(["buy", "sell"], { error: "validation.chooseOption" }).default("buy"),
  title: line(200),
  description: text(5000),
  category: z.enum(TRADE_LEAD_CATEGORIES, { error: "validation.chooseOption" }).optional(),
  quantity: optionalLine(120),
  location: optionalLine(120),
  contactInfo: optionalText(500),
});

/** Editing adds the Active switch: a checkbox, present only when on. */
export const TradeLeadEditSchema = TradeLeadSchema.extend({
  isActive: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
});

const lineId = z.string().trim().min(1).max(64);

/**
 * The cart's forms, one per intent. Checkout carries the request for quotation, whose guest
 * variant asks for a name and e-mail.
 */
export function cartActionSchema(guest: boolean) {
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("add"),
      productId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      /** How many to add (the product page starts it at the listing's minimum order); none: the minimum order. */
      quantity: z.string().max(40).optional(),
      redirectTo: z.string().max(2048).optional(),
    }),
    z.object({ intent: z.enum(["increment", "decrement", "remove"]), lineId }),
    z.object({ intent: z.literal("set"), lineId, quantity: z.string().max(40).optional() }),
    z.object({ intent: z.literal("clear") }),
    (guest ? GuestCheckoutSchema : CheckoutSchema).extend({ intent: z.literal("checkout") }),
  ]);
}

/** An optional web address: http or https only, so a stored link can never run script. */
const optionalWebsite = optionalText(2048).refine((v) => {
  if (v === undefined) return true;
  try {
    const url = new URL(v);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}, "catalog.validation.invalidUrl");

export const CatalogSchema = z.object({
  companyName: line(160),
  businessDescription: optionalText(5000),
  servicesDescription: optionalText(5000),
  websiteUrl: optionalWebsite,
  contactEmail: z.string().trim().toLowerCase().max(254, "validation.tooLong").pipe(z.email("validation.invalidEmail")).optional(),
  contactPhone: optionalLine(40),
});

/** An optional whole number typed in a form (one value, not a list): empty is none. */
const optionalWhole = (max: number) =>
  z
    .string({ error: "validation.positiveNumber" })
    .trim()
    .optional()
    .transform((value) => (value ? Number(value) : undefined))
    .pipe(
      z
        .number({ error: "validation.positiveNumber" })
        .int("validation.positiveNumber")
        .positive("validation.positiveNumber")
        .max(max, "validation.tooLarge")
        .optional(),
    );

/** An optional price typed in a form (one value): empty is none; otherwise above 0, up to PRICE_MAX. */
const optionalAmount = z
  .string({ error: "validation.price" })
  .trim()
  .optional()
  .transform((value) => (value ? Number(value) : undefined))
  .pipe(
    z
      .number({ error: "validation.price" })
      .refine((n) => Number.isFinite(n) && n > 0 && n <= PRICE_MAX, "validation.price")
      .optional(),
  );

const checkbox = z
  .literal("on", { error: "validation.chooseOption" })
  .optional()
  .transform((v) => v === "on");

/** Ticked options of a fixed list, each once. */
const options = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values, { error: "validation.chooseOption" }), { error: "validation.chooseOption" })
    .max(values.length * 2, "validation.chooseOption")
    .default([])
    .transform((list) => [...new Set(list)]);

/** A row of the form (blank rows are left out); the row's fields, each optional. */
const tierRow = z.object({ from: optionalWhole(TRADE_QUANTITY_MAX), price: optionalAmount }).optional();
const specificationRow = z
  .object({
    name: optionalLine(SPECIFICATION_NAME_MAX),
    value: optionalLine(SPECIFICATION_VALUE_MAX),
  })
  .optional();

/**
 * A listing's fields, for adding and editing it; its images are read and checked as the upload
 * streams in. Trade terms: the unit and MOQ, up to PRICE_TIERS_MAX price tiers (rows of a quantity
 * and a unit price; none, or 'price on request' ticked: price on request), lead time in days (one
 * number or a range), samples, supply, port, payment terms, Incoterms, and specification rows.
 * The first tier starts at the MOQ: its quantity may be left empty (it is the MOQ), and with the
 * MOQ left empty the first tier's quantity is the MOQ.
 */
export const ProductSchema = z
  .object({
    title: line(200),
    description: optionalText(5000),
    category: z.enum(PRODUCT_CATEGORIES, { error: "validation.chooseOption" }),
    currency: z.enum(CURRENCIES, { error: "validation.chooseOption" }).default(DEFAULT_CURRENCY),
    unit: z.enum(PRODUCT_UNIT_NAMES, { error: "validation.chooseOption" }).default("piece"),
    moq: optionalWhole(TRADE_QUANTITY_MAX),
    priceOnRequest: checkbox,
    tiers: z.array(tierRow, { error: "validation.price" }).max(PRICE_TIERS_MAX, "terms.validation.tooManyTiers").default([]),
    leadTimeMin: optionalWhole(LEAD_TIME_DAYS_MAX),
    leadTimeMax: optionalWhole(LEAD_TIME_DAYS_MAX),
    samples: checkbox,
    samplePrice: optionalAmount,
    supplyPerMonth: optionalWhole(TRADE_QUANTITY_MAX),
    portOfLoading: optionalLine(PORT_OF_LOADING_MAX),
    paymentTerms: options(PAYMENT_TERMS),
    incoterms: options(INCOTERMS),
    specifications: z
      .array(specificationRow, { error: "validation.tooLong" })
      .max(SPECIFICATION_ROWS_MAX, "terms.validation.tooManySpecifications")
      .default([]),
    tradeNotes: optionalText(TRADE_NOTES_MAX),
  })
  .superRefine((value, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    if (!value.priceOnRequest) {
      let previous: number | undefined;
      let first = true;
      value.tiers.forEach((row, i) => {
        if (!row || (row.from === undefined && row.price === undefined)) return;
        if (row.price === undefined) issue(["tiers", i, "price"], "terms.validation.tierPrice");
        const from = row.from ?? (first ? (value.moq ?? 1) : undefined);
        if (from === undefined) issue(["tiers", i, "from"], "terms.validation.tierFrom");
        else if (first && value.moq !== undefined && from !== value.moq) issue(["tiers", i, "from"], "terms.validation.firstTierFrom");
        else if (previous !== undefined && from <= previous) issue(["tiers", i, "from"], "terms.validation.tierOrder");
        if (from !== undefined) previous = from;
        first = false;
      });
    }
    if (value.leadTimeMax !== undefined) {
      if (value.leadTimeMin === undefined) issue(["leadTimeMin"], "terms.validation.leadTimeMin");
      else if (value.leadTimeMax < value.leadTimeMin) issue(["leadTimeMax"], "terms.validation.leadTimeOrder");
    }
    if (value.samplePrice !== undefined && !value.samples) issue(["samplePrice"], "terms.validation.samplePrice");
    value.specifications.forEach((row, i) => {
      if (!row) return;
      if (row.name && !row.value) issue(["specifications", i, "value"], "terms.validation.specificationValue");
      if (!row.name && row.value) issue(["specifications", i, "name"], "terms.validation.specificationName");
    });
  });

/**
 * A listing's fields as stored, from the form's checked values: the tiers given (none with 'price
 * on request'), the first from the MOQ (and the MOQ from the first tier when left empty), a lead
 * time range of one day as that day, a sample price only with samples, the filled specification
 * rows. (Not a transform of the schema: conform reads the schema's constraints, and a transform
 * at its root has none.)
 */
export function productInput({
  tiers,
  priceOnRequest,
  specifications,
  moq,
  leadTimeMin,
  leadTimeMax,
  ...value
}: z.output<typeof ProductSchema>) {
  const given = priceOnRequest ? [] : tiers.filter((row) => row && (row.from !== undefined || row.price !== undefined));
  const minimum = moq ?? given[0]?.from ?? 1;
  const priceTiers: PriceTier[] = given.map((row, i) => ({ from: i === 0 ? minimum : row!.from!, price: row!.price! }));
  return {
    ...value,
    moq: minimum,
    priceTiers,
    leadTimeMin,
    leadTimeMax: leadTimeMax === leadTimeMin ? undefined : leadTimeMax,
    samplePrice: value.samples ? value.samplePrice : undefined,
    specifications: specifications
      .filter((row): row is { name: string; value: string } => !!row?.name && !!row.value)
      .map(({ name, value }) => ({ name, value })),
  };
}
export type ProductInput = ReturnType<typeof productInput>;

/** Editing a listing: the same fields, the images to keep, and which of them is the main one. */
export const ProductEditSchema = ProductSchema.and(
  z.object({
    removeImage: z.array(z.string().max(300)).max(MAX_IMAGES_PER_CATALOG_PRODUCT).default([]),
    mainImage: z.string().max(300).optional(),
  }),
);

const recordId = z.string().trim().min(1).max(64);

/** My Catalog's forms, one per intent. */
export const CatalogActionSchema = z.discriminatedUnion("intent", [
  CatalogSchema.extend({ intent: z.literal("createCatalog") }),
  z.object({ intent: z.literal("deleteCatalog"), catalogId: recordId }),
  z.object({
    intent: z.literal("deleteProduct"),
    productId: z.coerce.number({ error: "validation.unknownIntent" }).int().positive().max(Number.MAX_SAFE_INTEGER),
  }),
]);

// Typed numbers arrive as one string each; a list or an object in their place is refused, not coerced.
const typedNumber = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .transform((value) => Number(value));

const wholeNumber = (max: number) =>
  typedNumber("validation.positiveNumber").pipe(
    z
      .number({ error: "validation.positiveNumber" })
      .int("validation.positiveNumber")
      .positive("validation.positiveNumber")
      .max(max, "validation.tooLarge"),
  );

const requiredPrice = typedNumber("validation.price").pipe(
  z.number({ error: "validation.price" }).refine((n) => Number.isFinite(n) && n > 0 && n <= PRICE_MAX, "validation.price"),
);

const DAY_MS = 24 * 60 * 60 * 1000;

/** A date typed as YYYY-MM-DD: valid through the end of that day (UTC), from tomorrow to a year ahead. */
const validUntil = z
  .string({ error: "validation.required" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.validUntil")
  .transform((value) => Date.parse(`${value}T23:59:59.999Z`))
  .refine(
    (ms) => Number.isFinite(ms) && ms > Date.now() && ms <= Date.now() + (QUOTE_VALID_DAYS_MAX + 1) * DAY_MS,
    "validation.validUntil",
  );

/**
 * A supplier's quote: a unit price per line of the request (in the request's line order), and the
 * terms. The numbers are checked here; that they match the request's lines, in the model.
 */
export const QuoteSchema = z.object({
  unitPrices: z.array(requiredPrice, { error: "validation.price" }).min(1, "validation.price").max(100, "validation.tooLarge"),
  currency: z.enum(CURRENCIES, { error: "validation.chooseOption" }),
  minimumOrder: wholeNumber(PRICE_MAX),
  leadTimeDays: wholeNumber(QUOTE_LEAD_TIME_DAYS_MAX),
  incoterm: z.enum(INCOTERMS, { error: "validation.chooseOption" }),
  paymentTerms: text(200),
  validUntil,
  message: optionalText(QUOTE_TEXT_MAX),
});
export type QuoteInput = z.infer<typeof QuoteSchema>;

/** A quote on a buy trade lead also says the quantity it prices (the lead's own is free text). */
export const LeadQuoteSchema = QuoteSchema.extend({ quantity: wholeNumber(PRICE_MAX) });

/** A rating from 1 to 5, as a select sends it. */
const rating = z.coerce
  .number({ error: "validation.chooseOption" })
  .int("validation.chooseOption")
  .min(1, "validation.chooseOption")
  .max(REVIEW_RATING_MAX, "validation.chooseOption");

/** A review of the supplier, by the buyer whose quote was accepted. */
const ReviewFields = z.object({ described: rating, communication: rating, delivery: rating, comment: text(REVIEW_TEXT_MAX) });

/** A request's forms that have fields of their own (each form on the page uses its intent's schema). */
export const DeclineRequestSchema = z.object({ intent: z.literal("decline"), reason: text(QUOTE_TEXT_MAX) });
export const ThreadMessageSchema = z.object({ intent: z.literal("message"), body: text(THREAD_MESSAGE_MAX) });
export const ReviewSchema = ReviewFields.extend({ intent: z.literal("review") });
export const EditReviewSchema = ReviewFields.extend({ intent: z.literal("editReview") });
export const ReviewReplySchema = z.object({ intent: z.literal("replyReview"), reply: text(REVIEW_TEXT_MAX) });

/** What may be done on a request's page: by its supplier, by its buyer, or by either (the thread). */
export const RequestActionSchema = z.discriminatedUnion("intent", [
  QuoteSchema.extend({ intent: z.literal("quote") }),
  QuoteSchema.extend({ intent: z.literal("revise") }),
  DeclineRequestSchema,
  ThreadMessageSchema,
  z.object({ intent: z.literal("accept"), quoteId: recordId }),
  z.object({ intent: z.literal("declineQuote"), quoteId: recordId }),
  ReviewSchema,
  EditReviewSchema,
  ReviewReplySchema,
]);

export const ForgotPasswordSchema = z.object({ email: emailField, website: honeypotField });

/** A new password: sign-up's rules, typed twice; the token comes from the link. */
export const ResetPasswordSchema = z
  .object({
    token: z.string().max(100),
    password: passwordField,
    confirmPassword: z.string({ error: "validation.required" }).min(1, "validation.required").max(200, "validation.tooLong"),
  })
  .refine((value) => value.password === value.confirmPassword, { path: ["confirmPassword"], message: "validation.passwordsMismatch" });

export const VerifyEmailSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("verify"), token: z.string().max(100) }),
  z.object({ intent: z.literal("resend") }),
]);

/** /admin/outbox's one button. */
export const OutboxActionSchema = z.object({ intent: z.literal("sendDue") });

/** /notifications' one button. */
export const NotificationsActionSchema = z.object({ intent: z.literal("markAllRead") });

/** /settings/notifications: how each kind reaches the member by e-mail. */
export const NotificationSettingsSchema = z.object(
  Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, z.enum(NOTIFICATION_DELIVERIES, { error: "validation.chooseOption" })]),
  ) as Record<NotificationKind, z.ZodEnum<{ [K in NotificationDelivery]: K }>>,
);

/** "Save this search" on /products (words, category filter) and /trade-leads (type, category). */
const SaveSearchSchema = z.discriminatedUnion("scope", [
  z.object({
    intent: z.literal("save"),
    scope: z.literal("products"),
    search: optionalLine(SEARCH_TERM_MAX_LENGTH),
    category: optionalLine(CATEGORY_FILTER_MAX_LENGTH),
    /** /products' filters as its query string; checked again when saved (app/lib/product-filters.ts). */
    filters: optionalLine(SAVED_FILTERS_MAX_LENGTH),
  }),
  z.object({
    intent: z.literal("save"),
    scope: z.literal("trade_leads"),
    leadType: z.enum(["buy", "sell"], { error: "validation.chooseOption" }).optional(),
    category: z.enum(TRADE_LEAD_CATEGORIES, { error: "validation.chooseOption" }).optional(),
  }),
]);

/** /alerts: pause, resume or delete one. */
const AlertActionSchema = z.object({ intent: z.enum(["pause", "resume", "delete"]), id: recordId });

/** /settings: the account's details. */
export const ProfileSettingsSchema = z.object({
  intent: z.literal("profile"),
  fullName: line(120),
  companyName: optionalLine(160),
  mobileNumber: optionalLine(40),
});
/** /settings: a new password, with the current one. */
export const PasswordSettingsSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: z.string({ error: "validation.required" }).min(1, "validation.required").max(200, "validation.tooLong"),
    password: passwordField,
    confirmPassword: z.string({ error: "validation.required" }).min(1, "validation.required").max(200, "validation.tooLong"),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "validation.passwordsMismatch" });
/** /settings: a new e-mail address, with the current password. */
export const EmailSettingsSchema = z.object({
  intent: z.literal("email"),
  email: emailField,
  currentPassword: z.string({ error: "validation.required" }).min(1, "validation.required").max(200, "validation.tooLong"),
});
/** Everything /settings does: the account's details, its password, its e-mail address. */
export const AccountSettingsSchema = z.discriminatedUnion("intent", [ProfileSettingsSchema, PasswordSettingsSchema, EmailSettingsSchema]);

/** The one-click unsubscribe: a person's button, or a mail client's RFC 8058 POST. */
export const UnsubscribeSchema = z.union([
  z.object({ intent: z.literal("unsubscribe") }),
  z.object({ "List-Unsubscribe": z.literal("One-Click") }),
]);

/** Everything /alerts does: save a search (from /products or /trade-leads), pause, resume, delete. */
export const AlertsFormSchema = z.union([SaveSearchSchema, AlertActionSchema]);

/** A company's business type, set by its supplier. */
export const BusinessTypeSchema = z.object({
  intent: z.literal("businessType"),
  businessType: z.enum(BUSINESS_KINDS, { error: "validation.chooseOption" }),
});
const registrationFields = z.object({
  intent: z.literal("apply"),
  registrationNumber: line(60),
  country: line(80).refine((v) => COUNTRY_NAMES.has(v), "validation.chooseOption"),
  address: text(300),
});
/** A company's application for verification: its registration, and one to five documents (checked by the service). */
export const VerificationApplicationSchema = registrationFields.extend({
  // An empty file input sends one nameless, empty file: that is no document.
  documents: z.preprocess(
    (value) =>
      (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((f) => !(f instanceof File && f.size === 0 && !f.name)),
    z
      .array(z.instanceof(File, { message: "trust.documents.required" }))
      .min(1, "trust.documents.required")
      .max(VERIFICATION_DOCS_MAX, "trust.documents.tooMany"),
  ),
});

/**
 * The same form as the server reads it: the documents stream to storage as they arrive
 * (receiveVerificationForm) and never reach the schema; the action requires at least one.
 */
export const VerificationFieldsSchema = z.discriminatedUnion("intent", [BusinessTypeSchema, registrationFields]);

/** /admin/verifications: approve, or reject with the reason the supplier reads. */
export const VerificationDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), id: recordId }),
  z.object({ intent: z.literal("reject"), id: recordId, reason: text(QUOTE_TEXT_MAX) }),
]);

/** "Report": what, why, and what happened, for admins. */
export const ReportSchema = z.object({
  targetType: z.enum(REPORT_TARGETS),
  targetId: recordId,
  reason: z.enum(REPORT_REASONS, { error: "validation.chooseOption" }),
  details: text(REPORT_DETAILS_MAX),
  returnTo: z.string().max(500).optional(),
});

/** /admin/reports: dismiss a target's reports, hide it (or show it again), suspend its owner, or lift a suspension. */
/**
 * What an admin does on Members & Upgrades: decide an upgrade request (which sets the plan), or
 * suspend a member or lift their suspension. One schema per intent.
 */
export const AdminMemberActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), requestId: recordId }),
  z.object({ intent: z.literal("reject"), requestId: recordId }),
  z.object({ intent: z.literal("suspend"), userId: recordId }),
  z.object({ intent: z.literal("lift"), userId: recordId }),
]);

/**
 * An admin's rate for a currency (what one US dollar buys; the dollar's own stays 1) and the day it
 * is from: a real day, not after today anywhere on Earth (UTC+14).
 */
export const ExchangeRateSchema = z.object({
  currency: z.enum(
    CURRENCIES.filter((c) => c !== "USD"),
    { error: "validation.chooseOption" },
  ),
  perUsd: typedNumber("currency.admin.rateInvalid").pipe(
    z.number({ error: "currency.admin.rateInvalid" }).refine(isSaneRate, "currency.admin.rateInvalid"),
  ),
  asOf: z
    .string({ error: "currency.admin.asOfInvalid" })
    .trim()
    .refine((value) => isCalendarDate(value) && value <= latestToday(), "currency.admin.asOfInvalid"),
});

export const ReportDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("dismiss"), targetType: z.enum(REPORT_TARGETS), targetId: recordId }),
  z.object({
    intent: z.literal("hide"),
    targetType: z.enum(REPORT_TARGETS),
    targetId: recordId,
    reason: z.enum(REPORT_REASONS, { error: "validation.chooseOption" }),
  }),
  z.object({ intent: z.literal("restore"), targetType: z.enum(REPORT_TARGETS), targetId: recordId }),
  z.object({ intent: z.literal("suspend"), userId: recordId }),
  z.object({ intent: z.literal("lift"), userId: recordId }),
]);

/** The button of a visitor's request confirmation page: the token of the e-mail's link. */
export const ConfirmRequestSchema = z.object({ token: z.string().max(100) });
