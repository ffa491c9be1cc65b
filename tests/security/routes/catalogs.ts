import { env } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { expect } from "vitest";
import { catalogImageKey, catalogImageUrl } from "~/lib/images";
import * as schema from "../../../db/schema";
import { membershipPlans } from "../../../db/seed/data";
import { db, ORIGIN } from "../../support/factories";
import { fetchWorker } from "../../support/worker";
import { changed, cookieFor, randomAddress, refusesUnread, snapshot, unique, type Fixture, type Role } from "../support";
import { everyone, members, type Expectation, type RouteRow } from "../types";

// My Catalog, the add-product and edit-product pages, the companies directory and the catalog images.
// Spec: only the owner changes a catalog (everyone else signed in gets 404, a visitor is sent to
// sign in); companies and images are public; a company's contact e-mail and phone go to paid
// members, admins and the owner only.

const HOSTILE = "<script>alert(1)</script>";

/** A 1×1 PNG. */
export const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);
/** A file part that starts like a PNG, for posts whose body is never read. */
const PNG_UPLOAD = { field: "images", filename: "photo.png", head: "\x89PNG\r\n\x1a\n" };

/**
 * The membership plans (their limits decide how many catalogs and products a member may have;
 * without them nothing may be created). The security fixture has none, the real database is
 * seeded: insert them, idempotently.
 */
export async function withPlans() {
  // Not memoized: each test file has its own database.
  await db.insert(schema.membershipPlans).values(membershipPlans()).onConflictDoNothing();
}

/** A fresh catalog of the owner's, with contact details only some roles may receive. */
export async function ownerCatalog(fx: Fixture, companyName = `Owner Catalog ${unique()}`) {
  await withPlans();
  const contactEmail = `catalog-${unique()}@example.com`;
  const contactPhone = `+40 ${unique()}`;
  const [catalog] = await db
    .insert(schema.catalogs)
    .values({ userId: fx.users.owner.id, companyName, businessDescription: "Pumps and valves", contactEmail, contactPhone })
    .returning();
  return { id: catalog.id, companyName, contactEmail, contactPhone };
}

/** A fresh catalog of the owner's holding one product with one image in R2. */
export async function ownerProduct(fx: Fixture) {
  const catalog = await ownerCatalog(fx);
  const key = catalogImageKey(catalog.id, "png");
  await env.CATALOG_IMAGES.put(key, PNG, { httpMetadata: { contentType: "image/png" } });
  const productName = `Owner Product ${unique()}`;
  const url = catalogImageUrl(key);
  const [product] = await db
    .insert(schema.products)
    .values({ catalogId: catalog.id, title: productName, category: "Industrial", price: 12, imageUrl: url, imageUrls: [url] })
    .returning();
  return { ...catalog, productId: String(product.id), productName, key, imageUrl: url };
}

/**
 * Room under the free plan's one catalog: the user's earlier catalogs (made by other rows) go,
 * so creating one is allowed again. Runs in `prepare`, before the request and its snapshot.
 */
export async function clearCatalogs(userId: string) {
  await withPlans();
  const own = db.select({ id: schema.catalogs.id }).from(schema.catalogs).where(eq(schema.catalogs.userId, userId));
  await db.delete(schema.products).where(inArray(schema.products.catalogId, own));
  await db.delete(schema.catalogs).where(eq(schema.catalogs.userId, userId));
}

/** The add-product (or edit-product) form as a browser posts it with a file chosen: multipart, the image last. */
export function postProductWithImage(
  catalogId: string,
  cookie: string | undefined,
  productName: string,
  path = `/catalog/${catalogId}/products/new`,
) {
  const body = new FormData();
  body.append("title", productName);
  body.append("category", "Industrial");
  body.append("images", new File([PNG], "photo.png", { type: "image/png" }));
  const headers: Record<string, string> = { Origin: ORIGIN, Host: new URL(ORIGIN).host, "CF-Connecting-IP": randomAddress() };
  if (cookie) headers.Cookie = cookie;
  return fetchWorker(`${ORIGIN}${path}`, { method: "POST", headers, body, redirect: "manual" });
}

const ownerOnly = (owner: Expectation): Record<Role, Expectation> => ({ ...everyone(404), visitor: "signin", owner });
/** A company's contact e-mail and phone: paid members, admin mode and the owner, nobody else. */
const SEES_COMPANY_CONTACT: Role[] = ["paid", "owner", "admin"];
const productsOf = (catalogId: string) => db.select().from(schema.products).where(eq(schema.products.catalogId, catalogId));
const catalogById = (id: string) => db.select().from(schema.catalogs).where(eq(schema.catalogs.id, id));

