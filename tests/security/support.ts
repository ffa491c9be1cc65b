import { env } from "cloudflare:test";
import { expect } from "vitest";
import * as schema from "../../db/schema";
import { createUser, db, ORIGIN, sessionCookie, withCompany } from "../support/factories";
import { MB, postUnread, PULLED_BEFORE_ANSWER_MAX } from "../support/unread-body";
import { fetchWorker } from "../support/worker";

// Shared by the security suites (authorization, hostile input, headers): the six roles, one set
// of users and rows made once per test file, requests as a browser sends them, and a snapshot of
// everything stored (D1 rows and R2 keys) to prove a refusal changed nothing.

export const ROLES = ["visitor", "free", "paid", "owner", "other", "admin"] as const;
/**
 * visitor: no session. free / paid: members (free, premium) who own nothing used by the rows.
 * owner: the free member who owns the resources (lead, cart lines, requests, upgrade request).
 * other: another free member, never the owner. admin: a free member in admin mode (the gate).
 */
export type Role = (typeof ROLES)[number];

export interface Fixture {
  users: Record<Exclude<Role, "visitor">, { id: string; email: string }>;
  product: { id: number; title: string };
  /** An active lead of the owner's, with contact details only some roles may receive. */
  lead: { id: string; contactInfo: string };
}

/**
 * The company that sells the fixture's product, with an id known beforehand: the checkout form's
 * box for it is named after it ('messages.<company id>').
 */
export const FIXTURE_COMPANY_ID = "fixture-company";

/** One per test file: every file starts from an empty database (tests/setup/apply-migrations.ts). */
const fixtures = new Map<string, Promise<Fixture>>();
let seq = 0;

/** A number unique within the test file, for e-mails and titles. */
export function unique() {
  return `${Date.now().toString(36)}${++seq}`;
}

/** The users and rows every suite needs, made once per test file. */
export function setupFixture(): Promise<Fixture> {
  const file = expect.getState().testPath ?? "";
  const fixture = fixtures.get(file) ?? makeFixture();
  fixtures.set(file, fixture);
  return fixture;
}

async function makeFixture(): Promise<Fixture> {
  const [free, paid, owner, other, admin] = await Promise.all([
    createUser({ plan: "free" }),
    createUser({ plan: "premium" }),
    createUser({ plan: "free" }),
    createUser({ plan: "free" }),
    createUser({ plan: "free" }),
  ]);
  const supplier = await createUser({ plan: "professional" });
  await db.insert(schema.catalogs).values({ id: FIXTURE_COMPANY_ID, userId: supplier.id, companyName: "Pump Co" });
  const [product] = await db
    .insert(schema.products)
    .values(
      await withCompany(
        [{ title: "Security Test Pump", category: "Industrial", price: 10, currency: "USD", companyName: "Pump Co" }],
        FIXTURE_COMPANY_ID,
      ),
    )
    .returning();
  const contactInfo = `owner-contact-${unique()}`;
  const [lead] = await db
    .insert(schema.tradeLeads)
    .values({ userId: owner.id, leadType: "buy", title: "Owner's lead", description: "Needs pumps", contactInfo })
    .returning();
  return {
    users: { free, paid, owner, other, admin },
    product: { id: product.id, title: product.title },
    lead: { id: lead.id, contactInfo },
  };
}

/** A fresh session cookie for the role (sessions are cheap; a row that signs out cannot spoil the next). */
export async function cookieFor(fx: Fixture, role: Role) {
  if (role === "visitor") return undefined;
  return sessionCookie(fx.users[role].id, role === "admin");
}

