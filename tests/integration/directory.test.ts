import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DIRECTORY_COUNTRIES_MAX } from "~/lib/constants";
import * as schema from "../../db/schema";
import app from "../../server";
import { probeD1 } from "../support/d1-probe";
import { createUser, db, get, loaderData, ORIGIN } from "../support/factories";
import { fetchCountingRoundTrips } from "../support/worker";

// The companies directory's filters, counts and sorts (issue 39, item 6), against real D1: the
// copies its filters read (the owner's country, listing counts, categories) are kept by triggers.

interface Directory {
  companies: { id: string; companyName: string; country: string | null; productCount: number }[];
  total: number;
  pages: number;
  filters: {
    countries: string[];
    verified: boolean;
    businessType: string | null;
    category: string | null;
    responseRate: number | null;
    sort: string;
  };
  ignored: { param: string; value: string }[];
  counts: {
    countries: { code: string; n: number; label: string }[];
    verified: number;
    businessTypes: { kind: string; n: number }[];
    responseRates: { rate: number; n: number }[];
    categories: { category: string; n: number }[];
  };
}

/** Every request searches the word only these companies have, so other tests' rows never count. */
const WORD = "Dirtest";
const directory = (query = "", lng = "en") =>
  loaderData<Directory>(`/companies?search=${WORD}${query ? `&${query}` : ""}&lng=${lng}`, "routes/companies._index");
const names = (data: Directory) => data.companies.map((c) => c.companyName.replace(`${WORD} `, ""));
const YEAR = 365 * 24 * 60 * 60 * 1000;
const verified = { verifiedSince: new Date(Date.now() - YEAR / 2), verifiedUntil: new Date(Date.now() + YEAR / 2) };

async function company(
  name: string,
  country: string | null,
  values: Partial<typeof schema.catalogs.$inferInsert>,
  listings: { category: string; hidden?: boolean }[] = [],
  createdAt = Date.UTC(2026, 0, 1),
) {
  const owner = await createUser({ plan: "professional" });
  await db.update(schema.profiles).set({ country }).where(eq(schema.profiles.id, owner.id));
  const [catalog] = await db
    .insert(schema.catalogs)
    .values({ userId: owner.id, companyName: `${WORD} ${name}`, createdAt: new Date(createdAt), ...values })
    .returning();
  if (listings.length)
    await db.insert(schema.products).values(
      listings.map((l, i) => ({
        catalogId: catalog.id,
        title: `${name} listing ${i}`,
        category: l.category,
        hiddenReason: l.hidden ? ("spam" as const) : null,
      })),
    );
  return { ...catalog, ownerId: owner.id };
}

const world = {} as Record<"alpha" | "bravo" | "charlie" | "delta" | "echo" | "foxtrot", Awaited<ReturnType<typeof company>>>;

beforeAll(async () => {
  world.alpha = await company("Alpha", "China", { ...verified, businessType: "manufacturer", responseRate: 95 }, [
    { category: "Electronics" },
    { category: "Electronics" },
  ]);
  world.bravo = await company(
    "Bravo",
    "China",
    { businessType: "trading_company", responseRate: 85 },
    [{ category: "Fashion" }],
    Date.UTC(2026, 0, 5),
  );
  world.charlie = await company("Charlie", "India", { ...verified, businessType: "distributor", responseRate: 70 }, [
    { category: "Electronics" },
    { category: "Office" },
  ]);
  // Stored under an older English name: the filter's TR finds it all the same.
  world.delta = await company(
    "Delta",
    "Turkey",
    { businessType: "manufacturer" },
    [{ category: "Industrial" }, { category: "Healthcare", hidden: true }],
    Date.UTC(2026, 0, 9),
  );
  world.echo = await company("Echo", "United States", { ...verified, responseRate: 92, hidden: true }, [{ category: "Electronics" }]);
  world.foxtrot = await company("Foxtrot", null, { businessType: "service_provider", responseRate: 88 }, [], Date.UTC(2026, 0, 3));
});

