// Findings of a security review, one describe each. Each test failed before
// its fix; the security suites (tests/security) keep the general rules (roles, hostile input,
// headers) for every route.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  CART_MAX_LINES,
  CATEGORY_FILTER_MAX_LENGTH,
  FORM_MAX_BYTES,
  GUEST_CART_DAYS,
  PAGE_MAX,
  TRADE_LEADS_PAGE_SIZE,
} from "~/lib/constants";
import { safeRedirect } from "~/lib/url";
import { getOrCreateUserCartId, listCartLines, mergeCarts } from "~/models/cart.server";
import { readContentVersion } from "~/models/content-version.server";
import { checkoutCart } from "~/models/inquiries.server";
import { decideUpgradeRequest } from "~/models/membership.server";
import { listProducts, productPageCap } from "~/models/products.server";
import { boardPage } from "~/models/trade-leads.server";
import * as schema from "../../db/schema";
import worker from "../../server";
import {
  checkoutMessages,
  createUser,
  db,
  get,
  ORIGIN,
  PASSWORD,
  post,
  sessionCookie,
  sidFrom,
  loaderData,
  withCompany,
} from "../support/factories";
import { SITE } from "../support/mail";
import { fetchWorker } from "../support/worker";

const DAY_MS = 86_400_000;

async function addProduct(category = "Industrial", title = "Hardening pump") {
  const [product] = await db
    .insert(schema.products)
    .values(await withCompany([{ title, category, price: 5, currency: "USD" }]))
    .returning();
  return product;
}

function rawPost(path: string, body: BodyInit | null, headers: Record<string, string>) {
  return fetchWorker(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: ORIGIN, Host: "localhost", ...headers },
    body,
  });
}

describe("1. a body that is not a form never takes the server down", () => {
  it("answers POST /auth with an empty Content-Type twice, with a GET between, and keeps answering", async () => {
    for (let i = 0; i < 2; i++) {
      const response = await rawPost("/auth", "x=1", { "Content-Type": "" });
      expect(response.status).toBe(415);
      expect(await response.text()).toContain("The page sent something other than a form");
      const home = await get("/");
      expect(home.status).toBe(200);
      await home.text();
    }
    expect((await get("/auth")).status).toBe(200);
  });
});

describe("2. every form action answers a non-form body with 4xx and writes nothing", () => {
  it.each([
    ["JSON", "application/json", '{"email":"a@example.com","name":"A","message":"Hi"}', 415],
    ["text/plain", "text/plain", "email=a@example.com&name=A&message=Hi", 415],
    ["multipart without a boundary", "multipart/form-data", "email=a@example.com", 400],
    ["charset=utf-16", "application/x-www-form-urlencoded; charset=utf-16", "email=a", 415],
  ])("%s to /contact", async (_kind, contentType, body, status) => {
    const [{ before }] = await db.select({ before: count() }).from(schema.contactMessages);
    const response = await rawPost("/contact", body, { "Content-Type": contentType });
    expect(response.status).toBe(status);
    const [{ after }] = await db.select({ after: count() }).from(schema.contactMessages);
    expect(after).toBe(before);
  });
});

