import { z } from "zod";
import { COUNTRY_NAMES } from "~/lib/countries";
import {
  BUSINESS_ACTIVITIES,
  BUSINESS_TYPES,
  CART_MAX_QUANTITY,
  EMPLOYEE_RANGES,
  PASSWORD_MIN_LENGTH,
  TRADE_LEAD_CATEGORIES,
  TURNOVER_RANGES,
} from "~/lib/constants";

// Field schemas shared by the forms. Messages are translation keys, translated where shown.

const text = (max: number) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .max(max, "validation.tooLong");

// conform already turns empty inputs into undefined; blanks are trimmed away here.
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "validation.tooLong")
    .optional()
    .transform((v) => v || undefined);

export const emailField = z
  .string({ error: "validation.required" })
  .trim()
  .toLowerCase()
  .min(1, "validation.required")
  .max(254, "validation.tooLong")
  .pipe(z.email("validation.invalidEmail"));

export const passwordField = z
  .string({ error: "validation.required" })
  .min(1, "validation.required")
  .min(PASSWORD_MIN_LENGTH, "validation.passwordTooShort")
  .max(200, "validation.tooLong");

/** Bots fill every field; people never see this one. */
export const honeypotField = z.string().max(0, "validation.spam").optional();

export const SignInSchema = z.object({
  email: emailField,
  password: z.string({ error: "validation.required" }).min(1, "validation.required").max(200, "validation.tooLong"),
  redirectTo: z.string().optional(),
  website: honeypotField,
});

export const SignUpSchema = z.object({
  email: emailField,
  password: passwordField,
  fullName: text(120),
  companyName: optionalText(160),
  mobileNumber: optionalText(40),
  country: optionalText(80).refine((v) => v === undefined || COUNTRY_NAMES.has(v), "validation.chooseOption"),
  businessType: z.enum(BUSINESS_TYPES, { error: "validation.chooseOption" }).default("Buy Sell Products"),
  website: honeypotField,
});

export const MembershipSchema = z
  .object({
    plan: z.string().trim().min(1).max(40).default("free"),
    name: text(120),
    position: optionalText(120),
    companyName: text(160),
    numberOfEmployees: z.enum(EMPLOYEE_RANGES, { error: "validation.chooseOption" }).optional(),
    annualTurnover: z.enum(TURNOVER_RANGES, { error: "validation.chooseOption" }).optional(),
    businessActivity: z.enum(BUSINESS_ACTIVITIES, { error: "validation.required" }),
    email: emailField,
    phone: optionalText(40),
    address: optionalText(300),
    country: text(80).refine((v) => COUNTRY_NAMES.has(v), "validation.chooseOption"),
    password: passwordField,
    confirmPassword: z.string({ error: "validation.required" }).min(1, "validation.required"),
    website: honeypotField,
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "validation.passwordsMismatch" });

export const AdminLoginSchema = z.object({
  password: z.string({ error: "validation.required" }).min(1, "validation.required").max(200, "validation.tooLong"),
  redirectTo: z.string().optional(),
  website: honeypotField,
});

/** Only paths on this site: anything else (another host, a scheme, '//') falls back to '/'. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}

const message = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, "validation.required")
  .max(5000, "validation.tooLong");

/** Guests say who they are; members are known. The action picks the schema. */
const guestContact = {
  name: text(120),
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

export const CheckoutSchema = z.object({ message, website: honeypotField });
export const GuestCheckoutSchema = CheckoutSchema.extend(guestContact);

export const ContactSchema = z.object({
  email: emailField,
  name: text(120),
  companyName: optionalText(160),
  phone: optionalText(40),
  country: optionalText(80),
  businessActivity: z.enum(BUSINESS_ACTIVITIES, { error: "validation.chooseOption" }).default("buyer"),
  message,
  website: honeypotField,
});

export const TradeLeadSchema = z.object({
  leadType: z.enum(["buy", "sell"], { error: "validation.chooseOption" }).default("buy"),
  title: text(200),
  description: text(5000),
  category: z.enum(TRADE_LEAD_CATEGORIES, { error: "validation.chooseOption" }).optional(),
  quantity: optionalText(120),
  location: optionalText(120),
  contactInfo: optionalText(500),
});

/** Editing adds the Active switch: a checkbox, present only when on. */
export const TradeLeadEditSchema = TradeLeadSchema.extend({
  isActive: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
});
