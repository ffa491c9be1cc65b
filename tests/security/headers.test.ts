/**
 * Headers and cookies read from real responses: the content security policy (no 'unsafe-eval',
 * no script 'unsafe-inline'), nosniff and frame-ancestors on every kind of answer; the session,
 * cart and toast cookies' flags on localhost and on an https origin (Secure, the __Host- prefix
 * and HSTS there); and `private, no-store` on pages that belong to one member.
 */

import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/edge-cache.server";
import { PASSWORD } from "../support/factories";
import { dataUrl } from "../support/route-data";
import { fetchWorker } from "../support/worker";
import { cookieFor, send, setupFixture, type Fixture } from "./support";

const HTTPS = "https://market.example";

let fx: Fixture;
beforeAll(async () => {
  fx = await setupFixture();
});

function directives(csp: string) {
  return Object.fromEntries(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe("the security headers", () => {
  it.each([
    ["a page", "/", 200],
    ["a member page", "/cart", 200],
    ["a 404", "/no/such/page", 404],
    ["a text file", "/robots.txt", 200],
    ["the sitemap", "/sitemap.xml", 200],
    ["a data request", dataUrl("/products", "routes/products._index"), 200],
  ])("are on %s", async (_kind, path, status) => {
    const response = await send(path, { cookie: await cookieFor(fx, "owner") });
    expect(response.status).toBe(status);
    const csp = directives(response.headers.get("Content-Security-Policy") ?? "");
    const script = csp["script-src"] ?? csp["default-src"];
    expect(script).toBeDefined();
    expect(script).not.toContain("'unsafe-eval'");
    expect(script).not.toContain("'unsafe-inline'");
    expect(csp["default-src"]).not.toContain("'unsafe-eval'");
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    // Images an admin names by URL in the CMS (another https site) must display.
    expect(csp["img-src"]).toEqual(expect.arrayContaining(["'self'", "https:"]));
    expect(csp["img-src"]).not.toContain("http:");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("add HSTS on an https origin, never on localhost", async () => {
    const secure = await fetchWorker(`${HTTPS}/`);
    expect(secure.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d{8,}/);
    const local = await fetchWorker("http://localhost/");
    expect(local.headers.get("Strict-Transport-Security")).toBeNull();
  });
});

function cookieNamed(response: Response, name: RegExp) {
  return response.headers.getSetCookie().find((c) => name.test(c.split("=")[0])) ?? null;
}

function expectFlags(cookie: string | null, secure: boolean) {
  expect(cookie).not.toBeNull();
  const attributes = cookie!.split(";").map((a) => a.trim().toLowerCase());
  expect(attributes).toContain("httponly");
  expect(attributes).toContain("samesite=lax");
  expect(attributes).toContain("path=/");
  expect(attributes.some((a) => a.startsWith("domain="))).toBe(false);
  if (secure) expect(attributes).toContain("secure");
}

async function signIn(origin: string) {
  return fetchWorker(`${origin}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: origin,
      Host: new URL(origin).host,
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": "203.0.113.9",
    },
    body: new URLSearchParams({ email: fx.users.other.email, password: PASSWORD }).toString(),
  });
}

async function addToCart(origin: string) {
  return fetchWorker(`${origin}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, Host: new URL(origin).host, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "add", productId: String(fx.product.id) }).toString(),
  });
}

describe("cookies on an https origin", () => {
  it("are __Host- prefixed, Secure, HttpOnly and SameSite=Lax: session and toast", async () => {
    const response = await signIn(HTTPS);
    expect(response.status).toBe(302);
    expectFlags(cookieNamed(response, /^__Host-sid$/), true);
    expectFlags(cookieNamed(response, /^__Host-toast$/), true);
    expect(cookieNamed(response, /^sid$/)).toBeNull();
    expect(response.headers.get("Strict-Transport-Security")).not.toBeNull();
  });

  it("are __Host- prefixed and Secure for the guest cart too", async () => {
    const response = await addToCart(HTTPS);
    expect(response.status).toBe(302);
    expectFlags(cookieNamed(response, /^__Host-cart$/), true);
  });

  it("refuses a session cookie without the prefix on https (a sibling could plant it)", async () => {
    const local = await signIn("http://localhost");
    const sid = cookieNamed(local, /^sid$/)!.split(";")[0];
    const response = await fetchWorker(`${HTTPS}/requests`, { headers: { Cookie: sid }, redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
  });
});

describe("cookies on localhost", () => {
  it("are HttpOnly and SameSite=Lax without the prefix (browsers refuse Secure on http)", async () => {
    const response = await signIn("http://localhost");
    expectFlags(cookieNamed(response, /^sid$/), false);
    expectFlags(cookieNamed(response, /^toast$/), false);
    expectFlags(cookieNamed(await addToCart("http://localhost"), /^cart$/), false);
  });
});

describe("pages of one member", () => {
  it.each([
    ["the lead board with contact details", "/trade-leads", "paid"],
    ["My Leads", "/trade-leads?tab=mine", "owner"],
    ["My Requests", "/requests", "owner"],
    ["the cart", "/cart", "owner"],
    ["the home page of a member", "/", "free"],
  ] as const)("are private, no-store: %s", async (_name, path, role) => {
    const response = await send(path, { cookie: await cookieFor(fx, role) });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("and on an https origin with the __Host- cookie", async () => {
    const session = cookieNamed(await signIn(HTTPS), /^__Host-sid$/)!.split(";")[0];
    const response = await fetchWorker(`${HTTPS}/trade-leads`, { headers: { Cookie: session } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("while a visitor's public page may be cached", async () => {
    const response = await send("/products");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
  });
});