describe("the copies the directory reads", () => {
  it("keeps the owner's country, the shown listings and their categories on the company as they change", async () => {
    const row = async () => (await db.select().from(schema.catalogs).where(eq(schema.catalogs.id, world.delta.id)))[0];
    const categories = async () =>
      (await db.select().from(schema.catalogCategories).where(eq(schema.catalogCategories.catalogId, world.delta.id)))
        .map((c) => `${c.category}:${c.listingCount}`)
        .sort();
    expect(await row()).toMatchObject({ country: "Turkey", listingCount: 1 });
    expect(await categories()).toEqual(["Industrial:1"]);

    const owner = await createUser();
    const [probe] = await db
      .insert(schema.catalogs)
      .values({ userId: owner.id, companyName: `${WORD}-probe Copies` })
      .returning();
    await db.update(schema.profiles).set({ country: "Japan" }).where(eq(schema.profiles.id, owner.id));
    const probeRow = async () => (await db.select().from(schema.catalogs).where(eq(schema.catalogs.id, probe.id)))[0];
    expect((await probeRow()).country).toBe("Japan");
    const [listing] = await db.insert(schema.products).values({ catalogId: probe.id, title: "Probe", category: "Office" }).returning();
    expect((await probeRow()).listingCount).toBe(1);
    await db.update(schema.products).set({ category: "Furniture" }).where(eq(schema.products.id, listing.id));
    const probeCategories = () => db.select().from(schema.catalogCategories).where(eq(schema.catalogCategories.catalogId, probe.id));
    expect((await probeCategories()).map((c) => c.category)).toEqual(["Furniture"]);
    await db.update(schema.products).set({ hiddenReason: "spam" }).where(eq(schema.products.id, listing.id));
    expect(await probeCategories()).toEqual([]);
    expect((await probeRow()).listingCount).toBe(0);
    await db.update(schema.products).set({ hiddenReason: null }).where(eq(schema.products.id, listing.id));
    expect((await probeRow()).listingCount).toBe(1);
    await db.delete(schema.products).where(eq(schema.products.id, listing.id));
    expect(await probeCategories()).toEqual([]);
    expect((await probeRow()).listingCount).toBe(0);
    await db.delete(schema.catalogs).where(like(schema.catalogs.companyName, `${WORD}-probe%`));
  });
});

