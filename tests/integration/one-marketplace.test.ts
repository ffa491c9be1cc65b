// One marketplace: what a supplier lists in My Catalog is a product like any other. Added, edited
// or deleted, it shows (or is gone) in /products, its category, the header search, the company
// page and the sitemap, for its owner at once and for visitors once the content version moves.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { forgetContentVersion } from "~/entry.worker";
import { MAX_IMAGES_PER_CATALOG_PRODUCT } from "~/lib/constants";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import { cookiesFrom, createUser, db, get, ORIGIN, post, sessionCookie, withCompany } from "../support/factories";
import { fetchWorker } from "../support/worker";

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="), (c) =>
  c.charCodeAt(0),
);
const png = (name = "photo.png") => new File([PNG], name, { type: "image/png" });

/** A form as a browser posts it with files chosen: multipart, the images last. */
function multipart(path: string, fields: Record<string, string | string[]>, files: File[], cookie: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  for (const file of files) body.append("images", file);
  return fetchWorker(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: ORIGIN, Host: "localhost", Cookie: cookie },
    body,
  });
}

async function supplier(plan: "free" | "premium" = "free", companyName = "Listing Works") {
  const user = await createUser({ plan });
  await db.update(schema.profiles).set({ country: "Portugal" }).where(eq(schema.profiles.id, user.id));
  const cookie = await sessionCookie(user.id);
  const [catalog] = await db.insert(schema.catalogs).values({ userId: user.id, companyName }).returning();
  return { user, cookie, catalog };
}

const listingOf = (catalogId: string) => db.select().from(schema.products).where(eq(schema.products.catalogId, catalogId));
const text = async (path: string, cookie?: string) => (await get(path, cookie)).text();

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
});

