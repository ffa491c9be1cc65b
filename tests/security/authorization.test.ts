/**
 * Authorization matrix: every loader and action in app/routes, tried by each role (visitor, free
 * member, paid member, owner, other member, admin mode), with the answer each must get. A refusal
 * (4xx, or a redirect to sign-in or to the admin gate) must leave D1 and R2 exactly as they were.
 *
 * The suite lists app/routes at test time (TEST_ROUTE_FILES, computed in vitest.workers.config.ts)
 * and FAILS when a route file has no row, when a file with a loader has no GET row, or when a file
 * with an action has no POST row. So a new page joins the matrix by adding rows:
 *
 * ROW FORMAT. Every module in tests/security/routes/*.ts exports `rows: RouteRow[]` (add your own
 * file for your routes; no need to edit this one or anyone else's):
 *
 *   {
 *     file: "trade-leads.$id.edit.tsx",          // the file in app/routes the row covers
 *     name: "edit the owner's lead",             // what is tried
 *     method: "POST",                            // "GET" (default) or "POST" (a same-origin form post)
 *     prepare: async (fx, role) => ({ id }),     // optional, runs before EACH role's request: makes
 *                                                //   fresh rows (a lead to delete…) and returns values
 *     path: ({ fx, values }) => `/trade-leads/${values.id}/edit`,   // string or function
 *     form: ({ fx, values, n }) => ({ title: "x" }),                // POST fields, object or function
 *     expect: { visitor: "signin", free: 404, paid: 404, owner: "redirect", other: 404, admin: 404 },
 *     mayWrite: ["rate_limits"],                 // optional: tables a refusal may change by design
 *     check: async ({ role, body, response, fx }) => {},            // optional extra assertions
 *   }
 *
 * `expect` names all six roles (`everyone(x)` and `{ ...everyone(x), owner: y }` keep rows short).
 * An expectation is a status number (200, 400, 403, 404, 429…), "signin" (302 to
 * /auth?redirectTo=…), "gate" (302 to /admin/login?redirectTo=…), "redirect" (any 3xx that is
 * neither) or { status, location } for an exact redirect target (string or RegExp). A data request
 * (`/path.data?_routes=<route id>`) answers a redirect with 202 and its Location: read as a 302.
 * Its `check` gets the route's data decoded (`data`).
 * Each request gets a fresh session for its role and a random client address (CF-Connecting-IP),
 * so rows never depend on each other's rate limits or sign-outs.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeRouteData } from "../support/route-data";
import { changed, cookieFor, ROLES, send, setupFixture, snapshot, type Fixture } from "./support";
import type { Expectation, RouteRow } from "./types";

const modules = import.meta.glob<{ rows: RouteRow[] }>("./routes/*.ts", { eager: true });
const ROWS = Object.values(modules).flatMap((module) => module.rows ?? []);
const ROUTE_FILES: { file: string; loader: boolean; action: boolean }[] = JSON.parse(env.TEST_ROUTE_FILES);

let fx: Fixture;
let n = 0;
beforeAll(async () => {
  fx = await setupFixture();
});

describe("the authorization matrix covers every route", () => {
  it("lists the route files", () => {
    expect(ROUTE_FILES.length).toBeGreaterThan(10);
  });

  it("has a row for every route file, a GET row for every loader and a POST row for every action", () => {
    const missing: string[] = [];
    for (const { file, loader, action } of ROUTE_FILES) {
      const rows = ROWS.filter((row) => row.file === file);
      if (rows.length === 0) missing.push(`${file}: no row`);
      if (loader && !rows.some((row) => (row.method ?? "GET") === "GET")) missing.push(`${file}: no GET row for its loader`);
      if (action && !rows.some((row) => row.method === "POST")) missing.push(`${file}: no POST row for its action`);
    }
    expect(missing, "add rows in tests/security/routes/*.ts").toEqual([]);
  });

  it("has no row for a file that no longer exists, and names all six roles in every row", () => {
    const files = new Set(ROUTE_FILES.map((r) => r.file));
    expect(ROWS.filter((row) => !files.has(row.file)).map((row) => row.file)).toEqual([]);
    for (const row of ROWS) expect(Object.keys(row.expect).sort(), `${row.file}: ${row.name}`).toEqual([...ROLES].sort());
  });
});

function isRefusal(expected: Expectation) {
  if (typeof expected === "number") return expected >= 400;
  if (typeof expected === "string") return expected === "signin" || expected === "gate";
  return expected.status >= 400 || !!expected.unchanged;
}

/** A data request's redirect comes back as 202 with a Location: the status a document request would get. */
const statusOf = (response: Response) => (response.status === 202 && response.headers.has("Location") ? 302 : response.status);

function assertAnswer(response: Response, expected: Expectation, label: string) {
  const location = response.headers.get("Location") ?? "";
  const status = statusOf(response);
  if (typeof expected === "number") {
    expect(status, `${label} (Location: ${location})`).toBe(expected);
  } else if (expected === "signin") {
    expect(status, label).toBe(302);
    expect(location, label).toMatch(/^\/auth\?redirectTo=/);
  } else if (expected === "gate") {
    expect(status, label).toBe(302);
    expect(location, label).toMatch(/^\/admin\/login\?redirectTo=/);
  } else if (expected === "redirect") {
    expect(status, label).toBeGreaterThanOrEqual(300);
    expect(status, label).toBeLessThan(400);
    expect(location, label).not.toMatch(/^\/(auth|admin\/login)\?redirectTo=/);
  } else {
    expect(status, label).toBe(expected.status);
    if (expected.location instanceof RegExp) expect(location, label).toMatch(expected.location);
    else if (expected.location !== undefined) expect(location, label).toBe(expected.location);
  }
}

for (const row of ROWS) {
  describe(`${row.method ?? "GET"} ${row.file}: ${row.name}`, () => {
    it.each([...ROLES])("as %s", async (role) => {
      const values = row.prepare ? await row.prepare(fx, role) : {};
      const ctx = { fx, role, values, n: ++n };
      const path = typeof row.path === "function" ? row.path(ctx) : row.path;
      const form = typeof row.form === "function" ? row.form(ctx) : (row.form ?? {});
      const cookie = await cookieFor(fx, role);
      const expected = row.expect[role];
      const refusal = isRefusal(expected);
      const before = refusal ? await snapshot(row.mayWrite) : null;
      const response = await send(path, row.method === "POST" ? { method: "POST", cookie, form } : { cookie });
      const routeId = new URL(path, "http://localhost").searchParams.get("_routes");
      const decoded =
        routeId && response.headers.get("Content-Type") === "text/x-script" ? await decodeRouteData(response.clone(), routeId) : null;
      const data = decoded?.data ?? (decoded?.error && "data" in decoded.error ? decoded.error.data : undefined);
      const body = await response.text();
      expect(response.status, `${role}: never a server error`).toBeLessThan(500);
      assertAnswer(response, expected, `${role} ${row.method ?? "GET"} ${path}`);
      if (before) expect(changed(before, await snapshot(row.mayWrite)), `${role}: a refusal changed stored data`).toEqual([]);
      await row.check?.({ ...ctx, response, body, data });
    });
  });
}