export const rows: RouteRow[] = [
  // catalog.tsx: accounts.ts has the plain GET row; these add one catalog opened and the actions.
  {
    file: "catalog.tsx",
    name: "My Catalog with the owner's catalog opened (?show=)",
    prepare: ownerProduct,
    path: ({ values }) => `/catalog?show=${values.id}`,
    expect: members(200, "signin"),
    check: ({ role, body, values }) => {
      // Only the owner's own catalogs and products are listed, whatever ?show= names.
      if (role === "owner") {
        expect(body).toContain(values.companyName);
        expect(body).toContain(values.productName);
      } else {
        expect(body).not.toContain(values.companyName);
        expect(body).not.toContain(values.productName);
      }
    },
  },
  {
    file: "catalog.tsx",
    name: "create a catalog (within the plan's limit)",
    method: "POST",
    path: "/catalog",
    prepare: async (fx, role) => {
      if (role !== "visitor") await clearCatalogs(fx.users[role].id);
      return {};
    },
    form: ({ n }) => ({
      intent: "createCatalog",
      companyName: `Created Co ${n}`,
      businessDescription: "We make things",
      contactEmail: `created-${n}@example.com`,
    }),
    expect: members({ status: 302, location: "/catalog" }, "signin"),
    check: async ({ role, fx, n }) => {
      if (role === "visitor") return;
      const created = await db
        .select()
        .from(schema.catalogs)
        .where(eq(schema.catalogs.companyName, `Created Co ${n}`));
      expect(created.map((c) => c.userId)).toEqual([fx.users[role].id]);
    },
  },
  {
    file: "catalog.tsx",
    name: "delete the owner's catalog (its products and images go too)",
    method: "POST",
    path: "/catalog",
    prepare: ownerProduct,
    form: ({ values }) => ({ intent: "deleteCatalog", catalogId: values.id }),
    expect: ownerOnly({ status: 302, location: "/catalog" }),
    check: async ({ role, values }) => {
      if (role !== "owner") return;
      expect(await catalogById(values.id)).toEqual([]);
      expect(await productsOf(values.id)).toEqual([]);
      expect((await env.CATALOG_IMAGES.list({ prefix: `${values.id}/` })).objects).toEqual([]);
    },
  },
  {
    file: "catalog.tsx",
    name: "delete a product of the owner's catalog (its images go too)",
    method: "POST",
    path: "/catalog",
    prepare: ownerProduct,
    form: ({ values }) => ({ intent: "deleteProduct", productId: values.productId }),
    expect: ownerOnly("redirect"),
    check: async ({ role, values, response }) => {
      if (role !== "owner") return;
      expect(response.headers.get("Location")).toBe(`/catalog?show=${values.id}`);
      expect(await productsOf(values.id)).toEqual([]);
      expect(await catalogById(values.id)).toHaveLength(1);
      expect(await env.CATALOG_IMAGES.head(values.key)).toBeNull();
    },
  },

  // catalog_.$id.products.new.tsx
  {
    file: "catalog_.$id.products.new.tsx",
    name: "the owner's add-product page",
    prepare: (fx) => ownerCatalog(fx),
    path: ({ values }) => `/catalog/${values.id}/products/new`,
    expect: ownerOnly(200),
  },
  {
    file: "catalog_.$id.products.new.tsx",
    name: "the add-product page of a catalog that does not exist",
    path: "/catalog/00000000-0000-4000-8000-000000000000/products/new",
    expect: members(404, "signin"),
  },
  {
    file: "catalog_.$id.products.new.tsx",
    name: "add a product to the owner's catalog (urlencoded; then multipart with an image)",
    method: "POST",
    prepare: (fx) => ownerCatalog(fx),
    path: ({ values }) => `/catalog/${values.id}/products/new`,
    form: ({ n }) => ({
      title: `Added product ${n}`,
      description: "DN15",
      category: "Industrial",
      currency: "USD",
      unit: "piece",
      moq: "100",
      "tiers[0].price": "9",
      "tiers[1].from": "1000",
      "tiers[1].price": "2",
      "specifications[0].name": "Material",
      "specifications[0].value": "Brass",
    }),
    expect: ownerOnly("redirect"),
    check: async ({ role, values, n, fx, response }) => {
      if (role === "owner") {
        expect(response.headers.get("Location")).toBe(`/catalog?show=${values.id}`);
        expect((await productsOf(values.id)).map((p) => p.title)).toEqual([`Added product ${n}`]);
      }
      // The same catalog with an image, as the browser posts it: the refusal comes before a byte
      // of the upload reaches R2; 50 MB from anyone but the owner is not even read.
      if (role !== "owner") await refusesUnread(fx, role, `/catalog/${values.id}/products/new`, PNG_UPLOAD, role === "visitor" ? 302 : 404);
      const cookie = await cookieFor(fx, role);
      const before = role === "owner" ? null : await snapshot();
      const upload = await postProductWithImage(values.id, cookie, `Image product ${n}`);
      await upload.arrayBuffer();
      if (role === "owner") {
        expect(upload.status).toBe(302);
        const [product] = (await productsOf(values.id)).filter((p) => p.title === `Image product ${n}`);
        expect(product.imageUrls).toHaveLength(1);
        expect((await env.CATALOG_IMAGES.list({ prefix: `${values.id}/` })).objects).toHaveLength(1);
      } else {
        expect(upload.status, `${role}: multipart`).toBe(role === "visitor" ? 302 : 404);
        if (role === "visitor") expect(upload.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
        expect(changed(before!, await snapshot()), `${role}: a refused upload changed stored data`).toEqual([]);
      }
    },
  },

  // catalog_.products.$productId.edit.tsx
  {
    file: "catalog_.products.$productId.edit.tsx",
    name: "the owner's edit-product page",
    prepare: ownerProduct,
    path: ({ values }) => `/catalog/products/${values.productId}/edit`,
    expect: ownerOnly(200),
    check: ({ role, body, values }) => {
      if (role === "owner") expect(body).toContain(values.productName);
      else expect(body).not.toContain(values.productName);
    },
  },
  {
    file: "catalog_.products.$productId.edit.tsx",
    name: "the edit page of a product that does not exist, or of no product",
    path: "/catalog/products/999999999/edit",
    expect: members(404, "signin"),
  },
  {
    file: "catalog_.products.$productId.edit.tsx",
    name: "the edit page of a product id that is not a number",
    path: "/catalog/products/1e3/edit",
    expect: members(404, "signin"),
  },
  {
    file: "catalog_.products.$productId.edit.tsx",
    name: "edit the owner's product (urlencoded; then multipart with an image)",
    method: "POST",
    prepare: ownerProduct,
    path: ({ values }) => `/catalog/products/${values.productId}/edit`,
    form: ({ n }) => ({ title: `Edited product ${n}`, category: "Electronics", "tiers[0].price": "15", currency: "EUR" }),
    expect: ownerOnly("redirect"),
    check: async ({ role, values, n, fx, response }) => {
      const [row] = await productsOf(values.id);
      if (role === "owner") {
        expect(response.headers.get("Location")).toBe(`/catalog?show=${values.id}`);
        expect(row).toMatchObject({ title: `Edited product ${n}`, category: "Electronics", price: 15, currency: "EUR" });
        // Its image stays unless removed.
        expect(row.imageUrls).toEqual([values.imageUrl]);
      } else {
        expect(row).toMatchObject({ title: values.productName, category: "Industrial", price: 12 });
      }
      // With an image, as the browser posts it: refused before a byte of it reaches R2; 50 MB
      // from anyone but the owner is not even read.
      const path = `/catalog/products/${values.productId}/edit`;
      if (role !== "owner") await refusesUnread(fx, role, path, PNG_UPLOAD, role === "visitor" ? 302 : 404);
      const cookie = await cookieFor(fx, role);
      const before = role === "owner" ? null : await snapshot();
      const upload = await postProductWithImage(values.id, cookie, `Image edit ${n}`, path);
      await upload.arrayBuffer();
      if (role === "owner") {
        expect(upload.status).toBe(302);
        const [edited] = await productsOf(values.id);
        expect(edited.title).toBe(`Image edit ${n}`);
        expect(edited.imageUrls).toHaveLength(2);
        expect((await env.CATALOG_IMAGES.list({ prefix: `${values.id}/` })).objects).toHaveLength(2);
      } else {
        expect(upload.status, `${role}: multipart`).toBe(role === "visitor" ? 302 : 404);
        expect(changed(before!, await snapshot()), `${role}: a refused upload changed stored data`).toEqual([]);
      }
    },
  },

  // companies._index.tsx
  {
    file: "companies._index.tsx",
    name: "the companies directory (no contact details in the list)",
    prepare: (fx) => ownerCatalog(fx),
    path: ({ values }) => `/companies?q=${encodeURIComponent(values.companyName)}`,
    expect: everyone(200),
    check: ({ body, values }) => {
      expect(body).toContain(values.companyName);
      expect(body).not.toContain(values.contactEmail);
      expect(body).not.toContain(values.contactPhone);
    },
  },

  {
    file: "companies._index.tsx",
    name: "the companies directory's filters with hostile values: ignored with a note, escaped, never a 500",
    prepare: (fx) => ownerCatalog(fx),
    path: ({ values }) =>
      `/companies?${new URLSearchParams([
        ["search", values.companyName],
        ["country", HOSTILE],
        ["country", "XX"],
        ["country", "%00"],
        ["country", "C\u0000N"],
        ["verified", "' OR 1=1 --"],
        ["business_type", `manufacturer${HOSTILE}`],
        ["category", `${HOSTILE}${"%_".repeat(40)}`],
        ["response_rate", "1e309"],
        ["response_rate", "-80"],
        ["sort", "price_asc; DROP TABLE catalogs"],
        ["page", "-1"],
      ])}`,
    expect: everyone(200),
    check: ({ body, values }) => {
      expect(body).toContain(values.companyName);
      expect(body).not.toContain("<script>alert(1)</script>");
      expect(body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(body).toContain("Some filters in the address were ignored");
      expect(body.match(/is not a country code we know/g)?.length).toBeGreaterThanOrEqual(4);
      for (const note of [
        "is not a value of the verified filter",
        "is not a business type",
        "too long to be a category",
        "must be 80 or 90",
        "is not a sort order",
      ])
        expect(body).toContain(note);
    },
  },
  {
    file: "companies._index.tsx",
    name: "the companies directory with 20,000 countries and a search of LIKE wildcards: within D1's limits",
    path: `/companies?${"country=CN&country=zz&".repeat(10_000)}search=${encodeURIComponent("%_\\".repeat(40))}&verified=1&response_rate=90&sort=newest`,
    expect: everyone(200),
    check: ({ body }) => {
      // Each value ignored is named once, however often it is repeated.
      expect(body.match(/“zz” is not a country code we know/g)).toHaveLength(1);
      expect(body).toContain("No companies found.");
    },
  },

  // companies.$id.tsx
  {
    file: "companies.$id.tsx",
    name: "a company page with contact details by role",
    prepare: ownerProduct,
    path: ({ values }) => `/companies/${values.id}`,
    expect: everyone(200),
    check: ({ role, body, values }) => {
      expect(body).toContain(values.companyName);
      expect(body).toContain(values.productName);
      if (SEES_COMPANY_CONTACT.includes(role)) {
        expect(body).toContain(values.contactEmail);
        expect(body).toContain(values.contactPhone);
      } else {
        expect(body).not.toContain(values.contactEmail);
        expect(body).not.toContain(values.contactPhone);
      }
    },
  },
  {
    file: "companies.$id.tsx",
    name: "a company that does not exist",
    path: "/companies/00000000-0000-4000-8000-000000000000",
    expect: everyone(404),
  },

  // images.catalog.$catalogId.$file.tsx
  {
    file: "images.catalog.$catalogId.$file.tsx",
    name: "a catalog image (public, as the company page shows it)",
    prepare: ownerProduct,
    path: ({ values }) => catalogImageUrl(values.key),
    expect: everyone(200),
    check: ({ response }) => {
      expect(response.headers.get("Content-Type")).toBe("image/png");
      expect(response.headers.get("Content-Length")).toBe(String(PNG.length));
    },
  },
  {
    file: "images.catalog.$catalogId.$file.tsx",
    name: "an image key that was never stored",
    prepare: (fx) => ownerCatalog(fx),
    path: ({ values }) => catalogImageUrl(catalogImageKey(values.id, "png")),
    expect: everyone(404),
  },
  {
    file: "images.catalog.$catalogId.$file.tsx",
    name: "a path that is not an image key (traversal, other names)",
    path: "/images/catalog/..%2F..%2Fadmin/secret.csv",
    expect: everyone(404),
  },
];
