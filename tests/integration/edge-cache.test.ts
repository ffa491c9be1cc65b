import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cachedContentVersion, forgetContentVersion } from "~/entry.worker";
import { CONTENT_VERSION_MAX_AGE_MS, PUBLIC_PAGE_MAX_AGE_SECONDS } from "~/lib/constants";
import { edgeCacheKey } from "~/lib/edge-cache.server";
import * as build from "../../build/server";
import * as schema from "../../db/schema";
import { createUser, db, get, ORIGIN, post, sessionCookie, withCompany } from "../support/factories";

/** Fetches until the page the first visit stored is served from the cache (the store runs after the response). */
async function getUntilHit(path: string, headers: Record<string, string> = {}) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await get(path, undefined, headers);
    if (response.headers.get("X-Edge-Cache") === "HIT") return response;
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${path} was never served from the edge cache`);
}

const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];

describe("the edge cache for visitors", () => {
  it("serves a visitor's second request from the cache, with a fresh nonce in the policy and every script", async () => {
    const first = await get("/trade-leads");
    expect(first.headers.get("X-Edge-Cache")).toBe("MISS");
    const firstNonce = nonceOf(first);
    await first.arrayBuffer();

    const hit = await getUntilHit("/trade-leads");
    const html = await hit.text();
    const nonce = nonceOf(hit);
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(firstNonce);
    const scriptNonces = [...html.matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
    expect(hit.headers.get("Cache-Control")).toBe(`public, max-age=0, s-maxage=${PUBLIC_PAGE_MAX_AGE_SECONDS}`);
  });

  it("keys pages by language", async () => {
    await (await get("/products", undefined, { "Accept-Language": "fr" })).arrayBuffer();
    const french = await getUntilHit("/products", { "Accept-Language": "fr" });
    expect(await french.text()).toContain('lang="fr"');
    const english = await get("/products", undefined, { "Accept-Language": "en" });
    expect(english.headers.get("X-Edge-Cache")).not.toBe("HIT");
    expect(await english.text()).toContain('lang="en"');
  });

  it("serves the companies directory, a company, the blog and a post to visitors from the cache", async () => {
    const owner = await createUser();
    const [catalog] = await db
      .insert(schema.catalogs)
      .values({ userId: owner.id, companyName: "Cached Pumps Ltd", contactEmail: "sales@cached.example" })
      .returning();
    await db
      .insert(schema.articles)
      .values({ kind: "blog", slug: "cached-post", title: "Cached post", excerpt: "x", content: "Body", isPublished: true });
    for (const path of ["/companies", `/companies/${catalog.id}`, "/blog", "/blog/cached-post"]) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      await first.arrayBuffer();
      const hit = await getUntilHit(path);
      expect(await hit.text(), path).not.toContain("sales@cached.example");
    }
  });

  it("never serves or stores a member's page", async () => {
    const member = await createUser({ plan: "premium" });
    const sid = await sessionCookie(member.id);
    for (let i = 0; i < 3; i++) {
      const response = await get("/trade-leads", sid);
      expect(response.headers.get("X-Edge-Cache")).toBeNull();
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      await response.arrayBuffer();
    }
  });

  it("leaves requests that do not take HTML (images, feeds) to the app, without a cache lookup", async () => {
    for (let i = 0; i < 3; i++) {
      const response = await get("/trade-leads", undefined, { Accept: "image/avif,image/webp,*/*" });
      expect(response.headers.get("X-Edge-Cache")).toBeNull();
      await response.arrayBuffer();
    }
    const page = await get("/trade-leads", undefined, { Accept: "text/html,application/xhtml+xml" });
    expect(page.headers.get("X-Edge-Cache")).not.toBeNull();
    await page.arrayBuffer();
  });

  it("shows an edit made through the app at once: the content's version is part of the key", async () => {
    await (await get("/trade-leads?tab=buy")).arrayBuffer();
    await (await getUntilHit("/trade-leads?tab=buy")).arrayBuffer();
    const member = await createUser();
    // Read just now, the version would still be trusted for the request below had the write not
    // dropped it: the test does not pass merely because a slow machine let the version age.
    await cachedContentVersion(() => db, true);
    const posted = await post(
      "/trade-leads/new",
      { title: "Edge cache freshness probe", description: "Fresh at once", leadType: "buy" },
      await sessionCookie(member.id),
    );
    expect(posted.status).toBe(302);
    const after = await get("/trade-leads?tab=buy");
    expect(after.headers.get("X-Edge-Cache")).not.toBe("HIT");
    expect(await after.text()).toContain("Edge cache freshness probe");
  });

  it("shows an edit made elsewhere once the version this isolate read is CONTENT_VERSION_MAX_AGE_MS old", async () => {
    await (await get("/trade-leads?tab=sell")).arrayBuffer();
    await (await getUntilHit("/trade-leads?tab=sell")).arrayBuffer();
    const owner = await createUser();
    // The isolate reads the version now, so the request below comes well within
    // CONTENT_VERSION_MAX_AGE_MS of the read however slowly a busy machine got here.
    await cachedContentVersion(() => db, true);
    // Another isolate (or an admin's script) writes: this one still trusts the version it read.
    await db
      .insert(schema.tradeLeads)
      .values({ userId: owner.id, leadType: "sell", title: "Written elsewhere", description: "Shows soon", isActive: true });
    const soon = await get("/trade-leads?tab=sell");
    expect(soon.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(await soon.text()).not.toContain("Written elsewhere");
    await new Promise((resolve) => setTimeout(resolve, CONTENT_VERSION_MAX_AGE_MS + 50));
    const later = await get("/trade-leads?tab=sell");
    expect(later.headers.get("X-Edge-Cache")).not.toBe("HIT");
    expect(await later.text()).toContain("Written elsewhere");
  });

  it("does not keep a version read while a write through this isolate overtook it", async () => {
    forgetContentVersion();
    const [{ version }] = await db.select().from(schema.contentVersion);
    const reading = cachedContentVersion(() => db);
    forgetContentVersion(); // a write through this isolate finished while the read was under way
    expect(await reading).toBe(version);
    await db.update(schema.contentVersion).set({ version: version + 1 });
    expect(await cachedContentVersion(() => db)).toBe(version + 1);
  });

  it("keys pages by build, so a deploy never serves a page that names the last build's scripts", async () => {
    const request = new Request(`${ORIGIN}/products?category=Build%20probe`);
    const before = await edgeCacheKey(request, { build: "build-a", content: 1 });
    const after = await edgeCacheKey(request, { build: "build-b", content: 1 });
    expect(before.url).not.toBe(after.url);
    const page = await get("/products?category=Build%20probe");
    expect(page.headers.get("X-Edge-Cache")).toBe("MISS");
    await page.arrayBuffer();
    const [{ version }] = await db.select().from(schema.contentVersion);
    const cacheApi = (caches as unknown as { default: Cache }).default;
    expect(await cacheApi.match(await edgeCacheKey(request, { build: build.assets.version, content: version }))).toBeTruthy();
  });

  it("keeps visitors' pages in the isolate's memory too, and the Cache API still holds them", async () => {
    const first = await get("/products?category=Cache%20probe");
    expect(first.headers.get("X-Edge-Cache")).toBe("MISS");
    await first.arrayBuffer();
    const hit = await getUntilHit("/products?category=Cache%20probe");
    const fromMemory = await hit.text();
    const [{ version }] = await db.select().from(schema.contentVersion);
    const cacheApi = (caches as unknown as { default: Cache }).default;
    const key = await edgeCacheKey(new Request(`${ORIGIN}/products?category=Cache%20probe`), {
      build: build.assets.version,
      content: version,
    });
    const stored = await cacheApi.match(key);
    expect(stored, "the Cache API holds the page as well").toBeTruthy();
    const withoutNonces = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
    expect(withoutNonces(fromMemory)).toBe(withoutNonces(await stored!.text()));
    // Gone from the Cache API (evicted there), the isolate still has it.
    await cacheApi.delete(key);
    const again = await get("/products?category=Cache%20probe");
    expect(again.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(withoutNonces(await again.text())).toBe(withoutNonces(fromMemory));
  });
});

// A member's page is rendered afresh each time, but its public content (the home page's strips, a
// product) is read once per content version (cachedForContentVersion).
describe("public content kept for members' pages", () => {
  it("shows a member the home page's and a product's content as edited, through the app or elsewhere", async () => {
    const member = await createUser();
    const sid = await sessionCookie(member.id);
    const [product] = await db
      .insert(schema.products)
      .values(await withCompany([{ title: "Kept probe valve", category: "Industrial", price: 100, currency: "USD" }]))
      .returning();
    await db
      .insert(schema.cmsContent)
      .values({ sectionKey: "hero", title: "Kept probe old hero" })
      .onConflictDoUpdate({ target: schema.cmsContent.sectionKey, set: { title: "Kept probe old hero" } });
    forgetContentVersion();
    expect(await (await get("/", sid)).text()).toContain("Kept probe old hero");
    expect(await (await get(`/product/${product.id}`, sid)).text()).toContain("Kept probe valve");

    // Through the app: an admin's edit shows on the next page.
    const admin = await sessionCookie(null, true);
    const saved = await post("/cms?index", { intent: "updateSection", sectionKey: "hero", title: "Kept probe hero", content: "x" }, admin);
    expect(saved.status).toBe(302);
    expect(await (await get("/", sid)).text()).toContain("Kept probe hero");

    // Elsewhere: shown once this isolate reads the version again.
    await db.update(schema.products).set({ title: "Kept probe valve, renamed" }).where(eq(schema.products.id, product.id));
    forgetContentVersion();
    expect(await (await get(`/product/${product.id}`, sid)).text()).toContain("Kept probe valve, renamed");
  });

  it("reads the content again only when the version changes", async () => {
    const member = await createUser();
    const sid = await sessionCookie(member.id);
    const [product] = await db
      .insert(schema.products)
      .values(await withCompany([{ title: "Version probe pump", category: "Industrial" }]))
      .returning();
    forgetContentVersion();
    expect(await (await get(`/product/${product.id}`, sid)).text()).toContain("Version probe pump");
    // A change with the version put back, as if nothing changed: the kept copy is what shows.
    const [{ version }] = await db.select().from(schema.contentVersion);
    await db.update(schema.products).set({ title: "Version probe pump, renamed" }).where(eq(schema.products.id, product.id));
    await db.update(schema.contentVersion).set({ version });
    forgetContentVersion();
    const kept = await (await get(`/product/${product.id}`, sid)).text();
    expect(kept).toContain("Version probe pump");
    expect(kept).not.toContain("Version probe pump, renamed");
    // The next version shows the change.
    await db.update(schema.contentVersion).set({ version: version + 1 });
    forgetContentVersion();
    expect(await (await get(`/product/${product.id}`, sid)).text()).toContain("Version probe pump, renamed");
  });
});
