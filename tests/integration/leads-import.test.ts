import { env } from "cloudflare:test";
import { count } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { IMPORTED_LEADS_PAGE_SIZE, LEAD_VALUE_MAX_LENGTH, SAMPLE_CSV_NAME, UPLOAD_MAX_BYTES } from "~/lib/constants";
import { SAMPLE_LEADS_CSV, type ParsedLead } from "~/lib/lead-csv";
import { LEAD_JSON_MAX_BYTES, leadInserts, recordUpload } from "~/models/lead-imports.server";
import * as schema from "../../db/schema";
import { cookiesFrom, createUser, db, get, ORIGIN, post, sessionCookie, loaderData } from "../support/factories";
import { fetchWorker } from "../support/worker";

const HEADER = "company_name,contact_name,email,phone,country,industry,status,notes";
type Page = {
  total: number;
  page: number;
  pages: number;
  leads: { companyName: string; notes: string | null; status: string | null }[];
  uploads: { id: string; filename: string; status: string }[];
};

let admin: string;

beforeEach(async () => {
  await db.delete(schema.leads);
  await db.delete(schema.uploadedFiles);
  const listed = await env.ADMIN_UPLOADS.list();
  if (listed.objects.length) await env.ADMIN_UPLOADS.delete(listed.objects.map((o) => o.key));
  admin = await sessionCookie(null, true);
});

function csvRows(n: number, offset = 0) {
  return Array.from(
    { length: n },
    (_, i) => `Company ${i + offset},Person ${i},p${i}@x.example,+1-555-${i},Spain,Textiles,new,"Note, ${i}"`,
  );
}

/** A multipart form post as a browser sends it (with its length), carrying one file or several. */
async function upload(files: { name: string; body: BlobPart } | { name: string; body: BlobPart }[], cookie = admin) {
  const form = new FormData();
  for (const f of Array.isArray(files) ? files : [files]) form.append("file", new File([f.body], f.name));
  const encoded = new Request(ORIGIN, { method: "POST", body: form });
  const body = await encoded.arrayBuffer();
  return fetchWorker(`${ORIGIN}/leads-import?index`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: ORIGIN,
      Host: "localhost",
      Cookie: cookie,
      "Content-Type": encoded.headers.get("Content-Type")!,
      "Content-Length": String(body.byteLength),
    },
    body,
  });
}

const page = async (query = "", cookie = admin) => loaderData<Page>(`/leads-import?${query}`, "routes/leads-import._index", cookie);
const leadCount = async () => (await db.select({ n: count() }).from(schema.leads))[0].n;
const uploadRows = () => db.select().from(schema.uploadedFiles);
const objects = async () => (await env.ADMIN_UPLOADS.list()).objects;

async function expectNothingStored() {
  expect(await leadCount()).toBe(0);
  expect(await uploadRows()).toHaveLength(0);
  expect(await objects()).toHaveLength(0);
}

/** The page after a redirect, with the toast the redirect carried. */
async function follow(response: Response, cookie = admin) {
  expect(response.status).toBe(302);
  return (await get(response.headers.get("Location")!, `${cookie}; ${cookiesFrom(response)}`)).text();
}

