import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { createUser, db, get, sessionCookie } from "../support/factories";

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
    expect(hit.headers.get("Cache-Control")).toMatch(/public.*s-maxage=\d+.*stale-while-revalidate=\d+/);
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
    const [catalog] = await db.insert(schema.catalogs).values({ userId: owner.id, companyName: "Cached Pumps Ltd", contactEmail: "sales@cached.example" }).returning();
    await db.insert(schema.cmsBlogPosts).values({ slug: "cached-post", title: "Cached post", excerpt: "x", content: "Body", isPublished: true });
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

  it("shows an edit at once: the content's version is part of the key", async () => {
    await (await get("/trade-leads?tab=buy")).arrayBuffer();
    await (await getUntilHit("/trade-leads?tab=buy")).arrayBuffer();
    const owner = await createUser();
    await db.insert(schema.tradeLeads).values({ userId: owner.id, leadType: "buy", title: "Edge cache freshness probe", description: "Fresh at once", isActive: true });
    const after = await get("/trade-leads?tab=buy");
    expect(after.headers.get("X-Edge-Cache")).not.toBe("HIT");
    expect(await after.text()).toContain("Edge cache freshness probe");
  });
});
