import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProfilePlan } from "~/lib/constants";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import { cookiesFrom, createUser, db, get, ORIGIN, post, sessionCookie, loaderData, routeAnswer } from "../support/factories";
import { fetchWorker } from "../support/worker";

// Small but real images (1×1), and files that only pretend to be images.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="), (c) =>
  c.charCodeAt(0),
);
const GIF = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (c) => c.charCodeAt(0));
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01]);
const WEBP = new Uint8Array([...new TextEncoder().encode("RIFF"), 0x24, 0, 0, 0, ...new TextEncoder().encode("WEBPVP8 ")]);
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n");

const png = (name = "photo.png") => new File([PNG], name, { type: "image/png" });
const bucket = () => env.CATALOG_IMAGES;
const objectsOf = async (catalogId: string) => (await bucket().list({ prefix: `${catalogId}/` })).objects.map((o) => o.key);

/** The add-product form as a browser posts it: multipart, with the images last. */
function upload(catalogId: string, fields: Record<string, string>, files: File[], cookie?: string, declaredSizes?: number[]) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  // With JavaScript on, the page declares the images' sizes before them, so the server can stream them.
  if (declaredSizes) body.append("imageSizes", declaredSizes.join(","));
  for (const file of files) body.append("images", file);
  return fetchWorker(`${ORIGIN}/catalog/${catalogId}/products/new`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: ORIGIN, Host: "localhost", ...(cookie ? { Cookie: cookie } : {}) },
    body,
  });
}

async function member(plan: ProfilePlan = "free") {
  const user = await createUser({ plan });
  return { ...user, cookie: await sessionCookie(user.id) };
}

async function addCatalog(userId: string, companyName = "Acme Trading", values: Partial<typeof schema.catalogs.$inferInsert> = {}) {
  const [catalog] = await db
    .insert(schema.catalogs)
    .values({ userId, companyName, ...values })
    .returning();
  return catalog;
}

const productsOf = (catalogId: string) => db.select().from(schema.products).where(eq(schema.products.catalogId, catalogId));
/** A listing's required fields, and any others. */
const listing = (title: string, fields: Record<string, string> = {}) => ({ title, category: "Electronics", ...fields });
const catalogsOf = (userId: string) => db.select().from(schema.catalogs).where(eq(schema.catalogs.userId, userId));
const withToast = (cookie: string, response: Response) => [cookie, cookiesFrom(response)].filter(Boolean).join("; ");

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
});