/** A random client address, so the per-address rate limits of one row never spill into another. */
export function randomAddress() {
  return `198.51.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;
}

export interface Send {
  method?: string;
  cookie?: string;
  /** urlencoded fields, or a raw body with its own Content-Type */
  form?: Record<string, string> | [string, string][];
  body?: BodyInit | null;
  contentType?: string | null;
  origin?: string;
  headers?: Record<string, string>;
}

/** A request to the Worker as a same-origin browser sends it (redirects are not followed). */
export function send(path: string, { method = "GET", cookie, form, body, contentType, origin = ORIGIN, headers = {} }: Send = {}) {
  const init: Record<string, string> = { "CF-Connecting-IP": randomAddress(), ...headers };
  if (cookie) init.Cookie = cookie;
  // Browsers send both; Remix compares them on every action (workerd's test fetch sets no Host).
  if (method !== "GET" && method !== "HEAD") Object.assign(init, { Origin: origin, Host: new URL(origin).host });
  let payload: BodyInit | null | undefined = body;
  if (form) {
    payload = new URLSearchParams(form).toString();
    init["Content-Type"] = "application/x-www-form-urlencoded";
  }
  if (contentType !== undefined && contentType !== null) init["Content-Type"] = contentType;
  return fetchWorker(`${origin}${path}`, { method, headers: init, body: payload, redirect: "manual" });
}

// Snapshot of stored state ---------------------------------------------------------------------

/** The table of the write counters below (installWriteCounters). */
const WRITES = "test_rows_written";

let tableNames: Promise<string[]> | null = null;

function tables() {
  tableNames ??= env.DB.prepare(
    `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%'
       and name not like 'd1_%' and name not like '%fts%' and name <> '${WRITES}' order by name`,
  )
    .all<{ name: string }>()
    .then((r) => r.results.map((row) => row.name));
  return tableNames;
}

export type Snapshot = Record<string, string>;

/**
 * Counts of the rows written to each table, kept by triggers this suite adds to the test database
 * (AFTER INSERT, UPDATE and DELETE on every table: a statement's own writes and its triggers'), so a
 * snapshot is one query however large the tables grow (comparing every row's every value took 40 %
 * of the authorization matrix's time). Stricter than comparing contents: a row written back as it
 * was counts too. Installed on a file's fresh database at its first snapshot.
 */
async function installWriteCounters() {
  const names = await tables();
  const statements = [`create table if not exists ${WRITES} (name text primary key, n integer not null) without rowid`];
  for (const name of names) {
    for (const event of ["insert", "update", "delete"]) {
      statements.push(
        `create trigger if not exists "${WRITES}_${name}_${event}" after ${event} on "${name}" begin
           insert into ${WRITES} (name, n) values ('${name}', 1) on conflict (name) do update set n = n + 1;
         end`,
      );
    }
  }
  await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
}

async function rowsWritten(): Promise<Record<string, number>> {
  const read = () => env.DB.prepare(`select name, n from ${WRITES}`).all<{ name: string; n: number }>();
  let result;
  try {
    result = await read();
  } catch (error) {
    if (!String(error).includes("no such table")) throw error;
    await installWriteCounters();
    result = await read();
  }
  return Object.fromEntries(result.results.map((row) => [row.name, row.n]));
}

/**
 * What a refusal must leave as it was: the rows written to every table (but those `except` names,
 * which a refusal may write by design: rate_limits counts failed attempts) and every R2 object's
 * key and etag. Equal snapshots mean nothing was written.
 */
export async function snapshot(except: readonly string[] = []): Promise<Snapshot> {
  const buckets = ["CATALOG_IMAGES", "ADMIN_UPLOADS", "VERIFICATION_DOCS"] as const;
  const [written, ...listed] = await Promise.all([rowsWritten(), ...buckets.map((binding) => env[binding].list())]);
  const state: Snapshot = {};
  for (const [name, n] of Object.entries(written)) if (!except.includes(name)) state[name] = String(n);
  buckets.forEach((binding, i) => {
    state[`r2:${binding}`] = JSON.stringify(listed[i].objects.map((o) => [o.key, o.etag]));
  });
  return state;
}

/** The names of the tables (or buckets) whose content differs between two snapshots. */
export function changed(before: Snapshot, after: Snapshot) {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}

/**
 * Whether a page or JSON answer carries a message for the person (a 4xx never comes bare): an
 * alert or error page in HTML, or a translation key among a data answer's messages. A page is read
 * without its scripts: every page sends the browser its labels ('Oops! Page not found' among them)
 * and its loaders' data, which are no message shown.
 */
export function hasMessage(body: string) {
  const shown = body.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  return (
    /role="alert"/.test(shown) ||
    /That request could not be used|Too many attempts|Access denied|Oops! Page not found/.test(shown) ||
    /"message":"[a-z][A-Za-z]*\.[A-Za-z.]+"/.test(shown) ||
    /"error":\{.*\["[a-z][A-Za-z]*\.[A-Za-z0-9.]+"/s.test(shown)
  );
}

/**
 * 50 MB posted to a route with files by a role that may not use it (declared, as a browser posts
 * it): refused (`status`, 302 for a redirect) before a byte of it is read, and nothing written.
 */
export async function refusesUnread(
  fx: Fixture,
  role: Role,
  path: string,
  upload: { field: string; filename: string; head: string },
  status: number,
) {
  const cookie = await cookieFor(fx, role);
  const before = await snapshot();
  const { response, pulled } = await postUnread({ path, cookie, ...upload, bytes: 50 * MB, declared: true });
  expect(response.status, `${role}: 50 MB`).toBe(status);
  expect(pulled, `${role}: bytes of 50 MB read before the answer`).toBeLessThanOrEqual(PULLED_BEFORE_ANSWER_MAX);
  expect(changed(before, await snapshot()), `${role}: a refused upload changed stored data`).toEqual([]);
}