describe("the companies directory's filters", () => {
  it("lists every shown company by default, never a hidden one", async () => {
    const all = await directory();
    expect(all.total).toBe(5);
    expect(names(all).sort()).toEqual(["Alpha", "Bravo", "Charlie", "Delta", "Foxtrot"]);
  });

  it.each([
    ["country=CN", ["Alpha", "Bravo"]],
    ["country=cn&country=TR", ["Alpha", "Bravo", "Delta"]],
    ["country=US", []],
    ["verified=1", ["Alpha", "Charlie"]],
    ["business_type=manufacturer", ["Alpha", "Delta"]],
    ["category=Electronics", ["Alpha", "Charlie"]],
    ["category=Healthcare", []],
    ["response_rate=80", ["Alpha", "Bravo", "Foxtrot"]],
    ["response_rate=90", ["Alpha"]],
    ["country=CN&verified=1&business_type=manufacturer&category=Electronics&response_rate=90", ["Alpha"]],
    ["country=IN&country=CN&response_rate=80", ["Alpha", "Bravo"]],
  ])("%s", async (query, expected) => {
    const data = await directory(query);
    expect(names(data).sort()).toEqual(expected);
    expect(data.total).toBe(expected.length);
    expect(data.ignored).toEqual([]);
  });

  it("gives each option the count of the list it leads to, under the other filters", async () => {
    const replace = (query: string, key: string, value: string) => {
      const params = new URLSearchParams(query);
      params.delete(key);
      params.append(key, value);
      return params.toString();
    };
    for (const query of ["", "country=CN", "verified=1&category=Electronics", "business_type=manufacturer&response_rate=80"]) {
      const data = await directory(query);
      const checks: [string, number][] = [
        ...data.counts.countries.map(({ code, n }) => [replace(query, "country", code), n] as [string, number]),
        [replace(query, "verified", "1"), data.counts.verified],
        ...data.counts.businessTypes.map(({ kind, n }) => [replace(query, "business_type", kind), n] as [string, number]),
        ...data.counts.categories.map(({ category, n }) => [replace(query, "category", category), n] as [string, number]),
        ...data.counts.responseRates.map(({ rate, n }) => [replace(query, "response_rate", String(rate)), n] as [string, number]),
      ];
      expect(checks.length).toBeGreaterThan(8);
      for (const [target, n] of checks) expect((await directory(target)).total, `${query} → ${target}`).toBe(n);
    }
    const base = await directory();
    expect(base.counts.countries.map(({ code, n }) => `${code}:${n}`).sort()).toEqual(["CN:2", "IN:1", "TR:1"]);
    expect(base.counts.verified).toBe(2);
    expect(base.counts.categories.map(({ category, n }) => `${category}:${n}`).sort()).toEqual([
      "Electronics:2",
      "Fashion:1",
      "Industrial:1",
      "Office:1",
    ]);
    // Choosing a country leaves the other countries' counts as they were: a second one widens the list.
    expect((await directory("country=CN")).counts.countries.map(({ code, n }) => `${code}:${n}`).sort()).toEqual(["CN:2", "IN:1", "TR:1"]);
  });

  it("sorts by best match, response rate and newest, in pages that never overlap", async () => {
    // Verified first (Alpha 95 %, Charlie 70 %), then by response rate, a new supplier without one last.
    expect(names(await directory())).toEqual(["Alpha", "Charlie", "Foxtrot", "Bravo", "Delta"]);
    expect(names(await directory("sort=best"))).toEqual(["Alpha", "Charlie", "Foxtrot", "Bravo", "Delta"]);
    expect(names(await directory("sort=response_rate"))).toEqual(["Alpha", "Foxtrot", "Bravo", "Charlie", "Delta"]);
    expect(names(await directory("sort=newest")).slice(0, 3)).toEqual(["Delta", "Bravo", "Foxtrot"]);
    expect(names(await directory("sort=response_rate&country=CN"))).toEqual(["Alpha", "Bravo"]);
  });

  it("ignores values it does not know, says so on the page, and lists as without them", async () => {
    const long = "x".repeat(300);
    const query = [
      "country=XX",
      "country=zz",
      "country=CHN",
      `country=${encodeURIComponent("<script>alert(1)</script>")}`,
      "verified=yes",
      "business_type=pirate",
      "response_rate=85",
      "response_rate=-1",
      "sort=cheapest",
      `category=${long}`,
    ].join("&");
    const data = await directory(query);
    expect(data.total).toBe(5);
    expect(data.filters).toMatchObject({
      countries: [],
      verified: false,
      businessType: null,
      category: null,
      responseRate: null,
      sort: "best",
    });
    expect(data.ignored.map((i) => i.param)).toEqual([
      "country",
      "country",
      "country",
      "country",
      "verified",
      "business_type",
      "category",
      "response_rate",
      "sort",
    ]);
    expect(data.ignored.find((i) => i.param === "category")!.value.length).toBeLessThanOrEqual(41);

    const response = await get(`/companies?search=${WORD}&${query}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Some filters in the address were ignored");
    expect(html).toContain("“XX” is not a country code we know.");
    expect(html).toContain("The response rate must be 80 or 90, not “85”.");
    expect(html).toContain("“cheapest” is not a sort order");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain(`${WORD} Alpha`);
  });

  it("takes up to 30 countries in one statement within D1's parameters, and says it left the rest", async () => {
    // Türkiye and Macao are stored under two names each: 30 codes bind 32 names.
    const codes = ["TR", "MO", "CN", "IN", "US", "DE", "FR", "IT", "ES", "GB", "JP", "KR", "VN", "TH", "MY", "ID", "PH", "BR", "MX", "CA"];
    codes.push("AU", "NZ", "ZA", "EG", "NG", "KE", "PK", "BD", "LK", "NP", "AE", "SA", "QA", "KW", "OM");
    const data = await directory(codes.map((c) => `country=${c}`).join("&"));
    expect(data.filters.countries).toHaveLength(DIRECTORY_COUNTRIES_MAX);
    expect(data.ignored).toEqual([{ param: "countries", value: String(DIRECTORY_COUNTRIES_MAX) }]);
    expect(names(data).sort()).toEqual(["Alpha", "Bravo", "Charlie", "Delta"]);
    const flood = await get(`/companies?search=${WORD}&${"country=CN&".repeat(5_000)}verified=1`);
    expect(flood.status).toBe(200);
  });

  it("names countries in the reader's language", async () => {
    const french = await directory("country=CN", "fr");
    expect(french.counts.countries.find((c) => c.code === "CN")!.label).toBe("Chine");
    expect(french.counts.countries.find((c) => c.code === "TR")!.label).toBe("Turquie");
    expect(french.companies.find((c) => c.companyName.endsWith("Alpha"))!.country).toBe("Chine");
    const japanese = await (await get(`/companies?search=${WORD}&country=CN&lng=ja`)).text();
    expect(japanese).toContain("中国 (2)");
    expect(japanese).toContain("メーカー (1)");
  });

  it("shows the active filters as links that remove themselves, and a clear-all link", async () => {
    const html = await (await get(`/companies?search=${WORD}&country=CN&country=IN&verified=1&sort=newest`)).text();
    const chips = [...html.matchAll(/<a[^>]*data-testid="filter-chip"[^>]*>/g)].map((m) =>
      m[0].match(/href="([^"]*)"/)![1].replace(/&amp;/g, "&"),
    );
    expect(chips).toEqual([
      `/companies?search=${WORD}&country=IN&verified=1&sort=newest`,
      `/companies?search=${WORD}&country=CN&verified=1&sort=newest`,
      `/companies?search=${WORD}&country=CN&country=IN&sort=newest`,
    ]);
    const clear = html.match(/<a[^>]*data-testid="clear-filters"[^>]*>/)![0];
    expect(clear).toContain(`href="/companies?search=${WORD}&amp;sort=newest"`);
  });

  it("reads the list and every count in one batch, one round trip", async () => {
    const path = `/companies?search=${WORD}&country=CN&verified=1&category=Electronics&business_type=manufacturer&response_rate=90&sort=response_rate`;
    // A visitor whose page is rendered afresh: a cookie that is no session keeps the edge cache out.
    const { response, roundTrips } = await fetchCountingRoundTrips(`${ORIGIN}${path}`, { headers: { Cookie: "sid=forged-session-id" } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`${WORD} Alpha`);
    expect(roundTrips).toBe(1);
    const calls: string[][] = [];
    const binding = probeD1(env.DB, { before: (queries) => void calls.push(queries), after() {} });
    const ctx = createExecutionContext();
    const probed = await app.fetch(
      new Request(`${ORIGIN}${path}`, { headers: { Cookie: "sid=forged-session-id" } }) as Parameters<typeof app.fetch>[0],
      { ...env, DB: binding } as Parameters<typeof app.fetch>[1],
      ctx,
    );
    await probed.text();
    await waitOnExecutionContext(ctx);
    const directoryCalls = calls.filter((call) => call.some((sql) => sql.includes('"catalogs"')));
    expect(directoryCalls).toHaveLength(1);
    expect(directoryCalls[0]).toHaveLength(4);
  });

  it("reads catalogs through the directory's indexes, never a scan of the table", async () => {
    const plans: string[] = [];
    for (const query of [
      "",
      "sort=newest&verified=1",
      "country=CN&country=TR&sort=response_rate",
      "category=Office&business_type=distributor&response_rate=80",
    ]) {
      const calls: string[][] = [];
      const binding = probeD1(env.DB, { before: (queries) => void calls.push(queries), after() {} });
      const ctx = createExecutionContext();
      const response = await app.fetch(
        new Request(`${ORIGIN}/companies?${query}`, { headers: { Cookie: "sid=forged-session-id" } }) as Parameters<typeof app.fetch>[0],
        { ...env, DB: binding } as Parameters<typeof app.fetch>[1],
        ctx,
      );
      await response.text();
      await waitOnExecutionContext(ctx);
      for (const sql of calls.find((call) => call.some((q) => q.includes('"catalogs"')))!) {
        const unbound = Array.from(sql.matchAll(/\?/g), () => null);
        const rows = await env.DB.prepare(`explain query plan ${sql}`)
          .bind(...unbound)
          .all<{ detail: string }>();
        plans.push(`${query}: ${rows.results.map((r) => r.detail).join(" | ")}`);
      }
    }
    for (const plan of plans) {
      expect(plan).toMatch(/catalogs_directory_\w+_idx|catalog_categories_category_idx/);
      expect(plan).not.toMatch(/SCAN (catalogs|catalog_categories)\b(?! USING)/);
    }
  });
});