describe("who may use the import", () => {
  it("sends visitors and members who are not admins to the admin gate, for the page, the sample and the files", async () => {
    const free = await sessionCookie((await createUser({ plan: "free" })).id);
    const paid = await sessionCookie((await createUser({ plan: "enterprise" })).id);
    for (const cookie of [undefined, free, paid]) {
      for (const path of ["/leads-import", "/leads-import/sample.csv", "/leads-import/files/anything"]) {
        const response = await get(path, cookie);
        expect(response.status, path).toBe(302);
        expect(response.headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(path)}`);
      }
    }
  });

  it("refuses uploads from visitors and members and stores nothing", async () => {
    const free = await sessionCookie((await createUser({ plan: "free" })).id);
    const premium = await sessionCookie((await createUser({ plan: "premium" })).id);
    for (const cookie of ["", free, premium]) {
      const response = await upload({ name: "leads.csv", body: SAMPLE_LEADS_CSV }, cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
    }
    await expectNothingStored();
  });

  it("opens for the admin gate and for a member whose plan is admin", async () => {
    const member = await sessionCookie((await createUser({ plan: "admin" })).id);
    for (const cookie of [admin, member]) {
      const response = await get("/leads-import", cookie);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("File Upload &amp; Leads Management");
      expect(html).toContain("CSV Import Instructions");
      expect(html).toContain("Recent Uploads");
      expect(html).toContain("Imported Leads (0)");
      expect(html).toContain("No leads to display");
      expect(html).toMatch(/enctype="multipart\/form-data"/i);
    }
  });

  it("offers the sample as a download: the header row and three leads", async () => {
    const response = await get("/leads-import/sample.csv", admin);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toContain(`attachment; filename="${SAMPLE_CSV_NAME}"`);
    const lines = (await response.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(4);
  });
});

describe("importing a CSV", () => {
  it("stores the file in R2 under the admin folder, records it, imports its rows and says so", async () => {
    const response = await upload({ name: SAMPLE_CSV_NAME, body: SAMPLE_LEADS_CSV });
    const html = await follow(response);
    expect(html).toContain("File Uploaded and Leads Imported");
    expect(html).toContain(`Successfully uploaded ${SAMPLE_CSV_NAME} and imported 3 leads`);

    const [record] = await uploadRows();
    expect(record).toMatchObject({
      userId: null,
      filename: SAMPLE_CSV_NAME,
      fileType: "text/csv",
      fileSize: SAMPLE_LEADS_CSV.length,
      status: "imported",
    });
    expect(record.objectKey).toBe(`admin/${record.id}.csv`);
    expect(record.fileUrl).toBe(`/leads-import/files/${record.id}`);
    const object = await env.ADMIN_UPLOADS.get(record.objectKey);
    expect(await object!.text()).toBe(SAMPLE_LEADS_CSV);

    const shown = await page();
    expect(shown.total).toBe(3);
    expect(shown.leads.map((l) => l.companyName)).toEqual(["Acme Trading Co.", "Global Textiles Ltd.", "Sunrise Foods"]);
    expect(shown.uploads).toEqual([expect.objectContaining({ filename: SAMPLE_CSV_NAME, status: "imported" })]);
  });

  it("files a member-admin's upload under their user id", async () => {
    const user = await createUser({ plan: "admin" });
    await upload({ name: "mine.csv", body: SAMPLE_LEADS_CSV }, await sessionCookie(user.id));
    const [record] = await uploadRows();
    expect(record.userId).toBe(user.id);
    expect(record.objectKey.startsWith(`${user.id}/`)).toBe(true);
    expect((await db.select().from(schema.leads)).every((l) => l.userId === user.id)).toBe(true);
  });

  it("shows each skipped row's message with its line, imports the rest, and lists 5 then the count of the others", async () => {
    const rows = ["Acme,a", "Beta", ",no company", "Gamma,g,extra", ",x", ",y", ",z", "Delta,d"];
    const response = await upload({ name: "mixed.csv", body: `company_name,notes\n${rows.join("\n")}\n` });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("File Uploaded and Leads Imported");
    expect(html).toContain("Successfully uploaded mixed.csv and imported 2 leads");
    for (const message of [
      "Line 3: Column count mismatch",
      "Line 4: company_name is required",
      "Line 5: Column count mismatch",
      "Line 6: company_name is required",
      "Line 7: company_name is required",
    ]) {
      expect(html).toContain(message);
    }
    expect(html).not.toContain("Line 8:");
    expect(html).toContain("...and 1 more error");
    expect(html).not.toContain("1 more errors");
    expect(await leadCount()).toBe(2);
  });

  it('keeps the file but imports nothing from a CSV without a "company_name" column', async () => {
    const response = await upload({ name: "no-company.csv", body: "name,email\nAcme,a@x.example\n" });
    const html = await response.text();
    expect(html).toContain("File Uploaded");
    expect(html).toContain("Successfully uploaded no-company.csv. No leads were imported due to parsing errors.");
    expect(html).toContain("CSV must include a &quot;company_name&quot; column");
    expect(await leadCount()).toBe(0);
    expect((await uploadRows())[0].status).toBe("failed");
    expect(await objects()).toHaveLength(1);
  });

  it("asks for a header row and a data row", async () => {
    const html = await (await upload({ name: "header-only.csv", body: `${HEADER}\n\n` })).text();
    expect(html).toContain("CSV file must have at least a header row and one data row");
    expect(await leadCount()).toBe(0);
  });

  it("keeps commas, quotes and line breaks inside quoted values, skips blank lines and drops a BOM", async () => {
    const body = `\uFEFF${HEADER}\r\n\r\n"Acme, Inc.",Jo,,,,,hot,"line one\r\nline ""two"""\r\n\r\n`;
    const response = await upload({ name: "quoted.csv", body });
    expect(response.status).toBe(302);
    const [lead] = await db.select().from(schema.leads);
    expect(lead).toMatchObject({
      companyName: "Acme, Inc.",
      contactName: "Jo",
      email: null,
      status: "hot",
      notes: 'line one\r\nline "two"',
    });
  });

  it("shows the table with '-' for empty values, the spec's badge colours and any other status in grey", async () => {
    await upload({ name: "s.csv", body: `company_name,status,notes\nHot Co,HOT,\nOdd Co,on hold,n\nPlain Co,,\n` });
    const html = await (await get("/leads-import", admin)).text();
    expect(html).toMatch(/bg-red-100 text-red-900[^>]*>HOT</);
    expect(html).toMatch(/bg-slate-100 text-slate-800[^>]*>on hold</);
    const plainRow = html.slice(html.indexOf("Plain Co"), html.indexOf("</tr>", html.indexOf("Plain Co")));
    expect(plainRow.match(/>-</g)).toHaveLength(7);
  });

  it("imports 10,000 rows (about 1.5 MB) in one request", async () => {
    const body = `${HEADER}\n${csvRows(10_000).join("\n")}\n`;
    expect(body.length).toBeGreaterThan(600_000);
    const started = performance.now();
    const response = await upload({ name: "big.csv", body });
    const elapsed = performance.now() - started;
    expect(response.status).toBe(302);
    expect(await leadCount()).toBe(10_000);
    console.log(`10,000-row import (${(body.length / 1e6).toFixed(2)} MB): ${Math.round(elapsed)} ms`);
    const first = await page();
    expect(first.pages).toBe(Math.ceil(10_000 / IMPORTED_LEADS_PAGE_SIZE));
    expect(first.leads[0].companyName).toBe("Company 0");
    const second = await page("page=2");
    expect(second.leads[0].companyName).toBe(`Company ${IMPORTED_LEADS_PAGE_SIZE}`);
  }, 120_000);

  const lead = (i: number, notes: string | null = null): ParsedLead => ({
    companyName: `Company ${i}`,
    contactName: `Contact ${i}`,
    email: `c${i}@example.com`,
    phone: "+1 555 0100",
    country: "Canada",
    industry: "Agriculture",
    status: "new",
    notes,
  });

  it("imports 10,000 and 50,000 rows in a handful of statements, each one bound parameter set of three", () => {
    for (const n of [10_000, 50_000]) {
      const statements = leadInserts(
        null,
        Array.from({ length: n }, (_, i) => lead(i)),
        0,
      );
      // About 150 bytes a row, half a megabyte a statement: 3 statements for 10,000, 14 for 50,000.
      expect(statements.length, `${n} rows`).toBeLessThanOrEqual(Math.ceil(n / 3_500));
      for (const statement of statements) {
        expect(statement.params).toHaveLength(3);
        expect((statement.params[0] as string).length).toBeLessThanOrEqual(LEAD_JSON_MAX_BYTES);
      }
    }
    // The largest file (10 MB of the longest values a row may hold) still stays far below D1's 1,000 queries.
    const longest = Array.from({ length: 5_000 }, (_, i) => lead(i, "x".repeat(2_000)));
    expect(leadInserts(null, longest, 0).length).toBeLessThanOrEqual(25);
  });

  it("keeps the file's order across statement boundaries", async () => {
    // Long notes make parts of a few rows each, so the 120 rows span many statements.
    const rows = Array.from({ length: 120 }, (_, i) => lead(i, "n".repeat(LEAD_JSON_MAX_BYTES / 20)));
    expect(leadInserts(null, rows, 0).length).toBeGreaterThan(5);
    await recordUpload(
      db,
      {
        id: crypto.randomUUID(),
        userId: null,
        filename: "f.csv",
        fileType: "text/csv",
        fileSize: 1,
        objectKey: "admin/o.csv",
        status: "imported",
      },
      rows,
    );
    const listed: string[] = [];
    for (let p = 1; listed.length < 120; p++) listed.push(...(await page(`page=${p}`)).leads.map((l) => l.companyName));
    expect(listed).toEqual(rows.map((r) => r.companyName));
  });

  it("leaves nothing half-written when a row in the middle fails", async () => {
    const good = (i: number): ParsedLead => ({
      companyName: `Co ${i}`,
      contactName: null,
      email: null,
      phone: null,
      country: null,
      industry: null,
      status: null,
      notes: null,
    });
    const rows = Array.from({ length: 500 }, (_, i) => good(i));
    rows[250] = { ...good(250), companyName: null as unknown as string }; // violates NOT NULL
    const upload = {
      id: crypto.randomUUID(),
      userId: null,
      filename: "f.csv",
      fileType: "text/csv",
      fileSize: 1,
      objectKey: "admin/1.csv",
      status: "imported" as const,
    };
    await expect(recordUpload(db, upload, rows)).rejects.toThrow();
    expect(await leadCount()).toBe(0);
    expect(await uploadRows()).toHaveLength(0);
  });
});

describe("importing the same leads twice", () => {
  const file = `${HEADER}\nDup Co,Ann,ann@dup.example,,,,,\nDup Co,Bob,BOB@dup.example,,,,,\nNew Co,Cy,,,,,,\n`;
  const send = async (name: string, skip: boolean) => {
    const form = new FormData();
    if (skip) form.append("skipAlreadyImported", "on");
    form.append("file", new File([file], name));
    const encoded = new Request(ORIGIN, { method: "POST", body: form });
    return fetchWorker(`${ORIGIN}/leads-import?index`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: ORIGIN, Host: "localhost", Cookie: admin, "Content-Type": encoded.headers.get("Content-Type")! },
      body: await encoded.arrayBuffer(),
    });
  };

  it("says how many rows match leads already imported (company name and e-mail, any case) and skips them when asked", async () => {
    expect((await send("first.csv", true)).status).toBe(302);
    expect(await leadCount()).toBe(3);
    const again = await send("again.csv", true);
    expect(again.status).toBe(200);
    const html = await again.text();
    expect(html).toContain("3 rows matched leads already imported and were skipped.");
    expect(html).toContain("Every row matched a lead already imported.");
    expect(await leadCount()).toBe(3);
  });

  it("imports them again when the admin does not skip them, and says so", async () => {
    await send("first.csv", true);
    const html = await (await send("again.csv", false)).text();
    expect(html).toContain("3 rows matched leads already imported; they were imported again.");
    expect(await leadCount()).toBe(6);
  });
});

describe("checking uploads", () => {
  const TEXT = new TextEncoder();
  const pdfBytes = TEXT.encode("%PDF-1.7\n%fake but well-formed enough\n");
  const zipBytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 1, 2, 3]);
  const oleBytes = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 1]);

  it("stores a PDF, an Excel file or a text file without importing and says it is stored", async () => {
    for (const [name, body, type] of [
      ["brochure.pdf", pdfBytes, "application/pdf"],
      ["sheet.xlsx", zipBytes, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      ["old.xls", oleBytes, "application/vnd.ms-excel"],
      ["notes.txt", TEXT.encode(HEADER + "\nAcme,,,,,,,\n"), "text/plain"],
    ] as const) {
      const html = await follow(await upload({ name, body }));
      expect(html).toContain("File Uploaded Successfully");
      expect(html).toContain(`${name} has been uploaded and stored securely`);
      const record = (await uploadRows()).find((r) => r.filename === name)!;
      expect(record).toMatchObject({ fileType: type, status: "uploaded" });
    }
    expect(await objects()).toHaveLength(4);
    expect(await leadCount()).toBe(0);
  });

  it.each([
    ["an unsupported extension", "script.exe", new Uint8Array([0x4d, 0x5a, 0, 0]), 400, "File type must be CSV, TXT, XLS, XLSX or PDF"],
    ["a file without an extension", "leads", TEXT.encode(HEADER), 400, "File type must be CSV, TXT, XLS, XLSX or PDF"],
    ["an HTML page", "page.html", TEXT.encode("<script>alert(1)</script>"), 400, "File type must be"],
    ["a PDF named .csv", "leads.csv", pdfBytes, 400, "The file&#x27;s content does not match its extension"],
    ["text named .pdf", "fake.pdf", TEXT.encode("hello"), 400, "The file&#x27;s content does not match its extension"],
    ["an OLE file named .xlsx", "fake.xlsx", oleBytes, 400, "The file&#x27;s content does not match its extension"],
    ["a zip named .xls", "fake.xls", zipBytes, 400, "The file&#x27;s content does not match its extension"],
    [
      "a CSV that is not UTF-8",
      "latin1.csv",
      new Uint8Array([...TEXT.encode("company_name\nCaf"), 0xe9, 0x0a]),
      400,
      "A CSV or text file must contain UTF-8 text",
    ],
    ["a CSV with NUL bytes", "nul.csv", TEXT.encode("company_name\nA\u0000B\n"), 400, "A CSV or text file must contain UTF-8 text"],
    ["an empty file", "empty.csv", new Uint8Array(), 400, "The file is empty"],
    [
      "a file over 10 MB",
      "huge.csv",
      new Uint8Array(UPLOAD_MAX_BYTES + 1).fill(0x61),
      413,
      `File is larger than ${UPLOAD_MAX_BYTES.toLocaleString("en")} bytes`,
    ],
  ])(
    "refuses %s with a message and stores nothing",
    async (_label, name, body, status, message) => {
      const response = await upload({ name, body });
      expect(response.status).toBe(status);
      const html = await response.text();
      expect(html).toContain("Upload Failed");
      expect(html).toContain(message);
      await expectNothingStored();
    },
    60_000,
  );

  it("accepts a file of exactly 10 MB", async () => {
    const body = new Uint8Array(UPLOAD_MAX_BYTES).fill(0x61);
    body.set(TEXT.encode("hello\n"));
    const response = await upload({ name: "exactly.txt", body });
    expect(response.status).toBe(302);
    expect(await objects()).toHaveLength(1);
  }, 60_000);

  it("refuses a body over the limit before parsing it", async () => {
    const huge = await fetchWorker(`${ORIGIN}/leads-import?index`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: ORIGIN, Host: "localhost", Cookie: admin, "Content-Type": "multipart/form-data; boundary=x" },
      body: new Uint8Array(UPLOAD_MAX_BYTES + 100 * 1024),
    });
    expect(huge.status).toBe(413);
    await expectNothingStored();
  });

  it("answers hostile bodies with 4xx, never 500, and stores nothing", async () => {
    expect((await post("/leads-import?index", { file: "not a file" }, admin)).status).toBe(400);
    expect((await post("/leads-import?index", {}, admin)).status).toBe(400);
    const json = await fetchWorker(`${ORIGIN}/leads-import?index`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: ORIGIN, Host: "localhost", Cookie: admin, "Content-Type": "application/json", "Content-Length": "2" },
      body: "{}",
    });
    expect(json.status).toBe(415);
    const two = await upload([
      { name: "a.csv", body: SAMPLE_LEADS_CSV },
      { name: "b.csv", body: SAMPLE_LEADS_CSV },
    ]);
    expect(two.status).toBe(400);
    const broken = await fetchWorker(`${ORIGIN}/leads-import?index`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: ORIGIN,
        Host: "localhost",
        Cookie: admin,
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": "12",
      },
      body: "garbage-body",
    });
    expect(broken.status).toBe(400);
    await expectNothingStored();
  });

  it("refuses a cross-origin upload", async () => {
    const form = new FormData();
    form.append("file", new File([SAMPLE_LEADS_CSV], "a.csv"));
    const response = await fetchWorker(`${ORIGIN}/leads-import?index`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "https://evil.example", Cookie: admin },
      body: form,
    });
    expect(response.status).toBe(403);
    await expectNothingStored();
  });

  it("shows hostile names and values as text, keeps formulas as stored text, and refuses a 1 MB value", async () => {
    const body = `${HEADER}\n"<script>alert(1)</script>",=cmd|' /C calc'!A0,@SUM(1),+1,-1,<b>x</b>,new,"=HYPERLINK(""http://evil.example"")"\nBig Co,,,,,,,${"x".repeat(1_000_000)}\n`;
    const response = await upload({ name: "<img src=x onerror=alert(1)>\u0007.csv", body });
    const html = await response.text();
    expect(html).toContain(`Line 3: notes is longer than ${LEAD_VALUE_MAX_LENGTH.toLocaleString("en")} characters`);
    const [lead] = await db.select().from(schema.leads);
    expect(lead).toMatchObject({
      companyName: "<script>alert(1)</script>",
      contactName: "=cmd|' /C calc'!A0",
      email: "@SUM(1)",
      phone: "+1",
      country: "-1",
      notes: '=HYPERLINK("http://evil.example")',
    });
    const [record] = await uploadRows();
    expect(record.filename).toBe("<img src=x onerror=alert(1)>.csv");
    expect(record.objectKey).not.toContain("img");
    const listing = await (await get("/leads-import", admin)).text();
    expect(listing).not.toContain("<script>alert(1)</script>");
    expect(listing).not.toContain("<img src=x");
    expect(listing).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(listing).toContain("&lt;img src=x onerror=alert(1)&gt;.csv");
  });
});

describe("serving uploaded files", () => {
  it("gives admins the stored bytes as an attachment, never inline", async () => {
    await upload({ name: "Café leads.csv", body: SAMPLE_LEADS_CSV });
    const [record] = await uploadRows();
    const response = await get(`/leads-import/files/${record.id}`, admin);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Caf_ leads.csv"; filename*=UTF-8''Caf%C3%A9%20leads.csv`,
    );
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Type")).toBe("text/csv");
    expect(await response.text()).toBe(SAMPLE_LEADS_CSV);
  });

  it("keeps the files from everyone else and answers 404 for unknown ids", async () => {
    await upload({ name: "private.csv", body: SAMPLE_LEADS_CSV });
    const [record] = await uploadRows();
    const member = await sessionCookie((await createUser({ plan: "enterprise" })).id);
    for (const cookie of [undefined, member]) {
      const response = await get(`/leads-import/files/${record.id}`, cookie);
      expect(response.status).toBe(302);
      expect(await response.text()).not.toContain("Acme");
    }
    expect((await get("/leads-import/files/no-such-id", admin)).status).toBe(404);
  });

  it("links the 5 latest uploads, newest first", async () => {
    for (let i = 1; i <= 6; i++) await upload({ name: `file-${i}.txt`, body: `hello ${i}` });
    const { uploads } = await page();
    expect(uploads.map((u) => u.filename)).toEqual(["file-6.txt", "file-5.txt", "file-4.txt", "file-3.txt", "file-2.txt"]);
    const html = await (await get("/leads-import", admin)).text();
    expect(html).toContain(`href="/leads-import/files/${uploads[0].id}"`);
  });
});