describe("2b. a chunked body (no Content-Length) is held to the same size cap", () => {
  it("refuses a streamed form past the cap with 413 and writes nothing, and still reads a small one", async () => {
    const stream = (text: string) => new Blob([text]).stream();
    const [{ before }] = await db.select({ before: count() }).from(schema.contactMessages);
    const big = `email=a%40example.com&name=A&message=${"x".repeat(FORM_MAX_BYTES)}`;
    const refused = await rawPost("/contact", stream(big), { "Content-Type": "application/x-www-form-urlencoded" });
    expect(refused.status).toBe(413);
    expect(await refused.text()).toContain("too large");
    const small = await rawPost("/contact", stream("email=a%40example.com&name=A&message=Hello%20there"), {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(small.status).toBeLessThan(400);
    const [{ after }] = await db.select({ after: count() }).from(schema.contactMessages);
    expect(after).toBe(before + 1);
  });
});

describe("3. redirects stay on this site", () => {
  it.each([
    "/\t/evil.example",
    "/\\evil.example",
    "//evil.example",
    "/\r\n/evil.example",
    "/\u0000/evil.example",
    "https://evil.example",
    "/%0a",
  ])("refuses %j", (target) => {
    const result = safeRedirect(target);
    expect(result === "/" || result.startsWith("/%")).toBe(true);
    expect(new URL(result, "https://market.example").origin).toBe("https://market.example");
  });

  it("keeps an admin who opens /admin/login?redirectTo=/%09/evil.example on the site", async () => {
    const cookie = await sessionCookie(null, true);
    const response = await get("/admin/login?redirectTo=/%09/evil.example", cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("signs in with a tab, CR, LF or NUL in redirectTo without leaving the site or failing", async () => {
    const user = await createUser();
    for (const redirectTo of ["/\t/evil.example", "/\r/evil.example", "/\n/evil.example", "/\u0000x"]) {
      const response = await post("/auth", { email: user.email, password: PASSWORD, redirectTo }, undefined, {
        "CF-Connecting-IP": "192.0.2.3",
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
  });

  it("adds to the cart with a tab in redirectTo and lands on our own page", async () => {
    const product = await addProduct();
    const response = await post("/cart", { intent: "add", productId: String(product.id), redirectTo: "/\t/evil.example" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cart");
  });
});

describe("4. every query parameter is bounded", () => {
  it("finds nothing for a category filter longer than any category, with 200", async () => {
    await addProduct("Industrial");
    for (const length of [CATEGORY_FILTER_MAX_LENGTH + 1, 49, 60, 5000]) {
      const response = await get(`/products?category=${"e".repeat(length)}`);
      expect(response.status).toBe(200);
      const data = await loaderData<{ total: number }>(`/products?category=${"e".repeat(length)}`, "routes/products._index");
      expect(data.total).toBe(0);
    }
    expect((await listProducts(db, { category: "x".repeat(49) })).total).toBe(0);
  });

  it.each(
    [
      `/products?search=${"pump ".repeat(3000)}`,
      `/products?page=${"9".repeat(400)}`,
      `/products?page=-5`,
      `/trade-leads?tab=${"x".repeat(5000)}&page=${"9".repeat(400)}`,
      `/membership?plan=${"x".repeat(5000)}&step=details&billing=${"y".repeat(5000)}`,
      `/auth?mode=${"x".repeat(5000)}&redirectTo=/${"a".repeat(5000)}`,
      `/requests/sent?ref=${"R".repeat(5000)}`,
      `/request-quote/1?type=${"x".repeat(5000)}`,
      `/?lng=${"x".repeat(5000)}`,
    ].map((path) => [path.slice(0, 40), path]),
  )("answers %s… with 200 or 404, never 500", async (_label, path) => {
    const response = await get(path.slice(0, 16_000));
    expect([200, 302, 404]).toContain(response.status);
  });

  it("bounds the confirmation parameter of My Leads", async () => {
    const user = await createUser();
    const data = await loaderData<{ confirmDelete: string }>(
      `/trade-leads?tab=mine&confirmDelete=${"x".repeat(5000)}`,
      "routes/trade-leads._index",
      await sessionCookie(user.id),
    );
    expect(data.confirmDelete.length).toBeLessThanOrEqual(64);
  });
});

describe("5. a cookie that does not verify is treated as absent", () => {
  it.each(["sid=%", "cart=%", "toast=%", "sid=%; cart=%; toast=%", "sid=abc.def; cart=%E0%A4%A", "__Host-sid=%"])(
    "renders pages with %s",
    async (cookie) => {
      for (const path of ["/", "/cart", "/products"]) {
        const response = await get(path, cookie);
        expect(response.status).toBe(200);
      }
    },
  );
});

describe("6. nobody can lock an owner out (OWASP device cookies)", () => {
  it("lets the owner in from their device during an attack from other addresses and behind a locked-out address", async () => {
    const owner = await createUser();
    const attacked = "198.51.100.66";
    // The owner signed in on this device before: the device cookie names the account.
    const first = await post("/auth", { email: owner.email, password: PASSWORD }, undefined, { "CF-Connecting-IP": "192.0.2.10" });
    expect(first.status).toBe(302);
    const device = first.headers
      .getSetCookie()
      .find((c) => c.startsWith("device="))!
      .split(";")[0];

    // Wrong passwords for the owner's e-mail from many addresses, and 25 from the owner's own address.
    for (let i = 0; i < 6; i++)
      await post("/auth", { email: owner.email, password: "wrong-guess" }, undefined, { "CF-Connecting-IP": `203.0.113.${i + 1}` });
    for (let i = 0; i < 25; i++) {
      await post("/auth", { email: `someone${i}@example.com`, password: "wrong-guess" }, undefined, { "CF-Connecting-IP": attacked });
    }
    const untrusted = await post("/auth", { email: owner.email, password: PASSWORD }, undefined, { "CF-Connecting-IP": "192.0.2.99" });
    expect(untrusted.status).toBe(429);
    const behind = await post("/auth", { email: "new-person@example.com", password: "wrong-guess" }, undefined, {
      "CF-Connecting-IP": attacked,
    });
    expect(behind.status).toBe(429);

    // The owner, from their device, behind the locked-out address, still gets in.
    const owners = await post("/auth", { email: owner.email, password: PASSWORD }, device, { "CF-Connecting-IP": attacked });
    expect(owners.status).toBe(302);
    expect(sidFrom(owners)).not.toBeNull();
  });
});

describe("7. entering admin mode rotates the session id", () => {
  it("gives a new id and ends the old one", async () => {
    const user = await createUser();
    const before = await sessionCookie(user.id);
    const response = await post("/admin/login", { password: env.ADMIN_PASSWORD }, before, { "CF-Connecting-IP": "192.0.2.77" });
    expect(response.status).toBe(302);
    const after = sidFrom(response);
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
    expect((await get("/admin/members", after!)).status).toBe(200);
    expect((await get("/admin/members", before)).status).toBe(302);
    expect((await get("/requests", before)).status).toBe(302);
  });
});

describe("8. a rejected add to cart writes nothing", () => {
  it("creates no guest cart and sets no cookie for an unknown product", async () => {
    const [{ before }] = await db.select({ before: count() }).from(schema.carts);
    const response = await post("/cart", { intent: "add", productId: "987654321" });
    expect(response.status).toBe(404);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("cart="))).toBe(false);
    const [{ after }] = await db.select({ after: count() }).from(schema.carts);
    expect(after).toBe(before);
  });
});

describe("9. personal pages are never cached; production cookies are __Host- and Secure", () => {
  it("marks a member's pages private, no-store", async () => {
    const user = await createUser({ plan: "premium" });
    const cookie = await sessionCookie(user.id);
    for (const path of ["/trade-leads", "/requests", "/cart"]) {
      expect((await get(path, cookie)).headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });

  it("sends HSTS and a __Host-, Secure session cookie on https", async () => {
    const user = await createUser();
    const response = await fetchWorker("https://market.example/auth", {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "https://market.example", Host: "market.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: user.email, password: PASSWORD }).toString(),
    });
    expect(response.headers.get("Strict-Transport-Security")).not.toBeNull();
    const sid = response.headers.getSetCookie().find((c) => c.startsWith("__Host-sid="));
    expect(sid).toMatch(/; Secure/i);
  });
});

describe("10. zod never probes new Function", () => {
  const sources = import.meta.glob<string>(["/app/entry.server.tsx", "/app/lib/zod-config.ts"], {
    query: "?raw",
    import: "default",
    eager: true,
  });

  // The browser's entry no longer loads zod at all (pages without forms do not need it); each
  // browser module that uses zod configures it first: tests/unit/zod-config.test.ts.
  it("is configured jitless, first thing in the server's entry", () => {
    expect(sources["/app/lib/zod-config.ts"]).toMatch(/z\.config\(\{\s*jitless:\s*true\s*\}\)/);
    const firstImport = sources["/app/entry.server.tsx"].match(/^import\s+[^;]*?["']([^"']+)["']/m)?.[1];
    expect(firstImport).toBe("~/lib/zod-config");
  });
});

describe("11. /products headings never skip a level", () => {
  it("puts the card titles right below the page's h1", async () => {
    await addProduct("Industrial", "Heading pump");
    for (const path of ["/products", "/products?search=pump", "/products?category=indus"]) {
      const html = await (await get(path)).text();
      const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
      const levels = [...main.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
      expect(levels.length, path).toBeGreaterThan(1);
      expect(levels[0], path).toBe(1);
      for (let i = 1; i < levels.length; i++)
        expect(levels[i] - levels[i - 1], `${path}: h${levels[i - 1]} then h${levels[i]}`).toBeLessThanOrEqual(1);
    }
  });
});

describe("12. vanished cart lines are dropped whatever their number", () => {
  it("drops 150 vanished lines in one statement and keeps the live one", async () => {
    const user = await createUser();
    const cartId = await getOrCreateUserCartId(db, user.id);
    const live = await addProduct();
    await db.insert(schema.cartItems).values({ cartId, productId: live.id, quantity: 1 });
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 150)
       insert into cart_items (id, cart_id, product_id, quantity) select lower(hex(randomblob(16))), ?1, 900000000 + i, 1 from n`,
    )
      .bind(cartId)
      .run();
    const { lines, vanished } = await listCartLines(db, cartId);
    expect(vanished).toBe(150);
    expect(lines.map((l) => l.productId)).toEqual([live.id]);
    const [{ n }] = await db.select({ n: count() }).from(schema.cartItems).where(eq(schema.cartItems.cartId, cartId));
    expect(n).toBe(1);
    const page = await get("/cart", await sessionCookie(user.id));
    expect(page.status).toBe(200);
  });
});

describe("13. the work per request is bounded", () => {
  it("caps the pages of a vague category filter by the number of categories it matches", async () => {
    const categories = ["Hardware E1", "Hardware E2", "Hardware E3", "Hardware E4", "Hardware E5"];
    for (const category of categories) await addProduct(category);
    const result = await listProducts(db, { category: "hardware e", page: 10_000 });
    expect(result.pageCap).toBe(productPageCap(categories.length));
    expect(result.pageCap).toBeLessThanOrEqual(PAGE_MAX / categories.length);
    expect(result.page).toBe(result.pageCap);
    // Rows read per category: offset + limit ≤ PAGE_MAX pages' worth across all categories.
    expect(categories.length * result.page).toBeLessThanOrEqual(PAGE_MAX);
  });

  it("answers /products?category=e&page=10000 with the capped page and a message", async () => {
    await addProduct("Electronics");
    const response = await get("/products?category=e&page=10000");
    expect(response.status).toBe(200);
    const data = await loaderData<{ page: number; pages: number }>("/products?category=e&page=10000", "routes/products._index");
    expect(data.page).toBeLessThan(PAGE_MAX);
    expect(data.pages).toBeGreaterThanOrEqual(1);
  });

  it("shows the page-cap message when more matches exist than pages shown", async () => {
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?1)
       insert into trade_leads (id, user_id, lead_type, title, description, is_active)
       select lower(hex(randomblob(16))), ?2, 'buy', 'Bulk ' || i, 'x', 1 from n`,
    )
      .bind(PAGE_MAX * TRADE_LEADS_PAGE_SIZE + 1, (await createUser()).id)
      .run();
    const response = await get("/trade-leads?page=10000");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`Page ${PAGE_MAX} of ${PAGE_MAX}`);
    expect(html).toContain(`Only the first ${PAGE_MAX} pages are shown`);
    await env.DB.prepare("delete from trade_leads where title like 'Bulk %'").run();
  });
});

describe("14. races and counters", () => {
  it("writes no request when every product in the cart has vanished", async () => {
    const user = await createUser();
    const cartId = await getOrCreateUserCartId(db, user.id);
    await db.insert(schema.cartItems).values({ cartId, productId: 900_000_001, quantity: 1 });
    const [{ before }] = await db.select({ before: count() }).from(schema.inquiries);
    expect(
      await checkoutCart(db, cartId, { userId: user.id, name: "A", email: user.email }, { gone: "Quote please" }, { site: SITE }),
    ).toBeNull();
    const [{ after }] = await db.select({ after: count() }).from(schema.inquiries);
    expect(after).toBe(before);

    await db.insert(schema.cartItems).values({ cartId, productId: 900_000_002, quantity: 1 });
    const response = await post(
      "/cart",
      { intent: "checkout", ...(await checkoutMessages([900_000_002], "Quote please")) },
      await sessionCookie(user.id),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('data-testid="vanished-notice"');
    const [{ final }] = await db.select({ final: count() }).from(schema.inquiries);
    expect(final).toBe(before);
  });

  it("never upgrades a request rejected meanwhile", async () => {
    const user = await createUser();
    const [request] = await db.insert(schema.planUpgradeRequests).values({ userId: user.id, requestedPlan: "gold" }).returning();
    const [rejected, approved] = await Promise.all([
      decideUpgradeRequest(db, request.id, false, SITE),
      decideUpgradeRequest(db, request.id, true, SITE),
    ]);
    expect([rejected, approved].filter(Boolean)).toHaveLength(1);
    const profile = await db.select().from(schema.profiles).where(eq(schema.profiles.id, user.id)).get();
    const row = await db.select().from(schema.planUpgradeRequests).where(eq(schema.planUpgradeRequests.id, request.id)).get();
    expect(profile!.membershipPlan === "professional").toBe(row!.status === "approved");
  });

  it("merges a guest cart only up to the line limit", async () => {
    const user = await createUser();
    const memberCart = await getOrCreateUserCartId(db, user.id);
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?2)
       insert into cart_items (id, cart_id, product_id, quantity) select lower(hex(randomblob(16))), ?1, 800000000 + i, 1 from n`,
    )
      .bind(memberCart, CART_MAX_LINES - 1)
      .run();
    const [guest] = await db.insert(schema.carts).values({}).returning();
    for (let i = 1; i <= 3; i++) await db.insert(schema.cartItems).values({ cartId: guest.id, productId: 700_000_000 + i, quantity: 1 });
    await mergeCarts(db, guest.id, memberCart);
    const [{ n }] = await db.select({ n: count() }).from(schema.cartItems).where(eq(schema.cartItems.cartId, memberCart));
    expect(n).toBe(CART_MAX_LINES);
  });

  it("keeps the board's counts in counter rows that follow every change", async () => {
    const user = await createUser();
    const truth = async () => {
      const rows = await db.all<{ lead_type: string; n: number }>(
        sql`select lead_type, count(*) as n from trade_leads where is_active = 1 group by lead_type`,
      );
      const buy = rows.find((r) => r.lead_type === "buy")?.n ?? 0;
      const sell = rows.find((r) => r.lead_type === "sell")?.n ?? 0;
      return { total: buy + sell, buy, sell };
    };
    /** The counts the board shows, read as the board reads them (at the current content version). */
    const shown = async () => (await boardPage(db, null, 1, await readContentVersion(db))).counts;
    const [a, b] = await db
      .insert(schema.tradeLeads)
      .values([
        { userId: user.id, leadType: "buy", title: "A", description: "x" },
        { userId: user.id, leadType: "sell", title: "B", description: "x" },
      ])
      .returning();
    expect(await shown()).toEqual(await truth());
    await db.update(schema.tradeLeads).set({ isActive: false }).where(eq(schema.tradeLeads.id, a.id));
    expect(await shown()).toEqual(await truth());
    await db.update(schema.tradeLeads).set({ leadType: "buy" }).where(eq(schema.tradeLeads.id, b.id));
    expect(await shown()).toEqual(await truth());
    await db.update(schema.tradeLeads).set({ isActive: true, leadType: "sell" }).where(eq(schema.tradeLeads.id, a.id));
    expect(await shown()).toEqual(await truth());
    await db.delete(schema.users).where(eq(schema.users.id, user.id)); // leads go by cascade
    expect(await shown()).toEqual(await truth());
    // The board reads the counters, not the leads.
    const counters = await db.select().from(schema.tradeLeadCounts);
    expect(counters.map((c) => c.leadType).sort()).toEqual(["buy", "sell"]);
  });
});

describe("15. the scheduled sweep", () => {
  it("deletes expired sessions, ended rate-limit windows and abandoned guest carts, and keeps live ones", async () => {
    const now = Date.now();
    const member = await createUser();
    const old = new Date(now - (GUEST_CART_DAYS + 1) * DAY_MS);
    await db.insert(schema.sessions).values([
      { id: "sweep-expired", userId: member.id, isAdmin: false, expiresAt: new Date(now - 1000) },
      { id: "sweep-live", userId: member.id, isAdmin: false, expiresAt: new Date(now + DAY_MS) },
    ]);
    await db.insert(schema.rateLimits).values([
      { key: "sweep:ended", count: 3, windowEndsAt: new Date(now - 1000) },
      { key: "sweep:live", count: 3, windowEndsAt: new Date(now + 60_000) },
    ]);
    const [abandoned, recent] = await db
      .insert(schema.carts)
      .values([{ updatedAt: old }, { updatedAt: new Date(now - DAY_MS) }])
      .returning();
    const memberCart = await getOrCreateUserCartId(db, member.id);
    await db.update(schema.carts).set({ updatedAt: old }).where(eq(schema.carts.id, memberCart));
    await db.insert(schema.cartItems).values([
      { cartId: abandoned.id, productId: 1, quantity: 1 },
      { cartId: recent.id, productId: 1, quantity: 1 },
      { cartId: memberCart, productId: 1, quantity: 1 },
    ]);
    // More expired sessions than one batch, so the sweep needs several rounds.
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 1200)
       insert into sessions (id, user_id, is_admin, expires_at) select 'sweep-bulk-' || i, null, 0, ?1 from n`,
    )
      .bind(now - DAY_MS)
      .run();

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "17 3 * * *" }), env);
    await waitOnExecutionContext(ctx); // nothing is left running after the handler

    const sessions = await db
      .select({ id: schema.sessions.id })
      .from(schema.sessions)
      .where(sql`id like 'sweep-%'`);
    expect(sessions.map((s) => s.id)).toEqual(["sweep-live"]);
    const limits = await db
      .select({ key: schema.rateLimits.key })
      .from(schema.rateLimits)
      .where(sql`key like 'sweep:%'`);
    expect(limits.map((l) => l.key)).toEqual(["sweep:live"]);
    const carts = await db.select({ id: schema.carts.id }).from(schema.carts);
    expect(carts.map((c) => c.id)).not.toContain(abandoned.id);
    expect(carts.map((c) => c.id)).toEqual(expect.arrayContaining([recent.id, memberCart]));
    const orphanLines = await db.select({ n: count() }).from(schema.cartItems).where(eq(schema.cartItems.cartId, abandoned.id));
    expect(orphanLines[0].n).toBe(0);
  });

  it("deletes through indexes", async () => {
    const plans = await Promise.all(
      [
        "select id from sessions where expires_at < 1 limit 500",
        "select key from rate_limits where window_ends_at < 1 limit 500",
        "select id from carts where user_id is null and updated_at < 1 order by updated_at limit 500",
      ].map((q) => env.DB.prepare(`explain query plan ${q}`).all<{ detail: string }>()),
    );
    for (const plan of plans) expect(plan.results.map((r) => r.detail).join(" ")).toMatch(/USING (COVERING )?INDEX/);
  });
});