describe("a supplier's listing in the marketplace", () => {
  it("shows a new listing everywhere for its owner at once and for visitors when the version moves; gone everywhere when deleted", async () => {
    const { cookie, catalog } = await supplier();
    const places = ["/products?search=zanzibarite", "/products?category=Electronics", `/companies/${catalog.id}`];
    // Visitors' copies of these pages, cached before the listing exists.
    for (const path of places) expect(await text(path)).not.toContain("Zanzibarite amplifier");

    const added = await multipart(
      `/catalog/${catalog.id}/products/new`,
      {
        title: "Zanzibarite amplifier",
        category: "Electronics",
        "tiers[0].price": "120",
        currency: "USD",
        description: "Class D, 2 x 50 W",
      },
      [png("a.png"), png("b.png")],
      cookie,
    );
    expect(added.status).toBe(302);
    const [listing] = await listingOf(catalog.id);
    expect(listing).toMatchObject({ companyName: "Listing Works", country: "Portugal", price: 120 });
    expect(listing.imageUrls).toHaveLength(2);

    for (const path of places) expect(await text(path, cookie), `owner: ${path}`).toContain("Zanzibarite amplifier");
    forgetContentVersion(); // the moment this isolate reads the version again
    for (const path of places) expect(await text(path), `visitor: ${path}`).toContain("Zanzibarite amplifier");
    const page = await text(`/product/${listing.id}`);
    for (const url of listing.imageUrls) expect(page).toContain(url);
    expect(await text("/sitemap.xml")).toContain(`<loc>${ORIGIN}/product/${listing.id}</loc>`);

    const deleted = await post("/catalog", { intent: "deleteProduct", productId: String(listing.id) }, cookie);
    expect(deleted.status).toBe(302);
    for (const path of places) expect(await text(path, cookie), `owner: ${path}`).not.toContain("Zanzibarite amplifier");
    forgetContentVersion();
    for (const path of places) expect(await text(path), `visitor: ${path}`).not.toContain("Zanzibarite amplifier");
    expect((await get(`/product/${listing.id}`)).status).toBe(404);
    expect(await text("/sitemap.xml")).not.toContain(`/product/${listing.id}<`);
    // Its images went with it.
    expect((await env.CATALOG_IMAGES.list({ prefix: `${catalog.id}/` })).objects).toEqual([]);
  });

  it("links the product page's company card and 'View More Products from' to the company page, which lists only its products", async () => {
    const { catalog } = await supplier("free", "Bangkok Rice Mills");
    const { catalog: namesake } = await supplier("free", "Bangkok Rice Mills Trading");
    const [own] = await db
      .insert(schema.products)
      .values(await withCompany([{ title: "Hom mali rice", category: "Agriculture", companyName: "Bangkok Rice Mills" }], catalog.id))
      .returning();
    await db
      .insert(schema.products)
      .values(
        await withCompany([{ title: "Namesake rice", category: "Agriculture", companyName: "Bangkok Rice Mills Trading" }], namesake.id),
      );
    const html = await text(`/product/${own.id}`);
    const card = html.match(/<section[^>]*data-testid="company-card"[\s\S]*?<\/section>/)![0];
    expect(card).toMatch(
      new RegExp(`<a class="hover:text-orange-800 hover:underline"[^>]*href="/companies/${catalog.id}">Bangkok Rice Mills</a>`),
    );
    expect(card).toMatch(new RegExp(`href="/companies/${catalog.id}">View More Products from Bangkok Rice Mills</a>`));
    const company = await text(`/companies/${catalog.id}`);
    expect(company).toContain("Hom mali rice");
    expect(company).not.toContain("Namesake rice");
  });

  it("never claims 'Verified Supplier' for a company nobody has verified", async () => {
    const { catalog } = await supplier();
    const [listing] = await db
      .insert(schema.products)
      .values({ catalogId: catalog.id, title: "Unverified valve", category: "Industrial", price: 3 })
      .returning();
    forgetContentVersion();
    const page = await get(`/product/${listing.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Unverified valve");
    expect(html).not.toContain("Verified Supplier");
  });

  it("shows its owner 'Your listing' with Edit instead of the buyer's actions, and refuses to put it in the owner's request", async () => {
    const { user, cookie, catalog } = await supplier();
    const [listing] = await db
      .insert(schema.products)
      .values({ catalogId: catalog.id, title: "Own pump", category: "Industrial", price: 40 })
      .returning();
    const mine = await text(`/product/${listing.id}`, cookie);
    expect(mine).toContain('data-testid="own-listing"');
    expect(mine).toContain("Your listing");
    expect(mine).toContain(`href="/catalog/products/${listing.id}/edit"`);
    expect(mine).not.toContain("Request Quote");
    expect(mine).not.toContain("Contact Supplier");
    expect(mine).not.toContain("Add to Cart");

    const buyer = await sessionCookie((await createUser()).id);
    const theirs = await text(`/product/${listing.id}`, buyer);
    expect(theirs).not.toContain("Your listing");
    expect(theirs).toContain("Request Quote");
    // A visitor's (edge-cached) copy never says whose it is.
    expect(await text(`/product/${listing.id}`)).not.toContain("Your listing");

    const added = await post("/cart", { intent: "add", productId: String(listing.id), redirectTo: `/product/${listing.id}` }, cookie);
    expect(added.status).toBe(302);
    expect(await text(`/product/${listing.id}`, `${cookie}; ${cookiesFrom(added)}`)).toContain(
      "This is your own listing: it cannot go into your request.",
    );
    expect(await db.select().from(schema.cartItems)).toEqual([]);
    const asked = await get(`/request-quote/${listing.id}`, cookie);
    expect(asked.status).toBe(403);
    expect(await asked.text()).toContain("This is your own listing: you cannot request a quote for it.");
    const sent = await post(`/request-quote/${listing.id}`, { message: "How much for 100?", quantity: "100" }, cookie);
    expect(sent.status).toBe(403);
    expect(await db.select().from(schema.inquiries).where(eq(schema.inquiries.userId, user.id))).toEqual([]);
  });
});

describe("editing a listing", () => {
  async function withListing(plan: "free" | "premium" = "free") {
    const owner = await supplier(plan);
    const added = await multipart(
      `/catalog/${owner.catalog.id}/products/new`,
      { title: "Editable valve", category: "Industrial", "tiers[0].price": "10", currency: "USD", moq: "10", unit: "piece" },
      [png("one.png"), png("two.png")],
      owner.cookie,
    );
    expect(added.status).toBe(302);
    const [listing] = await listingOf(owner.catalog.id);
    return { ...owner, listing, path: `/catalog/products/${listing.id}/edit` };
  }
  const fields = (more: Record<string, string | string[]> = {}) => ({
    title: "Edited valve",
    category: "Electronics",
    description: "Now with a sensor",
    currency: "EUR",
    unit: "set",
    moq: "50",
    "tiers[0].price": "15",
    "tiers[1].from": "500",
    "tiers[1].price": "12.5",
    "specifications[0].name": "Sensor",
    "specifications[0].value": "Hall effect",
    ...more,
  });

  it("shows the form filled in, and saves every field without JavaScript (a plain form post)", async () => {
    const { cookie, listing, path, catalog } = await withListing();
    const form = await text(path, cookie);
    expect(form).toContain('value="Editable valve"');
    expect(form).toMatch(/name="moq"[^>]*value="10"|value="10"[^>]*name="moq"/);
    for (const url of listing.imageUrls) expect(form).toContain(url);
    const saved = await post(path, fields({ mainImage: listing.imageUrls[0] }), cookie);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/catalog?show=${catalog.id}`);
    expect(await text(`/catalog?show=${catalog.id}`, `${cookie}; ${cookiesFrom(saved)}`)).toContain("Product updated successfully.");
    const [row] = await listingOf(catalog.id);
    expect(row).toMatchObject({
      title: "Edited valve",
      category: "Electronics",
      description: "Now with a sensor",
      price: 12.5,
      priceMax: 15,
      currency: "EUR",
      unit: "set",
      moq: 50,
      specifications: [{ name: "Sensor", value: "Hall effect" }],
      imageUrls: listing.imageUrls,
    });
    expect(row.updatedAt).not.toBeNull();
    // The new price shows on the product page, the category page and in search, for everyone.
    forgetContentVersion();
    expect(await text(`/product/${listing.id}`)).toContain("€12.50 – €15.00");
    expect(await text("/products?category=Electronics")).toContain("Edited valve");
    expect(await text("/products?category=Industrial")).not.toContain("Edited valve");
    expect(await text("/products?search=edited")).toContain("€12.50 – €15.00");
  });

  it("removes images, adds new ones and makes the chosen one the main image, deleting the removed objects", async () => {
    const { cookie, listing, path, catalog } = await withListing();
    const [first, second] = listing.imageUrls;
    const saved = await multipart(path, fields({ removeImage: first, mainImage: second }), [png("three.png")], cookie);
    expect(saved.status).toBe(302);
    const [row] = await listingOf(catalog.id);
    expect(row.imageUrls).toHaveLength(2);
    expect(row.imageUrls[0]).toBe(second);
    expect(row.imageUrl).toBe(second);
    expect(row.imageUrls).not.toContain(first);
    const keys = (await env.CATALOG_IMAGES.list({ prefix: `${catalog.id}/` })).objects.map((o) => `/images/catalog/${o.key}`);
    expect(keys.sort()).toEqual([...row.imageUrls].sort());
    // Everything removed: no image, and the card falls back to the placeholder.
    expect((await multipart(path, fields({ removeImage: row.imageUrls }), [], cookie)).status).toBe(302);
    const [bare] = await listingOf(catalog.id);
    expect(bare).toMatchObject({ imageUrl: null, imageUrls: [] });
    expect((await env.CATALOG_IMAGES.list({ prefix: `${catalog.id}/` })).objects).toEqual([]);
  });

  it(`refuses more than ${MAX_IMAGES_PER_CATALOG_PRODUCT} images in all, keeping the listing and storing nothing new`, async () => {
    const { cookie, listing, path, catalog } = await withListing();
    const refused = await multipart(path, fields(), [png("3.png"), png("4.png"), png("5.png"), png("6.png")], cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("You can upload a maximum of 5 images per product.");
    const [row] = await listingOf(catalog.id);
    expect(row).toMatchObject({ title: "Editable valve", imageUrls: listing.imageUrls });
    expect((await env.CATALOG_IMAGES.list({ prefix: `${catalog.id}/` })).objects).toHaveLength(2);
    // Three new ones beside the two kept fit.
    expect((await multipart(path, fields(), [png("3.png"), png("4.png"), png("5.png")], cookie)).status).toBe(302);
    expect((await listingOf(catalog.id))[0].imageUrls).toHaveLength(5);
  });

  it.each([
    ["a tier without its price", { "tiers[1].price": "" }, "Please enter this tier&#x27;s unit price."],
    ["tiers out of order", { "tiers[1].from": "50" }, "Each tier must start at a larger quantity than the one before."],
    ["a negative price", { "tiers[0].price": "-1" }, "Please enter a price above 0, up to 1,000,000,000."],
    ["a price past the cap", { "tiers[0].price": "1e12" }, "Please enter a price above 0, up to 1,000,000,000."],
    ["a category not on the list", { category: "Weapons" }, "Please choose one of the options"],
    ["a currency not on the list", { currency: "BTC" }, "Please choose one of the options"],
    ["no title", { title: "" }, "This field is required"],
  ])("refuses %s with the message next to the field and changes nothing", async (_case, change, message) => {
    const { cookie, path, catalog } = await withListing();
    const refused = await post(path, fields(change), cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(message);
    expect((await listingOf(catalog.id))[0]).toMatchObject({ title: "Editable valve", price: 10, priceMax: null, currency: "USD" });
  });

  it("answers 404 to everyone but the owner, changing nothing", async () => {
    const { listing, path, catalog } = await withListing();
    const intruder = await sessionCookie((await createUser({ plan: "enterprise" })).id);
    expect((await get(path, intruder)).status).toBe(404);
    expect((await post(path, fields(), intruder)).status).toBe(404);
    expect((await multipart(path, fields(), [png()], intruder)).status).toBe(404);
    expect((await get(path)).headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    expect((await listingOf(catalog.id))[0]).toMatchObject({ title: "Editable valve", imageUrls: listing.imageUrls });
    expect((await env.CATALOG_IMAGES.list({ prefix: `${catalog.id}/` })).objects).toHaveLength(2);
  });
});

describe("the edit route in the authorization matrix", () => {
  // Only the owner edits a listing: admin mode moderates content elsewhere, it does not edit a
  // supplier's offer. Everyone else is told nothing exists (404), a visitor is sent to sign in.
  const MATRIX: [string, (ownerId: string) => Promise<string | undefined>, "signin" | 404 | 200][] = [
    ["a visitor", async () => undefined, "signin"],
    ["a visitor with a forged session cookie", async () => "sid=forged.c2lnbmF0dXJl", "signin"],
    ["a visitor in admin mode", async () => sessionCookie(null, true), "signin"],
    ["a free member", async () => sessionCookie((await createUser({ plan: "free" })).id), 404],
    ["a premium member", async () => sessionCookie((await createUser({ plan: "premium" })).id), 404],
    ["an enterprise member", async () => sessionCookie((await createUser({ plan: "enterprise" })).id), 404],
    ["an admin-plan member", async () => sessionCookie((await createUser({ plan: "admin" })).id), 404],
    ["a free member in admin mode", async () => sessionCookie((await createUser({ plan: "free" })).id, true), 404],
    ["the owner", async (ownerId) => sessionCookie(ownerId), 200],
  ];

  it.each(MATRIX)("%s", async (_who, cookieFor, expected) => {
    const owner = await supplier();
    const [listing] = await db
      .insert(schema.products)
      .values(await withCompany([{ title: "Matrix valve", category: "Industrial", price: 10 }], owner.catalog.id))
      .returning();
    const path = `/catalog/products/${listing.id}/edit`;
    const cookie = await cookieFor(owner.user.id);
    const page = await get(path, cookie);
    const saved = await post(path, { title: "Taken over", category: "Industrial", currency: "USD" }, cookie);
    if (expected === "signin") {
      for (const response of [page, saved]) expect(response.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    } else {
      expect(page.status).toBe(expected);
      expect(saved.status).toBe(expected === 200 ? 302 : 404);
      if (expected === 404) expect(await page.text()).not.toContain("Matrix valve");
    }
    const [row] = await listingOf(owner.catalog.id);
    expect(row.title).toBe(expected === 200 ? "Taken over" : "Matrix valve");
  });
});

describe("the edit route and the company page against hostile input", () => {
  async function listing() {
    const owner = await supplier();
    const [row] = await db
      .insert(schema.products)
      .values(await withCompany([{ title: "Sturdy valve", category: "Industrial", price: 10 }], owner.catalog.id))
      .returning();
    return { ...owner, path: `/catalog/products/${row.id}/edit` };
  }
  const valid = { title: "Sturdy valve", category: "Industrial", currency: "USD" };
  const unchanged = async (catalogId: string) =>
    expect((await listingOf(catalogId))[0]).toMatchObject({ title: "Sturdy valve", price: 10 });

  it.each([
    ["JSON", "application/json", JSON.stringify(valid)],
    ["text/plain", "text/plain", new URLSearchParams(valid).toString()],
    ["multipart without a boundary", "multipart/form-data", "title=x"],
  ])("answers a %s body with 4xx and changes nothing", async (_kind, type, body) => {
    const { cookie, path, catalog } = await listing();
    const response = await fetchWorker(`${ORIGIN}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: ORIGIN, Host: "localhost", Cookie: cookie, "Content-Type": type },
      body,
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    await unchanged(catalog.id);
  });

  it("refuses a 1 MB name, control characters and a duplicated field with 400 and the message next to the field", async () => {
    const { cookie, path, catalog } = await listing();
    const big = await post(path, { ...valid, title: "x".repeat(1_000_000) }, cookie);
    expect(big.status).toBe(400);
    expect(await big.text()).toContain("This is too long");
    const control = await post(path, { ...valid, description: "bad\u0000byte" }, cookie);
    expect(control.status).toBe(400);
    expect(await control.text()).toContain("Please remove invisible control characters.");
    const duplicated = await fetchWorker(`${ORIGIN}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: ORIGIN, Host: "localhost", Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: `${new URLSearchParams(valid)}&title=again`,
    });
    expect(duplicated.status).toBe(400);
    await unchanged(catalog.id);
    // An image that is not the listing's cannot be made its main one.
    const foreignImage = await post(
      path,
      { ...valid, "tiers[0].price": "10", mainImage: "/images/catalog/someone-else/photo.png" },
      cookie,
    );
    expect(foreignImage.status).toBeLessThan(500);
    expect((await listingOf(catalog.id))[0].imageUrl).not.toBe("/images/catalog/someone-else/photo.png");
  });

  it.each([
    "/catalog/products/abc/edit",
    "/catalog/products/99999999999999999999/edit",
    "/catalog/products/-1/edit",
    "/catalog/products/1e3/edit",
  ])("answers %s with 404", async (path) => {
    const cookie = await sessionCookie((await createUser()).id);
    expect((await get(path, cookie)).status).toBe(404);
    expect((await post(path, valid, cookie)).status).toBe(404);
  });

  it.each(["page=abc", "page=-3", "page=99999999999", `page=${"9".repeat(400)}`])(
    "serves the company page with %s, not 500",
    async (query) => {
      const { catalog } = await listing();
      const response = await get(`/companies/${catalog.id}?${query}`);
      expect(response.status).toBeLessThan(500);
    },
  );

  it("answers an unknown or oversized company id with 404", async () => {
    for (const id of ["nope", "x".repeat(5_000), "%00"]) expect((await get(`/companies/${id}`)).status).toBe(404);
  });
});

describe("the plan's limits", () => {
  it("keeps holding for listings: the free plan's 10 per catalog, whatever the company's other listings", async () => {
    const { cookie, catalog, user } = await supplier("free");
    await db
      .insert(schema.products)
      .values(Array.from({ length: 10 }, (_, i) => ({ catalogId: catalog.id, title: `Listed ${i}`, category: "Other" })));
    const refused = await multipart(`/catalog/${catalog.id}/products/new`, { title: "Eleventh", category: "Other" }, [], cookie);
    expect(refused.status).toBe(403);
    expect(await listingOf(catalog.id)).toHaveLength(10);
    // Editing one at the limit is fine.
    const [first] = await listingOf(catalog.id);
    expect((await post(`/catalog/products/${first.id}/edit`, { title: "Listed, edited", category: "Other" }, cookie)).status).toBe(302);
    // And the free plan's one catalog.
    expect((await post("/catalog", { intent: "createCatalog", companyName: "Second Co" }, cookie)).status).toBe(403);
    expect(await db.select().from(schema.catalogs).where(eq(schema.catalogs.userId, user.id))).toHaveLength(1);
  });
});
