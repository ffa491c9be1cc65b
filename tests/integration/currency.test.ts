import { env } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PRICE_RECOMPUTE_MAX_CHUNKS } from "~/lib/constants";
import { recomputeUsdPrices } from "~/models/exchange-rates.server";
import { runScheduledWork } from "~/services/scheduled.server";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import { createCompany, createUser, db, get, post, sessionCookie, withCompany } from "../support/factories";

const world = {} as { euroId: number; dollarId: number; catalogId: string; admin: string; member: string };

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
  const { catalog } = await createCompany("Currency Pumps GmbH");
  const [euro, dollar] = await db
    .insert(schema.products)
    .values(
      await withCompany(
        [
          { title: "Euro priced pump", category: "Industrial", price: 100, currency: "EUR", priceUsd: 100 / 0.87 },
          { title: "Dollar priced pump", category: "Industrial", price: 50, currency: "USD", priceUsd: 50 },
        ],
        catalog.id,
      ),
    )
    .returning();
  const admin = await createUser({ plan: "admin" });
  const member = await createUser({ plan: "premium" });
  Object.assign(world, {
    euroId: euro.id,
    dollarId: dollar.id,
    catalogId: catalog.id,
    admin: await sessionCookie(admin.id, true),
    member: await sessionCookie(member.id),
  });
});

/** The display currency the header's chooser names. */
const chosenCurrency = (html: string) => /data-testid="currency-switcher"[^>]*>\s*<summary[^>]*><span>([A-Z]{3})<\/span>/.exec(html)?.[1];
const conversions = (html: string) => [...html.matchAll(/data-testid="converted-price"[^>]*>([^<]*)</g)].map((m) => m[1]);

