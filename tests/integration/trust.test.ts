// Trust: the business type a supplier sets, company verification (application with documents in a
// private bucket, the admins' review, the badge with its year where buyers meet the company, the
// reminder and the lapse), and the facts a buyer can check on the company page.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { VERIFICATION_VALID_MS } from "~/lib/constants";
import { runScheduledWork } from "~/services/scheduled.server";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import { createCompany, createUser, db, editedElsewhere, get, ORIGIN, post, sessionCookie } from "../support/factories";
import { fetchWorker } from "../support/worker";

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
});

const PDF = () => new File([new TextEncoder().encode("%PDF-1.7\n% registration\n")], "registration.pdf", { type: "application/pdf" });
const PNG = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], "licence.png", { type: "image/png" });
const sha256 = async (bytes: ArrayBuffer | Uint8Array<ArrayBuffer>) =>
  btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))));

/** A PDF one byte over the 10 MB a document may have. */
const HUGE = () => {
  const bytes = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x25);
  bytes.set(new TextEncoder().encode("%PDF-1.7\n"));
  return new File([bytes], "huge.pdf", { type: "application/pdf" });
};
const FORGED = () => new File(["<html><script>alert(1)</script></html>"], "invoice.pdf", { type: "application/pdf" });

const REGISTRATION = { intent: "apply", registrationNumber: "HRB 12345", country: "Germany", address: "Hafenstraße 1, Hamburg" };

function apply(catalogId: string, cookie: string, files: File[], fields: Record<string, string> = REGISTRATION) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) body.append("documents", file);
  return fetchWorker(`${ORIGIN}/catalog/${catalogId}/verification`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: ORIGIN, Host: "localhost", Cookie: cookie },
    body,
  });
}

const storedDocuments = async (catalogId: string) =>
  (await env.VERIFICATION_DOCS.list({ prefix: `${catalogId}/` })).objects.map((o) => o.key);

async function supplier(name: string) {
  const { owner, catalog } = await createCompany(name, "free");
  const [product] = await db
    .insert(schema.products)
    .values({ catalogId: catalog.id, title: `${name} gearbox`, category: "Industrial", price: 80 })
    .returning();
  return { owner, catalog, product, cookie: await sessionCookie(owner.id) };
}

describe("business type", () => {
  it("shows the type the supplier chose, and no 'Trading Company' until one is chosen", async () => {
    const s = await supplier("Typed Gears");
    expect(await (await get(`/product/${s.product.id}`)).text()).not.toContain('data-testid="business-type"');
    expect(
      (await post(`/catalog/${s.catalog.id}/verification`, { intent: "businessType", businessType: "manufacturer" }, s.cookie)).status,
    ).toBe(302);
    const page = await (await get(`/product/${s.product.id}`, s.cookie)).text();
    expect(page).toMatch(/data-testid="business-type"[^>]*>Manufacturer</);
    expect(page).not.toContain("Trading Company");
    const other = await sessionCookie((await createUser()).id);
    expect(
      (await post(`/catalog/${s.catalog.id}/verification`, { intent: "businessType", businessType: "distributor" }, other)).status,
    ).toBe(404);
    expect((await post(`/catalog/${s.catalog.id}/verification`, { intent: "businessType", businessType: "pirate" }, s.cookie)).status).toBe(
      400,
    );
  });
});

