import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { SAMPLE_LEADS_CSV } from "~/lib/lead-csv";
import * as schema from "../../../db/schema";
import { db, ORIGIN } from "../../support/factories";
import { fetchWorker } from "../../support/worker";
import { changed, cookieFor, randomAddress, refusesUnread, snapshot, unique } from "../support";
import { everyone, type Expectation, type RouteRow } from "../types";

// The leads import: admins only. Everyone else, visitor or
// member of any plan, is sent to the admin gate, for the page, the sample, the files and uploads.

const adminOnly = (admin: Expectation) => ({ ...everyone("gate" as Expectation), admin });
const CSV_UPLOAD = { field: "file", filename: "leads.csv", head: "company_name,email\n" };

/** A stored upload: its record and its R2 object, as an import leaves them. */
export async function storedUpload() {
  const id = crypto.randomUUID();
  const objectKey = `admin/${Date.now()}${Math.floor(Math.random() * 1000)}.csv`;
  const filename = `stored-${unique()}.csv`;
  await env.ADMIN_UPLOADS.put(objectKey, SAMPLE_LEADS_CSV);
  await db.insert(schema.uploadedFiles).values({
    id,
    filename,
    fileType: "text/csv",
    fileSize: SAMPLE_LEADS_CSV.length,
    fileUrl: `/leads-import/files/${id}`,
    objectKey,
    status: "imported",
  });
  return { id, filename };
}

/** The upload form as a browser posts it: multipart with its length, one CSV file. */
export async function uploadCsv(cookie: string | undefined, filename: string, csv = SAMPLE_LEADS_CSV) {
  const form = new FormData();
  form.append("file", new File([csv], filename, { type: "text/csv" }));
  const encoded = new Request(ORIGIN, { method: "POST", body: form });
  const body = await encoded.arrayBuffer();
  const headers: Record<string, string> = {
    Origin: ORIGIN,
    Host: new URL(ORIGIN).host,
    "CF-Connecting-IP": randomAddress(),
    "Content-Type": encoded.headers.get("Content-Type")!,
    "Content-Length": String(body.byteLength),
  };
  if (cookie) headers.Cookie = cookie;
  return fetchWorker(`${ORIGIN}/leads-import?index`, { method: "POST", headers, body, redirect: "manual" });
}

export const rows: RouteRow[] = [
  { file: "leads-import._index.tsx", name: "the import page", path: "/leads-import", expect: adminOnly(200) },
  {
    file: "leads-import._index.tsx",
    // The row format posts urlencoded fields only, which this action refuses (it needs a file):
    // the admin's 400 is the form's own message. The real multipart upload is sent in `check`.
    name: "upload: urlencoded without a file (row), then a real CSV as multipart (check)",
    method: "POST",
    path: "/leads-import?index",
    form: { file: "leads.csv" },
    expect: adminOnly(400),
    check: async ({ role, fx, n, body }) => {
      if (role === "admin") expect(body).toContain("leadsImport.errors.noFile");
      const filename = `authz-leads-${n}.csv`;
      // 50 MB from anyone but an admin is not even read.
      if (role !== "admin") await refusesUnread(fx, role, "/leads-import?index", CSV_UPLOAD, 302);
      const cookie = await cookieFor(fx, role);
      const before = role === "admin" ? null : await snapshot();
      const response = await uploadCsv(cookie, filename);
      await response.arrayBuffer();
      const location = response.headers.get("Location") ?? "";
      expect(response.status, `${role}: multipart upload`).toBe(302);
      if (role === "admin") {
        expect(location).toBe("/leads-import");
        const [record] = await db.select().from(schema.uploadedFiles).where(eq(schema.uploadedFiles.filename, filename));
        expect(record).toMatchObject({ status: "imported" });
        expect(await env.ADMIN_UPLOADS.head(record.objectKey)).not.toBeNull();
      } else {
        expect(location).toMatch(/^\/admin\/login\?redirectTo=/);
        expect(changed(before!, await snapshot()), `${role}: a refused upload changed stored data`).toEqual([]);
      }
    },
  },
  {
    file: "leads-import.files.$id.tsx",
    name: "an uploaded file, as a download",
    prepare: storedUpload,
    path: ({ values }) => `/leads-import/files/${values.id}`,
    expect: adminOnly(200),
    check: ({ role, response, body, values }) => {
      if (role !== "admin") return;
      expect(response.headers.get("Content-Disposition")).toMatch(new RegExp(`^attachment; filename="${values.filename}"`));
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(body).toBe(SAMPLE_LEADS_CSV);
    },
  },
  {
    file: "leads-import.files.$id.tsx",
    name: "a file that does not exist",
    path: "/leads-import/files/00000000-0000-4000-8000-000000000000",
    expect: adminOnly(404),
  },
  {
    file: "leads-import.sample[.]csv.tsx",
    name: "the sample CSV",
    path: "/leads-import/sample.csv",
    expect: adminOnly(200),
    check: ({ role, response, body }) => {
      if (role !== "admin") return;
      expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; /);
      expect(body).toBe(SAMPLE_LEADS_CSV);
    },
  },
];
