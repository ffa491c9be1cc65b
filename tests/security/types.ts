import type { RouteData } from "../support/route-data";
import type { Fixture, Role } from "./support";

// The row formats of the security suites (documented at the top of each suite).

export type Expectation =
  | number
  | "signin"
  | "gate"
  | "redirect"
  /** `unchanged`: an answer that is not an error but must write nothing (e.g. signed in already). */
  | { status: number; location?: string | RegExp; unchanged?: boolean };

interface RowContext {
  fx: Fixture;
  role: Role;
  /** What `prepare` returned for this role's request. */
  values: Record<string, string>;
  /** A number unique to this request. */
  n: number;
}

export type { RouteData };

export interface RouteRow {
  /** The file in app/routes this row covers. */
  file: string;
  name: string;
  method?: "GET" | "POST";
  path: string | ((ctx: RowContext) => string);
  form?: Record<string, string> | ((ctx: RowContext) => Record<string, string>);
  prepare?: (fx: Fixture, role: Role) => Promise<Record<string, string>>;
  expect: Record<Role, Expectation>;
  mayWrite?: string[];
  /**
   * `data`: for a data request (`/path.data?_routes=<route id>`, what Remix's client asks for), the
   * route's data or its error response's data, decoded as the client decodes it.
   */
  check?: (ctx: RowContext & { response: Response; body: string; data: RouteData }) => void | Promise<void>;
}

/** The same answer for all six roles. */
export function everyone(expected: Expectation): Record<Role, Expectation> {
  return { visitor: expected, free: expected, paid: expected, owner: expected, other: expected, admin: expected };
}

/** Members (free, paid, owner, other, admin mode) get one answer, the visitor another. */
export function members(expected: Expectation, visitor: Expectation): Record<Role, Expectation> {
  return { ...everyone(expected), visitor };
}

export interface FormContext {
  fx: Fixture;
  values: Record<string, string>;
  n: number;
}

export interface FormEntry {
  /** The file in app/routes whose action this form posts to. */
  file: string;
  name: string;
  /** Who submits: a role allowed to use the form. */
  role: Role;
  path: string | ((ctx: FormContext) => string);
  /** Runs once before the form's payloads: rows the form needs (a lead to edit…). */
  prepare?: (fx: Fixture) => Promise<Record<string, string>>;
  /** A complete, valid submission (the payloads are made from it). */
  valid: (ctx: FormContext) => Record<string, string>;
  /** Fields without which the form is refused (at least one; for intent forms, "intent"). */
  required: string[];
  /** Free-text fields: hostile text goes here. */
  texts: string[];
  /**
   * One-line fields (names, company names, titles, searches): a line break in them is refused, as
   * it could carry a header into an e-mail ('…\r\nBcc: victim@…').
   */
  lines?: string[];
  /** Number fields that refuse huge, negative and non-numbers. */
  numbers?: string[];
  /** Tables a refusal may change by design (rate_limits counts failed attempts). */
  mayWrite?: string[];
  /**
   * The status `valid` answers when the fixture refuses it by design (a wrong current password, so
   * the fixture's password stays; a review of a quote never accepted): the round-trips suite then
   * expects exactly that refusal instead of a success.
   */
  refused?: number;
  /**
   * Accepted hostile text: submits `valid` with HTML, script, SQL and FTS5 syntax in the text
   * fields, expects a success (2xx/3xx), then reads `page` as `role` (default the form's role)
   * and checks the text renders escaped.
   */
  /**
   * A form that takes files: the file input's name, a file name and the first bytes of a file it
   * accepts. The suite also posts a body declared over any route's limit (64 MB) as `role`, which
   * must get 413 before a byte of it is read, and write nothing.
   */
  upload?: { field: string; filename: string; head: string };
  /** Only document requests (a route without data of its own, like the catch-all 404). */
  documentOnly?: boolean;
  shows?: { page: string | ((ctx: FormContext) => string); role?: Role };
}