describe("My Catalog", () => {
  it("sends visitors to sign in and back, for the page, the form page and every post", async () => {
    expect((await get("/catalog")).headers.get("Location")).toBe("/auth?redirectTo=%2Fcatalog");
    expect((await get("/catalog/anything/products/new")).headers.get("Location")).toBe(
      "/auth?redirectTo=%2Fcatalog%2Fanything%2Fproducts%2Fnew",
    );
    const owner = await member();
    const catalog = await addCatalog(owner.id);
    expect((await post("/catalog", { intent: "deleteCatalog", catalogId: catalog.id })).status).toBe(302);
    expect((await upload(catalog.id, listing("Sneaky"), [png()])).status).toBe(302);
    expect(await catalogsOf(owner.id)).toHaveLength(1);
    expect(await productsOf(catalog.id)).toHaveLength(0);
    expect(await objectsOf(catalog.id)).toEqual([]);
  });

  it("creates a catalog with the spec's toast and lists the member's catalogs newest first", async () => {
    const owner = await member("premium");
    await addCatalog(owner.id, "Older Co", { createdAt: new Date(Date.UTC(2026, 0, 1)) });
    const created = await post(
      "/catalog",
      {
        intent: "createCatalog",
        companyName: "Newer Co",
        businessDescription: "We make things",
        websiteUrl: "https://newer.example.com",
        contactEmail: "Sales@Newer.example.com",
        contactPhone: "+1 555 0100",
      },
      owner.cookie,
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/catalog");
    const html = await (await get("/catalog", withToast(owner.cookie, created))).text();
    expect(html).toContain("Catalog created successfully!");
    expect(html.indexOf("Newer Co")).toBeLessThan(html.indexOf("Older Co"));
    const [row] = (await catalogsOf(owner.id)).filter((c) => c.companyName === "Newer Co");
    expect(row).toMatchObject({ contactEmail: "sales@newer.example.com", websiteUrl: "https://newer.example.com", isPremium: true });
    // Someone else's catalogs never show.
    const other = await member();
    expect(await (await get("/catalog", other.cookie)).text()).not.toContain("Newer Co");
  });

  it("shows the create form with ?create=1 (no JavaScript needed) and the spec's messages next to fields", async () => {
    const owner = await member();
    expect(await (await get("/catalog", owner.cookie)).text()).not.toContain('data-testid="catalog-form"');
    const open = await (await get("/catalog?create=1", owner.cookie)).text();
    expect(open).toContain('data-testid="catalog-form"');
    // The inputs name their form by id (form="…"): a second element with that id would detach them.
    const ids = [...open.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const invalid = await post(
      "/catalog",
      { intent: "createCatalog", companyName: "", websiteUrl: "javascript:alert(1)", contactEmail: "not-an-email" },
      owner.cookie,
    );
    expect(invalid.status).toBe(400);
    const html = await invalid.text();
    expect(html).toContain("This field is required");
    expect(html).toContain("Please enter a valid web address, such as https://example.com");
    expect(html).toContain("Please enter a valid e-mail address");
    expect(await catalogsOf(owner.id)).toHaveLength(0);
  });

  it("enforces the plan's max_catalogs with a clear message (free: 1, silver/premium: 3)", async () => {
    const free = await member("free");
    expect((await post("/catalog", { intent: "createCatalog", companyName: "First" }, free.cookie)).status).toBe(302);
    const refused = await post("/catalog", { intent: "createCatalog", companyName: "Second" }, free.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("You have reached the number of catalogs your membership plan allows.");
    expect(await catalogsOf(free.id)).toHaveLength(1);

    const premium = await member("premium");
    for (const name of ["A", "B", "C"])
      expect((await post("/catalog", { intent: "createCatalog", companyName: name }, premium.cookie)).status).toBe(302);
    expect((await post("/catalog", { intent: "createCatalog", companyName: "D" }, premium.cookie)).status).toBe(403);
    expect(await catalogsOf(premium.id)).toHaveLength(3);
    expect(await (await get("/catalog", premium.cookie)).text()).toContain(
      "Silver plan: 3 of 3 catalogs used, up to 50 products per catalog",
    );
  });

  it("refuses hostile input with 4xx and a message, never 500, and changes nothing", async () => {
    const owner = await member();
    const json = await fetchWorker(`${ORIGIN}/catalog`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: ORIGIN, Host: "localhost", Cookie: owner.cookie, "Content-Type": "application/json" },
      body: '{"intent":"createCatalog"}',
    });
    expect(json.status).toBe(415);
    expect((await post("/catalog", { intent: "createCatalog", companyName: "x".repeat(1_000_000) }, owner.cookie)).status).toBe(400);
    const control = await post("/catalog", { intent: "createCatalog", companyName: "Bad\u0000Name" }, owner.cookie);
    expect(control.status).toBe(400);
    expect(await control.text()).toContain("Please remove invisible control characters.");
    const unknown = await post("/catalog", { intent: "explode" }, owner.cookie);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("This action is not available here.");
    expect((await post("/catalog", { intent: "deleteCatalog" }, owner.cookie)).status).toBe(400);
    expect(await catalogsOf(owner.id)).toHaveLength(0);
  });

  it("renders what members typed as text, never as markup", async () => {
    const owner = await member();
    const catalog = await addCatalog(owner.id, "<script>alert(1)</script> Co", { businessDescription: "<img src=x onerror=alert(1)>" });
    const [product] = await db
      .insert(schema.products)
      .values({
        catalogId: catalog.id,
        title: "<b>bold</b>",
        category: "Other",
        specifications: [{ name: "<i>", value: "<u>x</u>" }],
        tradeNotes: "<img src=x onerror=alert(1)>",
      })
      .returning();
    for (const path of ["/catalog?show=" + catalog.id, `/companies/${catalog.id}`, "/companies", `/products/${product.id}`]) {
      const html = await (await get(path, owner.cookie)).text();
      expect(html, path).not.toContain("<script>alert(1)</script>");
      expect(html, path).not.toContain("<img src=x");
      expect(html, path).not.toContain("<b>bold</b>");
      expect(html, path).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Co");
    }
  });
});

describe("adding products with images", () => {
  it("stores two images in R2 under {catalogId}/{timestamp-random}.{ext} and the product with their URLs", async () => {
    const owner = await member();
    const catalog = await addCatalog(owner.id);
    const response = await upload(
      catalog.id,
      {
        title: "Brass valves",
        description: "DN15 to DN50",
        category: "Industrial",
        currency: "EUR",
        unit: "piece",
        moq: "100",
        "tiers[0].price": "9.5",
        "tiers[1].from": "1000",
        "tiers[1].price": "2",
        "specifications[0].name": "Material",
        "specifications[0].value": "Brass",
        "specifications[1].name": "Sizes",
        "specifications[1].value": "DN15, DN50",
      },
      [png("../../etc/passwd.png"), new File([JPEG], "photo.jpeg", { type: "image/jpeg" })],
      owner.cookie,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/catalog?show=${catalog.id}`);
    const [product] = await productsOf(catalog.id);
    expect(product).toMatchObject({
      title: "Brass valves",
      description: "DN15 to DN50",
      category: "Industrial",
      price: 2,
      priceMax: 9.5,
      currency: "EUR",
      companyName: "Acme Trading",
      unit: "piece",
      moq: 100,
      priceTiers: [
        { from: 100, price: 9.5 },
        { from: 1000, price: 2 },
      ],
      specifications: [
        { name: "Material", value: "Brass" },
        { name: "Sizes", value: "DN15, DN50" },
      ],
    });
    // 2 EUR at the seeded 0.87 EUR a dollar.
    expect(product.priceUsd).toBeCloseTo(2 / 0.87, 6);
    expect(product.imageUrls).toHaveLength(2);
    expect(product.imageUrl).toBe(product.imageUrls[0]);
    for (const url of product.imageUrls)
      expect(url).toMatch(new RegExp(`^/images/catalog/${catalog.id}/\\d{13}-[0-9a-f]{16}\\.(png|jpg)$`));
    const keys = await objectsOf(catalog.id);
    expect(keys.sort()).toEqual(product.imageUrls.map((u) => u.slice("/images/catalog/".length)).sort());
    const stored = await bucket().get(keys.find((k) => k.endsWith(".png"))!);
    expect(stored?.httpMetadata?.contentType).toBe("image/png");
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(PNG);

    const page = await (await get(`/catalog?show=${catalog.id}`, withToast(owner.cookie, response))).text();
    expect(page).toContain("Product added to catalog successfully!");
    expect(page).toContain(product.imageUrls[0]);
  });

  it("accepts WebP and GIF too, and a product without images", async () => {
    const owner = await member();
    const catalog = await addCatalog(owner.id);
    expect(
      (await upload(catalog.id, listing("Two formats"), [new File([WEBP], "a.webp"), new File([GIF], "b.gif")], owner.cookie)).status,
    ).toBe(302);
    expect(
      (await upload(catalog.id, listing("No pictures"), [new File([], "", { type: "application/octet-stream" })], owner.cookie)).status,
    ).toBe(302);
    const products = await productsOf(catalog.id);
    expect(
      products
        .find((p) => p.title === "Two formats")!
        .imageUrls.map((u) => u.split(".").pop())
        .sort(),
    ).toEqual(["gif", "webp"]);
    expect(products.find((p) => p.title === "No pictures")!.imageUrls).toEqual([]);
  });

  it.each([
    [
      "a text file named .png",
      [new File([new TextEncoder().encode("just some text, honestly")], "fake.png", { type: "image/png" })],
      400,
      "Only image files can be uploaded: PNG, JPEG, WebP or GIF.",
    ],
    [
      "a PDF named .png",
      [new File([PDF], "invoice.png", { type: "image/png" })],
      400,
      "Only image files can be uploaded: PNG, JPEG, WebP or GIF.",
    ],
    ["a sixth image", Array.from({ length: 6 }, (_, i) => png(`p${i}.png`)), 400, "You can upload a maximum of 5 images per product."],
    [
      "a 6 MB image",
      [new File([PNG, new Uint8Array(6 * 1024 * 1024)], "huge.png", { type: "image/png" })],
      413,
      "Each image must be 5 MB or smaller.",
    ],
    [
      "a good image followed by a bad one",
      [png(), new File([PDF], "second.png")],
      400,
      "Only image files can be uploaded: PNG, JPEG, WebP or GIF.",
    ],
  ])("refuses %s, leaving no product and no object in R2", async (_case, files, status, message) => {
    const owner = await member();
    const catalog = await addCatalog(owner.id);
    const response = await upload(catalog.id, listing("Refused product"), files as File[], owner.cookie);
    expect(response.status).toBe(status);
    const html = await response.text();
    expect(html).toContain(message);
    if (message.includes("maximum of 5")) expect(html).toContain("Too many images");
    expect(await productsOf(catalog.id)).toHaveLength(0);
    expect(await objectsOf(catalog.id)).toEqual([]);
  });

  it("streams images whose sizes the form declared into R2, byte for byte", async () => {
    const owner = await member();
    const catalog = await addCatalog(owner.id);
    const big = new Uint8Array(2 * 1024 * 1024 + 17).map((_, i) => (i * 31) % 256);
    big.set(PNG.subarray(0, 8));
    const files = [png(), new File([big], "big.png", { type: "image/png" })];
    const response = await upload(catalog.id, listing("Streamed"), files, owner.cookie, [PNG.length, big.length]);
    expect(response.status).toBe(302);
    const [product] = await productsOf(catalog.id);
    expect(product.imageUrls).toHaveLength(2);
    const stored = await bucket().get(product.imageUrls[1].slice("/images/catalog/".length));
    expect(stored?.size).toBe(big.length);
    // Digests, not element by element: comparing two million-entry arrays is what would be slow.
    const digest = async (data: BufferSource) => [...new Uint8Array(await crypto.subtle.digest("SHA-256", data))].join(",");
    expect(await digest(await stored!.arrayBuffer())).toBe(await digest(big));
  }, 30_000);

  it.each([
    ["smaller than the image", -1, 400, "Failed to create product. Please try again."],
    ["larger than the image", 1, 400, "Failed to create product. Please try again."],
    ["over 5 MB", 6 * 1024 * 1024, 413, "Each image must be 5 MB or smaller."],
  ])("refuses an image whose declared size is %s, leaving nothing behind", async (_case, delta, status, message) => {
    const owner = await member();
    const catalog = await addCatalog(owner.id);
    const image = new Uint8Array(200_000);
    image.set(PNG.subarray(0, 8));
    const response = await upload(catalog.id, listing("Liar"), [png(), new File([image], "x.png")], owner.cookie, [
      PNG.length,
      image.length + delta,
    ]);
    expect(response.status).toBe(status);
    expect(await response.text()).toContain(message);
    expect(await productsOf(catalog.id)).toHaveLength(0);
    expect(await objectsOf(catalog.id)).toEqual([]);
  });

  it("deletes the uploaded images when the text fields are refused", async () => {
    const owner = await member();
    const catalog = await addCatalog(owner.id);
    const response = await upload(
      catalog.id,
      { title: "", category: "Electronics", "specifications[0].name": "x".repeat(20_000) },
      [png(), png()],
      owner.cookie,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This field is required");
    expect(await productsOf(catalog.id)).toHaveLength(0);
    expect(await objectsOf(catalog.id)).toEqual([]);
  });

  it("keeps specification rows in their order, leaving blank rows out, shown as a table", async () => {
    const owner = await member();
    const catalog = await addCatalog(owner.id);
    const form = listing("Spec rows", {
      "specifications[0].name": "Voltage",
      "specifications[0].value": "220 V",
      "specifications[1].name": "",
      "specifications[1].value": "",
      "specifications[2].name": "Weight",
      "specifications[2].value": "2 kg",
    });
    expect((await upload(catalog.id, form, [], owner.cookie)).status).toBe(302);
    const [row] = await productsOf(catalog.id);
    expect(row.specifications).toEqual([
      { name: "Voltage", value: "220 V" },
      { name: "Weight", value: "2 kg" },
    ]);
    const page = await (await get(`/products/${row.id}`)).text();
    expect(page).toMatch(/<dt[^>]*>Voltage<\/dt><dd[^>]*>220 V<\/dd>/);
    expect(page).toMatch(/<dt[^>]*>Weight<\/dt><dd[^>]*>2 kg<\/dd>/);
  });

  it("enforces the plan's max_products_per_catalog before reading the upload", async () => {
    const owner = await member("free");
    const catalog = await addCatalog(owner.id);
    await db
      .insert(schema.products)
      .values(Array.from({ length: 10 }, (_, i) => ({ catalogId: catalog.id, title: `Product ${i}`, category: "Other" })));
    const response = await upload(catalog.id, listing("Eleventh"), [png()], owner.cookie);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("This catalog has reached the number of products your membership plan allows.");
    expect(await productsOf(catalog.id)).toHaveLength(10);
    expect(await objectsOf(catalog.id)).toEqual([]);
  });

  it("counts the catalog's products on My Catalog and offers no form at the plan's limit", async () => {
    const owner = await member("free");
    const catalog = await addCatalog(owner.id);
    await db
      .insert(schema.products)
      .values(Array.from({ length: 3 }, (_, i) => ({ catalogId: catalog.id, title: `Product ${i}`, category: "Other" })));
    const three = await (await get("/catalog", owner.cookie)).text();
    expect(three).toContain("Products: 3 of 10");
    expect(three).toContain(`/catalog/${catalog.id}/products/new`);
    await db
      .insert(schema.products)
      .values(Array.from({ length: 7 }, (_, i) => ({ catalogId: catalog.id, title: `More ${i}`, category: "Other" })));
    const full = await (await get("/catalog", owner.cookie)).text();
    expect(full).toContain("Products: 10 of 10");
    expect(full).not.toContain(`/catalog/${catalog.id}/products/new`);
    expect(full).toContain("This catalog has reached the number of products your membership plan allows.");
  });

  it("refuses a non-form body and an oversized one with 4xx", async () => {
    const owner = await member();
    const catalog = await addCatalog(owner.id);
    const send = (headers: Record<string, string>, body: string) =>
      fetchWorker(`${ORIGIN}/catalog/${catalog.id}/products/new`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: ORIGIN, Host: "localhost", Cookie: owner.cookie, ...headers },
        body,
      });
    expect((await send({ "Content-Type": "application/json" }, "{}")).status).toBe(415);
    expect((await send({ "Content-Type": "multipart/form-data; boundary=xyz" }, "garbage without parts")).status).toBe(400);
    expect(
      (await send({ "Content-Type": "multipart/form-data; boundary=xyz", "Content-Length": String(40 * 1024 * 1024) }, "--xyz--")).status,
    ).toBe(413);
    expect(await productsOf(catalog.id)).toHaveLength(0);
  });
});

describe("ownership", () => {
  it("answers another member's catalog and product ids with 404 and changes nothing in D1 or R2", async () => {
    const owner = await member();
    const catalog = await addCatalog(owner.id, "Owner's Co");
    expect((await upload(catalog.id, listing("Owned product"), [png()], owner.cookie)).status).toBe(302);
    const [product] = await productsOf(catalog.id);
    const keysBefore = await objectsOf(catalog.id);
    expect(keysBefore).toHaveLength(1);

    const intruder = await member("enterprise");
    expect((await get(`/catalog/${catalog.id}/products/new`, intruder.cookie)).status).toBe(404);
    expect((await upload(catalog.id, listing("Planted"), [png()], intruder.cookie)).status).toBe(404);
    expect((await post("/catalog", { intent: "deleteProduct", productId: String(product.id) }, intruder.cookie)).status).toBe(404);
    expect((await post("/catalog", { intent: "deleteCatalog", catalogId: catalog.id }, intruder.cookie)).status).toBe(404);
    expect(await (await get(`/catalog?show=${catalog.id}`, intruder.cookie)).text()).not.toContain("Owned product");

    expect((await productsOf(catalog.id)).map((p) => p.title)).toEqual(["Owned product"]);
    expect(await catalogsOf(owner.id)).toHaveLength(1);
    expect(await objectsOf(catalog.id)).toEqual(keysBefore);
  });
});

describe("deleting", () => {
  it("asks the spec's questions with a confirmation step that needs no JavaScript", async () => {
    const owner = await member();
    const catalog = await addCatalog(owner.id);
    const [product] = await db
      .insert(schema.products)
      .values({ catalogId: catalog.id, title: "Question me", category: "Other" })
      .returning();
    expect(await (await get(`/catalog?confirmDelete=${catalog.id}`, owner.cookie)).text()).toContain(
      "Are you sure you want to delete this catalog? This action cannot be undone.",
    );
    expect(await (await get(`/catalog?show=${catalog.id}&confirmDeleteProduct=${product.id}`, owner.cookie)).text()).toContain(
      "Are you sure you want to delete this product?",
    );
  });

  it("deletes a product and its R2 objects in the same request", async () => {
    const owner = await member();
    const catalog = await addCatalog(owner.id);
    await upload(catalog.id, listing("Keep me"), [png()], owner.cookie);
    await upload(catalog.id, listing("Delete me"), [png(), png()], owner.cookie);
    const doomed = (await productsOf(catalog.id)).find((p) => p.title === "Delete me")!;
    expect(await objectsOf(catalog.id)).toHaveLength(3);
    const response = await post("/catalog", { intent: "deleteProduct", productId: String(doomed.id) }, owner.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/catalog?show=${catalog.id}`);
    expect(await (await get(`/catalog?show=${catalog.id}`, withToast(owner.cookie, response))).text()).toContain(
      "Product deleted successfully.",
    );
    expect((await productsOf(catalog.id)).map((p) => p.title)).toEqual(["Keep me"]);
    const left = await objectsOf(catalog.id);
    expect(left).toHaveLength(1);
    for (const url of doomed.imageUrls) expect(left).not.toContain(url.slice("/images/catalog/".length));
  });

  it("deletes a catalog with all its products and every object under its folder", async () => {
    const owner = await member("premium");
    const catalog = await addCatalog(owner.id, "Doomed Co");
    const neighbour = await addCatalog(owner.id, "Neighbour Co");
    await upload(catalog.id, listing("One"), [png()], owner.cookie);
    await upload(catalog.id, listing("Two"), [png(), new File([GIF], "g.gif")], owner.cookie);
    await upload(neighbour.id, listing("Other"), [png()], owner.cookie);
    const response = await post("/catalog", { intent: "deleteCatalog", catalogId: catalog.id }, owner.cookie);
    expect(response.status).toBe(302);
    expect(await (await get("/catalog", withToast(owner.cookie, response))).text()).toContain("Catalog deleted successfully.");
    expect((await catalogsOf(owner.id)).map((c) => c.companyName)).toEqual(["Neighbour Co"]);
    expect(await productsOf(catalog.id)).toHaveLength(0);
    expect(await objectsOf(catalog.id)).toEqual([]);
    expect(await objectsOf(neighbour.id)).toHaveLength(1);
  });
});

describe("image responses", () => {
  it("serves the image with its type, a year of immutable caching, an ETag and 304 on If-None-Match", async () => {
    const owner = await member();
    const catalog = await addCatalog(owner.id);
    await upload(catalog.id, listing("Pictured"), [png(), new File([JPEG], "j.jpg")], owner.cookie);
    const [product] = await productsOf(catalog.id);
    const pngUrl = product.imageUrls.find((u) => u.endsWith(".png"))!;
    const jpgUrl = product.imageUrls.find((u) => u.endsWith(".jpg"))!;

    const response = await get(pngUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const etag = response.headers.get("ETag");
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
    expect((await get(jpgUrl)).headers.get("Content-Type")).toBe("image/jpeg");
    // A member's request (with cookies) gets the same public caching.
    expect((await get(pngUrl, owner.cookie)).headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");

    const revalidated = await fetchWorker(`${ORIGIN}${pngUrl}`, { headers: { "If-None-Match": etag! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("ETag")).toBe(etag);
    expect(revalidated.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect((await fetchWorker(`${ORIGIN}${pngUrl}`, { headers: { "If-None-Match": '"something-else"' } })).status).toBe(200);
  });

  it("answers 404 for unknown objects and paths that are not our keys", async () => {
    const owner = await member();
    const catalog = await addCatalog(owner.id);
    await bucket().put(`${catalog.id}/notes.txt`, "secret");
    expect((await get(`/images/catalog/${catalog.id}/1700000000000-0123456789abcdef.png`)).status).toBe(404);
    expect((await get(`/images/catalog/${catalog.id}/notes.txt`)).status).toBe(404);
    expect((await get(`/images/catalog/..%2F..%2Fetc/passwd`)).status).toBe(404);
  });
});

describe("the companies directory", () => {
  type Card = {
    id: string;
    companyName: string;
    country: string | null;
    productCount: number;
    imageUrl: string | null;
    businessDescription: string | null;
  };
  const list = async (query = "") =>
    loaderData<{
      companies: Card[];
      total: number;
      pages: number;
    }>(`/companies?${query}`, "routes/companies._index");

  it("lists every catalog as a card with country, product count and first image, searchable and paginated", async () => {
    const supplier = await createUser({ plan: "premium" });
    await db.update(schema.profiles).set({ country: "Vietnam" }).where(eq(schema.profiles.id, supplier.id));
    const catalog = await addCatalog(supplier.id, "Zebra Garments Directory", { businessDescription: "Knitwear maker" });
    const image = (url: string) => ({ imageUrl: url, imageUrls: [url] });
    await db.insert(schema.products).values([
      {
        catalogId: catalog.id,
        title: "Old",
        category: "Fashion",
        ...image("/images/products/fashion.svg"),
        createdAt: new Date(Date.UTC(2026, 0, 1)),
      },
      {
        catalogId: catalog.id,
        title: "New",
        category: "Fashion",
        ...image("/images/products/apparel.svg"),
        createdAt: new Date(Date.UTC(2026, 0, 2)),
      },
      { catalogId: catalog.id, title: "Newest, no image", category: "Fashion", createdAt: new Date(Date.UTC(2026, 0, 3)) },
    ]);
    for (let i = 0; i < 30; i++) await addCatalog(supplier.id, `Filler ${String(i).padStart(2, "0")} Directory`);

    const found = await list("q=zebra");
    expect(found.total).toBe(1);
    // Counts speak in the plural forms of the page's language.
    expect(await (await get("/companies?q=zebra")).text()).toContain("Found 1 company<");
    expect(await (await get("/companies?q=directory")).text()).toContain("Found 31 companies<");
    expect(found.companies[0]).toMatchObject({
      companyName: "Zebra Garments Directory",
      country: "Vietnam",
      productCount: 3,
      imageUrl: "/images/products/apparel.svg",
      businessDescription: "Knitwear maker",
    });

    const first = await list("q=Directory");
    expect(first.total).toBe(31);
    expect(first.pages).toBe(2);
    expect(first.companies).toHaveLength(24);
    // Best match first: none is verified or has a response rate yet, so the most listings lead.
    expect(first.companies[0].companyName).toBe("Zebra Garments Directory");
    const second = (await list("q=Directory&page=2")).companies;
    expect(new Set([...first.companies, ...second].map((c) => c.id)).size).toBe(31);
    expect((await list("q=%25")).total).toBe(0);

    const html = await (await get("/companies?q=zebra")).text();
    expect(html).toContain("Zebra Garments Directory");
    expect(html).toContain('<link rel="canonical" href="http://localhost/companies?search=zebra"/>');
    expect(html).toMatch(/<title>Companies matching &quot;zebra&quot; \| /);
    expect(html).toContain('<meta name="description" content="Find suppliers, manufacturers and exporters');
  });

  it("shows a company's page with description, services, website and products; 404 for unknown ids", async () => {
    const owner = await createUser();
    const catalog = await addCatalog(owner.id, "Page Co", {
      businessDescription: "About us",
      servicesDescription: "OEM and ODM",
      websiteUrl: "https://page.example.com",
    });
    const [product] = await db
      .insert(schema.products)
      .values({
        catalogId: catalog.id,
        title: "Page product",
        category: "Office",
        imageUrl: "/images/products/office.svg",
        imageUrls: ["/images/products/office.svg"],
        tradeNotes: "Plain notes",
      })
      .returning();
    const html = await (await get(`/companies/${catalog.id}`)).text();
    for (const text of ["About us", "OEM and ODM", "https://page.example.com", "Page product", "/images/products/office.svg"])
      expect(html).toContain(text);
    // Each listing links to its own page, where its specifications are.
    expect(html).toContain(`href="/product/${product.id}"`);
    expect(await (await get(`/products/${product.id}`)).text()).toContain("Plain notes");
    expect(html).toContain(`<link rel="canonical" href="http://localhost/companies/${catalog.id}"/>`);
    expect(html).toMatch(/<title>Page Co \| /);
    expect((await get("/companies/not-a-company")).status).toBe(404);
  });

  describe("who receives a company's contact e-mail and phone", () => {
    const EMAIL = "private-sales@matrix.example.com";
    const PHONE = "+44 20 5550 4242";
    let catalogId: string;
    let ownerId: string;
    beforeAll(async () => {
      ownerId = (await createUser({ plan: "free" })).id;
      catalogId = (await addCatalog(ownerId, "Matrix Co", { contactEmail: EMAIL, contactPhone: PHONE })).id;
    });

    const MATRIX: [string, () => Promise<string | undefined>, boolean][] = [
      ["a visitor", async () => undefined, false],
      ["a free member", async () => sessionCookie((await createUser({ plan: "free" })).id), false],
      ["the free owner", async () => sessionCookie(ownerId), true],
      ["a premium member", async () => sessionCookie((await createUser({ plan: "premium" })).id), true],
      ["a professional member", async () => sessionCookie((await createUser({ plan: "professional" })).id), true],
      ["an enterprise member", async () => sessionCookie((await createUser({ plan: "enterprise" })).id), true],
      ["an admin (plan)", async () => sessionCookie((await createUser({ plan: "admin" })).id), true],
      ["a free member in admin mode", async () => sessionCookie((await createUser({ plan: "free" })).id, true), true],
      ["a visitor in admin mode", async () => sessionCookie(null, true), true],
    ];

    it.each(MATRIX)("%s", async (_who, cookieFor, visible) => {
      const cookie = await cookieFor();
      const html = await (await get(`/companies/${catalogId}`, cookie)).text();
      const { raw } = await routeAnswer(`/companies/${catalogId}`, "routes/companies.$id", cookie);
      for (const body of [html, raw]) {
        expect(body.includes(EMAIL)).toBe(visible);
        expect(body.includes(PHONE)).toBe(visible);
      }
      expect(raw).not.toContain(ownerId);
      if (!visible) expect(html).toContain("Contact details hidden");
    });
  });

  it("joins the sitemap, the header and the footer", async () => {
    const catalog = await addCatalog((await createUser()).id, "Sitemap Co");
    const xml = await (await get("/sitemap.xml")).text();
    expect(xml).toContain("<loc>http://localhost/companies</loc>");
    expect(xml).toContain(`<loc>http://localhost/companies/${catalog.id}</loc>`);
    const visitor = await (await get("/")).text();
    expect(visitor.match(/href="\/companies"/g)?.length).toBeGreaterThanOrEqual(2);
    expect(visitor).not.toContain('href="/catalog"');
    const signedIn = await (await get("/", await sessionCookie((await createUser()).id))).text();
    expect(signedIn).toMatch(/<a[^>]*href="\/catalog"[^>]*>My Catalog<\/a>/);
  });
});
