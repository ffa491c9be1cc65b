import type { AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, env } from "cloudflare:test";
import { inArray } from "drizzle-orm";
import { forgetContentVersion } from "~/entry.worker";
import type { ProfilePlan } from "~/lib/constants";
import { hashPassword } from "~/lib/password.server";
import { readContentVersion } from "~/models/content-version.server";
import { startSession } from "~/services/session.server";
import { makeDb } from "../../db/client";
import * as schema from "../../db/schema";
import { dataUrl, decodeRouteData, type RouteData } from "./route-data";
import { fetchWorker } from "./worker";

export const ORIGIN = "http://localhost";
export const db = makeDb(env.DB);
export const PASSWORD = "correct-horse-42";

let counter = 0;
// A cheap hash for factory users: the real iteration count is covered by the hashing tests.
const quickHash = hashPassword(PASSWORD, 1_000);

/**
 * Inserts a user with a profile directly, as the tests need them. `createdAt` in the past makes a
 * member who signed up before (the home page welcomes them back).
 */
export async function createUser({
  plan = "free",
  email,
  createdAt = new Date(),
}: { plan?: ProfilePlan; email?: string; createdAt?: Date } = {}) {
  const id = crypto.randomUUID();
  const address = email ?? `user${++counter}-${id.slice(0, 8)}@example.com`;
  await db.batch([
    db.insert(schema.users).values({ id, email: address, passwordHash: await quickHash, emailVerifiedAt: new Date(), createdAt }),
    db.insert(schema.profiles).values({ id, email: address, fullName: `Test ${plan}`, companyName: "Test Co", membershipPlan: plan }),
  ]);
  return { id, email: address, plan };
}

/**
 * After a test writes public content straight into D1 (as another isolate or a script would): the
 * Worker's next visitor request reads the content version afresh, as it would once its cached
 * version aged (CONTENT_VERSION_MAX_AGE_MS; tests/integration/edge-cache.test.ts waits for that).
 */
export function editedElsewhere() {
  forgetContentVersion();
}

export function testContext(): AppLoadContext {
  return {
    db,
    env,
    ctx: createExecutionContext(),
    nonce: "",
    requestId: "test",
    local: true,
    contentVersion: () => readContentVersion(db),
  } as unknown as AppLoadContext;
}

/** A session cookie ('sid=…') for the user, as if they had signed in. */
export async function sessionCookie(userId: string | null, isAdmin = false) {
  const setCookie = await startSession(new Request(`${ORIGIN}/`), testContext(), { userId, isAdmin });
  if (!setCookie) throw new Error(`no session for ${userId}: the account is suspended`);
  return setCookie.split(";")[0];
}

export function get(path: string, cookie?: string, headers: Record<string, string> = {}) {
  return fetchWorker(`${ORIGIN}${path}`, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers }, redirect: "manual" });
}

/** A same-origin form post, as a browser with JavaScript off sends it. */
export function post(path: string, fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) {
  return fetchWorker(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: ORIGIN,
      Host: "localhost",
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The cookie pairs a response sets, ready to send back. */
export function cookiesFrom(response: Response) {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export function sidFrom(response: Response) {
  return (
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith("sid="))
      ?.split(";")[0] ?? null
  );
}

/**
 * What a route's loader sends Remix's client for `path` (a Single Fetch data request) as the
 * `cookie`'s viewer: the HTTP status, the route's data (or its error response's data), and the
 * answer's raw text (for checks that something is never sent at all).
 */
export async function routeAnswer<T = RouteData>(path: string, routeId: string, cookie?: string) {
  const response = await get(dataUrl(path, routeId), cookie);
  const raw = await response.clone().text();
  const result = await decodeRouteData<T>(response, routeId);
  const data = result.data ?? (result.error && "data" in result.error ? (result.error.data as T) : undefined);
  return { status: response.status, data: data as T, raw };
}

/** A route's loader data for `path` as Remix's client receives it; fails unless the loader answered with data. */
export async function loaderData<T = RouteData>(path: string, routeId: string, cookie?: string): Promise<T> {
  const { status, data, raw } = await routeAnswer<T>(path, routeId, cookie);
  if (status !== 200) throw new Error(`${path} (${routeId}): ${status} ${raw.slice(0, 300)}`);
  return data;
}

/** A supplier company: an account and its catalog. Every product belongs to one. */
export async function createCompany(companyName = "Test Supplier Co", plan: ProfilePlan = "professional") {
  const owner = await createUser({ plan });
  const [catalog] = await db.insert(schema.catalogs).values({ userId: owner.id, companyName }).returning();
  return { owner, catalog };
}

/** Listings of a company (a new one unless given): rows as a test writes them, with their catalog. */
export async function withCompany<T extends Partial<typeof schema.products.$inferInsert>>(rows: T[], catalogId?: string) {
  const id = catalogId ?? (await createCompany()).catalog.id;
  return rows.map((row) => ({ catalogId: id, ...row }));
}

/** The checkout form's boxes: `message` written to each supplier (company) of these products ('messages.<company id>'). */
export async function checkoutMessages(productIds: number[], message: string) {
  const rows = await db
    .selectDistinct({ catalogId: schema.products.catalogId })
    .from(schema.products)
    .where(inArray(schema.products.id, productIds));
  return Object.fromEntries(rows.map((row) => [`messages.${row.catalogId}`, message]));
}