describe("the display currency", () => {
  it("starts from the reader's language: US dollars in English, euros in French, yen in Japanese", async () => {
    for (const [language, currency] of [
      ["en", "USD"],
      ["fr", "EUR"],
      ["ja", "JPY"],
    ]) {
      const html = await (await get(`/product/${world.dollarId}`, undefined, { "Accept-Language": language })).text();
      expect(chosenCurrency(html), language).toBe(currency);
    }
  });

  it("is chosen with ?currency= on any page, remembered in a cookie, and then kept without it", async () => {
    const chosen = await get(`/companies/${world.catalogId}?currency=JPY`);
    expect(chosen.status).toBe(200);
    const setCookie = chosen.headers.getSetCookie().find((c) => c.startsWith("currency="));
    expect(setCookie).toMatch(/^currency=JPY;/);
    expect(setCookie).toMatch(/Max-Age=\d+/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(chosenCurrency(await chosen.text())).toBe("JPY");

    const later = await get("/products", "currency=JPY");
    expect(later.headers.getSetCookie().some((c) => c.startsWith("currency="))).toBe(false);
    expect(chosenCurrency(await later.text())).toBe("JPY");
    // The URL wins over the cookie, and a member's choice works the same way.
    const member = await get("/cart?currency=GBP", `${world.member}; currency=JPY`);
    expect(member.headers.getSetCookie().find((c) => c.startsWith("currency="))).toMatch(/^currency=GBP;/);
    expect(chosenCurrency(await member.text())).toBe("GBP");
  });

  it("ignores an unknown or malformed currency, in the URL or the cookie", async () => {
    for (const [path, cookie] of [
      ["/products?currency=XXX", undefined],
      ["/products?currency=usd", undefined],
      ["/products?currency=%3Cscript%3E", undefined],
      ["/products", "currency=BTC"],
      ["/products", "currency=%E2%82%AC"],
    ] as const) {
      const response = await get(path, cookie);
      expect(response.status, path).toBe(200);
      expect(
        response.headers.getSetCookie().some((c) => c.startsWith("currency=")),
        path,
      ).toBe(false);
      expect(chosenCurrency(await response.text()), `${path} ${cookie}`).toBe("USD");
    }
  });

  it("offers the currencies by their names in the reader's language", async () => {
    const html = await (await get("/products", undefined, { "Accept-Language": "fr" })).text();
    const chooser = html.slice(html.indexOf('data-testid="currency-switcher"'));
    expect(chooser).toContain("euro");
    expect(chooser).toContain("yen japonais");
    expect(chooser).toContain('href="/products?currency=GBP"');
  });
});

describe("conversions beside prices", () => {
  it("shows '≈' in the display currency on list cards, only for prices in another currency", async () => {
    const html = await (await get(`/companies/${world.catalogId}`)).text();
    expect(conversions(html)).toEqual(["≈ $114.94"]);
    const inEuros = await (await get(`/companies/${world.catalogId}`, "currency=EUR")).text();
    expect(conversions(inEuros)).toEqual(["≈ €43.50"]);
  });

  it("shows it on the product page with the day of the rates", async () => {
    const html = await (await get(`/product/${world.euroId}`, "currency=JPY")).text();
    expect(conversions(html)).toEqual(["≈ ¥17,701"]);
    expect(html).toMatch(/data-testid="rates-note"[^>]*>≈ Converted at the rates of November 2, 2026/);
    const same = await (await get(`/product/${world.euroId}`, "currency=EUR")).text();
    expect(conversions(same)).toEqual([]);
    expect(same).not.toContain('data-testid="rates-note"');
  });

  it("shows it in the cart: each line, each currency's total, and all of them added up", async () => {
    const cookie = `${world.member}; currency=GBP`;
    for (const id of [world.euroId, world.dollarId])
      expect((await post("/cart", { intent: "add", productId: String(id) }, cookie)).status).toBe(302);
    const html = await (await get("/cart", cookie)).text();
    const found = conversions(html);
    // 100 EUR = 114.94 USD = £87.36; 50 USD = £38.00.
    expect(found).toContain("≈ £87.36");
    expect(found).toContain("≈ £38.00");
    expect(html).toMatch(/data-testid="converted-sum"[^>]*>≈ £125.36 in all/);
    expect(html).toContain('data-testid="rates-note"');
  });
});

describe("conversions on the buyer's quote comparison", () => {
  it("shows each quote's unit price and total in the display currency beside the supplier's own", async () => {
    const buyer = await createUser();
    const [lead] = await db
      .insert(schema.tradeLeads)
      .values({
        userId: buyer.id,
        leadType: "buy",
        title: "Need pumps in two currencies",
        description: "5,000 pumps",
        category: "Industrial",
      })
      .returning();
    const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    for (const [name, price, currency] of [
      ["Quoting Pumps EU", "8.7", "EUR"],
      ["Quoting Pumps US", "9", "USD"],
    ]) {
      const { owner, catalog } = await createCompany(name, "free");
      // A lead reaches the suppliers that list in its category.
      await db.insert(schema.products).values({ catalogId: catalog.id, title: `${name} pump`, category: "Industrial", price: 1 });
      const quoted = await post(
        `/trade-leads/${lead.id}/quote`,
        {
          "unitPrices[0]": price,
          currency,
          quantity: "5000",
          minimumOrder: "100",
          leadTimeDays: "21",
          incoterm: "FOB",
          paymentTerms: "T/T",
          validUntil,
          message: "Our best price",
        },
        await sessionCookie(owner.id),
      );
      expect(quoted.status, name).toBe(302);
    }
    const html = await (await get("/requests", `${await sessionCookie(buyer.id)}; currency=USD`)).text();
    const comparison = html.slice(html.indexOf('data-testid="comparison"'));
    // 8.70 EUR = US$10.00 a piece, 43,500 EUR = US$50,000 in all; the dollar quote needs none.
    expect(conversions(comparison.slice(0, comparison.indexOf("</table>")))).toEqual(["≈ $10.00", "≈ $50,000.00"]);
    expect(comparison).toMatch(/data-testid="rates-note"[^>]*>≈ Converted at the rates of November 2, 2026/);
  });
});

describe("the edge cache and the display currency", () => {
  async function getUntilHit(path: string, cookie?: string) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await get(path, cookie);
      if (response.headers.get("X-Edge-Cache") === "HIT") return response;
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`${path} was never served from the edge cache`);
  }

  it("keys a visitor's page by the display currency: a page in yen is never served to a visitor in dollars, nor the other way", async () => {
    const path = `/product/${world.euroId}?edge=1`;
    await (await get(path)).arrayBuffer();
    expect(conversions(await (await getUntilHit(path)).text())).toEqual(["≈ $114.94"]);

    const yen = await get(path, "currency=JPY");
    expect(yen.headers.get("X-Edge-Cache")).not.toBe("HIT");
    expect(conversions(await yen.text())).toEqual(["≈ ¥17,701"]);
    expect(conversions(await (await getUntilHit(path, "currency=JPY")).text())).toEqual(["≈ ¥17,701"]);
    expect(conversions(await (await getUntilHit(path)).text())).toEqual(["≈ $114.94"]);
  });

  it("renders a choice made in the URL afresh for a visitor whose cookie does not keep it yet, so that the cookie is set", async () => {
    // A visitor who chose yen before shares the link with the choice in it: their copy is cached.
    const path = `/product/${world.euroId}?edge=2&currency=JPY`;
    await (await get(path, "currency=JPY")).arrayBuffer();
    await (await getUntilHit(path, "currency=JPY")).arrayBuffer();
    for (let i = 0; i < 2; i++) {
      const chosen = await get(path);
      expect(chosen.headers.get("X-Edge-Cache")).toBeNull();
      expect(chosen.headers.getSetCookie().some((c) => c.startsWith("currency=JPY"))).toBe(true);
      expect(conversions(await chosen.text())).toEqual(["≈ ¥17,701"]);
    }
  });
});