describe("verification", () => {
  it("takes an application with documents, refuses a second while it waits, and keeps the documents private", async () => {
    const s = await supplier("Applying Gears");
    const applied = await apply(s.catalog.id, s.cookie, [PDF(), PNG()]);
    expect(applied.status).toBe(302);
    const [application] = await db.select().from(schema.verifications).where(eq(schema.verifications.catalogId, s.catalog.id));
    expect(application).toMatchObject({ status: "pending", registrationNumber: "HRB 12345", country: "Germany" });
    const documents = await db
      .select()
      .from(schema.verificationDocuments)
      .where(eq(schema.verificationDocuments.verificationId, application.id));
    expect(documents.map((d) => d.contentType).sort()).toEqual(["application/pdf", "image/png"]);
    expect(await storedDocuments(s.catalog.id)).toHaveLength(2);
    expect(await db.select().from(schema.pendingObjects).where(eq(schema.pendingObjects.bucket, "verification-documents"))).toHaveLength(0);

    const again = await apply(s.catalog.id, s.cookie, [PDF()]);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("An application for this company already waits for review.");
    expect(await storedDocuments(s.catalog.id)).toHaveLength(2);

    // Admins download each document, as an attachment; nobody else can.
    const path = `/admin/verifications/${application.id}/documents/${documents[0].id}`;
    const download = await get(path, await sessionCookie(null, true));
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    expect(download.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect((await get(path, s.cookie)).status).toBe(302);
    expect((await get(path)).status).toBe(302);
    const list = await (await get("/admin/verifications", await sessionCookie(null, true))).text();
    expect(list).toContain("Applying Gears");
    expect(list).toContain("registration.pdf");
  });

  it("refuses what is not one to five PDF, JPEG or PNG documents of 10 MB at most, next to the field, and keeps nothing", async () => {
    const s = await supplier("Refused Gears");
    const cases: [File[], number, string][] = [
      [[], 400, "Add at least one document."],
      [[FORGED()], 400, "Documents must be PDF, JPEG or PNG files."],
      [[PDF(), PDF(), PDF(), PDF(), PDF(), PDF()], 400, "Send at most five documents."],
      [[HUGE()], 413, "Each document may be 10 MB at most."],
      // Refused after another was written: that one goes too.
      [[PDF(), HUGE()], 413, "Each document may be 10 MB at most."],
    ];
    for (const [files, status, message] of cases) {
      const response = await apply(s.catalog.id, s.cookie, files);
      expect(response.status, message).toBe(status);
      expect(await response.text()).toContain(message);
    }
    expect(await db.select().from(schema.verifications).where(eq(schema.verifications.catalogId, s.catalog.id))).toHaveLength(0);
    expect(await storedDocuments(s.catalog.id)).toHaveLength(0);
    expect(await db.select().from(schema.pendingObjects).where(eq(schema.pendingObjects.bucket, "verification-documents"))).toEqual([]);
    // Not their company: nothing.
    const other = await sessionCookie((await createUser()).id);
    expect((await apply(s.catalog.id, other, [PDF()])).status).toBe(404);
    expect((await get(`/catalog/${s.catalog.id}/verification`, other)).status).toBe(404);
    expect(await storedDocuments(s.catalog.id)).toHaveLength(0);
  });

  // 7.5 MB through the form reader and R2 (about a second here): more than the default 5 s allows on a busy machine.
  it("streams a document larger than one R2 part into storage whole", { timeout: 30_000 }, async () => {
    const s = await supplier("Streaming Gears");
    // 7.5 MB that differ byte by byte, so a lost, doubled or reordered part shows.
    const bytes = new Uint8Array(7.5 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + (i >> 13)) & 0xff;
    bytes.set(new TextEncoder().encode("%PDF-1.7\n"));
    const applied = await apply(s.catalog.id, s.cookie, [new File([bytes], "scan.pdf"), PNG()]);
    expect(applied.status).toBe(302);
    const [application] = await db.select().from(schema.verifications).where(eq(schema.verifications.catalogId, s.catalog.id));
    const documents = await db
      .select()
      .from(schema.verificationDocuments)
      .where(eq(schema.verificationDocuments.verificationId, application.id));
    const scan = documents.find((d) => d.filename === "scan.pdf")!;
    expect(scan.size).toBe(bytes.length);
    const download = await get(`/admin/verifications/${application.id}/documents/${scan.id}`, await sessionCookie(null, true));
    expect(await sha256(await download.arrayBuffer())).toBe(await sha256(bytes));
    expect(await db.select().from(schema.pendingObjects).where(eq(schema.pendingObjects.bucket, "verification-documents"))).toEqual([]);
  });

  it("downloads a document under a name made from its checked type, never the name it came with", async () => {
    const s = await supplier("Named Gears");
    const disguised = new File([new TextEncoder().encode("%PDF-1.7\n<html><script>alert(1)</script></html>")], "evil.html");
    expect((await apply(s.catalog.id, s.cookie, [disguised, PNG()])).status).toBe(302);
    const [application] = await db.select().from(schema.verifications).where(eq(schema.verifications.catalogId, s.catalog.id));
    const documents = await db
      .select()
      .from(schema.verificationDocuments)
      .where(eq(schema.verificationDocuments.verificationId, application.id));
    const admin = await sessionCookie(null, true);
    for (const [name, type, extension] of [
      ["evil.html", "application/pdf", "pdf"],
      ["licence.png", "image/png", "png"],
    ]) {
      const document = documents.find((d) => d.filename === name)!;
      const download = await get(`/admin/verifications/${application.id}/documents/${document.id}`, admin);
      expect(download.headers.get("Content-Type")).toBe(type);
      const disposition = download.headers.get("Content-Disposition")!;
      expect(disposition).toBe(
        `attachment; filename="document-${document.id}.${extension}"; filename*=UTF-8''document-${document.id}.${extension}`,
      );
      expect(disposition).not.toContain(name);
    }
  });

  it("approved, shows 'Verified Supplier since' its year on the product page, the company page and the directory; tells the supplier", async () => {
    const s = await supplier("Approved Gears");
    await apply(s.catalog.id, s.cookie, [PDF()]);
    const [application] = await db.select().from(schema.verifications).where(eq(schema.verifications.catalogId, s.catalog.id));
    const admin = await sessionCookie(null, true);
    expect((await post("/admin/verifications", { intent: "approve", id: application.id }, admin)).status).toBe(302);
    expect((await post("/admin/verifications", { intent: "approve", id: application.id }, admin)).status).toBe(404);
    const year = new Date().getUTCFullYear();
    const badge = new RegExp(`data-testid="verified-badge"[^>]*>Verified Supplier since ${year}<`);
    expect(await (await get(`/product/${s.product.id}`)).text()).toMatch(badge);
    expect(await (await get(`/companies/${s.catalog.id}`)).text()).toMatch(badge);
    expect(await (await get(`/companies?q=${encodeURIComponent("Approved Gears")}`)).text()).toMatch(badge);
    const [told] = await db.select().from(schema.notifications).where(eq(schema.notifications.userId, s.owner.id));
    expect(told).toMatchObject({
      kind: "verification_decision",
      link: `/catalog/${s.catalog.id}/verification`,
      data: { company: "Approved Gears" },
    });

    // A month ahead the supplier is told, once; past the year the badge goes.
    const approvedAt = (await db.select().from(schema.catalogs).where(eq(schema.catalogs.id, s.catalog.id)))[0].verifiedSince!.getTime();
    await runScheduledWork(env, db, { now: approvedAt + VERIFICATION_VALID_MS - 10 * 86_400_000, daily: true });
    await runScheduledWork(env, db, { now: approvedAt + VERIFICATION_VALID_MS - 9 * 86_400_000, daily: true });
    const reminders = (await db.select().from(schema.notifications).where(eq(schema.notifications.userId, s.owner.id))).filter(
      (n) => n.kind === "verification_expiring",
    );
    expect(reminders).toHaveLength(1);
    await runScheduledWork(env, db, { now: approvedAt + VERIFICATION_VALID_MS + 1, daily: true });
    const [lapsed] = await db.select().from(schema.verifications).where(eq(schema.verifications.id, application.id));
    expect(lapsed.status).toBe("lapsed");
    editedElsewhere();
    expect(await (await get(`/companies/${s.catalog.id}`)).text()).not.toContain('data-testid="verified-badge"');
  });

  it("rejected, tells the supplier the reason; no badge", async () => {
    const s = await supplier("Rejected Gears");
    await apply(s.catalog.id, s.cookie, [PDF()]);
    const [application] = await db.select().from(schema.verifications).where(eq(schema.verifications.catalogId, s.catalog.id));
    const admin = await sessionCookie(null, true);
    expect((await post("/admin/verifications", { intent: "reject", id: application.id, reason: "" }, admin)).status).toBe(400);
    expect(
      (
        await post(
          "/admin/verifications",
          { intent: "reject", id: application.id, reason: "The registration number does not match the certificate." },
          admin,
        )
      ).status,
    ).toBe(302);
    const page = await (await get(`/catalog/${s.catalog.id}/verification`, s.cookie)).text();
    expect(page).toContain("The registration number does not match the certificate.");
    expect(await (await get(`/product/${s.product.id}`)).text()).not.toContain('data-testid="verified-badge"');
    // Rejected, the supplier may apply again.
    expect((await apply(s.catalog.id, s.cookie, [PNG()])).status).toBe(302);
  });
});

describe("facts a buyer can check", () => {
  it("lists e-mail verified, the domains agreeing, a complete profile and the member's date", async () => {
    const owner = await createUser();
    const [complete] = await db
      .insert(schema.catalogs)
      .values({
        userId: owner.id,
        companyName: "Facts Complete",
        businessDescription: "Gearboxes",
        servicesDescription: "Repairs",
        websiteUrl: "https://www.facts-complete.example",
        contactEmail: "sales@facts-complete.example",
        contactPhone: "+49 40 1",
      })
      .returning();
    await db.update(schema.profiles).set({ country: "Germany" }).where(eq(schema.profiles.id, owner.id));
    const page = await (await get(`/companies/${complete.id}`)).text();
    expect(page).toContain("E-mail address verified");
    expect(page).toContain("Website and contact e-mail share a domain");
    expect(page).toContain("Company profile complete");
    expect(page).toContain("Member since");
    // The contact e-mail itself stays hidden from a visitor.
    expect(page).not.toContain("sales@facts-complete.example");

    const bare = await createCompany("Facts Bare", "free");
    await db.update(schema.users).set({ emailVerifiedAt: null }).where(eq(schema.users.id, bare.owner.id));
    await db
      .update(schema.catalogs)
      .set({ websiteUrl: "https://other.example", contactEmail: "me@gmail.example" })
      .where(eq(schema.catalogs.id, bare.catalog.id));
    const barePage = await (await get(`/companies/${bare.catalog.id}`)).text();
    expect(barePage).toContain("E-mail address not verified");
    expect(barePage).toContain("Website and contact e-mail do not share a domain");
    expect(barePage).toContain("Company profile incomplete");
  });
});

describe("query plans", () => {
  const plan = async (query: string) =>
    (await env.DB.prepare(`explain query plan ${query}`).all<{ detail: string }>()).results.map((r) => r.detail).join(" | ");
  it.each([
    [
      "a company's applications",
      "select id from verifications where catalog_id = 'x' order by created_at desc limit 1",
      "verifications_catalog_created_idx",
    ],
    [
      "the applications to remind",
      "select id from verifications where status = 'approved' and reminded_at is null and valid_until <= 5",
      "verifications_status_created_idx",
    ],
    [
      "the companies that lapse",
      "select id from catalogs where verified_until is not null and verified_until <= 5",
      "catalogs_verified_until_idx",
    ],
    [
      "an application's documents",
      "select id from verification_documents where verification_id = 'x'",
      "verification_documents_verification_idx",
    ],
  ])("reads %s through an index", async (_what, query, index) => {
    const detail = await plan(query);
    expect(detail).toContain(index);
  });
});
