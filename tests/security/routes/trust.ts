import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import * as schema from "../../../db/schema";
import { db, ORIGIN } from "../../support/factories";
import { fetchWorker } from "../../support/worker";
import { cookieFor, refusesUnread, type Fixture } from "../support";
import { everyone, members, type RouteRow } from "../types";

// Trust: a company's business type and verification (its supplier only), the admins' review and
// the documents, which only admins download.

/** A company of the owner's. */
export async function ownersCompany(fx: Fixture) {
  const [catalog] = await db.insert(schema.catalogs).values({ userId: fx.users.owner.id, companyName: "Owner Trust Co" }).returning();
  return { id: catalog.id };
}

/** A waiting application of the owner's company, with one document in the private bucket. */
export async function ownersApplication(fx: Fixture) {
  const { id: catalogId } = await ownersCompany(fx);
  const [application] = await db
    .insert(schema.verifications)
    .values({ catalogId, userId: fx.users.owner.id, registrationNumber: "REG-1", country: "Germany", address: "Street 1" })
    .returning();
  const objectKey = `${catalogId}/${crypto.randomUUID()}.pdf`;
  await env.VERIFICATION_DOCS.put(objectKey, "%PDF-1.7 secret registration");
  const [document] = await db
    .insert(schema.verificationDocuments)
    .values({ verificationId: application.id, objectKey, filename: "registration.pdf", contentType: "application/pdf", size: 28 })
    .returning();
  return { id: application.id, catalogId, documentId: document.id };
}

const adminOnly = { ...everyone("gate" as const), admin: 200 };

export const rows: RouteRow[] = [
  {
    file: "catalog_.$id.verification.tsx",
    name: "a company's verification page (its supplier only)",
    path: ({ values }) => `/catalog/${values.id}/verification`,
    prepare: ownersCompany,
    expect: { ...members(404, "signin"), owner: 200 },
  },
  {
    file: "catalog_.$id.verification.tsx",
    name: "set the business type (its supplier only)",
    method: "POST",
    path: ({ values }) => `/catalog/${values.id}/verification`,
    prepare: ownersCompany,
    form: { intent: "businessType", businessType: "manufacturer" },
    expect: { ...members(404, "signin"), owner: { status: 302, location: /\/verification$/ } },
  },
  {
    file: "catalog_.$id.verification.tsx",
    // The row's request is the text fields alone: its supplier is told to add a document, anyone
    // else gets 404 before the body is read. The documents, and 50 MB, are sent in `check`.
    name: "apply without documents, then with one as a browser posts it (multipart); 50 MB from anyone else, never read",
    method: "POST",
    path: ({ values }) => `/catalog/${values.id}/verification`,
    prepare: ownersCompany,
    form: { intent: "apply", registrationNumber: "REG-1", country: "Germany", address: "Street 1" },
    expect: { ...members(404, "signin"), owner: 400 },
    check: async ({ role, fx, values }) => {
      const path = `/catalog/${values.id}/verification`;
      if (role !== "owner") {
        await refusesUnread(
          fx,
          role,
          path,
          { field: "documents", filename: "registration.pdf", head: "%PDF-1.7\n" },
          role === "visitor" ? 302 : 404,
        );
        return;
      }
      const body = new FormData();
      for (const [name, value] of Object.entries({ intent: "apply", registrationNumber: "REG-1", country: "Germany", address: "Street 1" }))
        body.append(name, value);
      body.append("documents", new File(["%PDF-1.7\n% registration"], "registration.pdf", { type: "application/pdf" }));
      const response = await fetchWorker(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, Cookie: (await cookieFor(fx, role))! },
        body,
        redirect: "manual",
      });
      expect(response.status).toBe(302);
      const [application] = await db.select().from(schema.verifications).where(eq(schema.verifications.catalogId, values.id));
      expect(application).toMatchObject({ status: "pending" });
      expect((await env.VERIFICATION_DOCS.list({ prefix: `${values.id}/` })).objects).toHaveLength(1);
    },
  },
  { file: "admin.verifications.tsx", name: "the verification applications", path: "/admin/verifications", expect: adminOnly },
  {
    file: "admin.verifications.tsx",
    name: "approve an application",
    method: "POST",
    path: "/admin/verifications",
    prepare: ownersApplication,
    form: ({ values }) => ({ intent: "approve", id: values.id }),
    expect: { ...everyone("gate" as const), admin: { status: 302, location: "/admin/verifications" } },
  },
  {
    file: "admin.verifications.tsx",
    name: "reject an application that does not exist",
    method: "POST",
    path: "/admin/verifications",
    form: { intent: "reject", id: "nothing", reason: "No documents" },
    expect: { ...everyone("gate" as const), admin: 404 },
  },
  {
    file: "admin.verifications.$id.documents.$documentId.tsx",
    name: "a verification document (admins only, as a download)",
    path: ({ values }) => `/admin/verifications/${values.id}/documents/${values.documentId}`,
    prepare: ownersApplication,
    expect: adminOnly,
  },
  {
    file: "admin.verifications.$id.documents.$documentId.tsx",
    name: "a document of another application",
    path: ({ values }) => `/admin/verifications/nothing/documents/${values.documentId}`,
    prepare: ownersApplication,
    expect: { ...everyone("gate" as const), admin: 404 },
  },
];