describe("/admin/currencies", () => {
  it("shows admins each rate, its day and who set it; others are sent to the gate", async () => {
    const page = await get("/admin/currencies", world.admin);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/data-currency="INR"[\s\S]*?US\$1 = 88.6 INR, rate of November 2, 2026/);
    expect(html).toContain("A fixed launch rate: no admin has set it yet.");
    const refused = await get("/admin/currencies", world.member);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toMatch(/^\/admin\/login/);
  });

  it.each([
    ["a negative rate", { perUsd: "-1", asOf: "2026-11-20" }, "perUsd", "Please enter what one US dollar buys"],
    ["a rate of zero", { perUsd: "0", asOf: "2026-11-20" }, "perUsd", "Please enter what one US dollar buys"],
    ["an absurd rate", { perUsd: "1e12", asOf: "2026-11-20" }, "perUsd", "Please enter what one US dollar buys"],
    ["a word for a rate", { perUsd: "lots", asOf: "2026-11-20" }, "perUsd", "Please enter what one US dollar buys"],
    ["a day that does not exist", { perUsd: "0.9", asOf: "2026-02-30" }, "asOf", "Please enter a real date, today or earlier."],
    ["a day in the future", { perUsd: "0.9", asOf: "2999-01-01" }, "asOf", "Please enter a real date, today or earlier."],
    ["no day", { perUsd: "0.9", asOf: "" }, "asOf", "Please enter a real date, today or earlier."],
  ])("refuses %s with a message next to the field, and writes nothing", async (_, fields, field, message) => {
    const before = await db.select().from(schema.exchangeRates).where(eq(schema.exchangeRates.currency, "GBP")).get();
    const response = await post("/admin/currencies", { currency: "GBP", ...fields }, world.admin);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`id="[^"]*-${field}-error"[^>]*>${message.replace(/[.?*+()[\]]/g, "\\$&")}`));
    expect(await db.select().from(schema.exchangeRates).where(eq(schema.exchangeRates.currency, "GBP")).get()).toEqual(before);
    expect(await db.select().from(schema.priceRecomputes).where(eq(schema.priceRecomputes.currency, "GBP")).all()).toEqual([]);
  });

  it("refuses to change the US dollar, the base of every rate", async () => {
    const response = await post("/admin/currencies", { currency: "USD", perUsd: "2", asOf: "2026-11-20" }, world.admin);
    expect(response.status).toBe(400);
    expect((await db.select().from(schema.exchangeRates).where(eq(schema.exchangeRates.currency, "USD")).get())?.perUsd).toBe(1);
  });

  it("a new rate shows at once in conversions, and the scheduled work recomputes the listings' USD prices", async () => {
    const before = await get(`/product/${world.euroId}`);
    expect(conversions(await before.text())).toEqual(["≈ $114.94"]);

    const saved = await post("/admin/currencies", { currency: "EUR", perUsd: "0.5", asOf: "2026-11-20" }, world.admin);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/currencies");
    const rate = await db.select().from(schema.exchangeRates).where(eq(schema.exchangeRates.currency, "EUR")).get();
    expect(rate).toMatchObject({ perUsd: 0.5, asOf: "2026-11-20" });
    expect(rate?.updatedBy).toBeTruthy();

    // Shown at once (the content version moved), while the USD price waits for the scheduled work.
    expect(conversions(await (await get(`/product/${world.euroId}`)).text())).toEqual(["≈ $200.00"]);
    const admin = await (await get("/admin/currencies", world.admin)).text();
    expect(admin).toMatch(/data-currency="EUR"[\s\S]*?data-testid="recomputing"/);
    expect(admin).toMatch(/data-currency="EUR"[\s\S]*?US\$1 = 0.5 EUR, rate of November 20, 2026/);
    expect(admin).toMatch(/data-currency="EUR"[\s\S]*?Set by [^<]*@example.com on /);
    const price = async (id: number) =>
      (await db.select({ usd: schema.products.priceUsd }).from(schema.products).where(eq(schema.products.id, id)).get())?.usd;
    expect(await price(world.euroId)).toBeCloseTo(114.94, 2);

    const done = await runScheduledWork(env, db);
    expect(done.prices.finished).toBe(1);
    expect(await price(world.euroId)).toBe(200);
    expect(await price(world.dollarId)).toBe(50);
    expect(await db.select().from(schema.priceRecomputes).all()).toEqual([]);
    expect(await (await get("/admin/currencies", world.admin)).text()).not.toContain('data-testid="recomputing"');
  });
});

describe("the recompute of USD prices after a change of rate", () => {
  it("goes a range of ids at a time, a bounded number of ranges a run, and resumes from its stored cursor", async () => {
    const rows = await db
      .insert(schema.products)
      .values(
        await withCompany(
          Array.from({ length: 7 }, (_, i) => ({
            title: `Pound priced part ${i}`,
            category: "Industrial",
            price: 76 * (i + 1),
            currency: "GBP",
            priceUsd: 100 * (i + 1),
          })),
        ),
      )
      .returning({ id: schema.products.id });
    const ids = rows.map((r) => r.id);
    await post("/admin/currencies", { currency: "GBP", perUsd: "0.38", asOf: "2026-11-21" }, world.admin);
    // The listings before these are not the test's: its ranges start just before them.
    await db
      .update(schema.priceRecomputes)
      .set({ afterId: ids[0] - 1 })
      .where(eq(schema.priceRecomputes.currency, "GBP"));
    const usd = async () =>
      (
        await db
          .select({ id: schema.products.id, usd: schema.products.priceUsd })
          .from(schema.products)
          .where(inArray(schema.products.id, ids))
      )
        .sort((a, b) => a.id - b.id)
        .map((r) => (r.usd === null ? null : Math.round(r.usd * 100) / 100));

    expect(await recomputeUsdPrices(db, { chunkIds: 2, maxChunks: 2 })).toEqual({ chunks: 2, finished: 0 });
    expect(await usd()).toEqual([200, 400, 600, 800, 500, 600, 700]);
    const [job] = await db.select().from(schema.priceRecomputes).where(eq(schema.priceRecomputes.currency, "GBP"));
    expect(job.afterId).toBe(ids[0] - 1 + 4);

    // A change of rate meanwhile starts over from the first id, at the new rate.
    await post("/admin/currencies", { currency: "GBP", perUsd: "0.76", asOf: "2026-11-22" }, world.admin);
    await db
      .update(schema.priceRecomputes)
      .set({ afterId: ids[0] - 1 })
      .where(eq(schema.priceRecomputes.currency, "GBP"));
    for (let run = 0; run < 3; run++) await recomputeUsdPrices(db, { chunkIds: 2, maxChunks: 2 });
    expect(await usd()).toEqual([100, 200, 300, 400, 500, 600, 700]);
    expect(await db.select().from(schema.priceRecomputes).all()).toEqual([]);
  });

  it("stays within D1's 1,000 queries per invocation", () => {
    // Two statements a range, plus reading the jobs and finishing each of the six currencies.
    expect(PRICE_RECOMPUTE_MAX_CHUNKS * 2 + 1 + 6).toBeLessThan(1_000);
  });
});
